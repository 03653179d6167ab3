// Lesson 004's own Go filter (section 4.3.3), as the lesson prints it: its sizing, CRC-32 of
// the key as the hash code, and hash1 + i * hash2 for i = 1 .. k, modulo the bit count. Its
// comment says it follows Guava; it does not (docs/protocol.md, "The lesson's Go filter").
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "crc32.hpp"
#include "word_bits.hpp"

namespace bloom {

struct GoSize {
  std::uint64_t bits = 0;    // bitSize = -int(n * ln p / (math.Ln2 * math.Ln2))
  std::uint32_t hashes = 0;  // hashFuncSize = int(bitSize * math.Ln2 / n): 0 for n = 1, p = 0.5
  friend bool operator==(const GoSize&, const GoSize&) = default;
};

// The lesson's NewBloomFilter sizing for n keys (n >= 1) at rate p (0 < p < 1), as Go computes
// it: truncated, without a floor, and divided by math.Ln2 * math.Ln2, a constant that Go
// computes exactly and rounds once (0.48045301391820144, not the product of two doubles).
[[nodiscard]] GoSize go_filter_size(std::uint32_t n, double p);

// Index i (1-based, as the lesson's loop counts) of a key whose CRC-32 is `crc`, in a filter
// of `bits` bits: hash1 = the hash code (crc, as a 64-bit int), hash2 = hash1 >> 16, and
// hash1 + i * hash2, complemented when negative, mod bits. Requires bits >= 1.
[[nodiscard]] std::uint64_t go_index(std::uint32_t crc, std::uint32_t i, std::uint64_t bits);

// The signature of go_index, which the lesson's filter calls for each of its k bits.
using GoIndexFunction = std::uint64_t (*)(std::uint32_t crc, std::uint32_t i, std::uint64_t bits);

class GoFilter {
 public:
  // An empty filter of `size`, hashing with `hash` and placing bits with `index`.
  explicit GoFilter(GoSize size, Crc32Function hash = crc32_ieee, GoIndexFunction index = go_index);

  // Sets the key's k bits (Put). When indexes() throws, nothing changes.
  void insert(std::span<const std::uint8_t> key) { bits_.set_all(indexes(key)); }
  // True when all k bits are set (Contains): "maybe"; always, with k = 0.
  [[nodiscard]] bool contains(std::span<const std::uint8_t> key) const {
    return bits_.all_set(indexes(key));
  }
  // The key's k indexes, in order i = 1 .. k. Throws std::out_of_range when the index function
  // gives one past the array: the lesson's bits are ceil(bitSize / 64) whole int64 words, so an
  // index from bitSize up to their end is set where Go sets it, not refused.
  [[nodiscard]] std::vector<std::uint64_t> indexes(std::span<const std::uint8_t> key) const;

  [[nodiscard]] GoSize size() const { return size_; }

  friend bool operator==(const GoFilter&, const GoFilter&) = default;

 private:
  GoSize size_;
  Crc32Function hash_;
  GoIndexFunction index_;
  WordBits bits_;  // the bits of ceil(size_.bits / 64) words, as the lesson's make([]int64, ...)
};

}  // namespace bloom
