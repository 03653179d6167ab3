#include "report/submission_report.hpp"

#include <doctest/doctest.h>

#include "report/batch_outputs.hpp"
#include "file_io.hpp"
#include "report/formats.hpp"
#include "report/judged.hpp"

namespace {

const grader::Case kCase =
    grader::parse_case("> A\n1\n> B\n2\n", "hashing/two", "cases/hashing/two.case");

// A submission's report as batch makes it: `output` judged on kCase.
grader::SubmissionReport submission(const std::string& id, const std::string& output) {
  return grader::testing::judged_submission(kCase, id, output);
}

std::string problem_of(const std::string& text) {
  try {
    static_cast<void>(grader::parse_submission_report(text, "grades/x.json"));
  } catch (const grader::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a submission report reads back as written, field for field") {
  const grader::SubmissionReport written = submission("alice, \"the\" 1st", "1\n3\n");
  const std::string text = grader::format_submission_report(written);
  const grader::SubmissionReport read = grader::parse_submission_report(text, "grades/a.json");
  CHECK(read.submission == written.submission);
  CHECK(read.status() == grader::SubmissionStatus::Failed);
  CHECK(read.outcome.build == written.outcome.build);
  CHECK(read.outcome == written.outcome);
  CHECK(grader::format_submission_report(read) == text);
  CHECK(read.score() == 0);
  CHECK(read.max_score() == 1);
  CHECK(read.failed() == 1);
  REQUIRE(read.cases().size() == 1);
  CHECK(read.cases()[0].name == "hashing/two");
  CHECK(read.cases()[0].points == 0);
  CHECK(read.cases()[0].verdict == grader::Verdict::WrongOutput);
  CHECK(read.looks_like().front().text == "wrong output, no known mistake");
}

TEST_CASE("a file that is not a submission report says which field is wrong") {
  nlohmann::json good = nlohmann::json::parse(
      grader::format_submission_report(submission("bob", "1\n2\n")));
  CHECK(problem_of(good.dump()) == "no error");
  nlohmann::json no_status = good;
  no_status.erase("status");
  CHECK(problem_of(no_status.dump()) ==
        "grades/x.json: error: not a submission report: status is missing or not string");
  nlohmann::json text_score = good;
  text_score["summary"]["score"] = "1";
  CHECK(problem_of(text_score.dump()) ==
        "grades/x.json: error: not a submission report: summary.score is missing or not a whole number");
  nlohmann::json no_points = good;
  no_points["cases"][0].erase("points");
  CHECK(problem_of(no_points.dump()) ==
        "grades/x.json: error: not a submission report: cases[].points is missing or not a whole number");
  nlohmann::json odd_status = good;
  odd_status["status"] = "pass";
  CHECK(problem_of(odd_status.dump()) ==
        "grades/x.json: error: not a submission report: status \"pass\" is none of passed, failed, build-failed, not-collected");
  nlohmann::json odd_verdict = good;
  odd_verdict["cases"][0]["verdict"] = "wrong";
  CHECK(problem_of(odd_verdict.dump()) ==
        "grades/x.json: error: not a submission report: cases[].verdict \"wrong\" is no verdict");
  CHECK(problem_of("{\"submission\": ").rfind("grades/x.json: error: not a submission report: ", 0) == 0);
}

TEST_CASE("the gradebook has one row per report and one column per case, quoted where needed") {
  const std::vector<grader::SubmissionReport> reports = {submission("alice, 2", "1\n2\n"),
                                                         submission("bob", "1\n3\n")};
  CHECK(grader::gradebook_csv(reports) ==
        "id,status,score,max,passed,failed,looks_like,public,hidden,workflow_points,protected_"
        "changed,commit,commit_time,late_days,late_penalty,final,collected,build_path,hashing/"
        "two,hashing/two verdict\n"
        "\"alice, 2\",passed,1,1,1,0,,1,0,,,,,,,1,,,1,passed\n"
        "bob,failed,0,1,0,1,\"wrong output, no known mistake\",0,0,,,,,,,0,,,0,wrong-output\n");
}

TEST_CASE("an id that is not UTF-8 is written with U+FFFD for its bad bytes, not refused") {
  const grader::SubmissionReport written = submission("bad-\xff", "1\n2\n");
  const grader::SubmissionReport read =
      grader::parse_submission_report(grader::format_submission_report(written), "grades/bad.json");
  CHECK(read.submission == "bad-\xEF\xBF\xBD");
}

TEST_CASE("each status and each verdict has one name, which reads back as itself") {
  for (const grader::SubmissionStatus status : grader::kSubmissionStatuses) {
    CAPTURE(grader::status_name(status));
    CHECK(grader::parse_submission_status(grader::status_name(status)) == status);
  }
  CHECK(grader::status_name(grader::SubmissionStatus::BuildFailed) == "build-failed");
  CHECK_FALSE(grader::parse_submission_status("Passed").has_value());
  for (const grader::Verdict verdict : grader::kVerdicts) {
    CAPTURE(grader::verdict_name(verdict));
    CHECK(grader::parse_verdict(grader::verdict_name(verdict)) == verdict);
  }
  CHECK(grader::verdict_name(grader::Verdict::MemoryLimit) == "memory-limit");
  CHECK_FALSE(grader::parse_verdict("oom").has_value());
}

TEST_CASE("a build that failed gives every case not run, none passed, and the status that says so") {
  const std::vector<grader::Case> cases = {kCase};
  const grader::SubmissionReport failed = grader::build_failed_report(
      cases, "carol", {"make", false, std::nullopt, std::nullopt, std::nullopt});
  CHECK(failed.status() == grader::SubmissionStatus::BuildFailed);
  REQUIRE(failed.cases().size() == 1);
  CHECK(failed.cases()[0].name == "hashing/two");
  CHECK(failed.cases()[0].points == 0);
  CHECK(failed.cases()[0].verdict == grader::Verdict::NotRun);
  CHECK(failed.cases()[0].summary == "not run: the build failed");
  CHECK(failed.outcome.summary.command == "make");
  CHECK(grader::looks_like_text(failed) == "build failed");
}
