// Ported structurally from Appleby's MurmurHash3.cpp (MurmurHash3_x64_128): body (16-byte
// blocks, two 64-bit lanes), tail (1 to 15 bytes), finalization (length, fmix64).
#include "murmur3_128.hpp"

#include <bit>
#include <cstddef>

#include "not_implemented.hpp"

namespace bloom {

// BEGIN SOLUTION guava
namespace {

// Bytes [0, count) of p as a little-endian number, unsigned: the first byte is the lowest.
std::uint64_t read_le64(const std::uint8_t* p, std::size_t count) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < count; ++i) value |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return value;
}

std::uint64_t fmix64(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccd;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53;
  k ^= k >> 33;
  return k;
}

}  // namespace
// END SOLUTION

Hash128 murmur3_x64_128(std::span<const std::uint8_t> key, std::uint32_t seed) {
  // BEGIN SOLUTION guava
  constexpr std::uint64_t c1 = 0x87c37b91114253d5;
  constexpr std::uint64_t c2 = 0x4cf5ad432745937f;

  std::uint64_t h1 = seed;
  std::uint64_t h2 = seed;
  const std::size_t block_count = key.size() / 16;

  // body
  for (std::size_t block = 0; block < block_count; ++block) {
    std::uint64_t k1 = read_le64(key.data() + 16 * block, 8);
    std::uint64_t k2 = read_le64(key.data() + 16 * block + 8, 8);

    k1 *= c1;
    k1 = std::rotl(k1, 31);
    k1 *= c2;
    h1 ^= k1;
    h1 = std::rotl(h1, 27);
    h1 += h2;
    h1 = h1 * 5 + 0x52dce729;

    k2 *= c2;
    k2 = std::rotl(k2, 33);
    k2 *= c1;
    h2 ^= k2;
    h2 = std::rotl(h2, 31);
    h2 += h1;
    h2 = h2 * 5 + 0x38495ab5;
  }

  // tail: its first 8 bytes are k1, the rest k2, each mixed like a block's lane but without
  // the rotate and multiply-add of h
  const std::uint8_t* tail = key.data() + 16 * block_count;
  const std::size_t rest = key.size() & 15;
  if (rest > 8) {
    std::uint64_t k2 = read_le64(tail + 8, rest - 8);
    k2 *= c2;
    k2 = std::rotl(k2, 33);
    k2 *= c1;
    h2 ^= k2;
  }
  if (rest > 0) {
    std::uint64_t k1 = read_le64(tail, rest < 8 ? rest : 8);
    k1 *= c1;
    k1 = std::rotl(k1, 31);
    k1 *= c2;
    h1 ^= k1;
  }

  // finalization
  h1 ^= key.size();
  h2 ^= key.size();
  h1 += h2;
  h2 += h1;
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  h1 += h2;
  h2 += h1;
  return {h1, h2};
  // STUB
  //| // Lesson 004 uses Guava's hash, MurmurHash3 x64_128 (docs/protocol.md, "MurmurHash3
  //| // x64_128"): two 64-bit lanes h1 and h2 start at the seed; mix every whole 16-byte block
  //| // (two little-endian 8-byte words), mix the 1 to 15 tail bytes, xor in the length in
  //| // bytes, add the lanes, run fmix64 on each and add them again. All arithmetic is modulo
  //| // 2^64.
  //| static_cast<void>(key);
  //| static_cast<void>(seed);
  //| throw NotImplemented("murmur3_x64_128");
  // END SOLUTION
}

}  // namespace bloom
