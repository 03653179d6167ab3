#include "classic.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "not_implemented.hpp"

namespace bloom {

ClassicSize classic_filter_size(std::uint32_t n, double p) {
  // Lesson 001, "How many errors", and docs/protocol.md, "Sizing": m = -n ln p / (ln 2)^2
  // rounded up (std::ceil), then k = (m / n) ln 2 rounded to the nearest (std::round); each
  // at least 1. ln is the natural log, std::log; use the constants the protocol gives.
  static_cast<void>(n);
  static_cast<void>(p);
  throw NotImplemented("classic_filter_size");
}

std::uint32_t classic_position(std::uint64_t hash, std::uint32_t i, std::uint32_t m) {
  // Lesson 001, "Code": h1 is the low 32 bits of the hash, h2 the high 32 bits with its
  // lowest bit set to 1 (h2 | 1). Position i is (h1 + i * h2) mod m, in 64 bits: in 32 it
  // wraps and lands elsewhere whenever m is not a power of two.
  static_cast<void>(hash);
  static_cast<void>(i);
  static_cast<void>(m);
  throw NotImplemented("classic_position");
}

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view key) {
  return {reinterpret_cast<const std::uint8_t*>(key.data()), key.size()};
}

}  // namespace

ClassicFilter::ClassicFilter(std::uint32_t m, std::uint32_t k, Fnv1aFunction hash,
                             ClassicPositionFunction position)
    : m_(m), k_(k), hash_(hash), position_(position), words_((std::uint64_t{m} + 63) / 64) {}

std::vector<std::uint32_t> ClassicFilter::positions(std::string_view key) const {
  const std::uint64_t hash = hash_(bytes_of(key));
  std::vector<std::uint32_t> out(k_);
  for (std::uint32_t i = 0; i < k_; ++i) {
    out[i] = position_(hash, i, m_);
    if (out[i] >= m_) {
      throw std::out_of_range("classic_position gave " + std::to_string(out[i]) + " for i = " +
                              std::to_string(i) + ", not below m = " + std::to_string(m_));
    }
  }
  return out;
}

void ClassicFilter::add(std::string_view key) {
  for (const std::uint32_t x : positions(key)) {  // all of them, checked, before any bit is set
    std::uint64_t& word = words_[x / 64];
    const std::uint64_t bit = std::uint64_t{1} << (x % 64);
    if ((word & bit) == 0) ++bits_set_;
    word |= bit;
  }
  added_.emplace(key);
}

bool ClassicFilter::all_set(std::span<const std::uint32_t> positions) const {
  for (const std::uint32_t x : positions) {
    if ((words_[x / 64] >> (x % 64) & 1) == 0) return false;
  }
  return true;
}

}  // namespace bloom
