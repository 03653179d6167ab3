#include "options.hpp"

#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "judge.hpp"

namespace grader {

Limits limits_of(double timeout_seconds, double memory_mb) {
  Limits limits;
  limits.set_time(whole_ms(timeout_seconds));
  limits.memory_bytes = bytes_of_mib(memory_mb);
  return limits;
}

std::optional<std::chrono::milliseconds> GradingOptions::timeout() const {
  if (!timeout_seconds) return std::nullopt;
  return whole_ms(*timeout_seconds);
}

GradeOptions GradingOptions::grade_options() const {
  GradeOptions options;
  options.limits = limits();
  options.timeout = timeout();
  options.jobs = jobs_or_cores();
  return options;
}

int GradingOptions::jobs_or_cores() const { return grader::jobs_or_cores(jobs); }

}  // namespace grader
