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
//
// Then what a sandboxed case costs (docs/performance.md, "The sandbox's cost per case"): the
// same two first programs through a real Sandbox (the command Sandbox::wrap gives, slot,
// cgroups and all), bubblewrap's command taken apart to price each thing it does, the users
// kind, and the copy of a submission into its scratch folder. Each reports, per run, its wall
// time; the CPU time of every process of the bench and of the sandbox's slots (cgroup cpuacct,
// as root), the one clock that misses nothing of bubblewrap's; its child's (bubblewrap and what
// it waited for) and the bench's own (the grader's side of a run: the runner, taking and
// emptying a slot) from getrusage; and the machine's from /proc/stat (which counts the
// kernel's own work after a run, a network namespace's teardown, and other work on the
// machine too).
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runner.hpp"
#include "sandbox/confinement.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp.hpp"
#include "submission_copy.hpp"

namespace {

class Confined : public grader::Confinement {
 public:
  explicit Confined(const grader::SyscallFilter* filter) { identity_.filter = filter; }
  [[nodiscard]] std::shared_ptr<const grader::Identity> acquire(
      const grader::Command&, const grader::Limits&) const override {
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

// cgroup v1's cpuacct, where the bench runs as root and it is mounted: the bench in a cgroup of
// its own (joined in main, before any thread), and the sandbox's slots in theirs, named for
// this process (sandbox.cpp). Their sum is every process's CPU time, those that no one waited
// for too: bubblewrap's first process inside is reaped by the kernel, and getrusage misses
// what it and its children used (a third of a sandboxed run's CPU time, measured).
const std::filesystem::path kCpuacct = "/sys/fs/cgroup/cpuacct";

std::string own_cgroup() {
  return "sandbox-bench-" + std::to_string(::getpid());
}

bool join_own_cgroup() {
  const std::filesystem::path own = kCpuacct / own_cgroup();
  std::error_code error;
  if (::geteuid() != 0 || !std::filesystem::create_directory(own, error)) return false;
  std::ofstream(own / "cgroup.procs") << "0" << std::flush;
  return true;
}

void leave_own_cgroup() {
  std::ofstream(kCpuacct / "cgroup.procs") << "0" << std::flush;
  ::rmdir((kCpuacct / own_cgroup()).c_str());
}

double cgroups_us() {
  const std::string slots = "bloom-grader-" + std::to_string(::getpid()) + "-";
  double ns = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kCpuacct, error)) {
    const std::string name = entry.path().filename().string();
    if (name != own_cgroup() && name.rfind(slots, 0) != 0) continue;
    std::ifstream usage(entry.path() / "cpuacct.usage");
    double used = 0;
    if (usage >> used) ns += used;
  }
  return ns / 1000;
}

// CPU time in µs: the children's (every process waited for, and what each of them waited for),
// this process's own, and the machine's (every core's non-idle time, /proc/stat).
struct Clocks {
  double child = 0;
  double self = 0;
  double machine = 0;
  double cgroups = 0;  // 0 without cpuacct

  static Clocks now() {
    const auto us = [](const timeval& t) {
      return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec);
    };
    Clocks clocks;
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    clocks.child = us(usage.ru_utime) + us(usage.ru_stime);
    ::getrusage(RUSAGE_SELF, &usage);
    clocks.self = us(usage.ru_utime) + us(usage.ru_stime);
    // cpu  user nice system idle iowait irq softirq steal ...: all but idle and iowait
    std::ifstream stat("/proc/stat");
    std::string label;
    stat >> label;
    double ticks = 0;
    for (int field = 0; field < 8; ++field) {
      double value = 0;
      stat >> value;
      if (field != 3 && field != 4) ticks += value;
    }
    clocks.machine = ticks * 1e6 / static_cast<double>(::sysconf(_SC_CLK_TCK));
    clocks.cgroups = cgroups_us();
    return clocks;
  }

  // Each clock's time since `before`, per iteration, as the state's counters.
  void count_since(const Clocks& before, benchmark::State& state) const {
    const auto per_run = [&](double used) {
      return benchmark::Counter(used / static_cast<double>(state.iterations()));
    };
    state.counters["child_cpu_us"] = per_run(child - before.child);
    state.counters["self_cpu_us"] = per_run(self - before.self);
    state.counters["machine_cpu_us"] = per_run(machine - before.machine);
    state.counters["cgroup_cpu_us"] = per_run(cgroups - before.cgroups);
  }
};

