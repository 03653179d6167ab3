// The runner with nothing but POSIX, for the starters' self-check (`build/check`), which a
// student builds with only a compiler and CMake. The kit's grader uses runner_posix.cpp
// (Boost.Process). This one keeps the same promises (runner.hpp), through the same shared
// parts (runner_common.hpp), and passes the same tests (runner_test.cpp): a fresh folder, a
// minimal environment, the limits, its own process group; input is written while output is
// read (poll); when the program ends its whole group is killed, so a stray child cannot hang it.
//
// CPU time, with nothing but POSIX: each process is stopped at the limit by RLIMIT_CPU, and the
// run's time is the program's own and that of every child it waited for, which getrusage
// (RUSAGE_CHILDREN) adds up when the program is reaped. A run over the limit in all is a timeout
// once it ends (runner.hpp). A child the program did not wait for goes uncounted here; the
// kit's grader (runner_posix.cpp) also counts those while they run.
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

#include "runner.hpp"
#include "runner_common.hpp"

namespace grader {

namespace {

std::atomic<pid_t> running_group{0};

// Reaps `pid` (with WNOHANG in `options`, only when it has ended): true, with its wait status and
// its CPU time, when it did. Every reap of this runner holds the lock, so that the growth of
// RUSAGE_CHILDREN across it is this program's alone.
std::mutex reap_lock;
bool reap(pid_t pid, int options, int& status, std::chrono::milliseconds& cpu) {
  const std::lock_guard<std::mutex> hold(reap_lock);
  rusage before{};
  ::getrusage(RUSAGE_CHILDREN, &before);
  pid_t reaped = -1;
  while ((reaped = ::waitpid(pid, &status, options)) == -1 && errno == EINTR) {
  }
  if (reaped != pid) return false;
  rusage after{};
  ::getrusage(RUSAGE_CHILDREN, &after);
  cpu = cpu_time_of(after) - cpu_time_of(before);
  return true;
}

// A pipe whose ends close themselves.
struct Pipe {
  int fd[2] = {-1, -1};
  // pipe() then FD_CLOEXEC, as pipe2 is not on macOS. The self-check starts one program at a
  // time from one thread, so no other fork can slip in between the two calls.
  bool open() {
    if (::pipe(fd) != 0) return false;
    return ::fcntl(fd[0], F_SETFD, FD_CLOEXEC) == 0 && ::fcntl(fd[1], F_SETFD, FD_CLOEXEC) == 0;
  }
  static void close_end(int& end) {
    if (end >= 0) ::close(end);
    end = -1;
  }
  ~Pipe() {
    close_end(fd[0]);
    close_end(fd[1]);
  }
};

// In the child, between fork and exec: only async-signal-safe calls. Tells the parent through
// `report` why a step or exec failed.
[[noreturn]] void exec_child(const char* executable, const char* folder, char* const* argv,
                             char* const* envp, Pipe& in, Pipe& out, Pipe& err, Pipe& report,
                             const Limits& limits, std::uint64_t cpu) {
  if (::chdir(folder) == 0 && ::dup2(in.fd[0], STDIN_FILENO) >= 0 &&
      ::dup2(out.fd[1], STDOUT_FILENO) >= 0 && ::dup2(err.fd[1], STDERR_FILENO) >= 0 &&
      prepare_child(limits, cpu)) {
    ::execve(executable, argv, envp);
  }
  const int error = errno;
  const ssize_t written = ::write(report.fd[1], &error, sizeof error);
  static_cast<void>(written);
  ::_exit(127);
}

}  // namespace

RunResult run_program(const Command& command, const std::string& input, const Limits& limits) {
  static const bool sigpipe_ignored = ::signal(SIGPIPE, SIG_IGN) != SIG_ERR;
  static_cast<void>(sigpipe_ignored);
  RunResult result;
  if (command.confinement) {
    result.start_error = "the self-check's runner has no sandbox";
    return result;
  }
  const ScratchDir scratch;
  if (scratch.path().empty()) {
    result.start_error = std::string("mkdtemp: ") + std::strerror(errno);
    return result;
  }
  Pipe in, out, err, report;
  if (!in.open() || !out.open() || !err.open() || !report.open()) {
    result.start_error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  // Everything the child needs, made before fork: it may not allocate after.
  std::vector<std::string> arguments = {command.executable.string()};
  arguments.insert(arguments.end(), command.args.begin(), command.args.end());
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  std::vector<std::string> environment = minimal_environment(scratch.path());
  std::vector<char*> envp;
  for (std::string& entry : environment) envp.push_back(entry.data());
  envp.push_back(nullptr);
  const std::string folder =
      (command.working_dir.empty() ? scratch.path() : command.working_dir).string();
  const std::string executable = command.executable.string();
  const std::uint64_t cpu = cpu_seconds(limits);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    result.start_error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    exec_child(executable.c_str(), folder.c_str(), argv.data(), envp.data(), in, out, err, report,
               limits, cpu);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists before we may kill it
  running_group.store(pid);
  Pipe::close_end(in.fd[0]);
  Pipe::close_end(out.fd[1]);
  Pipe::close_end(err.fd[1]);
  Pipe::close_end(report.fd[1]);

  int exec_error = 0;
  if (::read(report.fd[0], &exec_error, sizeof exec_error) == sizeof exec_error) {
    int ignored = 0;
    std::chrono::milliseconds unused{0};
    reap(pid, 0, ignored, unused);
    running_group.store(0);
    result.start_error =
        "cannot start \"" + command.display + "\": " + std::strerror(exec_error);
    return result;
  }
  result.started = true;
  for (int fd : {in.fd[1], out.fd[0], err.fd[0]}) ::fcntl(fd, F_SETFL, O_NONBLOCK);

  bool we_killed = false;
  const auto kill_group = [&] {
    we_killed = true;
    ::kill(-pid, SIGKILL);
  };
  constexpr auto kDrainTime = std::chrono::milliseconds(1000);  // for children that left it
  const auto deadline = start + limits.wall;
  std::optional<std::chrono::steady_clock::time_point> drain_until;
  std::size_t written = 0;
  int status = 0;
  bool exited = false;
  bool stderr_over = false;
  std::array<char, 65536> buffer;  // read() fills what it returns; nothing to zero

  while (out.fd[0] >= 0 || err.fd[0] >= 0) {
    if (!exited && reap(pid, WNOHANG, status, result.cpu)) {
      exited = true;
      ::kill(-pid, SIGKILL);  // children it left behind
      drain_until = std::chrono::steady_clock::now() + kDrainTime;
    }
    const auto now = std::chrono::steady_clock::now();
    if (!exited && !result.timed_out && now >= deadline) {
      result.timed_out = true;
      kill_group();
    }
    if (drain_until && now >= *drain_until) break;

    std::array<pollfd, 3> fds{};
    fds[0] = {in.fd[1], POLLOUT, 0};
    fds[1] = {out.fd[0], POLLIN, 0};
    fds[2] = {err.fd[0], POLLIN, 0};
    if (::poll(fds.data(), fds.size(), 20) < 0 && errno != EINTR) break;

    if (in.fd[1] >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t n = ::write(in.fd[1], input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EAGAIN) || written == input.size()) Pipe::close_end(in.fd[1]);
    } else if (in.fd[1] >= 0 && written == input.size()) {
      Pipe::close_end(in.fd[1]);
    }
    for (int i = 1; i <= 2; ++i) {
      int& fd = i == 1 ? out.fd[0] : err.fd[0];
      if (fd < 0 || (fds[static_cast<std::size_t>(i)].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
        continue;
      }
      const ssize_t n = ::read(fd, buffer.data(), buffer.size());
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        Pipe::close_end(fd);
        continue;
      }
      if (n < 0) continue;
      std::string& into = i == 1 ? result.out : result.err;
      const std::size_t cap = i == 1 ? limits.output_bytes : limits.stderr_bytes;
      const std::size_t room = into.size() < cap ? cap - into.size() : 0;
      const auto got = static_cast<std::size_t>(n);
      into.append(buffer.data(), std::min(got, room));
      if (got > room) {
        if (i == 1 && !result.output_limited) {
          result.output_limited = true;
          kill_group();
        }
        if (i == 2) stderr_over = true;
      }
    }
  }
  ::kill(-pid, SIGKILL);
  if (!exited) reap(pid, 0, status, result.cpu);
  running_group.store(0);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  result.err_truncated = stderr_over;
  record_exit_status(status, we_killed, limits, result);
  return result;
}

void kill_all_running() noexcept {
  const pid_t pid = running_group.load();
  if (pid > 0) ::kill(-pid, SIGKILL);
}

}  // namespace grader
