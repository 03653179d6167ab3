// The CPU time a running program has used so far, every process of it, and how long it has
// waited for a CPU: what the kit's runner (runner_posix.cpp) stops a run at, and counts once it
// has ended (limits.hpp). Linux: it reads /proc, and cgroup v1's cpuacct where the sandbox
// gave the run a cgroup of its own, or else counts every process of the run's slot uid.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <utility>

namespace grader {

class CpuClock {
 public:
  // `cgroup_usage`: the run's cgroup's cpuacct.usage, open for reading, or -1. `uid`: the slot
  // uid the run alone has (the sandbox as root), or 0. Made before the run starts, so that the
  // cgroup's count from earlier runs is left out. `kept_init`: the run is in a kept sandbox
  // (kept.hpp) whose init this is: with no cgroup, the uid's time or else the init's tree's is
  // the run's, less what they had used when the clock was made (the init and bubblewrap, and the
  // earlier runs' programs the init reaped).
  explicit CpuClock(int cgroup_usage, unsigned uid = 0, pid_t kept_init = 0);

  // The CPU time the run started as `root` has used: the cgroup's count when there is one, which
  // holds every process the run ever had. Else, with a uid, that of every process of that uid
  // seen so far, whether it still descends from root or not (an orphan that called setsid is
  // counted too; one that has ended keeps the time it had when last seen, and what it did not
  // live long enough to be seen for counts only once its parent reaps it); and at least the
  // time of root's tree. Else the time of root and of every process that descends from it
  // now; a process that has left the tree (an orphan, reparented) is not counted from then on.
  // Not thread-safe: it keeps what it has seen.
  [[nodiscard]] std::chrono::milliseconds used(pid_t root) const;

  // What a look at /proc says of one process of the uid (clock ticks).
  struct Seen {
    pid_t parent = 0;
    long long own = 0;       // utime + stime
    long long children = 0;  // cutime + cstime: the children it has reaped
    bool alive = false;      // there at the latest look
  };
  // By pid and start time (a pid is reused).
  using SeenProcesses = std::map<std::pair<pid_t, unsigned long long>, Seen>;

 private:
  int cgroup_usage_;
  std::int64_t cgroup_start_ns_ = 0;
  std::chrono::milliseconds uid_start_{0};
  std::chrono::milliseconds tree_start_{0};
  unsigned uid_;
  pid_t kept_init_ = 0;
  mutable SeenProcesses seen_;
};

// Looks at every process whose real uid is `uid`, updating `seen` (each one's latest, and
// which are there now), and returns their CPU time: each one's own, plus what it has reaped
// that was not seen (its children's time less that of its children seen that have gone).
[[nodiscard]] std::chrono::milliseconds uid_cpu(unsigned uid, CpuClock::SeenProcesses& seen);

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
