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
      CHECK(text ==
            "id,status,score,max,passed,failed,looks_like,public,hidden,workflow_points,protected_"
            "changed,commit,commit_time,late_days,late_penalty,final,collected,build_path,basics/"
            "one,basics/one verdict\n"
            "alice,passed,1,1,1,0,,1,0,,,,,,,1,,,1,passed\n"
            "bob,failed,0,1,0,1,\"wrong output, no known mistake\",0,0,,,,,,,0,,,0,wrong-output\n");
    } else if (output.name == "report.html") {
      CHECK(output.file);
      CHECK(text.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
      CHECK(text.find("<strong id=\"sum-submissions\">2</strong>") != std::string::npos);
    } else if (output.name == "canvas.csv") {
      CHECK(output.file);
      CHECK(text ==
            "Student,ID,SIS User ID,SIS Login ID,Section,basics\n"
            "alice,,,alice,,1\n"
            "bob,,,bob,,0\n");
    } else if (output.name == "moodle.csv") {
      CHECK(output.file);
      CHECK(text ==
            "username,basics,feedback\n"
            "alice,1,\n"
            "bob,0,\"wrong output, no known mistake\"\n");
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
  CHECK(names == std::vector<std::string>{"gradebook.csv", "report.html", "canvas.csv",
                                          "moodle.csv", "terminal"});
  CHECK_THROWS_AS(static_cast<void>(grader::batch_output("grades.xlsx")), std::logic_error);
}

TEST_CASE("the terminal's table shows a hostile id and output as escapes, the gradebook as text") {
  const std::vector<grader::SubmissionReport> reports = {
      graded("=cmd|' /C calc'!A0", "1\n"),
      graded("t\x1b]0;owned\x07", "error: not implemented: f\xe2\x80\xae\xc2\x9b\n")};
  const std::string table = grader::batch_table(reports);
  CHECK(table.find("t\\x1b]0;owned\\x07 ") != std::string::npos);
  CHECK(table.find("not implemented: f\\u202e\\u009b") != std::string::npos);
  CHECK(table.find('\x1b') == std::string::npos);
  CHECK(table.find("\xe2\x80\xae") == std::string::npos);
  const std::string csv = grader::gradebook_csv(reports);
  CHECK(csv.find("\n'=cmd|' /C calc'!A0,passed,") != std::string::npos);
}

TEST_CASE(
    "the learning platforms' exports quote an id as the gradebook does and name the exercises") {
  const grader::Case protocol =
      grader::parse_case("> A\n1\n", "protocol/one", "cases/protocol/one.case");
  const grader::Case bip37 = grader::parse_case("> A\n1\n", "bip37/one", "cases/bip37/one.case");
  grader::Report run;
  run.results.push_back(
      grader::judge(protocol, grader::testing::judged(protocol, "1\n").results[0].run, {}));
  run.results.push_back(
      grader::judge(bip37, grader::testing::judged(bip37, "1\n").results[0].run, {}));
  const std::vector<grader::SubmissionReport> reports = {
      grader::submission_report_of(run, "smith, \"jo\"", {})};
  CHECK(grader::canvas_csv(reports) ==
        "Student,ID,SIS User ID,SIS Login ID,Section,bip37\n"
        "\"smith, \"\"jo\"\"\",,,\"smith, \"\"jo\"\"\",,2\n");
  CHECK(grader::moodle_csv(reports) == "username,bip37,feedback\n\"smith, \"\"jo\"\"\",2,\n");
}
