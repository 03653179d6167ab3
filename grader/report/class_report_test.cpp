#include "report/class_report.hpp"

#include <doctest/doctest.h>

#include "report/batch_outputs.hpp"
#include "report/json.hpp"

namespace {

// A submission report as batch writes it, from each case's verdict and points; `mistakes`
// are the ids the run names.
grader::SubmissionReport report(const std::string& id, const std::string& status,
                                const std::vector<std::pair<std::string, int>>& verdicts,
                                const std::vector<std::string>& mistakes = {}) {
  nlohmann::json cases = nlohmann::json::array();
  int score = 0;
  int passed = 0;
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    const auto& [verdict, points] = verdicts[i];
    const bool pass = verdict == "passed";
    score += pass ? points : 0;
    passed += pass ? 1 : 0;
    cases.push_back({{"name", "ex/case-" + std::to_string(i)},
                     {"file", "/nonexistent/ex/case-" + std::to_string(i) + ".case"},
                     {"verdict", verdict},
                     {"points", pass ? points : 0},
                     {"max_points", points},
                     {"hidden", false},
                     {"summary", verdict},
                     {"mismatch", nullptr},
                     {"details", nlohmann::json::array({"sent: > X", "expected: 1", "actual: <b>2</b>"})}});
  }
  int max = 0;
  for (const auto& v : verdicts) max += v.second;
  nlohmann::json diagnosis = nlohmann::json::array();
  for (const std::string& m : mistakes) {
    diagnosis.push_back({{"id", m}, {"cases", 1}, {"message", "this is what you get when " + m}});
  }
  const nlohmann::json run = {{"summary",
                               {{"score", score},
                                {"max_score", max},
                                {"passed", passed},
                                {"failed", static_cast<int>(verdicts.size()) - passed},
                                {"diagnosis", diagnosis}}},
                              {"cases", cases}};
  grader::Outcome outcome = grader::outcome_from_json(run, "test.json", "not a run");
  outcome.status = grader::parse_submission_status(status).value();
  outcome.build = {"make", status != "build-failed", std::nullopt, "error: oops", std::nullopt};
  return {id, std::move(outcome)};
}

const std::vector<grader::SubmissionReport> kClass = {
    report("all-right", "passed", {{"passed", 1}, {"passed", 2}}),
    report("one-mistake", "failed", {{"wrong-output", 1}, {"passed", 2}}, {"swapped"}),
    report("hangs", "failed", {{"passed", 1}, {"timeout", 2}}),
    report("no-build", "build-failed", {{"not-run", 1}, {"not-run", 2}}),
    report("wrong", "failed", {{"wrong-output", 1}, {"crashed", 2}}),
    report("hog", "failed", {{"memory-limit", 1}, {"crashed", 2}}),
};

}  // namespace

TEST_CASE("looks like names the mistake, or else the timeout, crash, stub or wrong output") {
  CHECK(kClass[0].looks_like().empty());
  CHECK(grader::looks_like_text(kClass[1]) == "swapped");
  CHECK(grader::looks_like_text(kClass[2]) == "timeout in 1 case");
  CHECK(grader::looks_like_text(kClass[3]) == "build failed");
  CHECK(grader::looks_like_text(kClass[4]) == "crashed in 1 case");
  CHECK(grader::looks_like_text(kClass[5]) == "memory-limit in 1 case; crashed in 1 case");
  grader::SubmissionReport stub = report("stub", "failed", {{"wrong-output", 1}, {"wrong-output", 1}});
  grader::MismatchOutcome stubbed;
  stubbed.actual = "error: not implemented: murmur3_32";
  stub.outcome.cases[0].mismatch = stubbed;
  stub.outcome.cases[1].mismatch = stubbed;
  CHECK(grader::looks_like_text(stub) == "not implemented: murmur3_32");
  const grader::SubmissionReport wrong = report("w", "failed", {{"wrong-output", 1}});
  CHECK(grader::looks_like_text(wrong) == "wrong output, no known mistake");
  CHECK(wrong.looks_like().front().name == "wrong output, no known mistake");
  CHECK(wrong.looks_like().front().cause == grader::SubmissionReport::Look::Cause::NoKnownMistake);
  CHECK(kClass[1].looks_like().front().cause == grader::SubmissionReport::Look::Cause::Mistake);
  CHECK(kClass[1].looks_like().front().mistakes == std::vector<std::string>{"swapped"});
  CHECK(kClass[2].looks_like().front().verdict == grader::Verdict::Timeout);
}

