#include "limits.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <system_error>
#include <thread>

namespace grader {

std::chrono::milliseconds reference_limit(double seconds) {
  return std::max(whole_ms(seconds * kTimeMultiplier), kTimeFloor);
}

namespace {

std::string whole_seconds(std::chrono::milliseconds limit) { return std::to_string(limit.count() / 1000) + " s"; }

}  // namespace

std::string mib_text(std::uint64_t bytes) {
  return std::to_string(bytes / 1048576 + (bytes % 1048576 != 0 ? 1 : 0)) + " MiB";
}

std::chrono::milliseconds whole_ms(double seconds) {
  // Without libm (the starters' check calls no C library function outside POSIX and macOS's,
  // and ceil is in libm); a millionth of a ms below a whole one is the decimal's rounding.
  const double ms = seconds * 1000 - 1e-6;
  auto whole = static_cast<std::int64_t>(ms);
  if (static_cast<double>(whole) < ms) ++whole;
  return std::chrono::milliseconds(std::max<std::int64_t>(whole, 0));
}

bool reference_time_stale(double recorded, double measured) {
  return reference_limit(recorded) != reference_limit(measured) &&
         (measured > 2 * recorded || measured < recorded / 2);
}

std::string time_limit_rule() {
  return std::to_string(static_cast<int>(kTimeMultiplier)) +
         " times the reference's CPU time on the case (times.tsv), at least " + whole_seconds(kTimeFloor) +
         "; " + whole_seconds(kUntimedLimit) + " for a case without one";
}

std::string cpu_and_wall() {
  return "CPU time, every process of the program together; the wall-clock limit is " +
         std::to_string(kWallPerCpu) + " times it";
}

std::string limit_text(std::chrono::milliseconds limit) {
  const auto ms = limit.count();
  std::string fraction = std::to_string(1000 + ms % 1000).substr(1);  // "250"
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return std::to_string(ms / 1000) + (fraction.empty() ? "" : "." + fraction) + " s";
}

int jobs_or_cores(int jobs) {
  if (jobs > 0) return jobs;
  if (const char* granted = std::getenv("SLURM_CPUS_PER_TASK")) {
    const std::string_view text(granted);
    int cpus = 0;
    const auto [end, failed] = std::from_chars(text.data(), text.data() + text.size(), cpus);
    if (failed == std::errc() && end == text.data() + text.size() && cpus > 0 && cpus <= kMaxJobs)
      return cpus;
  }
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace grader
