// The system-call filter, refusal by refusal: each attempt runs in a child process twice,
// under the filter, where it must be refused, and without it, the control, where the kernel
// must let it through (so that the test can tell a refusal from a call that fails anyway). The
// controls need root, as CI runs; as another user they are left out and say so. And what a
// program and its build need still works under the filter.
#include "seccomp.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <mqueue.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>

namespace {

const grader::SyscallFilter& filter() {
  static const grader::SyscallFilter compiled = [] {
    std::string problem;
    std::optional<grader::SyscallFilter> made = grader::SyscallFilter::compile(problem);
    if (!made) FAIL(problem);
    return *made;
  }();
  return compiled;
}

// How an attempt ended: 0 when the call succeeded, its errno when it failed, or minus the signal
// that killed the child.
int attempt(bool filtered, const std::function<int()>& call,
            const std::function<void()>& before = nullptr) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (before) before();
    if (filtered && !filter().install()) ::_exit(255);
    ::_exit(call() & 0xff);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  REQUIRE(WEXITSTATUS(status) != 255);
  return WEXITSTATUS(status);
}

int result(long value) {
  return value < 0 ? errno : 0;
}

// In a child that is meant to die of a signal: the default action, not doctest's report.
void ignore_crash() {
  for (const int signal : {SIGSEGV, SIGSYS, SIGILL, SIGBUS}) ::signal(signal, SIG_DFL);
}

// `call` is refused by the filter with `refused`, and goes through without it (as root). For a
// user namespace, a kernel that refuses it to root anyway (in a chroot, as the platform tests'
// Debian roots are, or with user namespaces turned off) leaves no control to run: said, not
// failed; on the CI machine itself the control runs.
void refused_with(int refused, const std::function<int()>& call,
                  const std::function<void()>& before = nullptr, bool user_namespace = false) {
  CHECK(attempt(true, call, before) == refused);
  if (::geteuid() != 0) {
    MESSAGE("not root: the control, which needs root, is left out");
    return;
  }
  const int control = attempt(false, call, before);
  if (user_namespace && control == EPERM) {
    MESSAGE("the kernel refuses a user namespace here whatever the filter does: no control");
    return;
  }
  CHECK(control == 0);
}

// A pseudo-terminal the test owns, its terminal side open.
int terminal() {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return -1;
  return ::open(::ptsname(master), O_RDWR | O_NOCTTY);
}

// A file of the test's own, made before any attempt forks (an attempt runs in a child, whose
// own files no one would remove) and removed when the test case ends.
struct TemporaryFile {
  std::string path = [] {
    char name[] = "/tmp/bloom-seccomp-test-XXXXXX";
    const int fd = ::mkstemp(name);
    REQUIRE(fd >= 0);
    ::close(fd);
    return std::string(name);
  }();
  TemporaryFile() = default;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() { ::unlink(path.c_str()); }
};

int lock_with(const TemporaryFile& file, int command) {
  const int fd = ::open(file.path.c_str(), O_RDWR);
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  return result(::fcntl(fd, command, &lock));
}

}  // namespace

TEST_CASE("the filter refuses typing into a terminal, also with high bits hiding the command") {
  const auto type = [](unsigned long command) {
    return [command] {
      const int tty = terminal();
      const char c = 'x';
      return tty < 0 ? 254 : result(::syscall(SYS_ioctl, tty, command, &c));
    };
  };
  refused_with(EPERM, type(TIOCSTI));
  refused_with(EPERM, type(TIOCSTI | (1UL << 32)));  // the kernel reads 32 bits: still TIOCSTI
  // TIOCLINUX is for virtual consoles: on a pseudo-terminal the kernel answers, but not EPERM
  const auto linux_console = [] {
    const int tty = terminal();
    char subcode = 6;  // TIOCL_GETSHIFTSTATE
    return tty < 0 ? 254 : result(::ioctl(tty, TIOCLINUX, &subcode));
  };
  CHECK(attempt(true, linux_console) == EPERM);
  const int control = attempt(false, linux_console);
  CHECK(control != EPERM);
  CHECK(control != 254);
}

