#include "compare.hpp"

#include <algorithm>
#include <cstdint>

namespace grader {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The next token of `text` from `pos`, or an empty view at the end; advances `pos`.
std::string_view next_token(std::string_view text, std::size_t& pos) {
  while (pos < text.size() && is_blank(text[pos])) ++pos;
  const std::size_t start = pos;
  while (pos < text.size() && !is_blank(text[pos])) ++pos;
  return text.substr(start, pos - start);
}

std::string_view without_cr(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

// Two tokens alike but for letter case.
bool same_token(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

// A token that can only be a hexadecimal number: hex digits with a letter among them, or with a
// leading zero before more digits (no decimal answer of the protocol has one). "12345678" could
// be either, so a 0x before it says nothing of its value.
bool known_hex(std::string_view token) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto letter = [](char c) { return lower(c) >= 'a' && lower(c) <= 'f'; };
  return std::all_of(token.begin(), token.end(), [&](char c) { return digit(c) || letter(c); }) &&
         (std::any_of(token.begin(), token.end(), letter) || (token.size() > 1 && token[0] == '0'));
}

bool starts_with_error(std::string_view line) {
  std::size_t pos = 0;
  const std::string_view first = next_token(line, pos);
  if (first.size() < 5) return false;
  return std::equal(first.begin(), first.begin() + 5, "error",
                    [](char a, char b) { return lower(a) == b; });
}

}  // namespace

bool lines_match(std::string_view expected, std::string_view actual) {
  expected = without_cr(expected);
  actual = without_cr(actual);
  if (starts_with_error(expected)) return starts_with_error(actual);
  std::size_t e = 0;
  std::size_t a = 0;
  for (;;) {
    const std::string_view want = next_token(expected, e);
    const std::string_view got = next_token(actual, a);
    if (want.empty() || got.empty()) return want.empty() && got.empty();
    if (!same_token(want, got)) return false;
  }
}

std::string match_key(std::string_view line) {
  line = without_cr(line);
  if (starts_with_error(line)) return "error";
  std::string key;
  std::size_t at = 0;
  for (std::string_view token = next_token(line, at); !token.empty();
       token = next_token(line, at)) {
    if (!key.empty()) key += ' ';
    for (const char c : token) key += lower(c);
  }
  return key;
}

std::string line_digest(std::string_view line) {
  line = without_cr(line);
  std::uint64_t h = 0;
  std::size_t at = 0;
  for (std::string_view token = next_token(line, at); !token.empty();
       token = next_token(line, at)) {
    for (const char c : token)
      h = (h + static_cast<unsigned char>(lower(c)) + 1) * 0x9e3779b97f4a7c15U;
    h = (h + 0x100) * 0x9e3779b97f4a7c15U;  // the token's end
  }
  h ^= h >> 29;
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (std::size_t i = 16; i-- > 0; h >>= 4) out[i] = kDigits[h & 0xf];
  return out;
}

std::size_t hex_printed_otherwise(std::string_view expected, std::string_view actual) {
  expected = without_cr(expected);
  actual = without_cr(actual);
  std::size_t width = 0;  // of the first number printed otherwise
  std::size_t e = 0;
  std::size_t a = 0;
  for (;;) {
    const std::string_view want = next_token(expected, e);
    std::string_view got = next_token(actual, a);
    if (want.empty() || got.empty()) return want.empty() && got.empty() ? width : 0;
    if (same_token(want, got)) continue;
    if (got.size() > 2 && got[0] == '0' && lower(got[1]) == 'x') got.remove_prefix(2);
    // want is got with zeros before it (none when only the 0x differed)
    const std::size_t zeros = want.size() - std::min(want.size(), got.size());
    if (got.size() > want.size() || !known_hex(want) || want.find_first_not_of('0') < zeros ||
        !same_token(want.substr(zeros), got)) {
      return 0;
    }
    if (width == 0) width = want.size();
  }
}

std::vector<std::string_view> output_lines(std::string_view output) {
  std::vector<std::string_view> lines;
  while (!output.empty()) {
    const std::size_t newline = output.find('\n');
    lines.push_back(output.substr(0, newline));
    if (newline == std::string_view::npos) break;
    output.remove_prefix(newline + 1);
  }
  return lines;
}

// How many lines too many before an answer are still shown as that; past it, the line is a
// wrong answer (a program that prints its state for every element of a long command).
constexpr std::size_t kMostExtraLines = 8;

std::optional<Mismatch> compare_output(const Case& kase, std::string_view output) {
  const std::vector<std::string_view> lines = output_lines(output);
  std::size_t index = 0;
  for (const Step& step : kase.steps) {
    for (const ExpectedLine& expected : step.expected) {
      if (index >= lines.size()) {
        return Mismatch{index, &step, expected.case_line, expected.text, std::nullopt, false, 0, {}};
      }
      if (!lines_match(expected.text, lines[index])) {
        Mismatch m{index, &step, expected.case_line, expected.text, std::string(lines[index]), false, 0, {}};
        // Lines too many before the answer: the nearest line after this one that answers it,
        // within a few (a debug line printed at each of a command's steps).
        for (std::size_t k = 1; k <= kMostExtraLines && index + k < lines.size(); ++k) {
          if (lines_match(expected.text, lines[index + k])) {
            m.extra_lines = k;
            m.extra.assign(lines.begin() + static_cast<std::ptrdiff_t>(index),
                           lines.begin() + static_cast<std::ptrdiff_t>(index + k));
            break;
          }
        }
        return m;
      }
      ++index;
    }
  }
  if (index < lines.size()) {
    const int last_line = kase.steps.empty() ? 0 : kase.steps.back().case_line;
    return Mismatch{index, nullptr, last_line, "", std::string(lines[index]), true, 0, {}};
  }
  return std::nullopt;
}

namespace {

bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xc0) == 0x80;
}

