#include "fnv1a.hpp"

#include "not_implemented.hpp"

namespace bloom {

std::uint64_t fnv1a_64(std::span<const std::uint8_t> key) {
  // Lesson 001, "Code", and docs/protocol.md, "FNV-1a 64": start from the 64-bit offset
  // basis; for each byte, xor it in, then multiply by the 64-bit prime. std::uint64_t
  // arithmetic wraps mod 2^64 by itself. Hash the key's bytes (a std::uint8_t each), not
  // its characters: "café" is 5 bytes.
  static_cast<void>(key);
  throw NotImplemented("fnv1a_64");
}

}  // namespace bloom
