// The table of batch outputs: each renders, and batch, merge and report find them by name.
#include "report/batch_outputs.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "report/judged.hpp"

namespace {

const grader::Case kCase = grader::parse_case("> A\n1\n", "basics/one", "cases/basics/one.case");

grader::SubmissionReport graded(const std::string& id, const std::string& output) {
  return grader::testing::judged_submission(kCase, id, output);
}

}  // namespace

TEST_CASE("each batch output of the table renders, and is found by its name") {
  const std::vector<grader::SubmissionReport> reports = {graded("alice", "1\n"), graded("bob", "2\n")};
  std::vector<std::string> names;
  for (const grader::BatchOutput& output : grader::batch_outputs()) {
    CAPTURE(output.name);
    names.emplace_back(output.name);
    const std::string text = output.render(reports, false);
    if (output.name == "gradebook.csv") {
      CHECK(output.file);
      CHECK(text == "id,status,score,max,passed,failed,looks_like,public,hidden,workflow_points,protected_changed,commit,commit_time,late_days,late_penalty,final,collected,basics/one,basics/one verdict\n"
                    "alice,passed,1,1,1,0,,1,0,,,,,,,1,,1,passed\n"
                    "bob,failed,0,1,0,1,\"wrong output, no known mistake\",0,0,,,,,,,0,,0,wrong-output\n");
    } else if (output.name == "report.html") {
      CHECK(output.file);
      CHECK(text.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
      CHECK(text.find("<strong id=\"sum-submissions\">2</strong>") != std::string::npos);
    } else {
      CHECK(output.name == "terminal");
      CHECK_FALSE(output.file);
      CHECK(text ==
            "submission              status        score     looks like\n"
            "alice                   passed        1/1       \n"
            "bob                     failed        0/1       wrong output, no known mistake\n"
            "failed without a known mistake named (submissions):\n"
            "  wrong output, no known mistake      1\n");
    }
    CHECK(&grader::batch_output(output.name) == &output);
  }
  CHECK(names == std::vector<std::string>{"gradebook.csv", "report.html", "terminal"});
  CHECK_THROWS_AS(static_cast<void>(grader::batch_output("grades.xlsx")), std::logic_error);
}
