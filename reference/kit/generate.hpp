// Fresh random cases for an exercise: the `> ` lines only, marked @hidden. Recording them
// (bloom-grader record --mistakes) adds the expected lines and the known mistakes' answers,
// like every other case. Instructors generate a new hidden suite each term (docs/mistakes.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bloom {

// The text of case number `index` of `exercise` (of exercises.tsv) for `seed`: the same seed
// and index always give the same case. Throws std::invalid_argument, naming the exercises it
// knows, for another.
[[nodiscard]] std::string random_case(const std::string& exercise, std::uint64_t seed, int index);

// Writes `count` cases as DIR/EXERCISE/random-SEED-NN.case; returns their paths.
std::vector<std::filesystem::path> write_random_cases(const std::filesystem::path& dir,
                                                      const std::string& exercise,
                                                      std::uint64_t seed, int count);

}  // namespace bloom
