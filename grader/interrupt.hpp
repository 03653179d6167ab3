// Ctrl-C and SIGTERM, for every subcommand that runs programs: they kill every running
// program's process group at once and set a flag that tells grade() to start nothing more.
#pragma once

#include <atomic>

namespace grader {

// Installs the handlers (once) and returns the flag they set.
[[nodiscard]] const std::atomic<bool>& stop_on_interrupt();

// Whether an interrupt has come.
[[nodiscard]] inline bool interrupted() { return stop_on_interrupt().load(); }

}  // namespace grader
