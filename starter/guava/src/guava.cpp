// Guava 31.1's com.google.common.hash.BloomFilter (create, optimalNumOfBits,
// optimalNumOfHashFunctions, writeTo) and BloomFilterStrategies.MURMUR128_MITZ_64.
#include "guava.hpp"

#include <cmath>
#include <string>

#include "not_implemented.hpp"

namespace bloom {

GuavaSize guava_filter_size(std::uint32_t n, double p) {
  // Lesson 004, Guava's sizing (docs/protocol.md, "Guava's filter"), in double as Java
  // computes it: n of 0 counts as 1; m = trunc(-n * ln(p) / (ln(2) * ln(2))); then
  // k = max(1, round(m / n * ln(2))), halves rounded up.
  static_cast<void>(n);
  static_cast<void>(p);
  throw NotImplemented("guava_filter_size");
}

std::uint64_t guava_index(Hash128 hash, std::uint32_t i, std::uint64_t bits) {
  // Lesson 004, MURMUR128_MITZ_64 (docs/protocol.md, "Guava's filter"): hash1 + i * hash2
  // modulo 2^64, its sign bit masked off, modulo the bits of ceil(bits / 64) whole words.
  static_cast<void>(hash);
  static_cast<void>(i);
  static_cast<void>(bits);
  throw NotImplemented("guava_index");
}

std::vector<std::uint8_t> guava_write_to(std::uint32_t hashes,
                                         std::span<const std::uint64_t> words) {
  // Lesson 004, Guava's writeTo (docs/protocol.md, "WRITETO"): the byte 1, k as one byte,
  // the word count as a 4-byte big-endian int, then each word as 8 bytes, big-endian.
  static_cast<void>(hashes);
  static_cast<void>(words);
  throw NotImplemented("guava_write_to");
}

GuavaFilter::GuavaFilter(GuavaSize size, Murmur128Function hash, GuavaIndexFunction index)
    : size_(size), hash_(hash), index_(index), bits_(whole_words(size.bits) * 64) {}

std::vector<std::uint64_t> GuavaFilter::indexes(std::span<const std::uint8_t> element) const {
  const Hash128 hash = hash_(element, 0);  // Hashing.murmur3_128(): seed 0
  std::vector<std::uint64_t> out;
  out.reserve(size_.hashes);
  for (std::uint32_t i = 0; i < size_.hashes; ++i) {
    out.push_back(bits_.check_index(index_(hash, i, size_.bits), "guava_index", i, "words * 64"));
  }
  return out;
}

}  // namespace bloom
