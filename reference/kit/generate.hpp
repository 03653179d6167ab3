// Fresh random cases for an exercise: the `> ` lines only, marked @hidden. Recording them
// (bloom-grader record --mistakes) adds the expected lines and the known mistakes' answers,
// like every other case. Instructors generate a new hidden suite each term (docs/mistakes.md).
//
// Nothing here names a command. A hidden case follows the exercise's visible cases
// (cases/EXERCISE/*.case): it redraws their sessions, line by line, with the command table's
// grammar (Interpreter::command_rows()) for each argument's kind. Whole numbers stay near the
// visible line's (a filter as small, a cap, 2^31), so recording stays as cheap as the visible
// cases; a key or element the visible session sends again is sent again; seeds, keys and
// elements carry their kind's edges (2^31 and above, every tail length, UTF-8). A line the
// reference refuses is drawn again, so every line is one it answers.
//
// So editing a visible case changes what a seed generates: a hidden suite an instructor has
// generated and recorded is kept with its cases, not generated again from the seed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bloom {

// The lines each visible case of an exercise sends, in order, leaving out those whose answer is
// an error: {"INIT 8 0.05", "INSERT 00", "FILTERLOAD"} for one case.
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
