// The runner on POSIX, with Boost.Process v2 and Asio. Why each piece is here:
// - a ChildSetup initializer runs in the child before exec: its own process group (so the
//   whole group can be killed), resource limits, and default signal dispositions (SIGPIPE is
//   ignored in the grader, and an ignored signal stays ignored across exec);
// - stdin is written asynchronously while stdout and stderr are read, so no pipe can fill up
//   and deadlock either side;
// - when the child exits the group is killed at once: a grandchild that still holds stdout
//   open would otherwise keep the read pending forever;
// - the child is started by ForkSafeLauncher, with vfork, and calls nothing that allocates
//   or locks before exec (see there why Boost's own launcher is not used);
// - the runner reaps the child itself, with wait4 on a pidfd's signal, for its CPU time, and
//   watches the run's CPU time while it runs (cpu_clock.hpp), which ends it at Limits::cpu.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/start_dir.hpp>
#include <boost/process/v2/stdio.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "confinement.hpp"
#include "cpu_clock.hpp"
#include "kept.hpp"
#include "leftovers.hpp"
#include "runner.hpp"
#include "runner_common.hpp"
#include "seccomp.hpp"

namespace grader {

namespace asio = boost::asio;
namespace bp = boost::process::v2;
namespace fs = std::filesystem;

namespace {

// Process groups of running programs, for kill_all_running() from a signal handler.
constexpr std::size_t kMaxRunning = 256;
std::array<std::atomic<pid_t>, kMaxRunning> running_groups{};

class RunningGroup {
 public:
  explicit RunningGroup(pid_t group) {
    for (std::size_t i = 0; i < kMaxRunning; ++i) {
      pid_t expected = 0;
      if (running_groups[i].compare_exchange_strong(expected, group)) {
        slot_ = i;
        return;
      }
    }
  }
  ~RunningGroup() {
    if (slot_ < kMaxRunning) running_groups[slot_].store(0);
  }
  RunningGroup(const RunningGroup&) = delete;
  RunningGroup& operator=(const RunningGroup&) = delete;

 private:
  std::size_t slot_ = kMaxRunning;
};

// Applies a sandbox Identity in the child. The user is changed by raw system calls: glibc's
// setuid() tells every thread of the process to change too, and between vfork and exec the
// threads it knows of are the grader's.
bool confine(const Identity& identity) {
  const auto limit = [](int resource, int value) {
    const rlimit r{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
    return value == 0 || ::setrlimit(resource, &r) == 0;
  };
  if (!limit(RLIMIT_NOFILE, identity.open_files) || !limit(RLIMIT_NPROC, identity.processes)) {
    return false;
  }
  for (const int procs : identity.join) {
    if (::write(procs, "0", 1) != 1) return false;  // "0": the writing process itself
  }
  if (identity.switch_user) {
    // Nothing to regain: the bounding set emptied while still root (a setuid-root program
    // would otherwise get its capabilities back), the ambient set cleared.
    for (int capability = 0;; ++capability) {
      if (::prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) == 0) continue;
      if (errno != EINVAL) return false;
      break;  // past the last capability this kernel has
    }
    if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0) return false;
    static_assert(sizeof(gid_t) == sizeof(unsigned));
    if (::syscall(SYS_setgroups, identity.groups.size(), identity.groups.data()) != 0 ||
        ::syscall(SYS_setgid, identity.gid) != 0 || ::syscall(SYS_setuid, identity.uid) != 0) {
      return false;
    }
    ::umask(007);  // what it makes is its own and its group's (the submission's), no one else's
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  }
  // last: the filter refuses nothing that is left to do before exec
  return identity.filter == nullptr || identity.filter->install();
}

// The child's whole environment, through the launcher's public `env` (Boost 1.81's
// process_environment needs the library's .ipp in header-only mode).
struct Environment {
  const char* const* envp;  // null-terminated, alive until the launch returns

  bp::error_code on_setup(bp::posix::default_launcher& launcher, const bp::filesystem::path&,
                          const char* const*&) const {
    launcher.env = envp;
    return {};
  }
};

// Runs in the child between fork and exec.
struct ChildSetup {
  const Limits* limits;
  std::uint64_t cpu;
  const Identity* identity;  // null outside the sandbox

