#include "compare.hpp"

#include <doctest/doctest.h>

using grader::lines_match;

TEST_CASE("lines match token by token, ignoring case, runs of blanks and a trailing CR") {
  CHECK(lines_match("bytes=6 hashes=4", "bytes=6 hashes=4"));
  CHECK(lines_match("bytes=6 hashes=4", "BYTES=6\t \thashes=4  \r"));
  CHECK(lines_match("610 395", "  610 395"));
  CHECK_FALSE(lines_match("610 395", "610 3 95"));
  CHECK_FALSE(lines_match("610 395", "610 395 180"));
  CHECK_FALSE(lines_match("610 395 180", "610 395"));
  CHECK_FALSE(lines_match("ok", ""));
  CHECK(lines_match("", "  "));
}

TEST_CASE("an expected error matches any answer that starts with error") {
  CHECK(lines_match("error: no filter yet", "error: INSERT before INIT"));
  CHECK(lines_match("error", "ERROR bad hex"));
  CHECK(lines_match("error: x", "error:"));
  CHECK_FALSE(lines_match("error: x", "ok"));
  CHECK_FALSE(lines_match("error: x", "err"));
  CHECK_FALSE(lines_match("ok", "error: x"));
}

TEST_CASE("the first mismatch names the step, the case line and both texts") {
  const grader::Case c = grader::parse_case("> A\n1\n2\n> B\n3\n", "t", "t.case");
  CHECK_FALSE(grader::compare_output(c, "1\n2\n3\n"));
  CHECK_FALSE(grader::compare_output(c, "1\n2\n3"));  // no final newline
  auto m = grader::compare_output(c, "1\n2\n4\n");
  REQUIRE(m);
  CHECK(m->output_line == 2);
  CHECK(m->step->input == "B");
  CHECK(m->case_line == 5);
  CHECK(m->expected == "3");
  CHECK(m->actual == "4");
  m = grader::compare_output(c, "1\n");
  REQUIRE(m);
  CHECK(m->output_line == 1);
  CHECK_FALSE(m->actual);
  m = grader::compare_output(c, "1\n2\n3\nextra\n");
  REQUIRE(m);
  CHECK(m->extra_output);
  CHECK(m->actual == "extra");
}

TEST_CASE("the caret points at the first differing column") {
  CHECK(grader::line_diff("bytes=10 hashes=5", "bytes=10 hashes=6").caret == 16);
  CHECK(grader::line_diff("abc", "ABD").caret == 2);
  CHECK(grader::line_diff("caf\xc3\xa9 1", "caf\xc3\xa9 2").caret == 5);
  CHECK(grader::line_diff("a\tb 1", "a\tb 2").caret == 5);  // after the escape "\t"
  const grader::LineDiff short_lines = grader::line_diff("00ff 1", "00FF 2");
  CHECK(short_lines.expected == "00ff 1");
  CHECK(short_lines.actual == "00FF 2");
  CHECK(short_lines.offset == 5);
  CHECK_FALSE(short_lines.windowed);
}

TEST_CASE("a long line is shown as a window around its first differing byte") {
  // FILTERLOAD's hex: 2000 characters that part at byte 1000
  const std::string expected = std::string(1000, 'a') + "b" + std::string(999, 'c');
  std::string actual = expected;
  actual[1000] = 'x';
  const grader::LineDiff diff = grader::line_diff(expected, actual);
  CHECK(diff.windowed);
  CHECK(diff.offset == 1000);
  CHECK(diff.expected == "..." + std::string(30, 'a') + "b" + std::string(59, 'c') + "...");
  CHECK(diff.actual == "..." + std::string(30, 'a') + "x" + std::string(59, 'c') + "...");
  CHECK(diff.caret == 33);
  CHECK(diff.actual[diff.caret] == 'x');
}

