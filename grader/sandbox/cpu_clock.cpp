#include "cpu_clock.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
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

struct Ticks {
  long long ticks = -1;  // utime + stime + cutime + cstime; -1 when the process is gone
  long long own = 0;     // utime + stime
  pid_t parent = 0;
  unsigned long long start = 0;  // starttime: with the pid, names the process
};

// From /proc/PID/stat, in clock ticks.
Ticks ticks_and_start(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return {};
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields start after
  // the last ')'; utime is the 14th field, the 12th after it; starttime the 22nd
  const std::size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return {};
  std::istringstream fields(stat.substr(paren + 1));
  std::string skip;
  Ticks ticks;
  fields >> skip >> ticks.parent;  // state, ppid
  for (int i = 0; i < 9; ++i) fields >> skip;
  long long utime = 0, stime = 0, cutime = 0, cstime = 0;
  if (!(fields >> utime >> stime >> cutime >> cstime)) return {};
  ticks.own = utime + stime;
  for (int i = 0; i < 4; ++i) fields >> skip;  // priority, nice, num_threads, itrealvalue
  if (!(fields >> ticks.start)) return {};
  ticks.ticks = utime + stime + cutime + cstime;
  return ticks;
}

long long ticks_of(pid_t pid) {
  return ticks_and_start(pid).ticks;
}

std::chrono::milliseconds from_ticks(long long ticks) {
  static const long kTicks = ::sysconf(_SC_CLK_TCK);
  return std::chrono::milliseconds(ticks * 1000 / (kTicks > 0 ? kTicks : 100));
}

// The real uid of /proc/PID/status's "Uid:" line; false when the process is gone.
bool real_uid_of(const std::string& pid, unsigned& uid) {
  std::ifstream status("/proc/" + pid + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Uid:", 0) == 0)
      return static_cast<bool>(std::istringstream(line.substr(4)) >> uid);
  }
  return false;
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
  long long ticks = 0;
  walk_tree(root, [&](pid_t pid, const std::vector<fs::path>&) { ticks += std::max(ticks_of(pid), 0LL); });
  return from_ticks(ticks);
}

std::chrono::milliseconds uid_cpu(unsigned uid, CpuClock::SeenProcesses& seen) {
  for (auto& [process, its] : seen) its.alive = false;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    unsigned real = 0;
    if (!real_uid_of(name, real) || real != uid) continue;
    const pid_t pid = std::atoi(name.c_str());
    const Ticks ticks = ticks_and_start(pid);
    if (ticks.ticks < 0) continue;  // gone meanwhile: what it had is kept from the last look
    seen[{pid, ticks.start}] = {ticks.parent, ticks.own, ticks.ticks - ticks.own, true};
  }
  // A child that has gone was reaped by its parent (its time then in the parent's children's)
  // or by the grader, the subreaper of orphans; either way it counts once, as itself.
  std::map<pid_t, long long> gone_children;
  for (const auto& [process, its] : seen) {
    if (!its.alive) gone_children[its.parent] += its.own + its.children;
  }
  long long ticks = 0;
  for (const auto& [process, its] : seen) {
    ticks += its.own + std::max(0LL, its.children - gone_children[process.first]);
  }
  return from_ticks(ticks);
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

CpuClock::CpuClock(int cgroup_usage, unsigned uid, pid_t kept_init)
    : cgroup_usage_(cgroup_usage), uid_(uid), kept_init_(kept_init) {
  if (cgroup_usage_ >= 0) cgroup_start_ns_ = cgroup_ns(cgroup_usage_);
  if (cgroup_start_ns_ < 0) cgroup_usage_ = -1;
  if (kept_init_ > 0 && cgroup_usage_ < 0) {
    if (uid_ != 0) {
      uid_start_ = uid_cpu(uid_, seen_);
    } else {
      tree_start_ = process_tree_cpu(kept_init_);
    }
  }
}

std::chrono::milliseconds CpuClock::used(pid_t root) const {
  if (cgroup_usage_ >= 0) {
    const std::int64_t now = cgroup_ns(cgroup_usage_);
    if (now >= cgroup_start_ns_) return std::chrono::milliseconds((now - cgroup_start_ns_) / 1000000);
  }
  if (uid_ == 0 && kept_init_ > 0) return process_tree_cpu(kept_init_) - tree_start_;
  if (uid_ == 0) return process_tree_cpu(root);
  // no cgroup: the slot uid is the run's alone (the sandbox gives each run its own), so every
  // process of it is the run's, however far it went from root's tree
  return std::max(uid_cpu(uid_, seen_) - uid_start_, process_tree_cpu(root));
}

}  // namespace grader
