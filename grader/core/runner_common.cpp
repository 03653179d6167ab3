// The parts of the runner that both implementations share: runner_posix.cpp (Boost.Process, the
// kit's grader) and runner_fork.cpp (plain POSIX, the starters' self-check).
#include "runner_common.hpp"

#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <system_error>
#include <utility>

namespace grader {

namespace fs = std::filesystem;

ScratchDir::ScratchDir() {
  std::error_code no_temp;
  fs::path temp = fs::temp_directory_path(no_temp);
  if (no_temp) temp = "/tmp";
  std::string pattern = (temp / "bloom-run-XXXXXX").string();
  if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
}

ScratchDir::~ScratchDir() {
  if (path_.empty()) return;
  std::error_code ignored;
  // the program may have taken away its own permissions; give them back before removal
  fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
  fs::remove_all(path_, ignored);
}

std::vector<std::string> minimal_environment(const fs::path& folder) {
  return {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + folder.string(),
          "TMPDIR=" + folder.string(), "LANG=C.UTF-8", "LC_ALL=C.UTF-8"};
}

std::uint64_t cpu_seconds(const Limits& limits) {
  return static_cast<std::uint64_t>((limits.cpu.count() + 999) / 1000);
}

std::chrono::milliseconds cpu_time_of(const struct rusage& usage) {
  const auto ms = [](const timeval& t) { return std::int64_t{t.tv_sec} * 1000 + t.tv_usec / 1000; };
  return std::chrono::milliseconds(ms(usage.ru_utime) + ms(usage.ru_stime));
}

ChildLimits child_limits(const Limits& limits, std::uint64_t cpu) noexcept {
  ChildLimits all;
  const auto add = [&](int resource, std::uint64_t soft, std::uint64_t hard) {
    all.limit[all.count++] = {resource, soft, hard};
  };
  add(RLIMIT_CORE, 0, 0);         // no core files in the student's folder
  add(RLIMIT_CPU, cpu, cpu + 1);  // SIGXCPU, then SIGKILL
  add(RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes);
  if (limits.memory_bytes != 0) add(RLIMIT_AS, limits.memory_bytes, limits.memory_bytes);
  return all;
}

bool prepare_child(const Limits& limits, std::uint64_t cpu) noexcept {
  // its own process group, unless it already leads one (a new session of the sandbox's)
  if (::getpgrp() != ::getpid() && ::setpgid(0, 0) != 0) return false;
  const ChildLimits all = child_limits(limits, cpu);
  for (std::size_t i = 0; i < all.count; ++i) {
    const rlimit value{static_cast<rlim_t>(all.limit[i].soft),
                       static_cast<rlim_t>(all.limit[i].hard)};
    if (::setrlimit(all.limit[i].resource, &value) != 0) return false;
  }
  ::signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  return true;
}

std::optional<fs::path> find_program(const std::string& program) {
  std::error_code ignored;
  const auto runnable = [&](const fs::path& path) {
    return fs::is_regular_file(path, ignored) && ::access(path.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    const fs::path path = fs::absolute(program);
    return runnable(path) ? std::optional<fs::path>(path) : std::nullopt;
  }
  // the first runnable PATH entry, as a shell finds it; an empty entry is the current folder
  const char* path = std::getenv("PATH");
  std::string_view rest = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  for (;;) {
    const std::size_t colon = rest.find(':');
    const std::string_view folder = rest.substr(0, colon);
    if (const fs::path candidate = fs::absolute(fs::path(folder.empty() ? "." : folder) / program);
        runnable(candidate)) {
      return candidate;
    }
    if (colon == std::string_view::npos) return std::nullopt;
    rest.remove_prefix(colon + 1);
  }
}

std::optional<Command> resolve_command(const std::vector<std::string>& argv, std::string& error) {
  if (argv.empty()) {
    error = "no program given: put it after --, for example -- ./build/bloom";
    return std::nullopt;
  }
  Command command;
  for (const std::string& arg : argv) {
    if (!command.display.empty()) command.display += ' ';
    command.display += arg;
  }
  const std::string& program = argv[0];
  const std::optional<fs::path> executable = find_program(program);
  if (!executable) {
    std::error_code ignored;
    error = program.find('/') == std::string::npos ? "cannot find \"" + program + "\" on PATH"
            : fs::exists(program, ignored)         ? "cannot run \"" + program + "\": it is not an executable file"
                                                   : "cannot run \"" + program + "\": no such file";
    return std::nullopt;
  }
  command.executable = *executable;
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    std::error_code ignored;
    const bool names_file = !arg.empty() && arg[0] != '-' && fs::exists(arg, ignored);
    command.args.push_back(names_file ? fs::absolute(arg).string() : arg);
  }
  return command;
}

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

void record_exit_status(int status, bool we_killed, const Limits& limits, RunResult& result) {
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    // A SIGKILL that the grader sent is the grader's doing, reported as timeout or output limit.
    const bool ours = we_killed && WTERMSIG(status) == SIGKILL;
    result.signal = ours ? 0 : WTERMSIG(status);
  }
  // Exceeding RLIMIT_CPU ends a program with SIGXCPU (then SIGKILL): it ran out of time. So
  // did a run whose processes together used more CPU time than the limit, however it ended.
  if (result.signal == SIGXCPU || result.cpu > limits.cpu) {
    if (result.signal == SIGXCPU || result.signal == SIGKILL) result.signal = 0;
    result.timed_out = true;
    result.cpu_limited = true;
  }
}

}  // namespace grader
