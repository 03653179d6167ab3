// One submission's report, the file `bloom-grader batch` writes as OUT/ID.json and `merge` (and
// the gradebook) read back: the run's report as to_json writes it (its summary and cases, for
// any tool), with the submission's id, status and build. Its writer and its reader live here
// side by side, with a round-trip test (submission_report_test.cpp).
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace grader {

struct SubmissionReport {
  std::string submission;  // the folder's name
  std::string status;      // passed, failed, build-failed
  nlohmann::json build;    // command (null without --build), ok, time_ms, output[, summary]
  nlohmann::json run;      // to_json of the run's Report: {"summary": ..., "cases": [...]}

  // What the gradebook reads, from run; parse_submission_report checks that each is there.
  [[nodiscard]] int score() const { return run["summary"]["score"]; }
  [[nodiscard]] int max_score() const { return run["summary"]["max_score"]; }
  [[nodiscard]] int passed() const { return run["summary"]["passed"]; }
  [[nodiscard]] int failed() const { return run["summary"]["failed"]; }
  // The ids of the mistakes the run names, space-separated.
  [[nodiscard]] std::string diagnosis_ids() const;
  // Each case's name and points, in the run's order.
  [[nodiscard]] std::vector<std::pair<std::string, int>> case_points() const;
};

// The file's text: one JSON object, indented, ending in a newline.
[[nodiscard]] std::string format_submission_report(const SubmissionReport& report);

// Reads what format_submission_report wrote. Throws FileError naming `where` and what is
// missing or of the wrong type, for a file that is not such a report.
[[nodiscard]] SubmissionReport parse_submission_report(const std::string& text,
                                                       const std::filesystem::path& where);

// Every report of the folders (their *.json files with a "submission"), sorted by submission.
// Throws FileError.
[[nodiscard]] std::vector<SubmissionReport> read_submission_reports(
    const std::vector<std::filesystem::path>& folders);

}  // namespace grader
