// Fuzzes the transcript comparison: the input is an expected line and an actual line split at
// the first NUL. A line always matches itself; the caret column of line_diff lies within the
// actual line as a report shows it (or just past its end); visible() never grows past its
// escapes; inert() leaves no C0 byte or DEL, and a second pass changes nothing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "compare.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t split = input.find('\0');
  const std::string_view expected = input.substr(0, split);
  const std::string_view actual = split == std::string_view::npos ? input : input.substr(split + 1);
  if (!grader::lines_match(expected, expected)) std::abort();
  if (grader::visible(actual, actual.size()).size() > 4 * actual.size()) std::abort();
  // as the report shows it: whole, or a window around the difference
  const grader::LineDiff diff = grader::line_diff(expected, actual);
  if (diff.caret > diff.actual.size()) std::abort();
  const std::string shown = grader::inert(actual);
  if (std::any_of(shown.begin(), shown.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    std::abort();
  }
  if (grader::inert(shown) != shown) std::abort();
  static_cast<void>(grader::lines_match(expected, actual));
  static_cast<void>(grader::output_lines(actual));
  return 0;
}