  bp::error_code on_exec_setup(bp::posix::default_launcher&, const bp::filesystem::path&,
                               const char* const*&) const {
    const auto failed = [] { return bp::error_code(errno, bp::system_category()); };
    // a confined run has no controlling terminal to type into (TIOCSTI); first, since a
    // process group's leader may not start a session
    if (identity != nullptr && ::setsid() < 0) return failed();
    if (!prepare_child(*limits, cpu)) return failed();
    if (identity != nullptr && !confine(*identity)) return failed();
    return {};
  }
};

// A copy of a descriptor above the places the child moves descriptors to (kHighestPassedFd), so
// that no dup2 in the child lands on one still to move; close-on-exec, closed when the launch
// returns.
struct AboveCopy {
  int fd = -1;
  AboveCopy() = default;
  AboveCopy(const AboveCopy&) = delete;
  AboveCopy& operator=(const AboveCopy&) = delete;
  ~AboveCopy() { close(); }
  // `from` itself when it is -1 or already above; else the copy, or -1 when it fails (errno).
  int take(int from) {
    if (from < 0 || from > kHighestPassedFd) return from;
    fd = ::fcntl(from, F_DUPFD_CLOEXEC, kHighestPassedFd + 1);
    return fd;
  }
  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

// In the child after vfork: every signal handler of the grader's back to the default, so that
// none of them runs on the shared memory once signals are unblocked.
void reset_signal_handlers() {
  for (int signal = 1; signal < NSIG; ++signal) {
    struct sigaction action {};
    if (::sigaction(signal, nullptr, &action) == 0 && action.sa_handler != SIG_DFL &&
        action.sa_handler != SIG_IGN) {
      action.sa_handler = SIG_DFL;
      action.sa_flags = 0;
      ::sigaction(signal, &action, nullptr);
    }
  }
}

// In the child after vfork: the descriptors passed on, in their places (dup2 clears
// close-on-exec; the filter's is read from its start, as a slot's descriptor is reused), and
// every other descriptor above stderr closed but the exec report (which exec closes).
bp::error_code place_passed_descriptors(int filter, int status, int report_fd) {
  const auto failed = [] { return bp::error_code(errno, bp::system_category()); };
  if (filter >= 0 &&
      (::dup2(filter, kPassedFd) != kPassedFd || ::lseek(kPassedFd, 0, SEEK_SET) != 0)) {
    return failed();
  }
  if (status >= 0 && ::dup2(status, kStatusFd) != kStatusFd) return failed();
  for (int fd = STDERR_FILENO + 1; fd <= kHighestPassedFd; ++fd) {
    if (!(fd == kPassedFd && filter >= 0) && !(fd == kStatusFd && status >= 0)) ::close(fd);
  }
  const auto first = static_cast<unsigned>(kHighestPassedFd + 1);
  if ((static_cast<unsigned>(report_fd) > first &&
       ::close_range(first, static_cast<unsigned>(report_fd) - 1, 0) != 0) ||
      ::close_range(static_cast<unsigned>(report_fd) + 1, ~0U, 0) != 0) {
    return failed();
  }
  return {};
}

// In the parent once vfork returned: waits for the child's exec (which closes the report's
// write end) or its report of why it failed, when it has exited already and is reaped here.
bp::error_code await_exec(pid_t pid, int (&exec_report)[2], AboveCopy& report_copy) {
  ::close(exec_report[1]);
  exec_report[1] = -1;
  report_copy.close();  // the report's end comes only once no copy of its writer is left
  int child_errno = 0;
  ssize_t count = -1;
  while ((count = ::read(exec_report[0], &child_errno, sizeof child_errno)) == -1 &&
         errno == EINTR) {
  }
  if (count == 0) return {};
  // the child reported a failure (or the report itself failed)
  const bp::error_code error(count > 0 ? child_errno : errno, bp::system_category());
  ::waitpid(pid, nullptr, 0);
  return error;
}

// Starts the child as bp::posix::default_launcher does, with two differences.
// - No Asio fork notification in the child. Boost's launchers have Asio re-initialise the
//   io_context in the child (execution_context::notify_fork), and that allocates. After a
//   fork only the forking thread exists in the child: when another grader thread held an
//   allocator lock at that instant, the child waits for it forever, and so does the launcher,
//   which blocks until the child has exec'd. glibc's malloc makes its locks safe across fork;
//   AddressSanitizer's allocator (Debian 12's GCC) does not, and a batch in the sanitizer build
//   hung that way. The child here never uses Asio, so it does not need the notification.
// - vfork instead of fork. fork copies the grader's page tables and leaves every page it then
//   writes to a copy-on-write fault, on each of thousands of runs; vfork shares the memory and
//   suspends this thread until the child has exec'd (or exited), which made `bloom-grader run`
//   1.5 times faster (docs/performance.md).
// Sharing memory is safe because the child, between vfork and exec, only makes system calls
// on its own process (dup2, lseek, chdir, setpgid, setrlimit, sigaction, sigprocmask,
// close_range; in the sandbox also setsid, prctl, setgroups, setgid, setuid, umask and a write
// to a cgroup file), reads what the parent prepared, and writes nothing but its own stack and
// errno. Signals stay blocked in the child until every handler of the grader's is reset to the
// default, so no handler of the grader's can run on the shared memory.
// Besides stdin, stdout and stderr the program keeps across exec only the descriptors passed
// to it: `filter_fd` as kPassedFd (bubblewrap's --seccomp program, Identity::passed_fd) and
// `status_fd` as kStatusFd (the sandbox init's report, Confinement::reports_status).
struct ForkSafeLauncher : bp::posix::default_launcher {
  int filter_fd = -1;
  int status_fd = -1;