TEST_CASE("the caret of a long line stays on the text the window shows") {
  // cut at 200 characters, these two once looked alike with the caret past both
  const std::string expected = std::string(300, '0') + "1";
  const grader::LineDiff longer = grader::line_diff(expected, std::string(300, '0') + "2");
  CHECK(longer.expected == "..." + std::string(30, '0') + "1");
  CHECK(longer.actual == "..." + std::string(30, '0') + "2");
  CHECK(longer.actual[longer.caret] == '2');
  // near the start: no cut before, the window's end cut
  const grader::LineDiff early =
      grader::line_diff("ab" + std::string(300, 'c'), "aX" + std::string(300, 'c'));
  CHECK(early.offset == 1);
  CHECK(early.actual == "aX" + std::string(88, 'c') + "...");
  CHECK(early.caret == 1);
  // a line that stops short: the caret just past its last character
  const grader::LineDiff stops = grader::line_diff(std::string(250, 'f'), std::string(240, 'f'));
  CHECK(stops.offset == 240);
  CHECK(stops.actual == "..." + std::string(30, 'f'));
  CHECK(stops.caret == stops.actual.size());
  // a difference inside a UTF-8 character: the window and the caret start at the character
  const grader::LineDiff utf8 =
      grader::line_diff(std::string(300, 'e') + "\xc3\xa9", std::string(300, 'e') + "\xc3\xa8");
  CHECK(utf8.offset == 300);
  CHECK(utf8.actual.substr(utf8.caret) == "\xc3\xa8");
  // a long run of continuation bytes is invalid bytes, not one character: the window does not
  // walk back through it, and the caret stays on the text the window shows (found by
  // compare_fuzz, fuzz/regressions/compare_fuzz/continuation-run-before-window)
  const std::string run = "x" + std::string(250, '\x93') + "y";
  const grader::LineDiff invalid = grader::line_diff(run + "1", run + "2");
  CHECK(invalid.offset == 252);
  CHECK(invalid.windowed);
  CHECK(invalid.caret <= invalid.actual.size());
  CHECK(invalid.actual.substr(invalid.actual.size() - 1) == "2");
}

TEST_CASE("a hexadecimal answer printed otherwise is told apart from a wrong value") {
  using grader::hex_printed_otherwise;
  // HASH 0x9747b28c bloom (cases/hashing/bloom-trace), HASH 0 bloom (lesson 002) and HASH 0 of
  // the empty key
  CHECK(hex_printed_otherwise("049e1471", "49e1471") == 8);  // %x
  CHECK(hex_printed_otherwise("049e1471", "49E1471\r") == 8);
  CHECK(hex_printed_otherwise("00000000", "0") == 8);
  CHECK(hex_printed_otherwise("48ad2c42", "0x48ad2c42") == 8);  // Python's hex()
  CHECK(hex_printed_otherwise("049e1471", "0x49e1471") == 8);
  CHECK(hex_printed_otherwise("00000000", "0x0") == 8);
  CHECK(hex_printed_otherwise("0a 0b", "a 0b") == 2);
  // the controls: the same line, a digit changed too, a nonzero digit dropped, a zero added,
  // a prefix alone, a decimal answer, a line cut short
  CHECK(hex_printed_otherwise("049e1471", "049e1471") == 0);
  CHECK(hex_printed_otherwise("049e1471", "49e1470") == 0);
  CHECK(hex_printed_otherwise("48ad2c42", "0x48ad2c43") == 0);
  CHECK(hex_printed_otherwise("049e1471", "9e1471") == 0);
  CHECK(hex_printed_otherwise("049e1471", "0049e1471") == 0);
  CHECK(hex_printed_otherwise("00000000", "0x") == 0);
  CHECK(hex_printed_otherwise("0a 0b", "a c") == 0);
  CHECK(hex_printed_otherwise("610 395", "61 395") == 0);
  CHECK(hex_printed_otherwise("0a 0b", "a") == 0);
  CHECK(hex_printed_otherwise("049e1471", "") == 0);
  // decimal digits alone could be a decimal answer, which a 0x before them makes another value
  CHECK(hex_printed_otherwise("10 5", "0x10 0x5") == 0);
  CHECK(hex_printed_otherwise("12345678", "0x12345678") == 0);
  CHECK(hex_printed_otherwise("0", "0x0") == 0);
}

TEST_CASE("two lines match exactly when their match keys are equal") {
  // answers of the cases (bip37/worked-example, hashing/bloom-trace) and the forms a program
  // prints them in: case, spacing, a CR, an error's wording
  const char* const lines[] = {"bytes=10 hashes=6",
                               "BYTES=10   hashes=6\r",
                               "bytes=10\thashes=6  ",
                               "bytes=10 hashes=7",
                               "bytes=10",
                               "049e1471",
                               "049E1471",
                               "49e1471",
                               "error: INSERT needs hex bytes, got \"xyz\"",
                               "ERROR: double_hash_position gave 4294966528 for i = 1",
                               "error",
                               "errors are mine",
                               "err: no",
                               "",
                               "  "};
  for (const char* a : lines) {
    for (const char* b : lines) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(grader::lines_match(a, b) == (grader::match_key(a) == grader::match_key(b)));
    }
  }
  CHECK(grader::match_key("BYTES=10   hashes=6\r") == "bytes=10 hashes=6");
  CHECK(grader::match_key("Error: x") == "error");
}
