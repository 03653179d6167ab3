// Ported structurally from Appleby's MurmurHash3.cpp and Bitcoin Core's src/hash.cpp:
// body (4-byte blocks), tail (1 to 3 bytes), finalization (length, fmix32). Lesson 002 traces
// every intermediate value of this function for the key "bloom".
#include "murmur3.hpp"

#include <bit>
#include <cstddef>

#include "not_implemented.hpp"

namespace bloom {

std::uint32_t murmur3_32(std::span<const std::uint8_t> key, std::uint32_t seed) {
  // Lesson 002, "MurmurHash3, 32-bit version", steps 1 to 5: start from the seed, mix
  // every whole 4-byte block (read little-endian), mix the 1 to 3 tail bytes (no rotate-13
  // and no multiply-add for them), xor in the length in bytes, then run the final mixer.
  // All arithmetic is modulo 2^32. The lesson lists every intermediate value for "bloom".
  static_cast<void>(key);
  static_cast<void>(seed);
  throw NotImplemented("murmur3_32");
}

}  // namespace bloom