  template <typename Executor, typename Args, typename... Inits>
  bp::basic_process<Executor> operator()(Executor executor, bp::error_code& ec,
                                         const bp::filesystem::path& executable, Args&& args,
                                         Inits&&... inits) {
    namespace detail = bp::posix::detail;
    const char* const* argv = build_argv_(executable, std::forward<Args>(args));
    pipe_guard exec_report;  // closed by exec; carries errno when exec or a setup step fails
    // Every descriptor the child moves (the exec report, the descriptors passed on) is above
    // the places it moves them to.
    AboveCopy report_copy, filter_copy, status_copy;
    if (::pipe2(exec_report.p, O_CLOEXEC) != 0) {
      ec.assign(errno, bp::system_category());
      return bp::basic_process<Executor>{executor};
    }
    // volatile: read in the child after vfork, where a register may not hold them (-Wclobbered)
    const volatile int report_fd = report_copy.take(exec_report.p[1]);
    const volatile int filter = filter_copy.take(filter_fd);
    const volatile int status = status_copy.take(status_fd);
    if (report_fd < 0 || (filter_fd >= 0 && filter < 0) || (status_fd >= 0 && status < 0)) {
      ec.assign(errno, bp::system_category());
      return bp::basic_process<Executor>{executor};
    }
    ec = detail::on_setup(*this, executable, argv, inits...);
    if (ec) {
      detail::on_error(*this, executable, argv, ec, inits...);
      return bp::basic_process<Executor>{executor};
    }
    sigset_t all;
    sigset_t old_mask;
    sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &old_mask);
    pid = ::vfork();
    if (pid == 0) exec_in_child(executable, argv, old_mask, report_fd, filter, status, inits...);
    const int vfork_errno = errno;
    ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    if (pid == -1) {
      ec.assign(vfork_errno, bp::system_category());
      detail::on_fork_error(*this, executable, argv, ec, inits...);
      detail::on_error(*this, executable, argv, ec, inits...);
      return bp::basic_process<Executor>{executor};
    }
    ec = await_exec(pid, exec_report.p, report_copy);
    if (ec) {
      detail::on_error(*this, executable, argv, ec, inits...);
      return bp::basic_process<Executor>{executor};
    }
    bp::basic_process<Executor> process(executor, pid);
    detail::on_success(*this, executable, argv, ec, inits...);
    return process;
  }

