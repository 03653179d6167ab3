#include "record.hpp"

#include <doctest/doctest.h>

namespace {
// A protocol where '#' lines and blank lines get no answer, as the course's.
bool hash_comments(std::string_view sent) { return !sent.empty() && sent.front() != '#'; }
// A protocol where every line, blank or not, gets one.
bool every_line(std::string_view) { return true; }
}  // namespace

TEST_CASE("recording replaces only the expected lines, keeping comments and directives") {
  const std::string text =
      "# description\n@points 2\n\n> INIT 8 0.05\nstale\n# why the next line\n> \n> # c\n"
      "> FILTERLOAD\nold\nolder\n";
  const grader::Case kase = grader::parse_case(text, "t", "t.case");
  const std::string recorded = grader::rerecord(text, kase, {"bytes=6 hashes=4", "0600"}, hash_comments);
  CHECK(recorded ==
        "# description\n@points 2\n\n> INIT 8 0.05\nbytes=6 hashes=4\n# why the next line\n> \n"
        "> # c\n> FILTERLOAD\n0600\n");
}

TEST_CASE("recording refuses answers that do not fit one per sent line") {
  const std::string text = "> A\n> B\n";
  const grader::Case kase = grader::parse_case(text, "t", "t.case");
  CHECK_THROWS_AS(static_cast<void>(grader::rerecord(text, kase, {"1"}, hash_comments)), grader::CaseFileError);
}

TEST_CASE("which lines get an answer is the protocol's rule, passed in") {
  const std::string text = "> A\n> # c\n>\n> B\n";
  const grader::Case kase = grader::parse_case(text, "t", "t.case");
  CHECK(grader::rerecord(text, kase, {"a", "c", "blank", "b"}, every_line) ==
        "> A\na\n> # c\nc\n>\nblank\n> B\nb\n");
  CHECK(grader::rerecord(text, kase, {"a", "b"}, hash_comments) == "> A\na\n> # c\n>\n> B\nb\n");
  CHECK_THROWS_AS(static_cast<void>(grader::rerecord(text, kase, {"a", "b"}, every_line)),
                  grader::CaseFileError);
}
