// The machine-readable forms of a Report: JSON for tools, Gradescope's results.json for
// instructors, JUnit XML for CI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "report.hpp"

namespace grader {

// {"summary": {...}, "cases": [...]}: every field of a CaseResult.
[[nodiscard]] nlohmann::json to_json(const Report& report);

// Gradescope's results.json (autograder specification): score, tests with name, score,
// max_score, status, output and visibility; hidden cases are "hidden".
[[nodiscard]] nlohmann::json to_gradescope(const Report& report);

// JUnit XML as GitLab, Jenkins and GitHub read it: one testsuite, a testcase per case with a
// unique classname.name, the details in the text of <failure>.
[[nodiscard]] std::string to_junit(const Report& report);

}  // namespace grader