 private:
  // The child, between vfork and exec: the setup steps (ChildSetup among them), the passed
  // descriptors, exec; a failure's errno goes to the parent on `report_fd`.
  template <typename... Inits>
  [[noreturn]] void exec_in_child(const bp::filesystem::path& executable, const char* const* argv,
                                  const sigset_t& old_mask, int report_fd, int filter, int status,
                                  Inits&... inits) {
    reset_signal_handlers();                             // no grader handler in the child
    ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);  // ChildSetup may clear it further
    bp::error_code child_error =
        bp::posix::detail::on_exec_setup(*this, executable, argv, inits...);
    if (!child_error) child_error = place_passed_descriptors(filter, status, report_fd);
    if (!child_error) {
      ::execve(executable.c_str(), const_cast<char* const*>(argv), const_cast<char* const*>(env));
      child_error.assign(errno, bp::system_category());
    }
    const int code = child_error.value();
    [[maybe_unused]] const ssize_t written = ::write(report_fd, &code, sizeof code);
    ::_exit(127);  // not exit(): no atexit handlers run on the shared memory
  }
};

// The pipe on which the sandbox's init reports the program's wait status (runner.hpp,
// Confinement::reports_status); both ends close-on-exec and non-blocking.
class StatusPipe {
 public:
  int write_end = -1;  // for the child, as kStatusFd; -1 when the command reports nothing

  StatusPipe() = default;
  StatusPipe(const StatusPipe&) = delete;
  StatusPipe& operator=(const StatusPipe&) = delete;
  ~StatusPipe() {
    close_write_end();
    if (read_end_ >= 0) ::close(read_end_);
  }
  [[nodiscard]] bool open() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return false;
    read_end_ = ends[0];
    write_end = ends[1];
    return true;
  }
  // Once the child has it: the init's copy is then the only one, and its end the pipe's.
  void close_write_end() {
    if (write_end >= 0) ::close(write_end);
    write_end = -1;
  }
  // The status the init wrote, or `otherwise` when it wrote none (it ended with the run, killed
  // by a limit, or the command reports nothing).
  [[nodiscard]] int read(int otherwise) const {
    int status = 0;
    return read_end_ >= 0 && ::read(read_end_, &status, sizeof status) == sizeof status ? status
                                                                                        : otherwise;
  }

 private:
  int read_end_ = -1;
};

// The OOM kills that a cgroup v1 memory controller has seen (memory.oom_control, open: its
// "oom_kill N" line, Linux 4.13 on); 0 without one.
std::int64_t oom_kills(int oom_control) {
  if (oom_control < 0) return 0;
  char text[256] = {};
  if (::pread(oom_control, text, sizeof text - 1, 0) <= 0) return 0;
  const char* line = std::strstr(text, "oom_kill ");
  return line != nullptr ? std::strtoll(line + 9, nullptr, 10) : 0;
}

// Reads a pipe to its end, keeping at most `cap` bytes; calls `on_over` once past the cap and
// `on_done` at the end.
template <typename OnOver, typename OnDone>
void read_all(asio::readable_pipe& pipe, std::string& into, std::size_t cap, bool& over,
              OnOver on_over, OnDone on_done) {
  auto buffer = std::make_shared_for_overwrite<std::array<char, 65536>>();  // not zero-filled
  // A self-rescheduling handler; it owns the buffer through the shared_ptr.
  struct Reader {
    asio::readable_pipe& pipe;
    std::string& into;
    std::size_t cap;
    bool& over;
    OnOver on_over;
    OnDone on_done;
    std::shared_ptr<std::array<char, 65536>> buffer;
    void operator()(const bp::error_code& error, std::size_t n) {
      if (n > 0) {
        const std::size_t room = into.size() < cap ? cap - into.size() : 0;
        into.append(buffer->data(), std::min(n, room));
        if (n > room && !over) {
          over = true;
          on_over();
        }
      }
      if (error) {  // end of file, or the pipe was closed
        on_done();
        return;
      }
      pipe.async_read_some(asio::buffer(*buffer), std::move(*this));
    }
  };
  pipe.async_read_some(asio::buffer(*buffer),
                       Reader{pipe, into, cap, over, on_over, on_done, buffer});
}