TEST_CASE("the class summary counts what the gradebook holds") {
  const grader::ClassSummary summary = grader::summarize(kClass);
  CHECK(summary.submissions == 6);
  CHECK(summary.passed == 1);
  CHECK(summary.build_failed == 1);
  CHECK(summary.with_timeout == 1);
  CHECK(summary.with_crash == 2);
  CHECK(summary.with_memory == 1);
  CHECK(summary.max_score == 3);
  CHECK(summary.median_score == doctest::Approx(0.5));  // scores 3, 2, 1, 0, 0, 0
  CHECK(summary.mean_score == doctest::Approx(1.0));
  // 100 %, 66 %, 33 %, 0 %, 0 %, 0 %
  CHECK(summary.histogram == std::array<int, 11>{3, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1});
  REQUIRE(summary.mistakes.size() == 1);
  CHECK(summary.mistakes[0].look.name == "swapped");
  CHECK(summary.mistakes[0].submissions == 1);
  CHECK(summary.mistakes[0].about == "this is what you get when swapped");
  REQUIRE(summary.causes.size() == 4);  // most first, then by name
  CHECK(summary.causes[0].look.verdict == grader::Verdict::Crashed);
  CHECK(summary.causes[0].submissions == 2);
  CHECK(summary.causes[1].look.cause == grader::SubmissionReport::Look::Cause::BuildFailed);
  CHECK(summary.causes[2].look.verdict == grader::Verdict::MemoryLimit);
  CHECK(summary.causes[3].look.name == "timeout");
  // case-0 passed by 2 of the 5 that built, case-1 by 2 of 5: a tie, by id
  REQUIRE(summary.cases.size() == 2);
  CHECK(summary.cases[0].id == "ex/case-0");
  CHECK(summary.cases[0].passed == 2);
  CHECK(summary.cases[0].graded == 5);
}

TEST_CASE("numbers show at most one decimal") {
  CHECK(grader::decimal_text(37) == "37");
  CHECK(grader::decimal_text(52.25) == "52.2");  // 52.25 is 52.2499... in binary
  CHECK(grader::decimal_text(1.5) == "1.5");
  CHECK(grader::decimal_text(-0.01) == "0");
}

TEST_CASE("the page escapes every text it shows: a hostile id, output and case text inject nothing") {
  const std::string hostile = "<script>alert(1)</script>\"'&" + std::string(1, '\0') + "\xff";
  std::vector<grader::SubmissionReport> reports = kClass;
  reports.push_back(report(hostile, "failed", {{"wrong-output", 1}, {"passed", 2}}));
  reports.back().outcome.cases[0].details = {"actual: </pre><script>x()</script>"};
  std::vector<grader::CaseInfo> cases = grader::case_infos(reports, false);
  REQUIRE(cases.size() == 2);
  CHECK_FALSE(cases[0].text.has_value());
  CHECK(cases[0].missing == "the case file /nonexistent/ex/case-0.case was not found");
  cases[0].text = "# <img src=x onerror=alert(1)> (lesson 001, \"A\")\n> X\n1\n";
  const std::string page = grader::class_report_html(reports, cases);
  CHECK(page.find("<script>alert") == std::string::npos);
  CHECK(page.find("<script>x()") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find('\0') == std::string::npos);
  CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;\xEF\xBF\xBD\xEF\xBF\xBD") != std::string::npos);
  std::size_t scripts = 0;
  for (std::size_t at = page.find("<script"); at != std::string::npos; at = page.find("<script", at + 1)) ++scripts;
  CHECK(scripts == 1);  // the page's own
  CHECK(page.find("http://") == std::string::npos);  // nothing fetched: no link, font or CDN
  CHECK(page.find("https://") == std::string::npos);
}

TEST_CASE("the gradebook has a points and a verdict column per case, named by exercise/case") {
  const std::string csv = grader::gradebook_csv({kClass[2]});
  CHECK(csv ==
        "id,status,score,max,passed,failed,looks_like,public,hidden,workflow_points,protected_"
        "changed,commit,commit_time,late_days,late_penalty,final,collected,build_path,ex/case-0,ex/"
        "case-0 verdict,ex/case-1,ex/case-1 verdict\n"
        "hangs,failed,1,3,1,1,timeout in 1 case,1,0,,,,,,,1,,,1,passed,0,timeout\n");
}
