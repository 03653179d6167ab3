// Kirsch–Mitzenmacher double hashing (lesson 002): k bit positions from two base hashes.
#pragma once

#include <cstdint>
#include <span>

namespace bloom {

// functions.hpp's table names double_hash_position, so this header cannot include it
struct Functions;
[[nodiscard]] const Functions& reference_functions();

// The seed of the second base hash h_b; h_a uses seed 0.
inline constexpr std::uint32_t kSecondHashSeed = 0x9747b28c;

// Position i of a key whose base hashes are h_a and h_b, in a filter of m bits:
// (h_a + i * h_b) mod m, computed in 64 bits so that i * h_b never wraps. Requires m >= 1.
[[nodiscard]] std::uint32_t double_hash_position(std::uint32_t h_a, std::uint32_t h_b,
                                                 std::uint32_t i, std::uint32_t m);

// Writes the positions i = 0 .. out.size()-1 of `key` in a filter of m bits into `out`, with
// h_a = murmur3_32(key, 0) and h_b = murmur3_32(key, kSecondHashSeed), calling the
// functions of `functions`. Requires m >= 1. Throws std::out_of_range when the position
// function gives one that is not below m (a student's may).
void double_hash_positions(std::span<const std::uint8_t> key, std::uint32_t m,
                           std::span<std::uint32_t> out,
                           const Functions& functions = reference_functions());

}  // namespace bloom
