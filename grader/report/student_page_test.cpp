#include "report/student_page.hpp"

#include <doctest/doctest.h>

#include "report/json.hpp"
#include "report/judged.hpp"

namespace {

const grader::Case kPublic = grader::parse_case("@hint B: the public hint\n> A\n1\n> B\n2\n",
                                                "hashing/two", "cases/hashing/two.case");
// Every part of it text that must not reach a student: the name, input, expected line, hint.
const grader::Case kHidden = grader::parse_case(
    "@hidden\n@points 3\n@hint SECRETCMD: a secret hint\n> SECRETCMD x7q9\nzz81\n",
    "hashing/secret-name", "hidden/hashing/secret-name.case");

// A submission that fails both cases, judged as batch judges it, in the instructor's view
// (--show-hidden), so that its report holds the hidden case's text.
grader::SubmissionReport both_failed() {
  grader::RunResult wrong;
  wrong.started = true;
  wrong.out = "1\n3\n";
  wrong.err = "public stderr\n";
  grader::RunResult hidden_wrong;
  hidden_wrong.started = true;
  hidden_wrong.out = "yy42\n";
  hidden_wrong.err = "hidden stderr\n";
  grader::Report run;
  run.show_hidden = true;
  run.results.push_back(grader::judge(kPublic, wrong, grader::Limits{}));
  run.results.push_back(grader::judge(kHidden, hidden_wrong, grader::Limits{}));
  return grader::submission_report_of(run, "alice <b>", {});
}

}  // namespace

TEST_CASE("a student's page shows public cases in full and hidden ones as failed, with no text") {
  const grader::SubmissionReport report = both_failed();
  const std::string dumped = grader::to_json(report.outcome).dump();
  REQUIRE(dumped.find("x7q9") != std::string::npos);  // the report itself holds the hidden text
  const std::string text = grader::student_page_text(report);
  CHECK(text ==
        "submission alice <b>: failed\n"
        "score 0/4 points; 0 passed, 2 failed\n"
        "looks like: wrong output, no known mistake\n"
        "\n"
        "hashing/two: failed (wrong-output), 0/1 points\n"
        "    cases/hashing/two.case:5: wrong-output: answer 2 differs\n"
        "      > A  ->  1\n"
        "      sent:     > B\n"
        "      expected: 2\n"
        "      actual:   3\n"
        "                ^\n"
        "    hint: the public hint\n"
        "    stderr:\n"
        "      | public stderr\n"
        "hidden case 1: failed, 0/3 points\n");
  const std::string html = grader::student_page_html(report);
  for (const std::string& page : {text, html}) {
    for (const char* secret : {"x7q9", "SECRETCMD", "secret", "zz81", "yy42", "hidden stderr",
                               "wrong-output: answer 1"}) {
      CHECK_MESSAGE(page.find(secret) == std::string::npos, secret);
    }
  }
  CHECK(html.find("Results of alice &lt;b&gt;") != std::string::npos);
  CHECK(html.find("expected: 2") != std::string::npos);
  CHECK(html.find("hidden case 1") != std::string::npos);
}
