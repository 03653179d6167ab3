#include "interrupt.hpp"

#include <signal.h>

#include "runner.hpp"

namespace grader {

namespace {

std::atomic<bool> interrupt_seen{false};

extern "C" void on_interrupt(int) {
  interrupt_seen.store(true);
  kill_all_running();
}

}  // namespace

const std::atomic<bool>& stop_on_interrupt() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    return true;
  }();
  static_cast<void>(installed);
  return interrupt_seen;
}

}  // namespace grader
