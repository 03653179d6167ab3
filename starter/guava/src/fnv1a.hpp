// FNV-1a, 64-bit (lesson 001, "Code"): the one hash of the classic filter, cut in two halves
// for its positions (classic.hpp). Fowler, Noll and Vo's hash, as draft-eastlake-fnv states it.
#pragma once

#include <cstdint>
#include <span>

namespace bloom {

// FNV-1a 64 of the key's bytes: h = 0xcbf29ce484222325 (the offset basis); for each byte,
// h = (h xor byte) * 0x100000001b3 (the prime), mod 2^64.
[[nodiscard]] std::uint64_t fnv1a_64(std::span<const std::uint8_t> key);

// The signature of fnv1a_64, which a classic filter calls for each key.
using Fnv1aFunction = std::uint64_t (*)(std::span<const std::uint8_t> key);

}  // namespace bloom