void run_each(benchmark::State& state, const grader::Command& command, const std::string& input) {
  grader::Limits limits;
  limits.wall = std::chrono::milliseconds(60000);
  const Clocks before = Clocks::now();
  for (auto _ : state) {
    const grader::RunResult result = grader::run_program(command, input, limits);
    if (!result.started || result.exit_code != 0 || result.signal != 0) {
      state.SkipWithError((result.start_error + result.err).c_str());
      break;
    }
    benchmark::DoNotOptimize(result.out.size());
  }
  Clocks::now().count_since(before, state);
}

void run(benchmark::State& state, Program program, int confinement) {
  if (confinement > 0) {
    program.command.confinement =
        std::make_shared<Confined>(confinement == 2 ? &filter() : nullptr);
  }
  run_each(state, program.command, program.input);
}

// One sandbox of each kind for the whole bench, opened at its first use, as a grader does once.
const grader::Sandbox& sandbox(grader::SandboxKind kind) {
  static std::shared_ptr<grader::Sandbox> kinds[2];
  std::shared_ptr<grader::Sandbox>& open = kinds[kind == grader::SandboxKind::namespaces ? 0 : 1];
  if (!open) {
    grader::SandboxOptions options;
    options.kind = kind;
    std::string problem;
    open = grader::Sandbox::open(options, problem);
    if (!open) throw std::runtime_error(grader::sandbox_flag(kind) + ": " + problem);
  }
  return *open;
}

// bubblewrap's arguments edited: `args` less each run of `remove` found in it (every element
// in order), and `replace` put where the first one was.
std::vector<std::string> edited(std::vector<std::string> args,
                                const std::vector<std::string>& remove,
                                const std::vector<std::string>& replace = {}) {
  const auto at = std::search(args.begin(), args.end(), remove.begin(), remove.end());
  if (at == args.end()) throw std::logic_error("bubblewrap's command lacks " + remove.front());
  args.insert(args.erase(at, at + static_cast<std::ptrdiff_t>(remove.size())), replace.begin(),
              replace.end());
  return args;
}

// How each variant of a sandboxed run is made from the program's argv: the command Sandbox::wrap
// gives, taken apart. Each keeps the slot (uid, cgroups) the sandbox's command runs in.
using Variant = std::function<grader::Command(const std::vector<std::string>&)>;

grader::Command wrapped(grader::SandboxKind kind, const std::vector<std::string>& argv) {
  grader::Command probe{argv.front(), {}, "", {}, {}};
  return sandbox(kind).wrap(argv, grader::bindings_for(probe), {}, argv.front());
}

// The sandbox's command with its bubblewrap arguments edited by `edit`.
Variant namespaces_less(std::function<std::vector<std::string>(std::vector<std::string>)> edit) {
  return [edit](const std::vector<std::string>& argv) {
    grader::Command command = wrapped(grader::SandboxKind::namespaces, argv);
    command.args = edit(command.args);
    return command;
  };
}

// bubblewrap with `unshare` alone and the whole file system read-only (and a /proc of the
// program's own when it has a PID namespace): the namespaces' own cost, without the sandbox's
// mounts, filter or init.
Variant bare_bwrap(const std::vector<std::string>& unshare) {
  return [unshare](const std::vector<std::string>& argv) {
    grader::Command command = wrapped(grader::SandboxKind::namespaces, argv);
    command.args = unshare;
    command.args.insert(command.args.end(),
                        {"--uid", "65534", "--gid", "65534", "--ro-bind", "/", "/"});
    if (unshare.size() > 1) command.args.insert(command.args.end(), {"--proc", "/proc"});
    command.args.push_back("--");
    command.args.insert(command.args.end(), argv.begin(), argv.end());
    return command;
  };
}

// The sandbox's init and its status descriptor, as Sandbox::wrap puts them.
std::vector<std::string> without_init(std::vector<std::string> args) {
  const auto bind = std::find(args.begin(), args.end(), "/run/bloom-sandbox-init");
  if (bind == args.end() || bind - args.begin() < 3) throw std::logic_error("no init bound");
  args = edited(args, {"--as-pid-1", "--ro-bind", *(bind - 1), "/run/bloom-sandbox-init"});
  return edited(args, {"--", "/run/bloom-sandbox-init", "4"}, {"--"});
}

}  // namespace

