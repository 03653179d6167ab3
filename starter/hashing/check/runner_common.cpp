// The parts of the runner that both implementations share: runner_posix.cpp (Boost.Process, the
// kit's grader) and runner_fork.cpp (plain POSIX, the starters' self-check).
#include <signal.h>
#include <sys/wait.h>

#include <cstring>

#include "runner.hpp"

namespace grader {

std::string signal_name(int signal) {
  const char* abbreviation = ::sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
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
