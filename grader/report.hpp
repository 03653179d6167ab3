// The reports of a graded run: text for students, JSON for tools, Gradescope's results.json for
// instructors, JUnit XML for CI. All of them read one Report and explain a failure with the
// same lines (failure_details), so no format tells less than another.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "judge.hpp"

namespace grader {

struct Report {
  std::vector<CaseResult> results;
  std::string command;  // as the user typed it
  bool interrupted = false;

  [[nodiscard]] int score() const;
  [[nodiscard]] int max_score() const;
  [[nodiscard]] int passed() const;
  [[nodiscard]] int failed() const;  // every case that did not pass, not-run included
};

// The explanation of a failed case, one line per element, without indentation: where (case
// file and line), what was sent, expected and actual with a caret, a little context, the hint,
// and the first lines of stderr. A hidden case says only its verdict.
[[nodiscard]] std::vector<std::string> failure_details(const CaseResult& result);

struct TextStyle {
  bool color = false;
  bool verbose = false;  // also the details of passed cases' stderr
};

// Passed cases one line each, failed ones with their details; then `score S/M` and
// `N passed, N failed` as the last line.
void write_text(const Report& report, std::ostream& out, const TextStyle& style);

// {"summary": {...}, "cases": [...]}: every field of a CaseResult.
[[nodiscard]] nlohmann::json to_json(const Report& report);

// Gradescope's results.json (autograder specification): score, tests with name, score,
// max_score, status, output and visibility; hidden cases are "hidden".
[[nodiscard]] nlohmann::json to_gradescope(const Report& report);

// JUnit XML as GitLab, Jenkins and GitHub read it: one testsuite, a testcase per case with a
// unique classname.name, the details in the text of <failure>.
[[nodiscard]] std::string to_junit(const Report& report);

}  // namespace grader
