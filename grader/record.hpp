// Recording: a case file's expected lines rewritten from what a program answers today, every
// other line (comments, directives, blank lines) kept where it stands. This is how the kit's
// expected outputs are made: recorded from the reference, never typed by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "case_file.hpp"

namespace grader {

// Whether a sent line gets one answer line (true) or none: a fact of the protocol the program
// speaks, which the grader does not know and is told. bloom-grader's main.cpp tells it the
// course protocol's rule.
using AnswerRule = bool (*)(std::string_view sent);

// The text of the case file `text` (parsed as `kase`) with each step's expected lines replaced
// by its answers, taken in order from `answers`: one for each step `gets_answer` says answers.
// Throws CaseFileError when the count of answers does not fit the steps.
[[nodiscard]] std::string rerecord(const std::string& text, const Case& kase,
                                   const std::vector<std::string_view>& answers,
                                   AnswerRule gets_answer);

}  // namespace grader