// Where the character that holds byte `at` of `line` starts: back over at most 3 continuation
// bytes, as many as UTF-8 puts after a lead byte. A longer run is invalid bytes, each of which
// visible() shows on its own, so walking back further would only move away from `at`.
std::size_t character_start(std::string_view line, std::size_t at) {
  for (int back = 0; back < 3 && at > 0 && at < line.size() && continuation(line[at]); ++back) --at;
  return at;
}

// Columns a visible() text takes: one per character, UTF-8 continuation bytes take none.
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !continuation(c); }));
}

// Bytes of a window kept before the first difference, and the window's whole length: enough
// context to find the place in a hex string, short enough for one terminal line.
constexpr std::size_t kWindowBefore = 30;  // bytes
constexpr std::size_t kWindowLength = 90;  // bytes

}  // namespace

LineDiff line_diff(std::string_view expected, std::string_view actual, std::size_t width) {
  LineDiff diff;
  std::size_t at = 0;
  while (at < expected.size() && at < actual.size() && lower(expected[at]) == lower(actual[at])) {
    ++at;
  }
  // the window starts and parts on whole characters, so that each side renders as it would
  // whole and the caret counts the same columns in both
  at = character_start(actual, at);
  diff.offset = at;
  if (expected.size() <= width && actual.size() <= width) {
    diff.expected = visible(expected, width);
    diff.actual = visible(actual, width);
    diff.caret = columns(visible(actual.substr(0, at), width));
    return diff;
  }
  diff.windowed = true;
  const std::size_t start = character_start(actual, at > kWindowBefore ? at - kWindowBefore : 0);
  const auto window = [&](std::string_view line) {
    if (start >= line.size()) return std::string(start > 0 ? "..." : "");
    const std::string_view part = line.substr(start, kWindowLength);
    return (start > 0 ? "..." : "") + visible(part, part.size()) +
           (start + part.size() < line.size() ? "..." : "");
  };
  diff.expected = window(expected);
  diff.actual = window(actual);
  diff.caret = (start > 0 ? 3 : 0) + columns(visible(actual.substr(start, at - start), width));
  return diff;
}

}  // namespace grader
