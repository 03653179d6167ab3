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

// Everything the child needs, made before fork: it may not allocate after. Not copied, so that
// argv and envp keep pointing into the strings they were made from.
struct ExecPlan {
  std::vector<std::string> arguments;
  std::vector<char*> argv;
  std::vector<std::string> environment;
  std::vector<char*> envp;
  std::string folder;
  std::string executable;

  ExecPlan(const Command& command, const std::filesystem::path& scratch)
      : arguments{command.executable.string()},
        environment(minimal_environment(scratch)),
        folder((command.working_dir.empty() ? scratch : command.working_dir).string()),
        executable(command.executable.string()) {
    arguments.insert(arguments.end(), command.args.begin(), command.args.end());
    for (std::string& argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    for (std::string& entry : environment) envp.push_back(entry.data());
    envp.push_back(nullptr);
  }
  ExecPlan(const ExecPlan&) = delete;
  ExecPlan& operator=(const ExecPlan&) = delete;
};

// After fork: true, with start_error set and the child reaped, when the child reported on
// `report` that exec (or a step before it) failed. Its end of `report` must be closed first.
bool exec_failed(pid_t pid, Pipe& report, const Command& command, RunResult& result) {
  int exec_error = 0;
  if (::read(report.fd[0], &exec_error, sizeof exec_error) != sizeof exec_error) return false;
  int ignored = 0;
  std::chrono::milliseconds unused{0};
  reap(pid, 0, ignored, unused);
  running_group.store(0);
  result.start_error = "cannot start \"" + command.display + "\": " + std::strerror(exec_error);
  return true;
}

// A started program's pipes until its output ends (or has had its time to drain once it
// exited): writes its input, keeps its output under the caps, and kills its process group at
// the wall-clock limit or once stdout passes its cap.
class Exchange {
 public:
  Exchange(pid_t pid, Pipe& in, Pipe& out, Pipe& err, const std::string& input,
           const Limits& limits, RunResult& result)
      : pid_(pid), in_(in), out_(out), err_(err), input_(input), limits_(limits), result_(result) {}

  void run(std::chrono::steady_clock::time_point deadline) {
    constexpr auto kDrainTime = std::chrono::milliseconds(1000);  // for children that left it
    std::optional<std::chrono::steady_clock::time_point> drain_until;
    while (out_.fd[0] >= 0 || err_.fd[0] >= 0) {
      if (!exited && reap(pid_, WNOHANG, status, result_.cpu)) {
        exited = true;
        ::kill(-pid_, SIGKILL);  // children it left behind
        drain_until = std::chrono::steady_clock::now() + kDrainTime;
      }
      const auto now = std::chrono::steady_clock::now();
      if (!exited && !result_.timed_out && now >= deadline) {
        result_.timed_out = true;
        kill_group();
      }
      if (drain_until && now >= *drain_until) break;

      std::array<pollfd, 3> fds{};
      fds[0] = {in_.fd[1], POLLOUT, 0};
      fds[1] = {out_.fd[0], POLLIN, 0};
      fds[2] = {err_.fd[0], POLLIN, 0};
      if (::poll(fds.data(), fds.size(), 20) < 0 && errno != EINTR) break;
      write_input(fds[0].revents);
      read_output(out_.fd[0], fds[1].revents, result_.out, limits_.output_bytes, true);
      read_output(err_.fd[0], fds[2].revents, result_.err, limits_.stderr_bytes, false);
    }
  }

  int status = 0;
  bool exited = false;
  bool we_killed = false;
  bool stderr_over = false;

 private:
  void kill_group() {
    we_killed = true;
    ::kill(-pid_, SIGKILL);
  }

  void write_input(short revents) {
    int& fd = in_.fd[1];
    if (fd >= 0 && (revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t n = ::write(fd, input_.data() + written_, input_.size() - written_);
      if (n > 0) written_ += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EAGAIN) || written_ == input_.size()) Pipe::close_end(fd);
    } else if (fd >= 0 && written_ == input_.size()) {
      Pipe::close_end(fd);
    }
  }

  // Reads what `fd` has into `into`, up to `cap` bytes; past its cap, stdout ends the run.
  void read_output(int& fd, short revents, std::string& into, std::size_t cap, bool is_stdout) {
    if (fd < 0 || (revents & (POLLIN | POLLHUP | POLLERR)) == 0) return;
    const ssize_t n = ::read(fd, buffer_.data(), buffer_.size());
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
      Pipe::close_end(fd);
      return;
    }
    if (n < 0) return;
    const std::size_t room = into.size() < cap ? cap - into.size() : 0;
    const auto got = static_cast<std::size_t>(n);
    into.append(buffer_.data(), std::min(got, room));
    if (got <= room) return;
    if (is_stdout && !result_.output_limited) {
      result_.output_limited = true;
      kill_group();
    }
    if (!is_stdout) stderr_over = true;
  }

  pid_t pid_;
  Pipe& in_;
  Pipe& out_;
  Pipe& err_;
  const std::string& input_;
  const Limits& limits_;
  RunResult& result_;
  std::size_t written_ = 0;
  std::array<char, 65536> buffer_;  // read() fills what it returns; nothing to zero
};

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
  const ExecPlan plan(command, scratch.path());
  const std::uint64_t cpu = cpu_seconds(limits);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    result.start_error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    exec_child(plan.executable.c_str(), plan.folder.c_str(), plan.argv.data(), plan.envp.data(), in,
               out, err, report, limits, cpu);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists before we may kill it
  running_group.store(pid);
  Pipe::close_end(in.fd[0]);
  Pipe::close_end(out.fd[1]);
  Pipe::close_end(err.fd[1]);
  Pipe::close_end(report.fd[1]);
  if (exec_failed(pid, report, command, result)) return result;
  result.started = true;
  for (int fd : {in.fd[1], out.fd[0], err.fd[0]}) ::fcntl(fd, F_SETFL, O_NONBLOCK);

  Exchange exchange(pid, in, out, err, input, limits, result);
  exchange.run(start + limits.wall);
  ::kill(-pid, SIGKILL);
  if (!exchange.exited) reap(pid, 0, exchange.status, result.cpu);
  running_group.store(0);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  result.err_truncated = exchange.stderr_over;
  record_exit_status(exchange.status, exchange.we_killed, limits, result);
  return result;
}

void kill_all_running() noexcept {
  const pid_t pid = running_group.load();
  if (pid > 0) ::kill(-pid, SIGKILL);
}

}  // namespace grader
