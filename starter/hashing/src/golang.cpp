// The lesson's NewBloomFilter, hashCode and the loop of Put and Contains (lesson 004,
// section 4.3.3), with Go's 64-bit int.
#include "golang.hpp"

#include <cmath>

#include "not_implemented.hpp"

namespace bloom {

GoSize go_filter_size(std::uint32_t n, double p) {
  // Lesson 004, section 4.3.3, NewBloomFilter (docs/protocol.md, "The lesson's Go
  // filter"): m = trunc(-n * ln(p) / 0.48045301391820144), then
  // k = trunc(m * 0.6931471805599453 / n); no rounding and no floor.
  static_cast<void>(n);
  static_cast<void>(p);
  throw NotImplemented("go_filter_size");
}

std::uint64_t go_index(std::uint32_t crc, std::uint32_t i, std::uint64_t bits) {
  // Lesson 004, section 4.3.3, Put and Contains: hash1 is the key's CRC-32 as a 64-bit int,
  // hash2 = hash1 >> 16; index i (from 1) is hash1 + i * hash2, complemented when negative,
  // modulo bits.
  static_cast<void>(crc);
  static_cast<void>(i);
  static_cast<void>(bits);
  throw NotImplemented("go_index");
}

GoFilter::GoFilter(GoSize size, Crc32Function hash, GoIndexFunction index)
    : size_(size), hash_(hash), index_(index), bits_(whole_words(size.bits) * 64) {}

std::vector<std::uint64_t> GoFilter::indexes(std::span<const std::uint8_t> key) const {
  const std::uint32_t crc = hash_(key);
  std::vector<std::uint64_t> out;
  out.reserve(size_.hashes);
  for (std::uint32_t i = 1; i <= size_.hashes; ++i) {
    out.push_back(bits_.check_index(index_(crc, i, size_.bits), "go_index", i, "its words' bits"));
  }
  return out;
}

}  // namespace bloom
