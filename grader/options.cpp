#include "options.hpp"

#include <chrono>
#include <cstdint>

#include "judge.hpp"

namespace grader {

Limits limits_of(double timeout_seconds, double memory_mb) {
  Limits limits;
  limits.wall = std::chrono::milliseconds(static_cast<std::int64_t>(timeout_seconds * 1000));
  limits.memory_bytes = static_cast<std::uint64_t>(memory_mb * 1048576);
  return limits;
}

int GradingOptions::jobs_or_cores() const { return grader::jobs_or_cores(jobs); }

}  // namespace grader
