// The single-run formats of a Report, one table (report_formats): text for students, JSON for
// tools (json.hpp), Gradescope's results.json for instructors, JUnit XML for CI, and the class
// report's page for one program. `run --report`, its --help and `build --report` read it.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "report.hpp"
#include "report/json.hpp"

namespace grader {

// Gradescope's results.json (autograder specification): score, tests with name, score,
// max_score, status, output (each case's details) and visibility; hidden cases are "hidden".
// What Gradescope holds is the student's result: give it an outcome in the student's view.
[[nodiscard]] nlohmann::json to_gradescope(const Outcome& outcome);

// Gradescope's results.json for a submission that no case could run: score 0, and `why` as the
// one thing the student reads.
[[nodiscard]] nlohmann::json gradescope_not_graded(std::string_view why);

// JUnit XML as GitLab, Jenkins and GitHub read it: one testsuite, a testcase per case with a
// unique classname.name, the details in the text of <failure>.
[[nodiscard]] std::string to_junit(const Outcome& outcome);

// Every form `run --report FORMAT[:FILE]` writes, once: its name, what it is (for --help) and
// its writer. Writers that do not read `style` (colour, verbosity) ignore it.
struct ReportFormat {
  std::string_view name;
  std::string_view about;
  void (*write)(const Report& report, std::ostream& out, const TextStyle& style);
  // What the format says when no case could run (a build that failed, a grader that could not
  // start), so that a platform reading the file finds one; null where the format has no such
  // word and the error on standard error is all there is.
  void (*not_graded)(std::string_view why, std::ostream& out) = nullptr;
};
[[nodiscard]] std::span<const ReportFormat> report_formats();
[[nodiscard]] const ReportFormat* find_report_format(std::string_view name);
// "text json gradescope junit": the names, for messages.
[[nodiscard]] std::string report_format_names(std::string_view separator);

}  // namespace grader