// A run's standard streams, the grader's ends.
struct Pipes {
  explicit Pipes(asio::io_context& context) : in(context), out(context), err(context) {}
  asio::writable_pipe in;
  asio::readable_pipe out;
  asio::readable_pipe err;
};

// Starts the program with the run's environment, limits and identity, its stdio on `pipes` and
// the init's status pipe passed on: its pid, which leads its process group, or 0 with
// start_error set. Boost no longer waits for it: run_program reaps it.
pid_t start_program(asio::io_context& context, Pipes& pipes, const Command& command,
                    const fs::path& home, const Limits& limits, const Identity* identity,
                    StatusPipe& status, RunResult& result) {
  const std::vector<std::string> environment = minimal_environment(home);
  std::vector<const char*> envp;
  for (const std::string& entry : environment) envp.push_back(entry.c_str());
  envp.push_back(nullptr);
  bp::error_code start_error;
  ForkSafeLauncher launch;
  launch.filter_fd = identity != nullptr ? identity->passed_fd : -1;
  launch.status_fd = status.write_end;
  bp::process process = launch(
      asio::any_io_executor(context.get_executor()), start_error,
      bp::filesystem::path(command.executable.string()), command.args,
      bp::process_stdio{pipes.in, pipes.out, pipes.err},
      bp::process_start_dir{(command.working_dir.empty() ? home : command.working_dir).string()},
      Environment{envp.data()}, ChildSetup{&limits, cpu_seconds(limits), identity});
  status.close_write_end();
  if (start_error) {
    result.start_error = "cannot start \"" + command.display + "\": " + start_error.message();
    return 0;
  }
  result.started = true;
  const pid_t group = process.id();
  // Reaped with wait4, not by Boost: the child's rusage is its CPU time.
  static_cast<void>(process.detach());
  return group;
}

// One started program until it has ended and been reaped: feeds its input, reads its output,
// stops it at its limits. Every handler is a member function, run by the context's run().
class Watch {
 public:
  // `kept`: the program runs in a kept sandbox (kept.hpp) whose init reaps it, and `pidfd` is
  // its pidfd; null for the runner's own child.
  Watch(asio::io_context& context, Pipes& pipes, pid_t group, const Identity* identity,
        const CpuClock& clock, const Limits& limits, std::chrono::steady_clock::time_point start,
        RunResult& result, KeptSandbox* kept = nullptr, int pidfd = -1)
      : kept_(kept),
        pidfd_(pidfd),
        context_(context),
        pipes_(pipes),
        group_(group),
        identity_(identity),
        clock_(clock),
        limits_(limits),
        start_(start),
        result_(result),
        drain_(context),
        deadline_(context, limits.wall),
        cpu_check_(context) {}

  // Returns once the program has ended (told by `ended`, its pidfd) and its pipes drained,
  // with the program reaped: exit_status and the result's output, CPU time and limits set.
  void run(asio::posix::stream_descriptor& ended, const std::string& input) {
    deadline_.async_wait([this](const bp::error_code& error) { on_deadline(error); });
    arm_cpu_check();
    start_io(input);
    ended.async_wait(asio::posix::stream_descriptor::wait_read,
                     [this](const bp::error_code& error) { on_ended(error); });
    context_.run();
    if (!reaped_) {
      signal_group();
      reap();
    }
    result_.err_truncated = stderr_over_;
  }

  int exit_status = 0;
  bool we_killed = false;    // the runner sent SIGKILL itself (a limit)
  bool kept_failed = false;  // the kept sandbox's init gave no answer: how it ended is unknown

 private:
  KeptSandbox* const kept_;
  const int pidfd_;
  // SIGKILL to the program's process group. In a kept sandbox the program is not the runner's
  // child, and its pidfd names it beyond doubt; the rest of its group goes with the sandbox's
  // emptying once it has ended.
  void signal_group() {
    if (kept_ != nullptr) {
      ::syscall(SYS_pidfd_send_signal, pidfd_, SIGKILL, nullptr, 0);
      ::kill(-group_, SIGKILL);  // unreaped till end(): the group's id is still its own
      return;
    }
    ::kill(-group_, SIGKILL);
  }

