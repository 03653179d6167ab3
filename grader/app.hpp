// What the bloom-grader command line asks for, and the functions that do it. arguments.cpp
// turns argv into these options, every error through one printer and one exit path; main()
// calls the function.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "options.hpp"
#include "record.hpp"
#include "report/formats.hpp"
#include "sandbox/sandbox.hpp"

namespace grader {

struct ReportRequest {
  const ReportFormat* format = nullptr;  // one of report_formats()
  std::string file;                      // empty: standard output
};

struct RunOptions : GradingOptions {
  std::string filter;
  int skip_after_timeouts = 0;  // GradeOptions::skip_after_timeouts; 0 as batch's
  std::vector<ReportRequest> reports;  // empty: text to stdout
  bool verbose = false;
  bool show_hidden = false;  // the instructor's view of hidden cases (Report::show_hidden)
  double output_limit_mb = kOutputLimitMib;
  std::optional<SandboxKind> sandbox;  // --sandbox, --sandbox-users
  SandboxIds sandbox_ids;              // --sandbox-uids
  std::vector<std::filesystem::path> sandbox_readable;  // --sandbox-read
  std::vector<std::string> command;
};

// `bloom-grader sandbox`: runs one command in the sandbox, or says what the sandbox holds here.
struct SandboxCommandOptions {
  SandboxKind kind = SandboxKind::namespaces;
  std::vector<std::filesystem::path> writable;  // handed to the sandbox, the first is the working folder
  std::vector<std::filesystem::path> readable;  // --sandbox-read
  SandboxIds ids;                               // --sandbox-uids
  double timeout_seconds = kCommandSeconds;
  double memory_mb = kMemoryMib;
  std::vector<std::string> command;  // empty: print what the sandbox holds
};

// `bloom-grader build`: finds, cleans and builds one submission (submission_build.hpp).
struct BuildOptions {
  std::filesystem::path submission;
  std::optional<SandboxKind> sandbox;  // --sandbox, --sandbox-users; none: run as the caller
  SandboxIds sandbox_ids;              // --sandbox-uids
  double timeout_seconds = kCommandSeconds;
  std::string exercise;  // names the starter in the message for a submission without CMake
  // --report FORMAT:FILE: when the build fails, what the format says for a submission no case
  // could run (Gradescope's results.json with score 0 and the compiler's message)
  std::vector<ReportRequest> reports;
};

// `bloom-grader exercises`: the manifest's exercises, or the case folders of one.
struct ExercisesOptions {
  std::filesystem::path kit;  // empty: the nearest folder at or above the current one with the manifest
  std::string suite;          // an exercise: print its case folders (manifest.hpp, exercise_suites)
};

struct RecordOptions : GradingOptions {
  bool check = false;  // report stale files and exit 1 instead of writing them
  // also record each known mistake's first wrong answer (`command --list-mistakes`, then
  // `command --mistake ID`) into mistakes.tsv and NAME.mistakes files
  bool mistakes = false;
  AnswerRule gets_answer = nullptr;  // which sent lines the program answers (record.hpp)
  std::vector<std::string> command;
};

struct AuditOptions : GradingOptions {
  std::vector<std::string> command;
};

// Parses "FORMAT[:FILE]"; returns an error message, or "" when it is well formed.
[[nodiscard]] std::string parse_report_request(const std::string& text, ReportRequest& request);

// Writes, into each requested report's file whose format has a word for it, that no case could
// run and `why` (ReportFormat::not_graded). A file that cannot be written is an error.
void write_not_graded(const std::vector<ReportRequest>& reports, std::string_view why);

// `bloom-grader run`: grades `command` on the cases and writes the reports. Returns an exit code.
[[nodiscard]] int run_cases(const RunOptions& options);

// `bloom-grader record`: rewrites the expected lines of every case file from what `command`
// answers (or, with check, lists the files that would change). Returns an exit code.
[[nodiscard]] int record_cases(const RecordOptions& options);

// `bloom-grader audit`: grades `command --mistake ID` for every mistake that `command
// --list-mistakes` names and prints which cases catch it and name it. Exit 1 when a mistake
// passes every case, or is caught by a case that does not name it.
[[nodiscard]] int audit_cases(const AuditOptions& options);

// `bloom-grader sandbox`: exit 0 when the command exited 0, 1 when it failed, 2 when it could
// not run; its stdout and stderr are passed through.
// The command's stdout goes to `out`.
[[nodiscard]] int sandbox_command(const SandboxCommandOptions& options, std::ostream& out);

// `bloom-grader build`: the build's output to stderr, then the program's path on stdout.
// 0 built, 1 no project or the build failed (the message says which), 2 could not run.
[[nodiscard]] int build_submission(const BuildOptions& options);

// `bloom-grader exercises`: one name a line, or with a suite, one case folder a line (under
// the kit as given). 0, or 2 with the reason on stderr (no kit, a bad manifest, no such
// exercise).
[[nodiscard]] int exercises_command(const ExercisesOptions& options, std::ostream& out);

}  // namespace grader
