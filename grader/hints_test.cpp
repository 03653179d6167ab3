// Hints that check their premise (docs/case-format.md, @given): a hint is shown only when what
// it takes for granted is so in the run, and every hint of the kit's cases says what that is.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "judge.hpp"
#include "report.hpp"

namespace {

// One case judged on `output`, as grading judges it, its @needs failed or not graded as given.
std::vector<std::string> hints_for(const grader::Case& kase, const std::string& output,
                                   const std::vector<std::string>& failed = {},
                                   const std::vector<std::string>& not_graded = {}) {
  grader::RunResult run;
  run.started = true;
  run.out = output;
  grader::CaseResult result = grader::judge(kase, run, grader::Limits{});
  result.needs_failed = failed;
  result.needs_not_graded = not_graded;
  return grader::shown_hints(result);
}

constexpr const char* kPositions =
    "@needs hashing/whole-blocks\n"
    "@hint POSITIONS: h_a and h_b are right: compute the sum in 64 bits\n"
    "@given HASH\n"
    "@given hashing/whole-blocks\n"
    "@hint POSITIONS: check h_a, then h_b, then the sum\n"
    "@given nothing\n"
    "@hint HASH: the block read, the block mix, then the h mix\n"
    "@given nothing\n"
    "> HASH 0 ab\n"
    "11\n"
    "> POSITIONS 100 2 ab\n"
    "1 2\n"
    "> HASH 7 ab\n"
    "22\n";

}  // namespace

TEST_CASE("a hint whose premise holds is shown, and else the next hint of its command") {
  const grader::Case kase = grader::parse_case(kPositions, "hashing/p", "hashing/p.case");
  const std::vector<std::string> cause{"h_a and h_b are right: compute the sum in 64 bits"};
  const std::vector<std::string> steps{"check h_a, then h_b, then the sum"};
  // both HASH lines right (the one after the wrong line too), the case it names passed
  CHECK(hints_for(kase, "11\n1 3\n22\n") == cause);
  // the case it names was not graded: the report says what the hint assumes
  CHECK(hints_for(kase, "11\n1 3\n22\n", {}, {"hashing/whole-blocks"}) ==
        std::vector<std::string>{"if hashing/whole-blocks passes: " + cause[0]});
  // the case it names failed: that comes first
  CHECK(hints_for(kase, "11\n1 3\n22\n", {"hashing/whole-blocks"}) ==
        std::vector<std::string>{
            "this case builds on what hashing/whole-blocks tests, and it fails too: fix it first"});
  // the HASH line after the wrong one is wrong too: the hash is in doubt
  CHECK(hints_for(kase, "11\n1 3\n23\n") == steps);
  // a line too few: the answers after the first wrong one cannot be lined up
  CHECK(hints_for(kase, "11\n1 3\n") == steps);
  // the first wrong line is a HASH line: the HASH hint, which claims nothing
  CHECK(hints_for(kase, "12\n1 2\n22\n") ==
        std::vector<std::string>{"the block read, the block mix, then the h mix"});
}

TEST_CASE(
    "the steps before the first wrong answer were answered right, the ones after only when they "
    "line up") {
  const grader::Case kase = grader::parse_case(kPositions, "hashing/p", "hashing/p.case");
  grader::RunResult run;
  run.started = true;
  run.out = "11\n1 3\n22\n";
  const grader::CaseResult aligned = grader::judge(kase, run, grader::Limits{});
  CHECK(grader::step_answered_right(aligned, kase.steps[0]));
  CHECK_FALSE(grader::step_answered_right(aligned, kase.steps[1]));
  CHECK(grader::step_answered_right(aligned, kase.steps[2]));
  run.out = "11\n1 3\n22\nmore\n";  // a line too many: the last answer is not read as right
  const grader::CaseResult shifted = grader::judge(kase, run, grader::Limits{});
  CHECK(grader::step_answered_right(shifted, kase.steps[0]));
  CHECK_FALSE(grader::step_answered_right(shifted, kase.steps[2]));
}

TEST_CASE("every hint of the kit's cases writes its premise") {
  const std::vector<grader::Case> cases =
      grader::load_cases({std::filesystem::path(BLOOM_SOURCE_DIR) / "cases"});
  int hints = 0;
  for (const grader::Case& kase : cases) {
    for (const grader::Hint& hint : kase.hints) {
      ++hints;
      INFO(kase.file.string() << ":" << hint.case_line << ": @hint " << hint.command << ": "
                              << hint.text);
      CHECK(hint.premised);
    }
  }
  CHECK(hints > 20);  // the cases were found and read
}

TEST_CASE("a hash printed otherwise is told so, and no hint blames a step") {
  // HASH 0x9747b28c bloom is 049e1471 (cases/hashing/bloom-trace): printf's %x gives 49e1471,
  // Python's hex() 0x49e1471
  const grader::Case kase = grader::parse_case(
      "@hint HASH: the block read, the block mix, then the h mix\n@given nothing\n"
      "> HASH 0x9747b28c bloom\n049e1471\n",
      "hashing/z", "hashing/z.case");
  grader::RunResult run;
  run.started = true;
  for (const char* printed : {"49e1471\n", "0x49e1471\n"}) {
    CAPTURE(printed);
    CHECK(hints_for(kase, printed).empty());
    run.out = printed;
    const std::vector<std::string> details =
        grader::failure_details(grader::judge(kase, run, grader::Limits{}));
    CHECK(std::find(details.begin(), details.end(),
                    "advice: the value is right and only its printing differs: print it as 8 "
                    "hexadecimal digits, zero-padded, without 0x (printf's %08x, Python's "
                    "format(h, '08x'), JavaScript's h.toString(16).padStart(8, '0'))") !=
          details.end());
  }
  // the control: a wrong value gets the hint, and no word of printing
  CHECK(hints_for(kase, "49e1470\n") ==
        std::vector<std::string>{"the block read, the block mix, then the h mix"});
  run.out = "49e1470\n";
  for (const std::string& line :
       grader::failure_details(grader::judge(kase, run, grader::Limits{}))) {
    CHECK(line.find("printing") == std::string::npos);
  }
}
