// How a batch spends its --jobs: submissions run that many at once, each case after case; once
// none is left to start, a submission's cases take the slots that finished submissions leave,
// so that the last one of a batch (or a batch of one) does not run its cases, or its
// timeouts, one after another. And what the grader shows meanwhile: a progress bar on a
// terminal, a line per submission elsewhere (a log, Slurm's output file).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

#include "report/submission_report.hpp"

namespace grader {

struct Submission {
  std::size_t index;  // in the batch's order
  // How many of its cases may run at once, asked once its build is done.
  std::function<int()> case_jobs;
  // To call as each of its cases is judged or skipped: the bar counts cases, not submissions,
  // so a program that hangs moves it as its cases time out, and the time left stays honest.
  std::function<void()> case_done;
};

// Grades `count` submissions of `cases_each` cases, `jobs` at once: grade() for each, then
// finished() with its report (one at a time; it writes the report, and may fail there, which
// the caller keeps). Starts no new submission once `stop` is true.
void schedule(std::size_t count, std::size_t cases_each, int jobs, const std::atomic<bool>& stop,
              const std::function<SubmissionReport(const Submission&)>& grade,
              const std::function<void(std::size_t index, const SubmissionReport&)>& finished);

}  // namespace grader
