// Guava 31.1's com.google.common.hash.BloomFilter (create, optimalNumOfBits,
// optimalNumOfHashFunctions, writeTo) and BloomFilterStrategies.MURMUR128_MITZ_64.
#include "guava.hpp"

#include <cmath>
#include <string>

#include "not_implemented.hpp"

namespace bloom {

GuavaSize guava_filter_size(std::uint32_t n, double p) {
  // BEGIN SOLUTION guava
  // create() counts 0 expected insertions as 1
  const std::int64_t count = n == 0 ? 1 : n;
  // optimalNumOfBits: (long) (-n * Math.log(p) / (Math.log(2) * Math.log(2))); the long's
  // negation comes before the conversion to double, and the divisor is a product of doubles
  const double bits = static_cast<double>(-count) * std::log(p) / (std::log(2.0) * std::log(2.0));
  const auto m = static_cast<std::uint64_t>(bits);
  // optimalNumOfHashFunctions: Math.max(1, (int) Math.round((double) m / n * Math.log(2))).
  // Math.round rounds halves up, exactly: x - floor(x) is exact, where floor(x + 0.5) would
  // round 0.49999999999999994 up
  const double x = static_cast<double>(m) / static_cast<double>(count) * std::log(2.0);
  double k = std::floor(x);
  if (x - k >= 0.5) k += 1;
  return {m, k < 1 ? 1u : static_cast<std::uint32_t>(k)};
  // STUB
  //| // Lesson 004, Guava's sizing (docs/protocol.md, "Guava's filter"), in double as Java
  //| // computes it: n of 0 counts as 1; m = trunc(-n * ln(p) / (ln(2) * ln(2))); then
  //| // k = max(1, round(m / n * ln(2))), halves rounded up.
  //| static_cast<void>(n);
  //| static_cast<void>(p);
  //| throw NotImplemented("guava_filter_size");
  // END SOLUTION
}

std::uint64_t guava_index(Hash128 hash, std::uint32_t i, std::uint64_t bits) {
  // BEGIN SOLUTION guava
  // MURMUR128_MITZ_64: a running 64-bit sum from hash1, stepping by hash2, its sign bit
  // masked off ("make the combined hash positive and indexable"), modulo the bits of the
  // whole words the filter holds
  const std::uint64_t combined = hash.h1 + std::uint64_t{i} * hash.h2;
  return (combined & 0x7fffffffffffffff) % (whole_words(bits) * 64);
  // STUB
  //| // Lesson 004, MURMUR128_MITZ_64 (docs/protocol.md, "Guava's filter"): hash1 + i * hash2
  //| // modulo 2^64, its sign bit masked off, modulo the bits of ceil(bits / 64) whole words.
  //| static_cast<void>(hash);
  //| static_cast<void>(i);
  //| static_cast<void>(bits);
  //| throw NotImplemented("guava_index");
  // END SOLUTION
}

// BEGIN SOLUTION guava
namespace {

// Java's DataOutputStream writes numbers big-endian: the highest byte first.
void append_be(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
    out.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

}  // namespace
// END SOLUTION

std::vector<std::uint8_t> guava_write_to(std::uint32_t hashes,
                                         std::span<const std::uint64_t> words) {
  // BEGIN SOLUTION guava
  std::vector<std::uint8_t> out;
  out.reserve(1 + 1 + 4 + 8 * words.size());
  out.push_back(1);  // MURMUR128_MITZ_64's ordinal: MURMUR128_MITZ_32 is 0
  out.push_back(static_cast<std::uint8_t>(hashes));
  append_be(out, words.size(), 4);
  for (const std::uint64_t word : words) append_be(out, word, 8);
  return out;
  // STUB
  //| // Lesson 004, Guava's writeTo (docs/protocol.md, "WRITETO"): the byte 1, k as one byte,
  //| // the word count as a 4-byte big-endian int, then each word as 8 bytes, big-endian.
  //| static_cast<void>(hashes);
  //| static_cast<void>(words);
  //| throw NotImplemented("guava_write_to");
  // END SOLUTION
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
