// Fresh random cases for an exercise: the `> ` lines only, marked @hidden. Recording them
// (bloom-grader record --mistakes) adds the expected lines and the known mistakes' answers,
// like every other case. Instructors generate a new hidden suite each term (docs/mistakes.md).
//
// Nothing here names a command. What an exercise's sessions are is learnt from its visible
// cases: which command follows which (a new filter before its elements, WRITETO after GUAVA),
// counted over the commands they send that the reference answers. Each argument is drawn from
// its kind in the command table's grammar, and a line the reference refuses is drawn again, so
// that every line of a hidden case is one the reference answers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bloom {

// The commands each visible case of an exercise sends, in order, leaving out the lines whose
// answer is an error: {"INIT", "INSERT", "FILTERLOAD"} for one case.
using Sessions = std::vector<std::vector<std::string>>;

// The text of case number `index` of `exercise` for `seed`, its sessions like `visible`'s: the
// same seed, index and visible cases always give the same case. Throws std::invalid_argument
// when `visible` sends no command.
[[nodiscard]] std::string random_case(const std::string& exercise, const Sessions& visible,
                                      std::uint64_t seed, int index);

// Writes `count` cases as DIR/EXERCISE/random-SEED-NN.case; returns their paths.
std::vector<std::filesystem::path> write_random_cases(const std::filesystem::path& dir,
                                                      const std::string& exercise,
                                                      const Sessions& visible, std::uint64_t seed,
                                                      int count);

}  // namespace bloom
