// One submission's report, the file `bloom-grader batch` writes as OUT/ID.json and `merge` (and
// the gradebook) read back: the run's report as to_json writes it (its summary and cases, for
// any tool), with the submission's id, status and build. Its writer and its reader live here
// side by side, with a round-trip test (submission_report_test.cpp); what they hold is an
// Outcome (core/outcome.hpp), which every batch output reads, typed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "outcome.hpp"
#include "report.hpp"
#include "report/collection.hpp"

namespace grader {

struct SubmissionReport {
  std::string submission;  // the folder's name
  Outcome outcome;         // its status, build and run
  // What classroom --collect took of this student, when the submissions came from it.
  std::optional<Collected> collected = std::nullopt;
  // With batch --build cmake, which way its build went: "fast" (the starter's own build's
  // commands, batch/fast_build.hpp) or "cmake" (the full recipe); empty otherwise. The JSON's
  // build.path; and the build's CPU time, every process of it (build.cpu_ms), when it ran.
  std::string build_path = "";
  std::optional<std::int64_t> build_cpu_ms = std::nullopt;

  // What the gradebook reads, from the outcome.
  [[nodiscard]] SubmissionStatus status() const { return outcome.status; }
  [[nodiscard]] int score() const { return outcome.summary.score; }
  [[nodiscard]] int max_score() const { return outcome.summary.max_score; }
  [[nodiscard]] int passed() const { return outcome.summary.passed; }
  [[nodiscard]] int failed() const { return outcome.summary.failed; }
  // Each case's outcome, in the run's order.
  [[nodiscard]] const std::vector<CaseOutcome>& cases() const { return outcome.cases; }
  // The points of the public cases, and of the hidden ones: score() is their sum.
  [[nodiscard]] int public_score() const;
  [[nodiscard]] int hidden_score() const;
  // The score after the collection's late penalty; score() when there is none.
  [[nodiscard]] int final_score() const;
  // What the submission's failures look like, most telling first: "not collected: REASON";
  // "build failed"; the known mistakes the run names; "not implemented: NAME, NAME" (its
  // `error: not implemented` answers); "timeout in N cases", "crashed in N cases" and the other
  // verdicts that are not a wrong answer; "debug lines on standard output in N cases" (right
  // answers after lines too many); else, for a failed run, "wrong output, no known mistake".
  // Empty for a submission that passed.
  struct Look {
    enum class Cause {
      Mistake,  // known mistakes named: `mistakes`
      NotCollected,
      BuildFailed,
      NotImplemented,  // `error: not implemented` answers
      Verdict,         // cases of `verdict`, not a wrong answer
      DebugOutput,     // right answers after lines too many
      NoKnownMistake,  // wrong output, no known mistake
    };
    Cause cause = Cause::NoKnownMistake;
    std::vector<std::string> mistakes;  // Cause::Mistake: the ids (several: "one of")
    std::optional<Verdict> verdict;     // Cause::Verdict
    std::string
        name;  // how a table counts it: "fnv-1", "one of: A, B", "build failed",
               // "not implemented", "timeout", "debug output", "wrong output, no known mistake"
    std::string text;  // as reports show it
    // the same thing looked like (what a class counts together), whatever the text
    [[nodiscard]] bool same_as(const Look& other) const {
      return cause == other.cause && mistakes == other.mistakes && verdict == other.verdict;
    }
  };
  [[nodiscard]] std::vector<Look> looks_like() const;
};

// The report of a submission whose program ran: its status from the run (passed when every
// case did), `build` as SubmissionReport holds it.
[[nodiscard]] SubmissionReport submission_report_of(const Report& run, std::string submission,
                                                    BuildOutcome build);

// The report of a submission whose build failed: every case of `cases` not run, none passed.
[[nodiscard]] SubmissionReport build_failed_report(const std::vector<Case>& cases,
                                                   std::string submission, BuildOutcome build);

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
