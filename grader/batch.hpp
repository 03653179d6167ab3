// Grading many submissions: `bloom-grader batch` (one folder per submission: build, run, one
// JSON report each, a gradebook) and `bloom-grader merge` (gradebooks from shards). See
// docs/batch.md.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "options.hpp"
#include "runner.hpp"
#include "sandbox.hpp"
#include "submission_report.hpp"

namespace grader {

// GradingOptions::jobs is the submissions graded at once (each runs its cases one by one).
struct BatchOptions : GradingOptions {
  std::filesystem::path submissions;
  std::string build;  // shell command run in each submission's folder; {dir} is that folder
  std::string run;    // shell command that starts the program; {dir} is the submission folder
  // With build == "cmake": the exercise's starter as students got it. Its given files are
  // compiled once into a build cache that every submission's build reads (ccache).
  std::filesystem::path starter;
  std::filesystem::path out{"grades"};
  std::optional<SandboxKind> sandbox;  // --sandbox, --sandbox-users
  SandboxIds sandbox_ids;              // --sandbox-uids
  int shard_index = 1;  // grade the shard_index-th of shard_count slices (1-based)
  int shard_count = 1;
  bool show_hidden = false;  // reports show hidden cases in full (Report::show_hidden)
  bool regrade = false;  // grade again submissions whose report is already in `out`
  double build_timeout_seconds = 300;
  int skip_after_timeouts = 2;  // per submission: GradeOptions::skip_after_timeouts
  double budget_seconds = 0;    // per submission's cases (not its build); 0: none
};

// Parses "I/N" (1 <= I <= N); returns an error message, or "" when it is well formed.
[[nodiscard]] std::string parse_shard(const std::string& text, int& index, int& count);

// The submission folders of `root` in this shard: sorted by name, every count-th from index.
[[nodiscard]] std::vector<std::filesystem::path> shard_of(const std::filesystem::path& root,
                                                          int index, int count);

// `command` with every {dir} replaced by `dir`, quoted for the shell.
[[nodiscard]] std::string expand_dir(const std::string& command, const std::filesystem::path& dir);

// The words of `command` with {dir} replaced by `dir`, when /bin/sh would read it as those
// words and nothing else: letters, digits, spaces and _ . / - + , : @ % { } only (no quotes,
// $, globs, pipes, redirections, ~ or =). Such a command runs without a shell, a process fewer
// per case. nullopt for anything else, which runs through /bin/sh -c.
[[nodiscard]] std::optional<std::vector<std::string>> plain_words(const std::string& command,
                                                                   const std::filesystem::path& dir);

// The gradebook of the submission reports (submission_report.hpp): a header, then one row per
// report in their order: id, status, score, max, passed, failed, diagnosis, then the points of
// each case.
[[nodiscard]] std::string gradebook_csv(const std::vector<SubmissionReport>& reports);

[[nodiscard]] int batch_grade(const BatchOptions& options);

// `bloom-grader merge`: the gradebook of the reports in `folders`, written to `out`, and their
// class report beside it (report.html in out's folder).
[[nodiscard]] int merge_reports(const std::vector<std::filesystem::path>& folders,
                                const std::filesystem::path& out, bool show_hidden);

// `bloom-grader report`: the class report of the reports in `folders`, written to `out`
// (default: report.html in the first folder).
[[nodiscard]] int class_report_command(const std::vector<std::filesystem::path>& folders,
                                       const std::filesystem::path& out, bool show_hidden);


}  // namespace grader
