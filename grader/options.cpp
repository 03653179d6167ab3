#include "options.hpp"

#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "judge.hpp"

namespace grader {

Limits limits_of(double timeout_seconds, double memory_mb) {
  Limits limits;
  limits.set_time(whole_ms(timeout_seconds));
  limits.memory_bytes = static_cast<std::uint64_t>(memory_mb * 1048576);
  return limits;
}

std::optional<std::chrono::milliseconds> GradingOptions::timeout() const {
  if (!timeout_seconds) return std::nullopt;
  return whole_ms(*timeout_seconds);
}

int GradingOptions::jobs_or_cores() const {
  if (jobs > 0) return jobs;
  // Under Slurm the task's share, not the node's cores: its CPUs are what the job asked for
  // (docs/batch.md, "On a Slurm cluster").
  if (const char* granted = std::getenv("SLURM_CPUS_PER_TASK")) {
    char* end = nullptr;
    const long cpus = std::strtol(granted, &end, 10);
    if (end != granted && *end == '\0' && cpus > 0 && cpus <= 256) return static_cast<int>(cpus);
  }
  return grader::jobs_or_cores(0);
}

}  // namespace grader
