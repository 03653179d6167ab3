// Ported structurally from Appleby's MurmurHash3.cpp (MurmurHash3_x64_128): body (16-byte
// blocks, two 64-bit lanes), tail (1 to 15 bytes), finalization (length, fmix64).
#include "murmur3_128.hpp"

#include <bit>
#include <cstddef>

#include "not_implemented.hpp"

namespace bloom {

Hash128 murmur3_x64_128(std::span<const std::uint8_t> key, std::uint32_t seed) {
  // Lesson 004 uses Guava's hash, MurmurHash3 x64_128 (docs/protocol.md, "MurmurHash3
  // x64_128"): two 64-bit lanes h1 and h2 start at the seed; mix every whole 16-byte block
  // (two little-endian 8-byte words), mix the 1 to 15 tail bytes, xor in the length in
  // bytes, add the lanes, run fmix64 on each and add them again. All arithmetic is modulo
  // 2^64.
  static_cast<void>(key);
  static_cast<void>(seed);
  throw NotImplemented("murmur3_x64_128");
}

}  // namespace bloom
