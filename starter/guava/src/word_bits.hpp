// The bit array of lesson 004's filters: bit x is bit x % 64 of word x / 64, as Guava's
// LockFreeBitArray and the lesson's Go filter keep it. Only words with a bit set are stored,
// so a filter of billions of bits (the lesson's own test sizes one for 10^9 keys) costs what
// its keys set.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bloom {

// The 64-bit words that hold `bits` bits, ceil(bits / 64): Guava's array and the lesson's
// make([]int64, (bitSize + 64 - 1) / 64) alike hold whole words.
[[nodiscard]] constexpr std::uint64_t whole_words(std::uint64_t bits) { return (bits + 63) / 64; }

class WordBits {
 public:
  WordBits() = default;
  // An empty array of `bit_count` bits.
  explicit WordBits(std::uint64_t bit_count) : bit_count_(bit_count) {}

  // Sets every bit of `indexes`, each below bit_count() (check_index's).
  void set_all(std::span<const std::uint64_t> indexes) {
    for (const std::uint64_t x : indexes) words_[x / 64] |= std::uint64_t{1} << (x % 64);
  }
  // True when every bit of `indexes` is set (and so when there are none).
  [[nodiscard]] bool all_set(std::span<const std::uint64_t> indexes) const {
    for (const std::uint64_t x : indexes) {
      const auto word = words_.find(x / 64);
      if (word == words_.end() || (word->second >> (x % 64) & 1) == 0) return false;
    }
    return true;
  }
  // Words [0, count) in order, those never set 0.
  [[nodiscard]] std::vector<std::uint64_t> words(std::uint64_t count) const {
    std::vector<std::uint64_t> out(count);
    for (const auto& [index, word] : words_) {
      if (index < count) out[index] = word;
    }
    return out;
  }
  [[nodiscard]] std::uint64_t bit_count() const { return bit_count_; }

  // `index`, which function `name` gave for hash i, when it is below bit_count(); else throws
  // std::out_of_range, before anything changes: a student's index function may go past the
  // array, and that is a bug to hear of, not a bit to touch.
  [[nodiscard]] std::uint64_t check_index(std::uint64_t index, std::string_view name,
                                          std::uint32_t i, std::string_view limit) const {
    if (index >= bit_count_) {
      throw std::out_of_range(std::string(name) + " gave " + std::to_string(index) +
                              " for i = " + std::to_string(i) + ", not below " +
                              std::string(limit) + " = " + std::to_string(bit_count_));
    }
    return index;
  }

  friend bool operator==(const WordBits&, const WordBits&) = default;

 private:
  std::uint64_t bit_count_ = 0;
  std::map<std::uint64_t, std::uint64_t> words_;  // word index -> word, nonzero ones only
};

}  // namespace bloom
