// Grading many submissions: `bloom-grader batch` (one folder per submission: build, run, one
// JSON report each, then the batch outputs of report/batch_outputs.hpp), `bloom-grader merge`
// (the outputs of shards' reports together) and `bloom-grader report` (the class report
// alone). See docs/batch.md. Beside it in batch/: which submissions a run grades
// (shards.hpp), how their commands are read (shell_words.hpp), the build cache of --starter
// (build_cache.hpp) and how --jobs is spent (scheduler.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "options.hpp"
#include "runner.hpp"
#include "sandbox/sandbox.hpp"

namespace grader {

// GradingOptions::jobs is the submissions graded at once (each runs its cases one by one).
struct BatchOptions : GradingOptions {
  std::filesystem::path submissions;
  // "cmake" (the kit's recipe), or a command run in each submission's folder; {dir} is that folder
  std::string build;
  // The command that starts the program (shell_words.hpp says how): {dir} is the submission's
  // folder and, with build == "cmake" only, {project} its CMake project's folder.
  std::string run;
  // With build == "cmake": the exercise's starter as students got it. Its given files are
  // compiled once into a build cache that every submission's build reads (ccache).
  std::filesystem::path starter;
  // With starter: where its cache is kept and shared between runs (build_cache.hpp); empty, a
  // temporary folder of this run's own.
  std::filesystem::path starter_cache;
  // With starter: every submission gets the full CMake build, even one shaped like the
  // starter, which otherwise takes the fast path (batch/fast_build.hpp).
  bool no_fast_path = false;
  std::filesystem::path out{"grades"};
  std::optional<SandboxKind> sandbox;  // --sandbox, --sandbox-users
  SandboxIds sandbox_ids;              // --sandbox-uids
  int shard_index = 1;  // grade the shard_index-th of shard_count slices (1-based)
  int shard_count = 1;
  bool show_hidden = false;  // reports show hidden cases in full (Report::show_hidden)
  bool regrade = false;  // grade again submissions whose report is already in `out`
  double build_timeout_seconds = kBuildSeconds;
  // Per submission: GradeOptions::skip_after_timeouts. 0, every case runs, is the grade a
  // program earns; N > 0 is the fast path for feedback, which may skip a case it would pass.
  int skip_after_timeouts = 0;
  double budget_seconds = 0;    // per submission's cases (not its build); 0: none
};

[[nodiscard]] int batch_grade(const BatchOptions& options);

// `bloom-grader merge`: the gradebook of the reports in `folders`, written to `out`, and their
// class report beside it (report.html in out's folder).
[[nodiscard]] int merge_reports(const std::vector<std::filesystem::path>& folders,
                                const std::filesystem::path& out, bool show_hidden);

// `bloom-grader report`: the class report of the reports in `folders`, written to `out`
// (default: report.html in the first folder).
[[nodiscard]] int class_report_command(const std::vector<std::filesystem::path>& folders,
                                       const std::filesystem::path& out, bool show_hidden);

// `bloom-grader report --students DIR`: each submission's page to release to its student
// (report/student_page.hpp), DIR/ID.html and DIR/ID.txt, from the reports in `folders`.
// `show_hidden` is refused: the pages are what students may see.
[[nodiscard]] int student_pages_command(const std::vector<std::filesystem::path>& folders,
                                        const std::filesystem::path& out, bool show_hidden);

}  // namespace grader
