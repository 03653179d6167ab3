// The BIP 37 Bloom filter a Bitcoin light wallet sends to a full node (lesson 000), byte for
// byte as Bitcoin Core's CBloomFilter (src/common/bloom.cpp) builds and serialises it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace bloom {

inline constexpr std::uint32_t kMaxFilterBytes = 36000;  // bytes; MAX_BLOOM_FILTER_SIZE in BIP 37
inline constexpr std::uint32_t kMaxHashFuncs = 50;       // MAX_HASH_FUNCS in BIP 37

struct FilterSize {
  std::uint32_t bytes = 0;   // length of the bit array in bytes, 0 to kMaxFilterBytes
  std::uint32_t hashes = 0;  // number of hash functions H, 0 to kMaxHashFuncs
};

// The size of a filter for n elements at false-positive rate p (lesson 000, "Sizing"), in IEEE
// double and in Bitcoin Core's order of operations. Requires n >= 1 and 0 < p < 1.
[[nodiscard]] FilterSize bip37_filter_size(std::uint32_t n, double p);

// The bit that hash function number `hash_index` sets for `element` in a filter of
// `bit_count` bits: murmur3_32(element, hash_index * 0xFBA4C795 + tweak, all mod 2^32) mod
// bit_count. Requires bit_count >= 1.
[[nodiscard]] std::uint32_t bip37_bit_index(std::span<const std::uint8_t> element,
                                            std::uint32_t hash_index, std::uint32_t tweak,
                                            std::uint32_t bit_count);

// The signature of bip37_bit_index, which a filter calls for each of its H bits.
using BitIndexFunction = std::uint32_t (*)(std::span<const std::uint8_t> element,
                                           std::uint32_t hash_index, std::uint32_t tweak,
                                           std::uint32_t bit_count);

class Bip37Filter {
 public:
  // An empty filter of `size`, whose bits are placed by `bit_index`.
  Bip37Filter(FilterSize size, std::uint32_t tweak, std::uint8_t flags,
              BitIndexFunction bit_index = bip37_bit_index);
  // An empty filter sized by bip37_filter_size(n, p).
  Bip37Filter(std::uint32_t n, double p, std::uint32_t tweak, std::uint8_t flags);

  // Sets the element's H bits. A filter of 0 bytes stays empty. Throws std::out_of_range, and
  // changes nothing, when the bit index function gives an index past the filter.
  void insert(std::span<const std::uint8_t> element);
  // True when all H bits of the element are set: "maybe". A filter of 0 bytes, or one with
  // H = 0, contains everything, as Bitcoin Core answers since CVE-2013-5700.
  [[nodiscard]] bool contains(std::span<const std::uint8_t> element) const;
  // The H bit indexes of the element, in hash order.
  [[nodiscard]] std::vector<std::uint32_t> indexes(std::span<const std::uint8_t> element) const;

  [[nodiscard]] std::span<const std::uint8_t> data() const { return data_; }
  [[nodiscard]] std::uint32_t hashes() const { return hashes_; }
  [[nodiscard]] std::uint32_t tweak() const { return tweak_; }
  [[nodiscard]] std::uint8_t flags() const { return flags_; }

  // Equal filters answer every CONTAINS, INDEXES and FILTERLOAD alike.
  friend bool operator==(const Bip37Filter&, const Bip37Filter&) = default;

 private:
  [[nodiscard]] std::uint32_t bit_count() const;
  // Bit index i of the element; throws std::out_of_range when the bit index function gives one
  // that is not below bit_count() (a student's may), before anything changes.
  [[nodiscard]] std::uint32_t checked_bit(std::span<const std::uint8_t> element, std::uint32_t i) const;

  std::vector<std::uint8_t> data_;
  std::uint32_t hashes_;
  std::uint32_t tweak_;
  std::uint8_t flags_;
  BitIndexFunction bit_index_;
};

// The payload of the `filterload` message for `filter` (lesson 000, "The filterload payload").
[[nodiscard]] std::vector<std::uint8_t> filterload_payload(const Bip37Filter& filter);

}  // namespace bloom
