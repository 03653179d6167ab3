#include "cpu_clock.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace grader {

namespace fs = std::filesystem;

namespace {

// A cgroup v1 cpuacct.usage (ns), read from its start; -1 when it cannot be.
std::int64_t cgroup_ns(int usage) {
  char text[32] = {};
  const ssize_t n = ::pread(usage, text, sizeof text - 1, 0);
  if (n <= 0) return -1;
  return std::strtoll(text, nullptr, 10);
}

// utime + stime + cutime + cstime of /proc/PID/stat, in clock ticks; -1 when it is gone.
long long ticks_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return -1;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields start after
  // the last ')'; utime is the 14th field, the 12th after it
  const std::size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return -1;
  std::istringstream fields(stat.substr(paren + 1));
  std::string skip;
  for (int i = 0; i < 11; ++i) fields >> skip;
  long long utime = 0, stime = 0, cutime = 0, cstime = 0;
  if (!(fields >> utime >> stime >> cutime >> cstime)) return -1;
  return utime + stime + cutime + cstime;
}

// Calls visit(pid, task folders) for root and every process that descends from it now
// (/proc/PID/task/*/children); a process gone meanwhile is left out.
template <typename Visit>
void walk_tree(pid_t root, Visit visit) {
  std::vector<pid_t> todo = {root};
  while (!todo.empty()) {
    const pid_t pid = todo.back();
    todo.pop_back();
    std::error_code error;
    std::vector<fs::path> tasks;
    for (const fs::directory_entry& task : fs::directory_iterator("/proc/" + std::to_string(pid) + "/task", error)) {
      tasks.push_back(task.path());
      std::ifstream children(task.path() / "children");
      for (pid_t child = 0; children >> child;) todo.push_back(child);
    }
    if (!tasks.empty()) visit(pid, tasks);
  }
}

}  // namespace

std::chrono::milliseconds process_tree_cpu(pid_t root) {
  static const long kTicks = ::sysconf(_SC_CLK_TCK);
  long long ticks = 0;
  walk_tree(root, [&](pid_t pid, const std::vector<fs::path>&) { ticks += std::max(ticks_of(pid), 0LL); });
  return std::chrono::milliseconds(ticks * 1000 / (kTicks > 0 ? kTicks : 100));
}

std::chrono::milliseconds longest_cpu_wait(pid_t root) {
  long long longest = 0;  // ns
  walk_tree(root, [&](pid_t, const std::vector<fs::path>& tasks) {
    for (const fs::path& task : tasks) {
      // "time on the CPU, time waiting on a run queue, timeslices", ns
      std::ifstream schedstat(task / "schedstat");
      long long on_cpu = 0, waiting = 0;
      if (schedstat >> on_cpu >> waiting) longest = std::max(longest, waiting);
    }
  });
  return std::chrono::milliseconds(longest / 1000000);
}

CpuClock::CpuClock(int cgroup_usage) : cgroup_usage_(cgroup_usage) {
  if (cgroup_usage_ >= 0) cgroup_start_ns_ = cgroup_ns(cgroup_usage_);
  if (cgroup_start_ns_ < 0) cgroup_usage_ = -1;
}

std::chrono::milliseconds CpuClock::used(pid_t root) const {
  if (cgroup_usage_ >= 0) {
    const std::int64_t now = cgroup_ns(cgroup_usage_);
    if (now >= cgroup_start_ns_) return std::chrono::milliseconds((now - cgroup_start_ns_) / 1000000);
  }
  return process_tree_cpu(root);
}

}  // namespace grader
