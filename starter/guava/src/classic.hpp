// The classic Bloom filter of lesson 001: m bits and k positions per key, h1 + i*h2 mod m for
// i = 0 .. k-1 (Kirsch and Mitzenmacher), with h1 and h2 the halves of one FNV-1a 64 hash;
// sized by the lesson's formulas. It also keeps the keys it was given, so that it can tell a
// false positive from a member, which a real filter cannot.
#pragma once

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fnv1a.hpp"

namespace bloom {

inline constexpr std::uint32_t kMaxClassicBits = 100000000;  // BLOOM's m: 12.5 MB at most
inline constexpr std::uint32_t kMaxClassicHashes = 50;       // BLOOM's k

struct ClassicSize {
  std::uint64_t bits = 0;    // m = ceil(-n ln p / (ln 2)^2), at least 1
  std::uint32_t hashes = 0;  // k = (m / n) ln 2 rounded to the nearest whole, at least 1
};

// The lesson's sizing for n keys at false-positive rate p, in IEEE double, rounded as
// docs/protocol.md says (m up, k to the nearest). Requires n >= 1 and 0 < p < 1.
[[nodiscard]] ClassicSize classic_filter_size(std::uint32_t n, double p);

// Position i of a key whose FNV-1a 64 hash is `hash`, in a filter of m bits: h1 = the low 32
// bits, h2 = the high 32 bits with its lowest bit set, and (h1 + i * h2) mod m in 64 bits.
// Requires m >= 1.
[[nodiscard]] std::uint32_t classic_position(std::uint64_t hash, std::uint32_t i, std::uint32_t m);

// The signature of classic_position, which a classic filter calls for each of its k positions.
using ClassicPositionFunction = std::uint32_t (*)(std::uint64_t hash, std::uint32_t i,
                                                  std::uint32_t m);

class ClassicFilter {
 public:
  // An empty filter of m bits (1 to kMaxClassicBits) and k positions per key (1 to
  // kMaxClassicHashes), hashing with `hash` and placing bits with `position`.
  ClassicFilter(std::uint32_t m, std::uint32_t k, Fnv1aFunction hash = fnv1a_64,
                ClassicPositionFunction position = classic_position);

  // Sets the key's k bits and remembers the key. When positions() throws, nothing changes.
  void add(std::string_view key);
  // The key's k positions, in order i = 0 .. k-1. Throws std::out_of_range when the position
  // function gives one that is not below m (a student's may), rather than touch a bit past the
  // end.
  [[nodiscard]] std::vector<std::uint32_t> positions(std::string_view key) const;
  // True when all k bits of the key are set: "maybe".
  [[nodiscard]] bool maybe_contains(std::string_view key) const { return all_set(positions(key)); }
  // True when every one of `positions` (each below m, as positions() gives them) is set.
  [[nodiscard]] bool all_set(std::span<const std::uint32_t> positions) const;
  // True when the key was added: what tells a member from a false positive.
  [[nodiscard]] bool was_added(std::string_view key) const { return added_.find(key) != added_.end(); }
  // How many of the m bits are set.
  [[nodiscard]] std::uint32_t bits_set() const { return bits_set_; }
  [[nodiscard]] std::uint32_t bit_count() const { return m_; }

  // Equal filters answer every command alike.
  friend bool operator==(const ClassicFilter&, const ClassicFilter&) = default;

 private:
  std::uint32_t m_;
  std::uint32_t k_;
  Fnv1aFunction hash_;
  ClassicPositionFunction position_;
  std::vector<std::uint64_t> words_;  // bit x is bit x % 64 of word x / 64
  std::uint32_t bits_set_ = 0;
  std::set<std::string, std::less<>> added_;
};

}  // namespace bloom
