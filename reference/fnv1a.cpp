#include "fnv1a.hpp"

#include "not_implemented.hpp"

namespace bloom {

std::uint64_t fnv1a_64(std::span<const std::uint8_t> key) {
  // BEGIN SOLUTION basics
  constexpr std::uint64_t offset_basis = 0xcbf29ce484222325;
  constexpr std::uint64_t prime = 0x100000001b3;
  std::uint64_t h = offset_basis;
  for (const std::uint8_t byte : key) {
    h ^= byte;  // xor first, then multiply: the "a" of FNV-1a
    h *= prime;  // unsigned: wraps mod 2^64, as the hash requires
  }
  return h;
  // STUB
  //| // Lesson 001, "Code", and docs/protocol.md, "FNV-1a 64": start from the 64-bit offset
  //| // basis; for each byte, xor it in, then multiply by the 64-bit prime. std::uint64_t
  //| // arithmetic wraps mod 2^64 by itself. Hash the key's bytes (a std::uint8_t each), not
  //| // its characters: "café" is 5 bytes.
  //| static_cast<void>(key);
  //| throw NotImplemented("fnv1a_64");
  // END SOLUTION
}

}  // namespace bloom
