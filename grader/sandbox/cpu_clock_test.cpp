// The kit's runner on a busy machine: CPU time counted, and the wall clock not charged with the
// time a program waits for a CPU (cpu_clock.hpp, runner_posix.cpp).
#include "cpu_clock.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "judge.hpp"
#include "runner.hpp"

namespace {

// Processes that keep every core busy `per_core` times over while they live.
class CpuHogs {
 public:
  explicit CpuHogs(unsigned per_core) {
    for (unsigned i = 0; i < per_core * std::max(1U, std::thread::hardware_concurrency()); ++i) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        volatile unsigned long spins = 0;
        for (;;) spins = spins + 1;
      }
      if (pid > 0) pids_.push_back(pid);
    }
  }
  ~CpuHogs() {
    for (const pid_t pid : pids_) ::kill(pid, SIGKILL);
    for (const pid_t pid : pids_) ::waitpid(pid, nullptr, 0);
  }
  CpuHogs(const CpuHogs&) = delete;
  CpuHogs& operator=(const CpuHogs&) = delete;

 private:
  std::vector<pid_t> pids_;
};

grader::Command fixture(const std::string& name, std::vector<std::string> args) {
  grader::Command command;
  command.executable = std::string(BLOOM_FIXTURES_DIR) + "/" + name;
  command.args = std::move(args);
  command.display = name;
  return command;
}

}  // namespace

TEST_CASE("the CPU time of a process tree counts every process of it, reaped ones too") {
  // the fixture's two children use 0.3 s each and are reaped by it before it ends
  const grader::RunResult run = grader::run_program(fixture("hostile_busy_children", {"2", "0.3"}), "", {});
  CHECK(run.exit_code == 0);
  CHECK(run.cpu >= std::chrono::milliseconds(600));
  CHECK(grader::process_tree_cpu(::getpid()) > std::chrono::milliseconds(0));  // this test's own
  CHECK(grader::process_tree_cpu(999999999) == std::chrono::milliseconds(0));  // no such process
}

TEST_CASE("beside CPU hogs a program that computes is judged by its CPU time, one that sleeps by the clock") {
  // Four hogs per core leave a program at most a fifth of one: 0.5 s of CPU takes 2.5 s or more
  // on the clock, past a wall-clock limit of 1.5 s, yet it waited for the CPU most of that time.
  // The control: a program that sleeps is stopped at the same limit beside the same hogs.
  const CpuHogs hogs(4);
  const grader::Case kase = grader::load_case(BLOOM_GRADER_TESTDATA "/hostile.case", "hostile");
  grader::Limits limits;
  limits.cpu = std::chrono::milliseconds(1000);
  limits.wall = std::chrono::milliseconds(1500);
  const grader::RunResult computes =
      grader::run_program(fixture("hostile_busy_children", {"1", "0.5"}), kase.input_text(), limits);
  CHECK(grader::judge(kase, computes, limits).verdict == grader::Verdict::Passed);
  CHECK(computes.elapsed > limits.wall);  // a plain wall clock would have stopped it
  const grader::RunResult sleeps = grader::run_program(fixture("hostile_sleep_forever", {}), kase.input_text(), limits);
  CHECK(sleeps.timed_out);
  CHECK_FALSE(sleeps.cpu_limited);
  CHECK(sleeps.elapsed < std::chrono::milliseconds(15000));
}
