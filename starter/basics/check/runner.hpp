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

// What confines a run: the kit's grader defines it, for the programs it grades. A starter's
// check confines nothing, and its runner refuses a command that carries one.
class Confinement;

// A program ready to start: its executable resolved to an absolute path.
struct Command {
  std::filesystem::path executable;
  std::vector<std::string> args;  // without argv[0]
  std::string display;            // as the user typed it, for messages
  // Where it runs; empty for a fresh temporary folder (the usual case). A build runs in the
  // submission's own folder.
  std::filesystem::path working_dir;
  // Set when the program runs confined; null for a plain run.
  std::shared_ptr<const Confinement> confinement;
  // A hidden case's run: the grader's sandbox never runs it where a visible case's ran.
  bool hidden_case = false;
};

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
