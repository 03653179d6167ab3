#include "report/collection.hpp"

#include <doctest/doctest.h>

#include "file_io.hpp"
#include "report/batch_outputs.hpp"
#include "report/submission_report.hpp"

namespace {

std::vector<grader::Collected> roster() {
  grader::Collected alice;
  alice.id = "alice";
  alice.url = "https://github.com/course/bip37-alice";
  alice.commit = "0123456789abcdef0123456789abcdef01234567";
  alice.commit_time = 1704067200 + 3600;
  alice.deadline = 1704067200;
  alice.days_late = 1;
  alice.penalty_percent = 25;
  alice.workflow_points = 41;
  alice.protected_changed =
      std::vector<std::string>{".github/workflows/classroom.yml", "starter/bip37/cases/a b.case"};
  grader::Collected bob;
  bob.id = "bob";
  bob.state = grader::CollectState::NeverAccepted;
  grader::Collected carol;
  carol.id = "carol";
  carol.url = "/srv/carol.git";
  carol.commit = "fedcba9876543210fedcba9876543210fedcba98";
  carol.commit_time = 1704067100;
  carol.protected_changed = std::vector<std::string>{};
  return {alice, bob, carol};
}

std::string problem_of(const std::string& text) {
  try {
    static_cast<void>(grader::parse_collection(text, "submissions/collection.json"));
  } catch (const grader::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a collection record reads back as written, student for student") {
  const std::string text = grader::format_collection(roster());
  const std::vector<grader::Collected> read = grader::parse_collection(text, "collection.json");
  CHECK(read == roster());
  CHECK(grader::format_collection(read) == text);
  CHECK(text.find("\"commit_time\": \"2024-01-01T01:00:00Z\"") != std::string::npos);
  CHECK(text.find("\"state\": \"never accepted\"") != std::string::npos);
}

TEST_CASE("every collect state has a name that reads back") {
  for (const auto state : {grader::CollectState::Collected, grader::CollectState::NeverAccepted,
                           grader::CollectState::CloneFailed, grader::CollectState::PushedNothing,
                           grader::CollectState::NothingInTime}) {
    CHECK(grader::parse_collect_state(grader::collect_state_name(state)) == state);
  }
  CHECK_FALSE(grader::parse_collect_state("lost").has_value());
}

TEST_CASE("a collection record with a wrong field says which") {
  CHECK(problem_of("[]") ==
        "submissions/collection.json: error: not a collection record: no list of students");
  CHECK(problem_of(R"({"students": [{"id": "a"}]})") ==
        "submissions/collection.json: error: not a collection record: url is missing or not a "
        "string");
  nlohmann::json bad = nlohmann::json::parse(grader::format_collection(roster()));
  bad["students"][0]["commit_time"] = "yesterday";
  CHECK(problem_of(bad.dump()) ==
        "submissions/collection.json: error: not a collection record: commit_time is not a time as "
        "ISO 8601");
  bad = nlohmann::json::parse(grader::format_collection(roster()));
  bad["students"][1]["state"] = "absent";
  CHECK(problem_of(bad.dump()) ==
        "submissions/collection.json: error: not a collection record: state \"absent\" is none the "
        "kit writes");
}

TEST_CASE("a late penalty takes its percentage of the score, rounded half up") {
  grader::Collected late;
  late.penalty_percent = 25;
  CHECK(late.after_penalty(10) == 8);   // 7.5
  CHECK(late.after_penalty(53) == 40);  // 39.75
  late.penalty_percent = 100;
  CHECK(late.after_penalty(53) == 0);
  late.penalty_percent = 0;
  CHECK(late.after_penalty(53) == 53);
}

TEST_CASE("a student never collected has a gradebook row of zero with the reason") {
  const grader::Case kase = grader::parse_case("> A\n1\n", "ex/one", "cases/ex/one.case");
  const std::vector<grader::Case> cases{kase};
  const grader::SubmissionReport report = grader::not_collected_report(cases, roster()[1]);
  CHECK(report.status() == grader::SubmissionStatus::NotCollected);
  CHECK(report.score() == 0);
  CHECK(report.max_score() == 1);
  CHECK(grader::looks_like_text(report) == "not collected: never accepted");
  const grader::SubmissionReport read =
      grader::parse_submission_report(grader::format_submission_report(report), "bob.json");
  CHECK(read.collected == report.collected);
  // nothing collected, so no protected path to check: those columns are empty
  CHECK(grader::gradebook_csv({read}) ==
        "id,status,score,max,passed,failed,looks_like,public,hidden,workflow_points,"
        "protected_changed,commit,commit_time,late_days,late_penalty,final,collected,"
        "build_path,ex/one,ex/one verdict\n"
        "bob,not-collected,0,1,0,1,not collected: never accepted,0,0,,,,,0,0%,0,"
        "never accepted,,0,not-run\n");
}
