// The catalogue of known mistakes: every "Common mistakes" bullet of lessons 000 and 002, and
// the ones a careful instructor adds. Each is the reference with exactly one function replaced
// (mistakes.cpp), so `bloom-reference --mistake ID` answers what a student with that mistake
// answers. The grader records those answers with the cases and names the mistake when a
// student's answer equals one (docs/mistakes.md). Not part of any starter.
#pragma once

#include <string_view>
#include <vector>

#include "functions.hpp"

namespace bloom {

struct Mistake {
  std::string_view id;        // stable: reports and recorded cases use it
  std::string_view exercise;  // "hashing" or "bip37": the suite that must catch it
  std::string_view source;    // the lesson and section it comes from
  std::string_view message;   // completes "this is what you get when ..."
  Functions functions;        // the reference's, with one replaced
};

// Every known mistake, hashing first, in lesson order.
[[nodiscard]] const std::vector<Mistake>& mistakes();

// The mistake with this id, or nullptr.
[[nodiscard]] const Mistake* find_mistake(std::string_view id);

}  // namespace bloom