TEST_CASE("the filter refuses new namespaces: unshare, setns, clone with CLONE_NEW*, and clone3") {
  refused_with(
      EPERM, [] { return result(::unshare(CLONE_NEWUSER)); }, nullptr, true);
  refused_with(EPERM, [] {
    const int ns = ::open("/proc/self/ns/uts", O_RDONLY);
    return result(::setns(ns, 0));
  });
  const auto clone_with = [](unsigned long flags) {
    return [flags] {
      const long pid = ::syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr);
      if (pid == 0) ::_exit(0);
      if (pid > 0) ::waitpid(static_cast<pid_t>(pid), nullptr, 0);
      return result(pid);
    };
  };
  for (const int flag : {CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC}) {
    CAPTURE(flag);
    refused_with(EPERM, clone_with(static_cast<unsigned long>(flag)), nullptr,
                 flag == CLONE_NEWUSER);
  }
  CHECK(attempt(true, clone_with(0)) == 0);  // a plain fork goes on
  refused_with(ENOSYS, [] {
    std::uint64_t args[11] = {};
    args[4] = SIGCHLD;  // clone_args.exit_signal
    const long pid = ::syscall(SYS_clone3, args, sizeof args);
    if (pid == 0) ::_exit(0);
    if (pid > 0) ::waitpid(static_cast<pid_t>(pid), nullptr, 0);
    return result(pid);
  });
}

TEST_CASE("the filter refuses mounts, old and new") {
  static const std::string folder = [] {
    char path[] = "/tmp/bloom-seccomp-mount-XXXXXX";
    REQUIRE(::mkdtemp(path) != nullptr);
    return std::string(path);
  }();
  static const auto own_mounts = [] {  // the control's mount goes nowhere but this child's
    if (::geteuid() == 0) {
      ::unshare(CLONE_NEWNS);
      ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr);
    }
  };
  refused_with(
      EPERM, [] { return result(::mount("tmpfs", folder.c_str(), "tmpfs", 0, "size=1m")); },
      own_mounts);
  refused_with(
      EPERM, [] { return result(::syscall(SYS_fsopen, "tmpfs", 0)); }, own_mounts);
  refused_with(
      EPERM, [] { return result(::umount2(folder.c_str(), MNT_DETACH)); },
      [] {
        own_mounts();
        if (::geteuid() == 0) ::mount("tmpfs", folder.c_str(), "tmpfs", 0, "size=1m");
      });
  ::rmdir(folder.c_str());
}

TEST_CASE("the filter refuses ptrace, other processes' memory and their descriptors") {
  refused_with(EPERM, [] { return result(::ptrace(PTRACE_TRACEME, 0, nullptr, nullptr)); });
  refused_with(EPERM, [] {
    char from[4] = "abc";
    char to[4] = {};
    const iovec local{to, sizeof to};
    const iovec remote{from, sizeof from};
    return result(::process_vm_readv(::getpid(), &local, 1, &remote, 1, 0));
  });
  refused_with(EPERM, [] {  // a descriptor of its own process, through its pidfd
    const int self = static_cast<int>(::syscall(SYS_pidfd_open, ::getpid(), 0));
    if (self < 0) return 100;
    const long copy = ::syscall(SYS_pidfd_getfd, self, STDIN_FILENO, 0);
    return result(copy);
  });
}

TEST_CASE(
    "the filter refuses another process's limits, priority and scheduling, and leaves a "
    "process its own") {
  // The other process: a child of the test's that sleeps, of the same uid, as a kept sandbox's
  // init is of its runs' (kept.hpp).
  const pid_t other = ::fork();
  if (other == 0) {
    ::pause();
    ::_exit(0);
  }
  REQUIRE(other > 0);
  const auto on_other = [other](const std::function<long(pid_t)>& call) {
    return [other, call] { return result(call(other)); };
  };
  const std::function<long(pid_t)> calls[] = {
      [](pid_t pid) {
        const rlimit lower{64, 64};
        return ::prlimit(pid, RLIMIT_NOFILE, &lower, nullptr);
      },
      [](pid_t pid) { return ::setpriority(PRIO_PROCESS, static_cast<id_t>(pid), 19); },
      [](pid_t) { return ::setpriority(PRIO_USER, ::getuid(), 19); },
      [](pid_t) { return ::setpriority(PRIO_PGRP, 0, 19); },
      [](pid_t pid) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        return ::sched_setaffinity(pid, sizeof one, &one);
      },
      [](pid_t pid) {
        const sched_param none{};
        return ::sched_setscheduler(pid, SCHED_IDLE, &none);
      },
      [](pid_t pid) {
        const sched_param none{};
        return ::sched_setparam(pid, &none);
      },
      [](pid_t pid) { return ::syscall(SYS_ioprio_set, 1, pid, (3 << 13) | 0); },  // idle class
  };
  for (const auto& call : calls) refused_with(EPERM, on_other(call));
  // its own, through pid 0: each still works under the filter
  const auto own = [](const std::function<long()>& call) {
    CHECK(attempt(true, [&] { return result(call()); }) == 0);
  };
  own([] {
    const rlimit lower{64, 64};
    return ::prlimit(0, RLIMIT_NOFILE, &lower, nullptr);
  });
  own([] {
    const rlimit none{0, 0};
    return ::setrlimit(RLIMIT_CORE, &none);
  });
  own([] { return ::setpriority(PRIO_PROCESS, 0, 19); });
  own([] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    return ::sched_setaffinity(0, sizeof one, &one);
  });
  own([] {
    const sched_param none{};
    return ::sched_setscheduler(0, SCHED_IDLE, &none);
  });
  ::kill(other, SIGKILL);
  ::waitpid(other, nullptr, 0);
}

