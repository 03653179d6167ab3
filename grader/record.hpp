// Recording: a case file's expected lines rewritten from what a program answers today, every
// other line (comments, directives, blank lines) kept where it stands. This is how the kit's
// expected outputs are made: recorded from the reference, never typed by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "case_file.hpp"

namespace grader {

// How many answer lines a sent line gets when recording: one, except a blank line or a line
// starting with '#' (the course protocol's rule), which get none.
[[nodiscard]] std::size_t answers_expected(std::string_view sent);

// The text of the case file `text` (parsed as `kase`) with each step's expected lines replaced
// by its answers, taken in order from `answers`. Throws CaseFileError when the count of answers
// does not fit the steps.
[[nodiscard]] std::string rerecord(const std::string& text, const Case& kase,
                                   const std::vector<std::string_view>& answers);

}  // namespace grader
