// For the report tests: a report of one case as if a program had answered `output` (and written
// `err`), judged as grading judges it, without running anything.
#pragma once

#include <string>

#include "report/submission_report.hpp"

namespace grader::testing {

inline Report judged(const Case& kase, const std::string& output, const std::string& err = "") {
  RunResult run;
  run.started = true;
  run.out = output;
  run.err = err;
  Report report;
  report.results.push_back(judge(kase, run, Limits{}));
  return report;
}

// That report as batch files it for the submission `id`, built without a build command.
inline SubmissionReport judged_submission(const Case& kase, const std::string& id, const std::string& output) {
  return submission_report_of(judged(kase, output), id, {});
}

}  // namespace grader::testing
