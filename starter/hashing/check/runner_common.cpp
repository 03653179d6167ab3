// The parts of the runner that both implementations share: runner_posix.cpp (Boost.Process, the
// kit's grader) and runner_fork.cpp (plain POSIX, the starters' self-check).
#include <signal.h>

#include <cstring>

#include "runner.hpp"

namespace grader {

std::string signal_name(int signal) {
  const char* abbreviation = ::sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

}  // namespace grader
