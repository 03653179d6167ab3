// Ported structurally from Appleby's MurmurHash3.cpp and Bitcoin Core's src/hash.cpp:
// body (4-byte blocks), tail (1 to 3 bytes), finalization (length, fmix32). Lesson 002 traces
// every intermediate value of this function for the key "bloom".
#include "murmur3.hpp"

#include <bit>
#include <cstddef>

#include "not_implemented.hpp"

namespace bloom {

// BEGIN SOLUTION hashing, given to bip37
namespace {

// A block is read little-endian whatever the machine: the first byte is the lowest.
std::uint32_t read_le32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// fmix32: forces every bit of h to affect every bit of the result (avalanche).
std::uint32_t fmix32(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}

}  // namespace
// END SOLUTION

std::uint32_t murmur3_32(std::span<const std::uint8_t> key, std::uint32_t seed) {
  // BEGIN SOLUTION hashing, given to bip37
  constexpr std::uint32_t c1 = 0xcc9e2d51;
  constexpr std::uint32_t c2 = 0x1b873593;

  std::uint32_t h1 = seed;
  const std::size_t block_count = key.size() / 4;

  // body
  for (std::size_t i = 0; i < block_count; ++i) {
    std::uint32_t k1 = read_le32(key.data() + 4 * i);
    k1 *= c1;
    k1 = std::rotl(k1, 15);
    k1 *= c2;

    h1 ^= k1;
    h1 = std::rotl(h1, 13);
    h1 = h1 * 5 + 0xe6546b64;
  }

  // tail: packed little-endian like a block, but mixed without rotate-13 or multiply-add
  const std::uint8_t* tail = key.data() + 4 * block_count;
  std::uint32_t k1 = 0;
  switch (key.size() & 3) {
    case 3:
      k1 ^= static_cast<std::uint32_t>(tail[2]) << 16;
      [[fallthrough]];
    case 2:
      k1 ^= static_cast<std::uint32_t>(tail[1]) << 8;
      [[fallthrough]];
    case 1:
      k1 ^= tail[0];
      k1 *= c1;
      k1 = std::rotl(k1, 15);
      k1 *= c2;
      h1 ^= k1;
  }

  // finalization: the length is the byte count, truncated to 32 bits as in the original
  h1 ^= static_cast<std::uint32_t>(key.size());
  return fmix32(h1);
  // STUB
  //| // Lesson 002, "MurmurHash3, 32-bit version", steps 1 to 5: start from the seed, mix
  //| // every whole 4-byte block (read little-endian), mix the 1 to 3 tail bytes (no rotate-13
  //| // and no multiply-add for them), xor in the length in bytes, then run the final mixer.
  //| // All arithmetic is modulo 2^32. The lesson lists every intermediate value for "bloom".
  //| static_cast<void>(key);
  //| static_cast<void>(seed);
  //| throw NotImplemented("murmur3_32");
  // END SOLUTION
}

}  // namespace bloom
