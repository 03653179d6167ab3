// A run's limits and the grader's defaults, each number once, for the grader, its --help and the
// starters' self-check alike: the time-limit rule (docs/case-format.md, "Time limits") and its
// fallback, the memory limit's default, and how many programs run at once.
//
// As isolate's --time, the limit is on the CPU time a run uses: every process and thread of it,
// its children's included. The machine's load does not change it, so a program gets the same
// verdict beside a busy build as on an idle machine. A program that blocks or sleeps uses no
// CPU, so each run also has a wall-clock limit, kWallPerCpu times the CPU limit: isolate's
// manual advises a --wall-time "much higher" than --time, as a precaution against sleeping
// programs, and a multiple keeps a program that only waits for the CPU (a machine with every
// core busy twice over gives it a third of one) within it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace grader {

inline constexpr int kWallPerCpu = 3;

// As in Kattis problemtools, where the limit is a multiple of the slowest judge solution's time,
// a case's limit is kTimeMultiplier times the reference's own CPU time on it, and at least
// kTimeFloor: the reference answers the course's cases in milliseconds, and a student's Debug
// build on a laptop must not time out where the reference on the kit's machine did not. Nor
// must a known mistake that is slow as well as wrong (no-byte-cap allocates 512 MiB on
// cap-36000-bytes: a Python program with it takes 1.4 s there), or its diagnosis is lost.
inline constexpr double kTimeMultiplier = 10;
inline constexpr std::chrono::milliseconds kTimeFloor{5000};
// The limit of a case that no times.tsv names (recorded before times were), and of a run that
// no case times (a build, a command run in the sandbox), unless its own option says otherwise.
inline constexpr std::chrono::milliseconds kUntimedLimit{10000};

// The address-space limit of a program unless --memory says otherwise, in MiB: the known mistake
// without the 36,000-byte cap allocates 512 MiB, and a student's Debug build with a sanitizer
// reserves more address space than it uses.
inline constexpr int kMemoryMib = 2048;
// The most --memory takes, in MiB: a petabyte, more than any machine's address space.
inline constexpr double kMaxMemoryMib = 1 << 30;
// MiB, as a limit is given, in bytes, as the kernel takes it.
[[nodiscard]] constexpr std::uint64_t bytes_of_mib(double mib) {
  return static_cast<std::uint64_t>(mib * 1048576);
}
// Bytes as a reader is told them: "64 MiB", in whole MiB rounded up (a limit is whole MiB).
[[nodiscard]] std::string mib_text(std::uint64_t bytes);
// A program's standard output before it is stopped, in MiB, unless --output-limit says
// otherwise: the longest expected answers are a few KiB, a runaway loop's are not.
inline constexpr int kOutputLimitMib = 8;
// The most --timeout takes for a case, in seconds: an hour, beyond any case of a course.
inline constexpr double kMaxCaseSeconds = 3600;
// The CPU-time limits of a submission's build in batch and of a build or a command run alone
// (`build`, `sandbox`), in seconds: a cold CMake build of a starter takes a minute.
inline constexpr int kBuildSeconds = 300;
inline constexpr int kCommandSeconds = 600;

// How many programs run at once: `jobs` when positive; else under Slurm the task's share,
// SLURM_CPUS_PER_TASK, what the job asked for, not the node's cores; else the
// number of cores.
[[nodiscard]] int jobs_or_cores(int jobs);
// The most programs at once that --jobs or SLURM_CPUS_PER_TASK asks for.
inline constexpr int kMaxJobs = 256;
// The same rule in words, for --help.
inline constexpr const char* kJobsRule = "SLURM_CPUS_PER_TASK under Slurm, else the number of cores";

// The wall-clock limit that goes with a CPU-time limit.
[[nodiscard]] constexpr std::chrono::milliseconds wall_limit(std::chrono::milliseconds cpu) {
  return cpu * kWallPerCpu;
}

// `seconds` (>= 0) rounded up to a whole millisecond: a limit given on a command line or in a
// case file (--timeout, @timeout), or a time recorded in times.tsv.
[[nodiscard]] std::chrono::milliseconds whole_ms(double seconds);

// The rule: the CPU-time limit a reference time of `seconds` gives, kTimeMultiplier times it,
// at least kTimeFloor. A case's limit (case_time_limit, judge.hpp) is this, unless its
// @timeout or --timeout says otherwise, or kUntimedLimit for a case without a reference time.
[[nodiscard]] std::chrono::milliseconds reference_limit(double seconds);

// Whether `recorded` (times.tsv) should give way to a fresh measurement, both in seconds:
// only when the limits they give differ and they are more than a factor 2 apart. Ordinary
// noise between runs and machines (a case of 3 ms measured at 5 ms) changes nothing, so
// recording the cases again elsewhere leaves the committed times as they are.
[[nodiscard]] bool reference_time_stale(double recorded, double measured);

// The rule in words, for --help: "10 times the reference's CPU time on the case (times.tsv), at
// least 5 s; 10 s for a case without one".
[[nodiscard]] std::string time_limit_rule();

// How the two limits relate, for --help: "CPU time; the wall-clock limit is 3 times it".
[[nodiscard]] std::string cpu_and_wall();

// "5 s", "0.3 s", "1.25 s": a limit as messages show it.
[[nodiscard]] std::string limit_text(std::chrono::milliseconds limit);

}  // namespace grader
