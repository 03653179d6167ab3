// The outcome of a graded run as one value: each case's verdict, points, first difference,
// hints and diagnosis, and the submission's status, build and summary (report.hpp's
// outcome_of makes it of a Report). It holds no pointer into
// a case file and nothing of a program's run but what a report shows, so it can be stored, read
// back (the grader's report/json.hpp, beside its writer) and rendered by every report. Like the
// rest of core/ it needs nothing but the standard library: a starter's `check` copies it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge.hpp"

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

// One claim of a case's diagnosis: one known mistake (one id), or several that answer the case's
// line alike, so that the case cannot tell which ("one of", two ids or more). A pair's answer
// names both of its mistakes: two claims of one id each.
struct Claim {
  std::vector<std::string> mistakes;  // ids, as mistakes.tsv names them
  [[nodiscard]] bool one_of() const { return mistakes.size() > 1; }
  bool operator==(const Claim&) const = default;
};

// The first differing line, as reports show it.
struct MismatchOutcome {
  std::string command;          // the line sent, "" when none was
  int case_line = 0;            // of the expectation, in the case file
  std::size_t output_line = 0;  // 1-based
  std::string expected;
  std::optional<std::string> actual;  // visible(): invisible characters escaped; none when the
                                      // output ended first
  bool extra_output = false;          // a line came where none was expected
  bool operator==(const MismatchOutcome&) const = default;
};

// One case as a report shows it. A hidden case, out of the instructor's view, has no summary,
// mismatch, hints or stderr: its verdict, points, diagnosis and details (failure_details) alone.
struct CaseOutcome {
  std::string name;  // the case's id, "bip37/worked-example"
  std::string file;  // the case file's path
  Verdict verdict = Verdict::NotRun;
  std::string summary;
  int points = 0;      // earned
  int max_points = 0;  // the case's
  bool hidden = false;
  std::int64_t time_ms = 0;
  std::int64_t cpu_ms = 0;            // what the time limit counts (limits.hpp)
  std::optional<int> exit_code;       // none when a signal ended it
  std::optional<std::string> signal;  // "SIGSEGV"
  std::optional<MismatchOutcome> mismatch;
  int extra_lines_before = 0;  // lines too many before a right answer: debug lines
  std::vector<Claim> diagnosis;
  std::vector<std::string> hints;    // shown_hints()
  std::vector<std::string> details;  // failure_details(): the text report's lines; none if passed
  std::string err;                   // stderr, visible()
  bool operator==(const CaseOutcome&) const = default;
};

// Known mistakes that explain the same cases of a run (Report::diagnoses()): one, or "one of".
struct NamedMistakes {
  std::vector<std::string> mistakes;  // ids
  int cases = 0;
  std::vector<std::string> messages;  // diagnosis_line() of each mistake, in the order of ids
  // "fnv-1", or "one of: fnv-1, halves-swapped": how reports name it
  [[nodiscard]] std::string name() const;
  // the messages as one text: "...; or ..."
  [[nodiscard]] std::string message() const;
  bool operator==(const NamedMistakes&) const = default;
};

// The build of a submission (batch's --build); a run without one: no command, ok.
struct BuildOutcome {
  std::optional<std::string> command;  // the build's command line; none without --build
  bool ok = true;
  std::optional<std::int64_t> time_ms;
  std::optional<std::string> output;   // its output's tail (build_output_tail)
  std::optional<std::string> summary;  // why it failed, in one line
  bool operator==(const BuildOutcome&) const = default;
};

struct RunSummary {
  int cases = 0;
  int passed = 0;
  int failed = 0;  // every case that did not pass, not-run included
  int score = 0;
  int max_score = 0;
  std::string command;  // as the user typed it
  bool interrupted = false;
  std::vector<NamedMistakes> diagnosis;  // Report::diagnoses()
  bool operator==(const RunSummary&) const = default;
};

struct Outcome {
  SubmissionStatus status = SubmissionStatus::Failed;
  BuildOutcome build;
  RunSummary summary;
  std::vector<CaseOutcome> cases;  // in the order graded
  bool operator==(const Outcome&) const = default;
};

}  // namespace grader
