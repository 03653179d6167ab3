// What the sandbox's child confinement costs a run (docs/performance.md, "The sandbox's filter
// and session"): the grader's runner starting a program three ways in one binary, read as
// ratios by bench/sandbox_bench.py:
// - bare: no confinement, as a run without the sandbox, and as every run was before the new
//   session and the filter;
// - session: a session of its own (setsid), what every confined run gets now;
// - session+filter: that and the system-call filter (no_new_privs, PR_SET_SECCOMP), as under
//   the users kind. Switching user is left out: it needs root and costs both the same.
// Each on three programs: one that does nothing (/bin/true: the start), the reference on a
// case's input (a case's run), and dd copying 1-byte blocks (every system call goes through the
// filter: its cost per call). Each reports its wall time and its child's CPU time.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "runner.hpp"
#include "sandbox/confinement.hpp"
#include "sandbox/seccomp.hpp"

namespace {

class Confined : public grader::Confinement {
 public:
  explicit Confined(const grader::SyscallFilter* filter) { identity_.filter = filter; }
  [[nodiscard]] std::shared_ptr<const grader::Identity> acquire() const override {
    return {&identity_, [](const grader::Identity*) {}};
  }

 private:
  grader::Identity identity_;
};

struct Program {
  const char* name;
  grader::Command command;
  std::string input;
};

const grader::SyscallFilter& filter() {
  static const grader::SyscallFilter compiled = [] {
    std::string problem;
    std::optional<grader::SyscallFilter> made = grader::SyscallFilter::compile(problem);
    if (!made) throw std::runtime_error(problem);
    return *made;
  }();
  return compiled;
}

void run(benchmark::State& state, Program program, int confinement) {
  if (confinement > 0) {
    program.command.confinement =
        std::make_shared<Confined>(confinement == 2 ? &filter() : nullptr);
  }
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(60000);
  // The child's CPU time (the setup before exec, then the program), which a loaded machine
  // changes far less than the wall clock.
  const auto child_cpu = [] {
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    const auto us = [](const timeval& t) {
      return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec);
    };
    return us(usage.ru_utime) + us(usage.ru_stime);
  };
  const double before = child_cpu();
  for (auto _ : state) {
    const grader::RunResult result = grader::run_program(program.command, program.input, limits);
    if (!result.started || result.exit_code != 0)
      state.SkipWithError((result.start_error + result.err).c_str());
    benchmark::DoNotOptimize(result.out.size());
  }
  state.counters["child_cpu_us"] =
      benchmark::Counter((child_cpu() - before) / static_cast<double>(state.iterations()));
}

}  // namespace

int main(int argc, char** argv) {
  const Program programs[] = {
      {"true", {"/bin/true", {}, "true", {}, {}}, ""},
      {"reference",
       {BLOOM_REFERENCE_BINARY, {}, "bloom-reference", {}, {}},
       "INIT 36000 0.1 10 0\nINSERT 0011223344\nCONTAINS 0011223344\nFILTERLOAD\n"},
      {"dd 200000 1-byte blocks",
       {"/bin/dd",
        {"if=/dev/zero", "of=/dev/null", "bs=1", "count=200000", "status=none"},
        "dd",
        {},
        {}},
       ""},
  };
  for (const Program& program : programs) {
    for (const auto& [confinement, how] :
         {std::pair{0, "bare"}, std::pair{1, "session"}, std::pair{2, "session+filter"}}) {
      benchmark::RegisterBenchmark((std::string("BM_Run/") + program.name + "/" + how).c_str(),
                                   [program, confinement = confinement](benchmark::State& state) {
                                     run(state, program, confinement);
                                   })
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
