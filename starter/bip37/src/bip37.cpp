// Ported from Bitcoin Core's CBloomFilter (src/common/bloom.cpp): the constructor's sizing,
// Hash(), insert(), contains() and the serialisation of its fields.
#include "bip37.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "murmur3.hpp"
#include "not_implemented.hpp"

namespace bloom {

FilterSize bip37_filter_size(std::uint32_t n, double p) {
  // Lesson 000, "Sizing": bits from n and p (in double, truncated, capped at 36000 * 8),
  // bytes = bits / 8, then the number of hashes, capped at 50. Mind which division is an
  // integer division.
  static_cast<void>(n);
  static_cast<void>(p);
  throw NotImplemented("bip37_filter_size");
}

std::uint32_t bip37_bit_index(std::span<const std::uint8_t> element, std::uint32_t hash_index,
                              std::uint32_t tweak, std::uint32_t bit_count) {
  // Lesson 000, "Where the bits go": the seed of hash i is (i * 0xFBA4C795 + tweak) mod
  // 2^32; the bit index is MurmurHash3 of the element's bytes under that seed, mod the
  // number of bits. murmur3_32 is given.
  static_cast<void>(element);
  static_cast<void>(hash_index);
  static_cast<void>(tweak);
  static_cast<void>(bit_count);
  throw NotImplemented("bip37_bit_index");
}

Bip37Filter::Bip37Filter(FilterSize size, std::uint32_t tweak, std::uint8_t flags,
                         BitIndexFunction bit_index)
    : data_(size.bytes, 0), hashes_(size.hashes), tweak_(tweak), flags_(flags),
      bit_index_(bit_index) {}

Bip37Filter::Bip37Filter(std::uint32_t n, double p, std::uint32_t tweak, std::uint8_t flags)
    : Bip37Filter(bip37_filter_size(n, p), tweak, flags) {}

std::uint32_t Bip37Filter::bit_count() const {
  return static_cast<std::uint32_t>(data_.size()) * 8;
}

void Bip37Filter::insert(std::span<const std::uint8_t> element) {
  // empty filter: nothing to set, and no modulus by zero (CVE-2013-5700)
  if (data_.empty()) return;
  // all of them, checked, before any is set; as many as the size says, even past the cap of 50
  // (a size without the cap must give answers, not overrun an array)
  std::vector<std::uint32_t> bits(hashes_);
  for (std::uint32_t i = 0; i < hashes_; ++i) bits[i] = checked_bit(element, i);
  for (std::uint32_t i = 0; i < hashes_; ++i) {
    // bit x is bit x mod 8, from the least significant, of byte x / 8
    data_[bits[i] >> 3] = static_cast<std::uint8_t>(data_[bits[i] >> 3] | (1U << (bits[i] & 7)));
  }
}

bool Bip37Filter::contains(std::span<const std::uint8_t> element) const {
  // empty filter: everything matches, and no modulus by zero (CVE-2013-5700)
  if (data_.empty()) return true;
  for (std::uint32_t i = 0; i < hashes_; ++i) {
    const std::uint32_t bit = checked_bit(element, i);
    if ((data_[bit >> 3] & (1U << (bit & 7))) == 0) return false;
  }
  return true;
}

std::vector<std::uint32_t> Bip37Filter::indexes(std::span<const std::uint8_t> element) const {
  std::vector<std::uint32_t> result;
  result.reserve(hashes_);
  // H >= 1 implies at least one byte (bytes * 8 / n >= 1), so bit_count() is never 0 here.
  for (std::uint32_t i = 0; i < hashes_; ++i) result.push_back(checked_bit(element, i));
  return result;
}

std::uint32_t Bip37Filter::checked_bit(std::span<const std::uint8_t> element, std::uint32_t i) const {
  const std::uint32_t bit = bit_index_(element, i, tweak_, bit_count());
  // a student's bit index reaches a byte of the filter: one past its end is a bug to hear of
  if (bit >= bit_count()) {
    throw std::out_of_range("bip37_bit_index gave " + std::to_string(bit) + " for i = " + std::to_string(i) +
                            ", not below bytes * 8 = " + std::to_string(bit_count()));
  }
  return bit;
}

std::vector<std::uint8_t> filterload_payload(const Bip37Filter& filter) {
  // Lesson 000, "The filterload payload": the byte count as a compact size, the filter
  // bytes, then hashes and tweak as 4-byte little-endian numbers, then the flags byte.
  // filter.data(), filter.hashes(), filter.tweak() and filter.flags() give the fields.
  static_cast<void>(filter);
  throw NotImplemented("filterload_payload");
}

}  // namespace bloom
