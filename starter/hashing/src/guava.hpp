// Guava's BloomFilter (lesson 004, section 4.1), the filter most Java code uses, byte for byte
// as Guava 31.1 builds it: BloomFilter.create(Funnels.stringFunnel(UTF_8), n, p), its
// MURMUR128_MITZ_64 strategy, and writeTo.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "murmur3_128.hpp"
#include "word_bits.hpp"

namespace bloom {

inline constexpr std::uint32_t kMaxGuavaHashes = 255;        // writeTo keeps k in one byte
inline constexpr std::uint64_t kMaxGuavaWords = 2147483647;  // a Java array's length is an int
inline constexpr std::uint64_t kMaxWriteToWords = 65536;     // WRITETO's answer: 1 MiB of hex

struct GuavaSize {
  std::uint64_t bits = 0;    // m = trunc(-n ln p / (ln 2 * ln 2)), optimalNumOfBits
  std::uint32_t hashes = 0;  // k = max(1, round(m / n * ln 2)), optimalNumOfHashFunctions
  friend bool operator==(const GuavaSize&, const GuavaSize&) = default;
};

// Guava's sizing for n expected insertions (0 counts as 1) at false-positive rate p, in IEEE
// double as Java computes it. Requires 0 < p < 1.
[[nodiscard]] GuavaSize guava_filter_size(std::uint32_t n, double p);

// Index i (0-based) of an element whose MurmurHash3 x64_128 is `hash`, in a filter sized to
// `bits` bits: (hash1 + i * hash2 mod 2^64, its sign bit masked off) mod (words * 64), with
// hash1 and hash2 the hash's halves. Requires bits >= 1.
[[nodiscard]] std::uint64_t guava_index(Hash128 hash, std::uint32_t i, std::uint64_t bits);

// The signature of guava_index, which Guava's filter calls for each of its k bits.
using GuavaIndexFunction = std::uint64_t (*)(Hash128 hash, std::uint32_t i, std::uint64_t bits);

// What Guava's writeTo writes for a filter of `hashes` hash functions and these words: the
// strategy's ordinal (1, MURMUR128_MITZ_64), k as one byte, the word count as a big-endian
// 4-byte int, then each word as a big-endian 8-byte long.
[[nodiscard]] std::vector<std::uint8_t> guava_write_to(std::uint32_t hashes,
                                                       std::span<const std::uint64_t> words);

class GuavaFilter {
 public:
  // An empty filter of `size` (bits >= 1), hashing with `hash` and placing bits with `index`.
  explicit GuavaFilter(GuavaSize size, Murmur128Function hash = murmur3_x64_128,
                       GuavaIndexFunction index = guava_index);

  // Sets the element's k bits (put). When indexes() throws, nothing changes.
  void insert(std::span<const std::uint8_t> element) { bits_.set_all(indexes(element)); }
  // True when all k bits of the element are set (mightContain): "maybe".
  [[nodiscard]] bool contains(std::span<const std::uint8_t> element) const {
    return bits_.all_set(indexes(element));
  }
  // The element's k indexes, in order i = 0 .. k-1. Throws std::out_of_range when the index
  // function gives one past the words' bits.
  [[nodiscard]] std::vector<std::uint64_t> indexes(std::span<const std::uint8_t> element) const;

  [[nodiscard]] GuavaSize size() const { return size_; }
  [[nodiscard]] std::uint64_t words() const { return whole_words(size_.bits); }
  // The words in order; the caller keeps words() to what it can hold (kMaxWriteToWords).
  [[nodiscard]] std::vector<std::uint64_t> data() const { return bits_.words(words()); }

  friend bool operator==(const GuavaFilter&, const GuavaFilter&) = default;

 private:
  GuavaSize size_;
  Murmur128Function hash_;
  GuavaIndexFunction index_;
  WordBits bits_;  // words() * 64 bits
};

}  // namespace bloom