  void kill_group() {
    we_killed = true;
    signal_group();
    // and what left the group (setsid): every process of its slot uid, which is the run's alone;
    // in a kept sandbox, whose init and bubblewrap have that uid too, the init kills them all
    // once the program has ended
    if (identity_ != nullptr && identity_->switch_user && kept_ == nullptr) {
      kill_all_of(identity_->uid);
    }
  }

  // Once the program is over, its pipes get a moment to drain; then they are closed, in case
  // a descendant that left the process group still holds them open.
  void start_draining() {
    constexpr auto kDrainTime = std::chrono::milliseconds(1000);
    if (open_readers_ == 0) return;
    drain_.expires_after(kDrainTime);
    drain_.async_wait([this](const bp::error_code& error) {
      if (error) return;
      bp::error_code ignored;
      pipes_.out.close(ignored);
      pipes_.err.close(ignored);
      pipes_.in.close(ignored);
    });
  }

  // The wall clock, for a program that sleeps or blocks. The time the run waited for a CPU on a
  // busy machine is not its own, so when the deadline comes the run gets that time again, and
  // is stopped only once its wall-clock time without it passes the limit: a program that
  // computes is judged by its CPU time alone, however many others share the machine.
  void on_deadline(const bp::error_code& error) {
    if (error || over_) return;  // cancelled, or due as the program ended: it ended in time
    waited_ = std::max(waited_, longest_cpu_wait(group_));
    const auto awake = std::chrono::steady_clock::now() - start_ - waited_;
    if (awake < limits_.wall) {
      deadline_.expires_after(limits_.wall - awake);
      deadline_.async_wait([this](const bp::error_code& again) { on_deadline(again); });
      return;
    }
    result_.timed_out = true;
    kill_group();
    start_draining();
  }

  // The run's CPU time, every few tenths of a second as isolate checks it: most runs end before
  // the first look, and one that uses its limit in all its processes is stopped within a tick.
  void arm_cpu_check() {
    constexpr auto kCpuCheck = std::chrono::milliseconds(100);
    cpu_check_.expires_after(kCpuCheck);
    cpu_check_.async_wait([this](const bp::error_code& error) { on_cpu_check(error); });
  }
  void on_cpu_check(const bp::error_code& error) {
    // cancelled, or ran after the program ended, its cancel too late for a tick already due
    if (error || over_) return;
    cpu_seen_ = std::max(cpu_seen_, clock_.used(group_));
    if (cpu_seen_ > limits_.cpu) {
      result_.timed_out = true;
      result_.cpu_limited = true;
      kill_group();
      start_draining();
      return;
    }
    arm_cpu_check();
  }

  void start_io(const std::string& input) {
    asio::async_write(pipes_.in, asio::buffer(input), [this](const bp::error_code&, std::size_t) {
      // EPIPE here means the program closed its stdin or ended early: not the grader's error.
      bp::error_code ignored;
      pipes_.in.close(ignored);
    });
    const auto reader_done = [this] {
      if (--open_readers_ == 0) drain_.cancel();
    };
    read_all(
        pipes_.out, result_.out, limits_.output_bytes, result_.output_limited,
        [this] { kill_group(); }, reader_done);
    read_all(
        pipes_.err, result_.err, limits_.stderr_bytes, stderr_over_, [] {}, reader_done);
  }

  // The child is a zombie now: its tree's time and its rusage (its own and that of the
  // children it waited for) are both still there to read, then it is reaped.
  void reap() {
    cpu_seen_ = std::max(cpu_seen_, clock_.used(group_));
    if (kept_ != nullptr) {
      // the init reaps it, kills what it left and says how it ended (it empties the files after)
      std::chrono::microseconds cpu{0};
      if (!kept_->end(exit_status, cpu)) kept_failed = true;
      reaped_ = true;
      result_.cpu = std::max(cpu_seen_, std::chrono::duration_cast<std::chrono::milliseconds>(cpu));
      return;
    }
    rusage usage{};
    while (::wait4(group_, &exit_status, 0, &usage) == -1 && errno == EINTR) {
    }
    reaped_ = true;
    result_.cpu = std::max(cpu_seen_, cpu_time_of(usage));
  }

