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
  CHECK(grader::first_difference("bytes=10 hashes=5", "bytes=10 hashes=6") == 16);
  CHECK(grader::first_difference("abc", "ABD") == 2);
  CHECK(grader::first_difference("caf\xc3\xa9 1", "caf\xc3\xa9 2") == 5);
}
