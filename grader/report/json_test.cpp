#include "report/json.hpp"

#include <doctest/doctest.h>

#include "file_io.hpp"
#include "report/judged.hpp"

namespace {

const grader::Case kOne = grader::parse_case("> A\nx\n> B\n2\n", "dir/one", "cases/dir/one.case");
const grader::Case kTwo = grader::parse_case("@hidden\n> A\nx\n", "dir/two", "cases/dir/two.case");
const grader::KnownMistake kWide{2, "y", {"wide", "e", "s", "m"}};
const grader::KnownMistake kNarrow{2, "y", {"narrow", "e", "s", "n"}};
const grader::KnownMistake kPair{2, "y", {"left", "e", "s", "l"}, {{"right", "e", "s", "r"}}};

// Two cases answered "y": the first one that two single mistakes answer alike, the second
// (hidden) one that a pair's answer names.
grader::Report graded() {
  grader::Report report = grader::testing::judged(kOne, "y\n2\n", "a line of stderr\n");
  report.results.push_back(grader::testing::judged(kTwo, "y\n").results[0]);
  report.results[0].diagnosis = {&kWide, &kNarrow};
  report.results[1].diagnosis = {&kPair};
  report.command = "./bloom";
  return report;
}

std::string problem_of(const nlohmann::json& json) {
  try {
    static_cast<void>(grader::outcome_from_json(json, "out/run.json", "not a run"));
  } catch (const grader::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("an outcome reads back from its JSON as the same value, and writes the same JSON") {
  for (const bool show_hidden : {false, true}) {
    CAPTURE(show_hidden);
    const grader::Outcome outcome = grader::outcome_of(graded(), {show_hidden, false});
    const nlohmann::json json = grader::to_json(outcome);
    const grader::Outcome read = grader::outcome_from_json(json, "out/run.json", "not a run");
    CHECK(read == outcome);
    CHECK(grader::to_json(read) == json);
  }
}

TEST_CASE("a case's diagnosis is claims: one of several mistakes, or each mistake of a pair") {
  const grader::Outcome outcome = grader::outcome_of(graded());
  REQUIRE(outcome.cases.size() == 2);
  CHECK(outcome.cases[0].diagnosis == std::vector<grader::Claim>{{{"wide", "narrow"}}});
  CHECK(outcome.cases[0].diagnosis[0].one_of());
  CHECK(outcome.cases[1].diagnosis == std::vector<grader::Claim>{{{"left"}}, {{"right"}}});
  const nlohmann::json json = grader::to_json(outcome);
  CHECK(json["cases"][0]["claims"] == nlohmann::json::parse(R"([{"one_of": ["wide", "narrow"]}])"));
  CHECK(json["cases"][1]["claims"] ==
        nlohmann::json::parse(R"([{"mistake": "left"}, {"mistake": "right"}])"));
  // the flat list, as before claims: "one of" and "both" read alike there
  CHECK(json["cases"][0]["diagnosis"] == nlohmann::json::parse(R"(["wide", "narrow"])"));
  CHECK(json["cases"][1]["diagnosis"] == nlohmann::json::parse(R"(["left", "right"])"));
}

TEST_CASE("a hidden case's outcome holds no text of it out of the instructor's view") {
  const grader::Outcome outcome = grader::outcome_of(graded());
  const grader::CaseOutcome& hidden = outcome.cases[1];
  CHECK(hidden.hidden);
  CHECK(hidden.summary.empty());
  CHECK_FALSE(hidden.mismatch.has_value());
  CHECK(hidden.err.empty());
  CHECK(hidden.details.front() == "hidden case: wrong-output");
  const grader::Outcome full = grader::outcome_of(graded(), {true, false});
  CHECK(full.cases[1].mismatch.has_value());
}

TEST_CASE("the run's named mistakes keep each mistake's line through JSON") {
  const grader::Outcome outcome = grader::outcome_of(graded());
  const nlohmann::json json = grader::to_json(outcome);
  const grader::Outcome read = grader::outcome_from_json(json, "out/run.json", "not a run");
  REQUIRE(read.summary.diagnosis.size() == 3);
  CHECK(read.summary.diagnosis[0].name() == "one of: wide, narrow");
  CHECK(read.summary.diagnosis[0].messages ==
        std::vector<std::string>{"this is what you get when m (s) [wide]",
                                 "this is what you get when n (s) [narrow]"});
  CHECK(grader::diagnosed_lines(read.summary.diagnosis[0]) ==
        grader::diagnosed_lines(grader::named_mistakes(graded().diagnoses()[0])));
}

TEST_CASE("JSON that is not a run says which field is wrong") {
  const nlohmann::json good = grader::to_json(grader::outcome_of(graded()));
  CHECK(problem_of(good) == "no error");
  nlohmann::json no_claim = good;
  no_claim["cases"][1]["claims"][0] = nlohmann::json::object();
  CHECK(problem_of(no_claim) ==
        "out/run.json: error: not a run: cases[].claims[].mistake is missing or not string");
  nlohmann::json odd_type = good;
  odd_type["cases"][0]["hints"] = 3;
  CHECK(problem_of(odd_type).rfind("out/run.json: error: not a run: ", 0) == 0);
  nlohmann::json no_verdict = good;
  no_verdict["cases"][0].erase("verdict");
  CHECK(problem_of(no_verdict) ==
        "out/run.json: error: not a run: cases[].verdict is missing or not string");
}

TEST_CASE("a long line's actual is stored whole past the byte where it parts from the expected") {
  // a FILTERLOAD payload's length: 600 hex digits, the last one wrong
  const std::string expected(600, 'a');
  const std::string actual = std::string(599, 'a') + "b";
  const grader::Case kase = grader::parse_case("> A\n" + expected + "\n", "dir/long", "cases/dir/long.case");
  const grader::Outcome outcome = grader::outcome_of(grader::testing::judged(kase, actual + "\n"));
  REQUIRE(outcome.cases[0].mismatch.has_value());
  CHECK(outcome.cases[0].mismatch->actual == actual);
  CHECK(grader::to_json(outcome)["cases"][0]["mismatch"]["actual"] == actual);
  // a runaway line is kept as far as the expected line and 64 bytes past it
  const std::string runaway(100000, 'a');
  const grader::Outcome long_one = grader::outcome_of(grader::testing::judged(kase, runaway + "\n"));
  REQUIRE(long_one.cases[0].mismatch.has_value());
  CHECK(*long_one.cases[0].mismatch->actual == std::string(664, 'a') + "...");
}
