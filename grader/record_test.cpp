#include "record.hpp"

#include <doctest/doctest.h>

TEST_CASE("recording replaces only the expected lines, keeping comments and directives") {
  const std::string text =
      "# description\n@points 2\n\n> INIT 8 0.05\nstale\n# why the next line\n> \n> # c\n"
      "> FILTERLOAD\nold\nolder\n";
  const grader::Case kase = grader::parse_case(text, "t", "t.case");
  const std::string recorded = grader::rerecord(text, kase, {"bytes=6 hashes=4", "0600"});
  CHECK(recorded ==
        "# description\n@points 2\n\n> INIT 8 0.05\nbytes=6 hashes=4\n# why the next line\n> \n"
        "> # c\n> FILTERLOAD\n0600\n");
}

TEST_CASE("recording refuses answers that do not fit one per sent line") {
  const std::string text = "> A\n> B\n";
  const grader::Case kase = grader::parse_case(text, "t", "t.case");
  CHECK_THROWS_AS(static_cast<void>(grader::rerecord(text, kase, {"1"})), grader::CaseFileError);
}