int main(int argc, char** argv) {
  const bool in_cgroup = join_own_cgroup();
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
  // The sandbox's cost per case: the reference on a case's input, and /bin/true (the start alone).
  const std::vector<std::pair<const char*, Variant>> variants = {
      {"bwrap user+mount", bare_bwrap({"--unshare-user"})},
      {"bwrap +pid,ipc,uts,cgroup", bare_bwrap({"--unshare-user", "--unshare-pid", "--unshare-ipc",
                                                "--unshare-uts", "--unshare-cgroup-try"})},
      {"bwrap +net", bare_bwrap({"--unshare-all", "--unshare-user"})},
      {"sandbox less net", namespaces_less([](std::vector<std::string> args) {
         return edited(args, {"--unshare-all"},
                       {"--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"});
       })},
      {"sandbox less seccomp", namespaces_less([](std::vector<std::string> args) {
         return edited(args, {"--seccomp", std::to_string(grader::kPassedFd)});
       })},
      {"sandbox less init", namespaces_less(without_init)},
      {"sandbox",
       [](const std::vector<std::string>& words) {
         return wrapped(grader::SandboxKind::namespaces, words);
       }},
      // as a batch's cases run: each a fresh process in the slot's kept sandbox (kept.hpp),
      // which is emptied after each; its one start shared by every run of the repetition
      {"sandbox, kept",
       [](const std::vector<std::string>& words) {
         grader::Command probe{words.front(), {}, "", {}, {}};
         return sandbox(grader::SandboxKind::namespaces)
             .wrap_kept(words, grader::bindings_for(probe), {}, words.front());
       }},
      {"users",
       [](const std::vector<std::string>& words) {
         return wrapped(grader::SandboxKind::users, words);
       }},
  };
  for (const Program& program : {programs[0], programs[1]}) {
    std::vector<std::string> words = {program.command.executable.string()};
    words.insert(words.end(), program.command.args.begin(), program.command.args.end());
    for (const auto& [how, variant] : variants) {
      benchmark::RegisterBenchmark(
          (std::string("BM_Sandbox/") + program.name + "/" + how).c_str(),
          [words, input = program.input, variant = variant](benchmark::State& state) {
            run_each(state, variant(words), input);
          })
          ->Unit(benchmark::kMicrosecond)
          ->Iterations(40)  // 200 runs over sandbox_bench.py's 5 repetitions
          ->UseRealTime();
    }
  }
  // What a sandbox kept for a submission's cases could cost a case at least: a shell starting
  // /bin/true 40 times one after another, bare and inside one --sandbox run; each counter is
  // per /bin/true. Inside, a case would also need its processes killed and /tmp emptied.
  for (const auto& [how, confined] : {std::pair{"bare", false}, std::pair{"one sandbox", true}}) {
    benchmark::RegisterBenchmark(
        (std::string("BM_Inside/40 runs of true/") + how).c_str(),
        [confined = confined](benchmark::State& state) {
          const std::vector<std::string> loop = {
              "/bin/sh", "-c", "i=0; while [ $i -lt 40 ]; do /bin/true; i=$((i + 1)); done"};
          const grader::Command command =
              confined ? wrapped(grader::SandboxKind::namespaces, loop)
                       : grader::Command{loop[0], {loop[1], loop[2]}, "sh", {}, {}};
          run_each(state, command, "");
          for (auto& [name, counter] : state.counters) counter.value /= 40;
        })
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(5)  // 200 runs of true over sandbox_bench.py's 5 repetitions
        ->UseRealTime();
  }
  // A submission's copy into its scratch folder (taken, copied, handed over, dropped), as a
  // sandboxed batch makes one per submission: the bip37 starter, as a student hands it in.
  benchmark::RegisterBenchmark(
      "BM_Copy/bip37 starter",
      [](benchmark::State& state) {
        const grader::Sandbox& open = sandbox(grader::SandboxKind::namespaces);
        const Clocks before = Clocks::now();
        for (auto _ : state) {
          const grader::SubmissionCopy copy(open, BLOOM_STARTER_BIP37, "copy");
          benchmark::DoNotOptimize(copy.path());
        }
        Clocks::now().count_since(before, state);
      })
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (in_cgroup) leave_own_cgroup();
  return 0;
}
