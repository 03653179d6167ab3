// The sandbox's side of the runner's contract (core/runner.hpp): what confines one run beyond
// its Limits, handed out per run by a Confinement that a Command carries. Set by the sandbox
// (sandbox.hpp), applied by the kit's runner (runner_posix.cpp) in the child before exec. The
// starters' runner never sandboxes: it refuses a command with a Confinement, and a starter's
// copy of core/ has no part of this file.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "runner.hpp"

namespace grader {

class SyscallFilter;  // seccomp.hpp
class KeptSandbox;    // kept.hpp

// What confines one run. Every confined run also gets a session of its own, so that it has no
// controlling terminal to type into.
struct Identity {
  // Become uid/gid with `groups` as the supplementary groups (the grader is root), keeping no
  // capability: an empty bounding set and no_new_privs, so that no setuid program gives
  // root back; files are made with umask 007.
  bool switch_user = false;
  unsigned uid = 0;
  unsigned gid = 0;
  std::vector<unsigned> groups;
  int processes = 0;      // RLIMIT_NPROC; 0 for none
  int open_files = 0;     // RLIMIT_NOFILE; 0 for none
  std::vector<int> join;  // open cgroup.procs files; the child writes "0" to each to join it
  // Installed last before exec: the system-call filter (the users kind), or null.
  const SyscallFilter* filter = nullptr;
  // A descriptor the program receives as kPassedFd, read from its start (bubblewrap's
  // --seccomp program); -1 for none.
  int passed_fd = -1;
  // A folder made for this run alone, the program's HOME, TMPDIR and working folder in place
  // of the runner's own; empty for the runner's.
  std::filesystem::path home;
  // Open for reading, -1 without: the CPU time of every process in the slot's cgroup
  // (cpuacct.usage, ns), and its memory controller's record of OOM kills (memory.oom_control).
  int cpu_usage = -1;
  int oom_control = -1;
  // A sandbox kept for runs like this one, whose init starts the program (kept.hpp), and how
  // many of the command's arguments come before the program's own words (bubblewrap's and its
  // init's); null for a run of its own.
  KeptSandbox* kept = nullptr;
  std::size_t kept_skip = 0;
};

// The descriptor number at which a run receives Identity::passed_fd.
inline constexpr int kPassedFd = 3;

// The descriptor on which a command that reports_status writes its program's wait status: the
// int waitpid gave, in this machine's byte order, once. Beside kPassedFd: bubblewrap reads its
// filter there and the init inside writes here, in one run.
inline constexpr int kStatusFd = 4;
// The highest of the descriptors a run may be passed.
inline constexpr int kHighestPassedFd = kStatusFd;

// Hands out one Identity per run and takes it back: acquire blocks until a slot is free,
// and the slot returns when the last copy of the pointer is gone, after every process left
// in it has been killed.
class Confinement {
 public:
  virtual ~Confinement() = default;
  // For a run of `command` with `limits`.
  [[nodiscard]] virtual std::shared_ptr<const Identity> acquire(const Command& command,
                                                                const Limits& limits) const = 0;
  // True when its commands start the program under the sandbox's init (sandbox_init.cpp),
  // which writes the program's own wait status to descriptor kStatusFd: bubblewrap reports a
  // program killed by signal N as one that exited with 128 + N. The runner passes a pipe there
  // and takes the status it reads over the command's own.
  [[nodiscard]] virtual bool reports_status() const { return false; }
};

}  // namespace grader