TEST_CASE("the filter refuses keyrings, bpf, perf_event_open, userfaultfd and io_uring") {
  refused_with(EPERM, [] {  // KEYCTL_GET_KEYRING_ID of the session keyring, made if missing
    return result(::syscall(SYS_keyctl, 0, -3, 1));
  });
  refused_with(EPERM, [] {
    return result(::syscall(SYS_add_key, "user", "bloom-test", "x", 1, -2));  // the process keyring
  });
  refused_with(EPERM, [] {
    bpf_attr attr{};
    attr.map_type = BPF_MAP_TYPE_ARRAY;
    attr.key_size = 4;
    attr.value_size = 4;
    attr.max_entries = 1;
    return result(::syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr));
  });
  refused_with(EPERM, [] {
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_TASK_CLOCK;
    return result(::syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
  });
  refused_with(EPERM, [] { return result(::syscall(SYS_userfaultfd, O_CLOEXEC)); });
  refused_with(EPERM, [] {
    char params[120] = {};  // struct io_uring_params
    return result(::syscall(SYS_io_uring_setup, 1, params));
  });
}

// A datagram socketpair's end bound to an abstract name and cut from its pair, and another
// pair's end sending to that name: the channel two runs in one network namespace would have.
// 0 when the message arrived; else the errno of the step that failed.
int abstract_datagram(int type_flags) {
  int receiver[2];
  int sender[2];
  if (::socketpair(AF_UNIX, SOCK_DGRAM | type_flags, 0, receiver) != 0) return errno;
  if (::socketpair(AF_UNIX, SOCK_DGRAM | type_flags, 0, sender) != 0) return errno;
  sockaddr_un name{};
  name.sun_family = AF_UNIX;
  const std::string abstract = "bloom-seccomp-test-" + std::to_string(::getpid());
  std::memcpy(name.sun_path + 1, abstract.data(), abstract.size());
  const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + abstract.size());
  if (::bind(receiver[0], reinterpret_cast<const sockaddr*>(&name), length) != 0) return errno;
  sockaddr cut{};
  cut.sa_family = AF_UNSPEC;
  if (::connect(receiver[0], &cut, sizeof cut) != 0) return errno;
  if (::sendto(sender[0], "x", 1, 0, reinterpret_cast<const sockaddr*>(&name), length) != 1)
    return errno;
  char got = 0;
  return ::recv(receiver[0], &got, 1, MSG_DONTWAIT) == 1 && got == 'x' ? 0 : EIO;
}

