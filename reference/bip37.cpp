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
  // BEGIN SOLUTION bip37
  // The constants as Bitcoin Core spells them; both are the doubles nearest ln 2 and (ln 2)^2.
  constexpr double kLn2Squared = 0.4804530139182014;
  constexpr double kLn2 = 0.6931471805599453;
  constexpr double kMaxBits = double{kMaxFilterBytes} * 8;

  // -1 / LN2SQ * n * ln(p), left to right, truncated toward zero, capped at 36000 bytes
  const double ideal_bits = -1 / kLn2Squared * static_cast<double>(n) * std::log(p);
  const auto bits = static_cast<std::uint32_t>(std::min(std::trunc(ideal_bits), kMaxBits));
  const std::uint32_t bytes = bits / 8;
  // bytes * 8 / n is an integer division in Bitcoin Core: 9 elements at 1% give 5 hashes, not 6
  const std::uint32_t bits_per_element = bytes * 8 / n;
  const double ideal_hashes = static_cast<double>(bits_per_element) * kLn2;
  const auto hashes = static_cast<std::uint32_t>(
      std::min(std::trunc(ideal_hashes), double{kMaxHashFuncs}));
  return {bytes, hashes};
  // STUB
  //| // Lesson 000, "Sizing": bits from n and p (in double, truncated, capped at 36000 * 8),
  //| // bytes = bits / 8, then the number of hashes, capped at 50. Mind which division is an
  //| // integer division.
  //| static_cast<void>(n);
  //| static_cast<void>(p);
  //| throw NotImplemented("bip37_filter_size");
  // END SOLUTION
}

std::uint32_t bip37_bit_index(std::span<const std::uint8_t> element, std::uint32_t hash_index,
                              std::uint32_t tweak, std::uint32_t bit_count) {
  // BEGIN SOLUTION bip37
  // 0xFBA4C795 spreads the seeds of successive hash functions over the 32-bit space (BIP 37);
  // the arithmetic wraps modulo 2^32 because the seed is a uint32.
  constexpr std::uint32_t kSeedStep = 0xFBA4C795;
  const std::uint32_t seed = hash_index * kSeedStep + tweak;
  return murmur3_32(element, seed) % bit_count;
  // STUB
  //| // Lesson 000, "Where the bits go": the seed of hash i is (i * 0xFBA4C795 + tweak) mod
  //| // 2^32; the bit index is MurmurHash3 of the element's bytes under that seed, mod the
  //| // number of bits. murmur3_32 is given.
  //| static_cast<void>(element);
  //| static_cast<void>(hash_index);
  //| static_cast<void>(tweak);
  //| static_cast<void>(bit_count);
  //| throw NotImplemented("bip37_bit_index");
  // END SOLUTION
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

// BEGIN SOLUTION bip37
namespace {

void append_le32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8) {
    out.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

// Bitcoin's CompactSize: one byte below 253, else a marker byte and a little-endian integer.
void append_compact_size(std::vector<std::uint8_t>& out, std::uint64_t n) {
  if (n < 253) {
    out.push_back(static_cast<std::uint8_t>(n));
  } else if (n <= 0xffff) {
    out.push_back(0xfd);
    out.push_back(static_cast<std::uint8_t>(n));
    out.push_back(static_cast<std::uint8_t>(n >> 8));
  } else if (n <= 0xffffffff) {
    out.push_back(0xfe);
    append_le32(out, static_cast<std::uint32_t>(n));
  } else {
    out.push_back(0xff);
    append_le32(out, static_cast<std::uint32_t>(n));
    append_le32(out, static_cast<std::uint32_t>(n >> 32));
  }
}

}  // namespace
// END SOLUTION

std::vector<std::uint8_t> filterload_payload(const Bip37Filter& filter) {
  // BEGIN SOLUTION bip37
  // +------------+-----------------+--------------+-----------+---------+
  // | compact N  | N filter bytes  | hashes (u32) | tweak     | flags   |
  // | 1 or 3 B   |                 | little-end.  | (u32) LE  | (u8)    |
  // +------------+-----------------+--------------+-----------+---------+
  const std::span<const std::uint8_t> data = filter.data();
  std::vector<std::uint8_t> out;
  out.reserve(3 + data.size() + 4 + 4 + 1);
  append_compact_size(out, data.size());
  out.insert(out.end(), data.begin(), data.end());
  append_le32(out, filter.hashes());
  append_le32(out, filter.tweak());
  out.push_back(filter.flags());
  return out;
  // STUB
  //| // Lesson 000, "The filterload payload": the byte count as a compact size, the filter
  //| // bytes, then hashes and tweak as 4-byte little-endian numbers, then the flags byte.
  //| // filter.data(), filter.hashes(), filter.tweak() and filter.flags() give the fields.
  //| static_cast<void>(filter);
  //| throw NotImplemented("filterload_payload");
  // END SOLUTION
}

}  // namespace bloom
