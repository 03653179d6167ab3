// bloom-grader's command line read into the options of the subcommand it names: each
// subcommand's fields bound to its rows of the options table (cli_options.hpp), then what
// CLI11 cannot say alone (the sandbox's kind and ids, the shard) made of them. main() calls
// the subcommand with them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "batch/batch.hpp"
#include "classroom.hpp"
#include "option_table.hpp"

namespace grader {

struct MergeOptions {
  std::vector<std::filesystem::path> folders;
  std::filesystem::path out = "gradebook.csv";
  bool show_hidden = false;
};

struct ReportOptions {
  std::vector<std::filesystem::path> folders;
  std::filesystem::path out;       // empty: FOLDER/report.html
  std::filesystem::path students;  // set: each student's own page instead
  bool show_hidden = false;
};

struct Arguments {
  Subcommand command = Subcommand::Run;  // the subcommand named; its options below
  RunOptions run;
  RecordOptions record;
  AuditOptions audit;
  BatchOptions batch;
  SandboxCommandOptions sandbox;
  BuildOptions build;
  MergeOptions merge;
  ReportOptions report;
  ClassroomOptions classroom;
  ExercisesOptions exercises;
  std::vector<std::string> options;  // `options`: the commands whose options to print
};

// Reads argv into `arguments`. Everything after the first "--" is the program's own command
// line (run, record, audit, sandbox), given to it untouched. Returns the exit status to end
// with instead of running a subcommand: 0 after --help, kExitCouldNotRun after a mistake,
// which it prints in the one error shape.
[[nodiscard]] std::optional<int> read_arguments(int argc, const char* const* argv,
                                                Arguments& arguments);

}  // namespace grader
