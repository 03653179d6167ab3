// What both runners of runner.hpp do alike, without a process library: runner_posix.cpp (the
// kit's grader, Boost.Process) and runner_fork.cpp (the starters' self-check, plain POSIX)
// keep the same promises by calling these. The same tests (runner_test.cpp) run against both.
#pragma once

#include <sys/resource.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "runner.hpp"

namespace grader {

// A fresh folder for one run, removed with everything the program left in it. path() is
// empty when it could not be made (errno says why).
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The whole environment of a program: nothing of the grader's leaks in; HOME and TMPDIR are
// its own folder.
[[nodiscard]] std::vector<std::string> minimal_environment(const std::filesystem::path& folder);

// Seconds of CPU time each process of a run may use (RLIMIT_CPU, which counts whole seconds):
// its CPU-time limit, rounded up. The kernel ends a process there with SIGXCPU, and a second
// later with SIGKILL if it caught that; the runners count the whole run's time besides.
[[nodiscard]] std::uint64_t cpu_seconds(const Limits& limits);

// The resource limits of a run's program: no core files, `cpu` seconds of CPU (SIGXCPU, then a
// second later SIGKILL), the file-size limit of `limits` and its address-space limit when it
// has one (0: none); the first `count` of `limit` hold.
struct ChildLimits {
  struct One {
    int resource = 0;
    std::uint64_t soft = 0;
    std::uint64_t hard = 0;
  };
  std::array<One, 4> limit{};
  std::size_t count = 0;
};
[[nodiscard]] ChildLimits child_limits(const Limits& limits, std::uint64_t cpu) noexcept;

// In the child, between fork and exec, so async-signal-safe: its own process group, the
// child_limits of `limits` and `cpu`, and the
// default SIGPIPE disposition and an empty signal mask (the grader ignores SIGPIPE, and an
// ignored signal stays ignored across exec). False, with errno set, when a step fails.
[[nodiscard]] bool prepare_child(const Limits& limits, std::uint64_t cpu) noexcept;

// user + system time of a struct rusage (getrusage, wait4), to the ms.
[[nodiscard]] std::chrono::milliseconds cpu_time_of(const struct rusage& usage);

}  // namespace grader
