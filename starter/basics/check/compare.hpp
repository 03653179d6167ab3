// Compares a program's standard output with a case's expected lines (docs/case-format.md):
// line by line, tokens separated by any run of spaces or tabs, letter case ignored, trailing
// whitespace and a CR ignored; an expected line starting with "error" matches any answer
// starting with "error". A missing final newline is accepted.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case_file.hpp"
#include "inert.hpp"  // visible(), which the reports show a line with

namespace grader {

// True when `actual` answers what `expected` asks for.
[[nodiscard]] bool lines_match(std::string_view expected, std::string_view actual);

// When `actual` differs from `expected` only in how hexadecimal numbers are printed: without
// their leading zeros ("8ad2c42" for "08ad2c42", "0" for "00000000": C's %x, Python's
// format(h, 'x'), Java's Integer.toHexString), with a 0x prefix ("0x48ad2c42": Python's hex()),
// or both: the digits of the first such number as expected. 0 when any other token differs, or
// none does. The values are then right, and only their printing is not. Only a number that
// must be hexadecimal counts (a letter among its digits, or a leading zero): "12345678" could be
// a decimal answer, and printed after 0x it would be another value.
[[nodiscard]] std::size_t hex_printed_otherwise(std::string_view expected, std::string_view actual);

// The line as lines_match reads it: "error" for a line that starts with "error" (any error
// answers any error), else its tokens in lower case, one space apart. Two lines match exactly
// when their keys are equal, so a recording that asks whether two programs answered alike asks
// what the judge will be able to tell apart.
[[nodiscard]] std::string match_key(std::string_view line);

// 16 hexadecimal digits that stand for a line as lines_match reads it (its tokens, letter case
// ignored): two lines that match have the same digest. A 64-bit multiplicative hash, no
// exercise's step; a .mistakes file keeps a long answer so.
[[nodiscard]] std::string line_digest(std::string_view line);

// Splits output into lines: LF ends a line; a last line without LF still counts.
[[nodiscard]] std::vector<std::string_view> output_lines(std::string_view output);

// The first place where the output parts from the case.
struct Mismatch {
  std::size_t output_line = 0;  // 0-based index of the answer line (== count when missing)
  const Step* step = nullptr;   // the step whose input was answered wrongly; null for extra
  int case_line = 0;            // the case-file line of the expectation (or of the last step)
  std::string expected;         // the expected line; empty for extra output
  std::optional<std::string> actual;  // nullopt: the output ended before this line
  bool extra_output = false;          // the program answered more lines than expected
  // `actual` and the `extra_lines` - 1 lines after it are lines too many: the line after them
  // is the answer expected here (debug lines written to standard output, say). 0 otherwise.
  std::size_t extra_lines = 0;
  std::vector<std::string> extra;  // those lines, `actual` first
  [[nodiscard]] bool extra_before() const { return extra_lines > 0; }
};

// The first mismatch between `kase` and `output`, or nullopt when the output passes.
[[nodiscard]] std::optional<Mismatch> compare_output(const Case& kase, std::string_view output);

// Two lines that part, as a report shows them: each as visible() text and the 0-based column,
// in both, of the first character where they part (case-insensitively), for the caret. Lines of at
// most `width` bytes are shown whole. A longer line (FILTERLOAD's hex runs to thousands of
// characters) is shown as the same window of both, from a little before the first byte where they
// part, with "..." where it is cut: the caret then always falls on text the window shows (or just
// past the end of a line that stops there).
struct LineDiff {
  std::string expected;
  std::string actual;
  std::size_t caret = 0;   // column in `expected` and `actual` where they part
  std::size_t offset = 0;  // 0-based byte offset in the lines where they part
  bool windowed = false;   // the lines were cut around the difference
};
[[nodiscard]] LineDiff line_diff(std::string_view expected, std::string_view actual,
                                 std::size_t width = 200);

}  // namespace grader
