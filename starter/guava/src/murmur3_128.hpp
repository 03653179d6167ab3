// MurmurHash3 x64_128 (Appleby's MurmurHash3_x64_128), the hash of Guava's BloomFilter
// (lesson 004): Hashing.murmur3_128() over the element's bytes.
#pragma once

#include <cstdint>
#include <span>

namespace bloom {

// The hash's two 64-bit halves. Its 16 bytes are h1's, lowest first, then h2's: the order of
// Appleby's output buffer and of Guava's HashCode.asBytes().
struct Hash128 {
  std::uint64_t h1 = 0;
  std::uint64_t h2 = 0;
  friend bool operator==(const Hash128&, const Hash128&) = default;
};

// MurmurHash3 x64_128 of `key` under `seed`, which starts both halves (zero-extended; Guava's
// murmur3_128(int) sign-extends, and so differs from a seed of 2^31 on).
[[nodiscard]] Hash128 murmur3_x64_128(std::span<const std::uint8_t> key, std::uint32_t seed);

// The signature of murmur3_x64_128, which Guava's filter hashes with.
using Murmur128Function = Hash128 (*)(std::span<const std::uint8_t> key, std::uint32_t seed);

}  // namespace bloom