  void on_ended(const bp::error_code& error) {
    over_ = true;
    if (kept_ != nullptr) signal_group();  // before its init reaps it, which frees its pid
    if (!error) reap();  // else it is reaped in run(), once killed
    // The main program is gone: end any children it left, so that the pipes they hold close.
    if (kept_ == nullptr) ::kill(-group_, SIGKILL);
    deadline_.cancel();
    cpu_check_.cancel();
    bp::error_code ignored;
    pipes_.in.close(ignored);
    start_draining();
  }

  asio::io_context& context_;
  Pipes& pipes_;
  const pid_t group_;
  const Identity* const identity_;  // null outside the sandbox
  const CpuClock& clock_;
  const Limits& limits_;
  const std::chrono::steady_clock::time_point start_;
  RunResult& result_;
  asio::steady_timer drain_;
  asio::steady_timer deadline_;
  asio::steady_timer cpu_check_;
  int open_readers_ = 2;  // stdout and stderr; at 0 nothing is left to drain
  bool over_ = false;     // the program has ended (or the wait for it failed): no limit applies now
  bool reaped_ = false;
  bool stderr_over_ = false;
  std::chrono::milliseconds waited_{0};  // the longest any one thread of it waited for a CPU
  std::chrono::milliseconds cpu_seen_{0};
};

// A run in a kept sandbox (kept.hpp): its init starts the program on the streams given to it,
// and says how it ended. As run_program, from the slot's acquisition on.
RunResult run_kept(const Command& command, const std::string& input, const Limits& limits,
                   const Identity& identity) {
  RunResult result;
  const auto failed = [&](const std::string& what) {
    result.start_error = what + ": " + std::strerror(errno);
    return result;
  };
  asio::io_context context;
  Pipes pipes(context);
  int in[2] = {-1, -1};
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  const auto close_child_ends = [&] {
    for (int* fd : {&in[0], &out[1], &err[1]}) {
      if (*fd >= 0) ::close(*fd);
      *fd = -1;
    }
  };
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
    for (const int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) {
      if (fd >= 0) ::close(fd);
    }
    return failed("pipe2");
  }
  pipes.in.assign(in[1]);
  pipes.out.assign(out[0]);
  pipes.err.assign(err[0]);
  // the slot's cgroup, else its uid's processes, else the init's tree: each holds the sandbox's
  // init and bubblewrap too, kept from run to run, counted from here on (CpuClock)
  const CpuClock clock(identity.cpu_usage,
                       identity.switch_user && identity.cpu_usage < 0 ? identity.uid : 0,
                       identity.kept->init());
  const std::int64_t oom_kills_before = oom_kills(identity.oom_control);
  const std::vector<std::string> argv(
      command.args.begin() + static_cast<std::ptrdiff_t>(identity.kept_skip), command.args.end());
  const auto start = std::chrono::steady_clock::now();
  pid_t group = -1;
  std::string error;
  const int streams[3] = {in[0], out[1], err[1]};
  const int pidfd = identity.kept->begin(argv, kept_limits(limits), streams, group, error);
  close_child_ends();
  if (pidfd < 0) {
    result.start_error = "cannot start \"" + command.display + "\": " + error;
    return result;
  }
  result.started = true;
  asio::posix::stream_descriptor ended(context, pidfd);  // closes it
  const RunningGroup registered(group);
  Watch watch(context, pipes, group, &identity, clock, limits, start, result, identity.kept, pidfd);
  watch.run(ended, input);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  result.cpu = std::max(result.cpu, clock.used(group));  // every process's, orphans' too
  result.oom_killed = oom_kills(identity.oom_control) > oom_kills_before;
  if (watch.kept_failed) {
    result.started = false;
    result.start_error = "the sandbox kept for \"" + command.display + "\" did not answer";
    return result;
  }
  record_exit_status(watch.exit_status, watch.we_killed, limits, result);
  return result;
}

}  // namespace

