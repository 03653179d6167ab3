// The CPU time a running program has used so far, every process of it, and how long it has
// waited for a CPU: what the kit's runner (runner_posix.cpp) stops a run at, and counts once it
// has ended (limits.hpp). Linux: it reads /proc, and cgroup v1's cpuacct where the sandbox
// gave the run a cgroup of its own.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>

namespace grader {

class CpuClock {
 public:
  // `cgroup_usage`: the run's cgroup's cpuacct.usage, open for reading, or -1. Made before the
  // run starts, so that the cgroup's count from earlier runs is left out.
  explicit CpuClock(int cgroup_usage);

  // The CPU time the run started as `root` has used: the cgroup's count when there is one, which
  // holds every process the run ever had. Else the time of root and of every process that
  // descends from it now, with that of the processes they have reaped; a process that has left
  // the tree (an orphan, reparented) is not counted from then on.
  [[nodiscard]] std::chrono::milliseconds used(pid_t root) const;

 private:
  int cgroup_usage_;
  std::int64_t cgroup_start_ns_ = 0;
};

// The CPU time of `root` and of its descendants now, with that of the children each has reaped,
// from /proc/PID/stat (utime, stime, cutime, cstime) and /proc/PID/task/*/children. Zero when
// root is gone.
[[nodiscard]] std::chrono::milliseconds process_tree_cpu(pid_t root);

// The longest time one thread of `root`'s tree has spent ready to run but waiting for a CPU
// (/proc/PID/task/TID/schedstat, its run_delay): on a busy machine the wall clock runs on
// while the program waits its turn, which is not the program's doing. Zero where the kernel
// keeps no such count.
[[nodiscard]] std::chrono::milliseconds longest_cpu_wait(pid_t root);

}  // namespace grader
