// What every subcommand of bloom-grader shares on its command line: the exit codes, and the
// options of grading programs on cases. Each option's flag, help, default and bound are its row
// of the options table (core/option_table.hpp); arguments.cpp binds these fields to the rows.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <vector>

#include "case_file.hpp"
#include "judge.hpp"
#include "runner.hpp"

namespace grader {

// Exit codes, for every subcommand (documented in docs/grader.md):
inline constexpr int kExitPassed = 0;      // every case passed
inline constexpr int kExitFailed = 1;      // some case failed
inline constexpr int kExitCouldNotRun = 2;  // bad arguments, bad case file, program not started

// The limits of one run from the command line's seconds of CPU time (and the wall-clock limit
// that goes with them, limits.hpp) and MiB (0: no memory limit); the rest as Limits has them.
[[nodiscard]] Limits limits_of(double timeout_seconds, double memory_mb);

struct GradingOptions {
  std::vector<std::filesystem::path> cases{"cases"};  // files, or folders searched recursively
  // --timeout: CPU seconds per case, for cases without @timeout, over the limit their reference
  // time gives
  std::optional<double> timeout_seconds;
  double memory_mb = kMemoryMib;  // address-space limit of a program; 0: none
  int jobs = 0;                 // programs run at once; 0: SLURM_CPUS_PER_TASK, or the cores

  // The limits of one run: limits_of(timeout_seconds, memory_mb), kUntimedLimit without --timeout
  // (the limit of a case recorded without a reference time).
  [[nodiscard]] Limits limits() const {
    return limits_of(timeout_seconds.value_or(static_cast<double>(kUntimedLimit.count()) / 1000), memory_mb);
  }
  // timeout_seconds as GradeOptions::timeout takes it.
  [[nodiscard]] std::optional<std::chrono::milliseconds> timeout() const;
  // What grading every case takes from these options: the memory limit, --timeout (each
  // case's time limit is case_time_limit of it) and jobs_or_cores(); the rest as GradeOptions
  // has it.
  [[nodiscard]] GradeOptions grade_options() const;
  // jobs; when 0, SLURM_CPUS_PER_TASK (a positive number, under Slurm), else the number of
  // cores.
  [[nodiscard]] int jobs_or_cores() const;
};

}  // namespace grader