TEST_CASE(
    "the filter refuses sockets but a stream socketpair, which talks to its other end alone") {
  refused_with(EPERM, [] { return result(::socket(AF_INET, SOCK_STREAM, 0)); });
  refused_with(EPERM, [] { return result(::socket(AF_UNIX, SOCK_STREAM, 0)); });
  refused_with(EPERM, [] { return abstract_datagram(0); });
  refused_with(EPERM, [] { return abstract_datagram(SOCK_CLOEXEC | SOCK_NONBLOCK); });
  refused_with(EPERM, [] {
    int pair[2];
    return result(::socketpair(AF_UNIX, SOCK_SEQPACKET, 0, pair));
  });
  // a stream pair's end bound to an abstract name: nothing could connect to it, but no run
  // needs bind, so it is refused with the rest
  refused_with(EPERM, [] {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return errno;
    sockaddr_un name{};
    name.sun_family = AF_UNIX;
    const std::string abstract = "bloom-seccomp-stream-" + std::to_string(::getpid());
    std::memcpy(name.sun_path + 1, abstract.data(), abstract.size());
    return result(
        ::bind(pair[0], reinterpret_cast<const sockaddr*>(&name),
               static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + abstract.size())));
  });
  for (const int flags : {0, int{SOCK_CLOEXEC}, SOCK_NONBLOCK | SOCK_CLOEXEC}) {
    CAPTURE(flags);
    CHECK(attempt(true, [flags] {
            int pair[2];
            if (::socketpair(AF_UNIX, SOCK_STREAM | flags, 0, pair) != 0) return errno;
            char got = 0;
            return ::write(pair[0], "y", 1) == 1 && ::read(pair[1], &got, 1) == 1 && got == 'y'
                       ? 0
                       : EIO;
          }) == 0);
  }
}

TEST_CASE(
    "the filter refuses file locks, leases, F_NOTIFY and inotify, the channels between runs") {
  const TemporaryFile file;
  refused_with(EPERM,
               [&file] { return result(::flock(::open(file.path.c_str(), O_RDONLY), LOCK_EX)); });
  for (const int command : {F_SETLK, F_SETLKW, F_GETLK, F_OFD_SETLK, F_OFD_SETLKW, F_OFD_GETLK}) {
    CAPTURE(command);
    refused_with(EPERM, [&file, command] { return lock_with(file, command); });
  }
  refused_with(EPERM, [&file] {
    return result(::fcntl(::open(file.path.c_str(), O_RDONLY), F_SETLEASE, F_RDLCK));
  });
  refused_with(
      EPERM, [] { return result(::fcntl(::open("/tmp", O_RDONLY), F_NOTIFY, DN_ACCESS)); },
      [] { ::signal(SIGIO, SIG_IGN); });  // what F_NOTIFY sends when /tmp is read
  refused_with(EPERM, [] { return result(::inotify_init1(IN_CLOEXEC)); });
  CHECK(attempt(true, [] { return result(::fcntl(STDIN_FILENO, F_GETFD)); }) == 0);  // others stay
}

TEST_CASE("the filter refuses System V IPC and POSIX message queues") {
  refused_with(EPERM, [] {
    const int id = ::shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    if (id >= 0) ::shmctl(id, IPC_RMID, nullptr);
    return result(id);
  });
  refused_with(EPERM, [] {
    const std::string name = "/bloom-seccomp-test-" + std::to_string(::getpid());
    const mqd_t queue = ::mq_open(name.c_str(), O_CREAT | O_RDWR, 0600, nullptr);
    if (queue != static_cast<mqd_t>(-1)) ::mq_unlink(name.c_str());
    return result(queue);
  });
  // A queue the program did not open with mq_open (one opened as a file of /dev/mqueue, which
  // the filter cannot tell by its path, or one it inherited) still carries nothing: here one
  // the test opened before the filter.
  const std::string name = "/bloom-seccomp-queue-" + std::to_string(::getpid());
  const mqd_t queue = ::mq_open(name.c_str(), O_CREAT | O_RDWR | O_NONBLOCK, 0600, nullptr);
  REQUIRE(queue != static_cast<mqd_t>(-1));
  refused_with(EPERM, [queue] { return result(::mq_send(queue, "input", 5, 0)); });
  refused_with(EPERM, [queue] {
    char message[8192];
    ::mq_send(queue, "input", 5, 0);  // made before the filter in the control alone
    return result(::mq_receive(queue, message, sizeof message, nullptr));
  });
  refused_with(EPERM, [queue] {
    mq_attr attributes{};
    return result(::mq_getattr(queue, &attributes));
  });
  refused_with(EPERM, [queue] { return result(::mq_notify(queue, nullptr)); });
  refused_with(EPERM, [&name] {  // the system call: glibc's mq_unlink says EACCES for EPERM
    const std::string other = name + "-unlinked";
    ::mq_close(::mq_open(other.c_str(), O_CREAT | O_RDWR, 0600, nullptr));  // the control's
    return result(::syscall(SYS_mq_unlink, other.c_str() + 1));
  });
  ::mq_close(queue);
  ::mq_unlink(name.c_str());
}

