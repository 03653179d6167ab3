// The reference's functions with one of them replaced by a random function of its arguments:
// a program that gets that step wrong in no particular way. Recording runs a few of each
// (bloom-reference --scramble NAME:SEED) to learn which answers wrong programs share, such as
// `no` to VERIFY: an answer that most of them give names no known mistake on its own
// (docs/mistakes.md, "Evidence"). Not part of any starter.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "functions.hpp"

namespace bloom {

// The names of the functions that can be scrambled: those that compute (functions.hpp's table,
// Role::Computes), which unwritten() asks too, in the table's order.
[[nodiscard]] const std::vector<std::string_view>& scrambled_names();

// The reference's functions with `name` replaced by a random function of its arguments, the
// same for the same `seed`; nullopt for a name scrambled_names() lacks. The process keeps one
// seed: a second call changes the first's answers.
[[nodiscard]] std::optional<Functions> functions_scrambled(std::string_view name, std::uint64_t seed);

}  // namespace bloom
