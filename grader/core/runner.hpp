// Runs one program on one input under limits and collects what it did. The only place that
// knows about processes; everything above it sees a RunResult.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limits.hpp"

namespace grader {

// What a run may use (limits.hpp says how the two times relate).
struct Limits {
  // CPU time of the whole run: every process and thread of it, children included
  std::chrono::milliseconds cpu = kUntimedLimit;
  // wall-clock time, for a program that blocks or sleeps: set_time keeps it wall_limit(cpu)
  std::chrono::milliseconds wall = wall_limit(kUntimedLimit);
  std::size_t output_bytes = bytes_of_mib(kOutputLimitMib);  // stdout before the program is stopped
  std::size_t stderr_bytes = 64 << 10;       // bytes of stderr kept (the rest is read and dropped)
  std::uint64_t memory_bytes = bytes_of_mib(kMemoryMib);  // address space; 0 for no limit
  std::uint64_t file_bytes = 64ULL << 20;    // largest file the program may write

  // `cpu_limit` of CPU time, and the wall-clock limit that goes with it.
  void set_time(std::chrono::milliseconds cpu_limit) {
    cpu = cpu_limit;
    wall = wall_limit(cpu_limit);
  }
};

class SyscallFilter;  // seccomp.hpp: the kit's grader only (the self-check never sandboxes)

// What confines one run, beyond Limits: set by the sandbox (sandbox.hpp), applied by the runner
// in the child before exec. Every confined run also gets a session of its own, so that it has
// no controlling terminal to type into.
struct Identity {
  // Become uid/gid with `groups` as the supplementary groups (the grader is root), keeping no
  // capability: an empty bounding set and no_new_privs, so that no setuid program gives
  // root back; files are made with umask 007.
  bool switch_user = false;
  unsigned uid = 0;
  unsigned gid = 0;
  std::vector<unsigned> groups;
  int processes = 0;   // RLIMIT_NPROC; 0 for none
  int open_files = 0;  // RLIMIT_NOFILE; 0 for none
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
};

// The descriptor number at which a run receives Identity::passed_fd.
inline constexpr int kPassedFd = 3;

// Hands out one Identity per run and takes it back: acquire() blocks until a slot is free,
// and the slot returns when the last copy of the pointer is gone, after every process left
// in it has been killed.
class Confinement {
 public:
  virtual ~Confinement() = default;
  [[nodiscard]] virtual std::shared_ptr<const Identity> acquire() const = 0;
};

// A program ready to start: its executable resolved to an absolute path.
struct Command {
  std::filesystem::path executable;
  std::vector<std::string> args;  // without argv[0]
  std::string display;            // as the user typed it, for messages
  // Where it runs; empty for a fresh temporary folder (the usual case). A build runs in the
  // submission's own folder.
  std::filesystem::path working_dir;
  // Set when the program runs in the sandbox. The starters' self-check (runner_fork.cpp) never
  // sandboxes and refuses such a command.
  std::shared_ptr<const Confinement> confinement;
  // Set when `executable` starts the program under the sandbox's init (sandbox_init.cpp), which
  // writes the program's own wait status to descriptor kStatusFd: bubblewrap reports a program
  // killed by signal N as one that exited with 128 + N. The runner passes a pipe there and takes
  // the status it reads over the command's own.
  bool reports_status = false;
};

// The descriptor on which a command that reports_status writes its program's wait status: the
// int waitpid gave, in this machine's byte order, once. Beside kPassedFd: bubblewrap reads its
// filter there and the init inside writes here, in one run.
inline constexpr int kStatusFd = 4;
// The highest of the descriptors a run may be passed.
inline constexpr int kHighestPassedFd = kStatusFd;

// The absolute path of `program`, runnable: found on PATH as a shell finds it, or taken
// against the current folder when it has a '/'. nullopt when there is none.
[[nodiscard]] std::optional<std::filesystem::path> find_program(const std::string& program);

// Resolves argv[0] on PATH (or against the current folder when it has a '/'), and turns each
// argument that names an existing file or folder into an absolute path, because the program
// runs in a fresh temporary folder (`-- python3 bloom.py` still finds bloom.py). Returns
// nullopt and sets `error` when argv[0] cannot be found or is not executable.
[[nodiscard]] std::optional<Command> resolve_command(const std::vector<std::string>& argv,
                                                     std::string& error);

struct RunResult {
  bool started = false;
  std::string start_error;  // why the program could not be started
  int exit_code = 0;        // when it exited normally
  int signal = 0;           // when a signal it did not get from us ended it
  // A time limit ended it, or its CPU time went past Limits::cpu before it ended (isolate's
  // rule). cpu_limited: that limit was the CPU time's, not the wall clock's.
  bool timed_out = false;
  bool cpu_limited = false;
  bool output_limited = false;
  // The memory limit's cgroup saw the kernel's OOM killer end a process of the run (judge.hpp
  // says how an allocation that failed under the address-space limit is told apart).
  bool oom_killed = false;
  std::string out;
  std::string err;  // the first Limits::stderr_bytes of it
  bool err_truncated = false;
  std::chrono::milliseconds elapsed{0};
  // CPU time the run used, user and system, every process of it the runner could account for
  // (runner_posix.cpp and runner_fork.cpp say which)
  std::chrono::milliseconds cpu{0};
};

// Runs `command` with `input` on its stdin, in a fresh temporary working folder, with a
// minimal environment, in its own process group. Input is written while output is read, so a
// program that never reads cannot block the grader. When the program exits, times out or is
// cut off, its whole process group is killed, so no child outlives the run. It is stopped once
// its CPU time reaches Limits::cpu or its wall-clock time Limits::wall, and a run that ended
// with more CPU time than Limits::cpu timed out all the same. The first call sets SIGPIPE to be
// ignored in this process, so that a closed stdin cannot end the grader.
[[nodiscard]] RunResult run_program(const Command& command, const std::string& input,
                                    const Limits& limits);

// Fills exit_code, signal and timed_out from a wait status and the run's CPU time (result.cpu,
// filled first). `we_killed`: the runner sent SIGKILL itself (timeout, output limit), so that
// signal is not the program's crash.
void record_exit_status(int status, bool we_killed, const Limits& limits, RunResult& result);

// Kills the process groups of every running program (for Ctrl-C). Async-signal-safe.
void kill_all_running() noexcept;

// The name of a signal: "SIGSEGV"; "signal 42" when it has none.
[[nodiscard]] std::string signal_name(int signal);

}  // namespace grader