TEST_CASE("a system call through the i386 or x32 ABI kills the process under the filter") {
  // The program's first instructions: load the ABI (seccomp_data.arch); any but this machine's
  // jumps to "kill the process".
  const std::string_view bytes = filter().bytes();
  REQUIRE(bytes.size() >= 2 * sizeof(sock_filter));
  const auto* program = reinterpret_cast<const sock_filter*>(bytes.data());
  CHECK(program[0].code == (BPF_LD | BPF_W | BPF_ABS));
  CHECK(program[0].k == 4);  // offsetof(struct seccomp_data, arch)
  CHECK(program[1].code == (BPF_JMP | BPF_JEQ | BPF_K));
  CHECK(program[1].k == AUDIT_ARCH_X86_64);
  const sock_filter& other_abi = program[2 + program[1].jf];
  CHECK(other_abi.code == (BPF_RET | BPF_K));
  CHECK(other_abi.k == SECCOMP_RET_KILL_PROCESS);

  // i386's getpid (20) through int 0x80, from machine code (rbx, which it sets, is kept)
  const auto i386_getpid = [] {
    static const unsigned char code[] = {0x53, 0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0x5B, 0xC3};
    void* page = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) return 254;
    std::memcpy(page, code, sizeof code);
    const int pid = reinterpret_cast<int (*)()>(page)();
    return pid == ::getpid() ? 0 : 253;
  };
  const int control = attempt(false, i386_getpid, ignore_crash);
  if (control == 0) {
    CHECK(attempt(true, i386_getpid, ignore_crash) == -SIGSYS);
  } else {  // a kernel without the i386 ABI (ia32_emulation off) faults on int 0x80
    MESSAGE("this kernel has no i386 ABI (int 0x80 ends in signal " << -control
                                                                    << "): nothing to filter");
    CHECK(control == -SIGSEGV);
    CHECK(attempt(true, i386_getpid, ignore_crash) < 0);
  }
  constexpr long kX32 = 0x40000000;  // __X32_SYSCALL_BIT
  const auto x32_getpid = [] { return result(::syscall(kX32 | SYS_getpid)); };
  CHECK(attempt(true, x32_getpid, ignore_crash) == -SIGSYS);
  const int x32_control = attempt(false, x32_getpid);  // the kernel answers (ENOSYS without x32)
  CHECK((x32_control == 0 || x32_control == ENOSYS));
}

TEST_CASE("what a program and its build need still works under the filter") {
  CHECK(attempt(true, [] {
          int fds[2];
          if (::pipe(fds) != 0 || ::write(fds[1], "x", 1) != 1) return 1;
          const int flags = ::fcntl(fds[0], F_GETFL);
          if (flags < 0 || ::fcntl(fds[0], F_SETFL, flags | O_NONBLOCK) != 0) return 2;
          const pid_t child = ::fork();
          if (child == 0) ::_exit(0);
          if (child < 0 || ::waitpid(child, nullptr, 0) != child) return 3;
          const pid_t exec = ::fork();
          if (exec == 0) {
            char* argv[] = {const_cast<char*>("true"), nullptr};
            ::execv("/bin/true", argv);
            ::_exit(9);
          }
          int status = 0;
          ::waitpid(exec, &status, 0);
          return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 4;
        }) == 0);
}

TEST_CASE(
    "the filter's bytes are the BPF program bubblewrap reads, and its summary names each refusal") {
  const std::string_view bytes = filter().bytes();
  CHECK(!bytes.empty());
  CHECK(bytes.size() % 8 == 0);  // struct sock_filter: 8 bytes each
  const int fd = filter().open_copy();
  REQUIRE(fd >= 0);
  std::string read_back(bytes.size() + 1, '\0');
  CHECK(::pread(fd, read_back.data(), read_back.size(), 0) == static_cast<ssize_t>(bytes.size()));
  read_back.resize(bytes.size());
  CHECK(read_back == bytes);
  CHECK((::fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
  ::close(fd);
  CHECK(grader::SyscallFilter::summary() ==
        "seccomp: refuses TIOCSTI, TIOCLINUX, new namespaces, mounts, ptrace, keyrings, bpf, "
        "perf_event_open, userfaultfd, io_uring, sockets (a stream socketpair stays), file locks, "
        "leases "
        "and F_NOTIFY, inotify and fanotify, System V IPC and message queues, another "
        "process's limits, priority and scheduling (its own stay); kills a call through another "
        "ABI (i386, x32)");
}
