// One submission's report, the file `bloom-grader batch` writes as OUT/ID.json and `merge` (and
// the gradebook) read back: the run's report as to_json writes it (its summary and cases, for
// any tool), with the submission's id, status and build. Its writer and its reader live here
// side by side, with a round-trip test (submission_report_test.cpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "judge.hpp"
#include "report.hpp"
#include "report/collection.hpp"

namespace grader {

// How a submission came out, as a whole: every case passed; some did not; its build failed and
// no case ran; or there was nothing to build, a student of the roster whose repository was not
// collected (its collection record says why).
enum class SubmissionStatus { Passed, Failed, BuildFailed, NotCollected };
inline constexpr SubmissionStatus kSubmissionStatuses[] = {
    SubmissionStatus::Passed, SubmissionStatus::Failed, SubmissionStatus::BuildFailed,
    SubmissionStatus::NotCollected};
static_assert(std::size(kSubmissionStatuses) ==
              static_cast<std::size_t>(SubmissionStatus::NotCollected) + 1);
// "passed", "failed", "build-failed", "not-collected": the one name in reports and gradebooks, and
// parse_submission_status's inverse.
[[nodiscard]] std::string_view status_name(SubmissionStatus status);
[[nodiscard]] std::optional<SubmissionStatus> parse_submission_status(std::string_view name);

struct SubmissionReport {
  std::string submission;  // the folder's name
  SubmissionStatus status = SubmissionStatus::Failed;
  nlohmann::json build;    // command (null without --build), ok, time_ms, output[, summary]
  nlohmann::json run;      // to_json of the run's Report: {"summary": ..., "cases": [...]}
  // What classroom --collect took of this student, when the submissions came from it.
  std::optional<Collected> collected = std::nullopt;

  // What the gradebook reads, from run; parse_submission_report checks that each is there.
  [[nodiscard]] int score() const { return run["summary"]["score"]; }
  [[nodiscard]] int max_score() const { return run["summary"]["max_score"]; }
  [[nodiscard]] int passed() const { return run["summary"]["passed"]; }
  [[nodiscard]] int failed() const { return run["summary"]["failed"]; }
  // Each case's id, points and verdict, in the run's order.
  struct CaseOutcome {
    std::string name;
    int points = 0;
    Verdict verdict = Verdict::NotRun;
    bool hidden = false;
    bool operator==(const CaseOutcome&) const = default;
  };
  [[nodiscard]] std::vector<CaseOutcome> cases() const;
  // The points of the public cases, and of the hidden ones: score() is their sum.
  [[nodiscard]] int public_score() const;
  [[nodiscard]] int hidden_score() const;
  // The score after the collection's late penalty; score() when there is none.
  [[nodiscard]] int final_score() const;
  // What the submission's failures look like, most telling first: "not collected: REASON";
  // "build failed"; the ids of
  // the known mistakes the run names; "not implemented: NAME, NAME" (its `error: not
  // implemented` answers); "timeout in N cases", "crashed in N cases" and the other verdicts
  // that are not a wrong answer; "debug lines on standard output in N cases" (right answers
  // after lines too many); else, for a failed run, "wrong output, no known mistake".
  // Empty for a submission that passed.
  struct Look {
    std::string kind;  // the mistake's id, or the cause: "build failed", "not implemented",
                       // a verdict ("timeout"), "debug output", "wrong output, no known mistake"
    std::string text;  // as reports show it
    bool mistake = false;  // a known mistake, named
  };
  [[nodiscard]] std::vector<Look> looks_like() const;
};

// The report of a submission whose program ran: its status from the run (passed when every
// case did), `build` as SubmissionReport holds it.
[[nodiscard]] SubmissionReport submission_report_of(const Report& run, std::string submission,
                                                    nlohmann::json build);

// The report of a submission whose build failed: every case of `cases` not run, none passed.
[[nodiscard]] SubmissionReport build_failed_report(const std::vector<Case>& cases, std::string submission,
                                                   nlohmann::json build);

// The report of a student of the roster who has no folder to grade (`collected`'s state is not
// Collected): every case of `cases` not run, none passed, the state its reason.
[[nodiscard]] SubmissionReport not_collected_report(const std::vector<Case>& cases,
                                                    Collected collected);

// The terms of looks_like() as one cell of a table: their texts joined by "; ".
[[nodiscard]] std::string looks_like_text(const SubmissionReport& report);

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