pid_t launch_kept(const Command& command, const Identity& identity, const Limits& limits,
                  int socket, std::string& problem) {
  asio::io_context context;
  const std::vector<std::string> environment = minimal_environment("/");
  std::vector<const char*> envp;
  for (const std::string& entry : environment) envp.push_back(entry.c_str());
  envp.push_back(nullptr);
  bp::error_code start_error;
  ForkSafeLauncher launch;
  launch.filter_fd = identity.passed_fd;
  launch.status_fd = socket;
  bp::process process =
      launch(asio::any_io_executor(context.get_executor()), start_error,
             bp::filesystem::path(command.executable.string()), command.args,
             bp::process_stdio{nullptr, nullptr, nullptr}, bp::process_start_dir{"/"},
             Environment{envp.data()}, ChildSetup{&limits, cpu_seconds(limits), &identity});
  if (start_error) {
    problem = "cannot start \"" + command.display + "\": " + start_error.message();
    return 0;
  }
  const pid_t pid = process.id();
  static_cast<void>(process.detach());  // reaped by ~KeptSandbox
  return pid;
}

RunResult run_program(const Command& command, const std::string& input, const Limits& limits) {
  // A program that closes its stdin makes our write fail with EPIPE; the signal that comes with
  // it must not end the grader. The child gets the default disposition back in ChildSetup.
  static const bool sigpipe_ignored = ::signal(SIGPIPE, SIG_IGN) != SIG_ERR;
  static_cast<void>(sigpipe_ignored);
  RunResult result;
  ScratchDir scratch;
  if (scratch.path().empty()) {
    result.start_error = std::string("mkdtemp: ") + std::strerror(errno);
    return result;
  }
  // Held to the end of the run: its release kills whatever the program left in its slot.
  const std::shared_ptr<const Identity> identity =
      command.confinement ? command.confinement->acquire(command, limits) : nullptr;
  if (identity && identity->kept != nullptr) return run_kept(command, input, limits, *identity);
  // the program's HOME, TMPDIR and default working folder: its slot's private one, if any
  const fs::path& home = identity && !identity->home.empty() ? identity->home : scratch.path();
  asio::io_context context;
  Pipes pipes(context);
  // The program's own wait status, from the sandbox's init (Confinement::reports_status)
  StatusPipe status;
  if (command.confinement && command.confinement->reports_status() && !status.open()) {
    result.start_error = std::string("pipe2: ") + std::strerror(errno);
    return result;
  }
  // without a cgroup, a slot uid is what holds every process of the run, orphans too
  const CpuClock clock(
      identity ? identity->cpu_usage : -1,
      identity && identity->switch_user && identity->cpu_usage < 0 ? identity->uid : 0);
  const std::int64_t oom_kills_before = identity ? oom_kills(identity->oom_control) : 0;

  const auto start = std::chrono::steady_clock::now();
  const pid_t group =
      start_program(context, pipes, command, home, limits, identity.get(), status, result);
  if (group == 0) return result;
  // A pidfd says when it has ended (Boost's own wait needs one too: Linux 5.3 on).
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, group, 0));
  if (pidfd < 0) {
    result.start_error = std::string("pidfd_open: ") + std::strerror(errno);
    ::kill(-group, SIGKILL);
    ::waitpid(group, nullptr, 0);
    return result;
  }
  asio::posix::stream_descriptor ended(context, pidfd);
  const RunningGroup registered(group);
  Watch watch(context, pipes, group, identity.get(), clock, limits, start, result);
  watch.run(ended, input);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  if (identity) {
    // the cgroup's or the slot uid's time, now that every process of the run has ended or been
    // told to (with neither, the tree of a pid reaped is no longer the run's)
    if (identity->cpu_usage >= 0 || identity->switch_user) {
      result.cpu = std::max(result.cpu, clock.used(group));
    }
    result.oom_killed = oom_kills(identity->oom_control) > oom_kills_before;
  }
  record_exit_status(status.read(watch.exit_status), watch.we_killed, limits, result);
  return result;
}

void kill_all_running() noexcept {
  for (std::atomic<pid_t>& group : running_groups) {
    const pid_t pid = group.load();
    if (pid > 0) ::kill(-pid, SIGKILL);
  }
}

}  // namespace grader
