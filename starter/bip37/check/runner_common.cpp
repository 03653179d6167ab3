// The parts of the runner that both implementations share: runner_posix.cpp (Boost.Process, the
// kit's grader) and runner_fork.cpp (plain POSIX, the starters' self-check).
#include <signal.h>
#include <sys/wait.h>

#include <string>
#include <utility>

#include "runner.hpp"

namespace grader {

std::string signal_name(int signal) {
  // The signals POSIX.1-2008 names, spelled out because sigabbrev_np is glibc's (2.32 on) and
  // the starters' self-check also builds on macOS and older Linux.
  static constexpr std::pair<int, const char*> kNames[] = {
      {SIGABRT, "SIGABRT"}, {SIGALRM, "SIGALRM"}, {SIGBUS, "SIGBUS"},   {SIGCHLD, "SIGCHLD"},
      {SIGCONT, "SIGCONT"}, {SIGFPE, "SIGFPE"},   {SIGHUP, "SIGHUP"},   {SIGILL, "SIGILL"},
      {SIGINT, "SIGINT"},   {SIGKILL, "SIGKILL"}, {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"},
      {SIGSEGV, "SIGSEGV"}, {SIGSTOP, "SIGSTOP"}, {SIGTERM, "SIGTERM"}, {SIGTSTP, "SIGTSTP"},
      {SIGTTIN, "SIGTTIN"}, {SIGTTOU, "SIGTTOU"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
      {SIGPROF, "SIGPROF"}, {SIGSYS, "SIGSYS"},   {SIGTRAP, "SIGTRAP"}, {SIGURG, "SIGURG"},
      {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
  };
  for (const auto& [number, name] : kNames) {
    if (number == signal) return name;
  }
  return "signal " + std::to_string(signal);
}

void record_exit_status(int status, bool we_killed, RunResult& result) {
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    // A SIGKILL that the grader sent is the grader's doing, reported as timeout or output limit.
    const bool ours = we_killed && WTERMSIG(status) == SIGKILL;
    result.signal = ours ? 0 : WTERMSIG(status);
  }
  // Exceeding RLIMIT_CPU ends a program with SIGXCPU: it ran out of time.
  if (result.signal == SIGXCPU) {
    result.signal = 0;
    result.timed_out = true;
  }
}

}  // namespace grader
