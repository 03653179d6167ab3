// The catalogue of known mistakes: every "Common mistakes" bullet of lessons 000 and 002, what
// students get wrong in lesson 001 (which lists none), slips the lessons' steps invite, and what
// popular libraries really do where a step is easy to get wrong (docs/mistakes.md names them).
// Each is a slip in one step (function) of the reference (mistakes.cpp), so
// `bloom-reference --mistake ID` answers what a student with that mistake answers, and
// `--mistake A --mistake B` what a student with both answers. The grader records those answers
// with the cases and names the mistakes when a student's answer equals one (docs/mistakes.md).
// Not part of any starter.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "functions.hpp"

namespace bloom {

struct Mistake {
  std::string_view id;        // stable: reports and recorded cases use it
  std::string_view exercise;  // its exercise (exercises.tsv): the suite that must catch it
  std::string_view source;    // where the starter's docs/protocol.md states the step it gets wrong
  std::string_view message;   // completes "this is what you get when ..."
  Step step;                  // the function it slips in (functions.hpp's table)
  unsigned slip;              // one bit: which slip of that function's (mistakes.cpp)
};

// Every known mistake, one exercise after another: hashing, basics, bip37, guava.
[[nodiscard]] const std::vector<Mistake>& mistakes();

// The mistake with this id, or nullptr.
[[nodiscard]] const Mistake* find_mistake(std::string_view id);

// The reference's functions as a student who makes all of `made` writes them. nullopt, with
// the reason in `why_not`, for two slips that are one line written two ways, which no program
// makes both of (docs/mistakes.md lists them).
[[nodiscard]] std::optional<Functions> functions_with(std::span<const Mistake* const> made,
                                                      std::string* why_not = nullptr);

}  // namespace bloom
