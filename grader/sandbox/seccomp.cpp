#include "seccomp.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <memory>

namespace grader {

namespace {

constexpr std::uint64_t kAll = 0;              // a refusal whatever the arguments
constexpr std::uint64_t kLow32 = 0xFFFFFFFFu;  // ioctl's and fcntl's command is an unsigned int

// One refusal: `syscall`, when argument `arg` masked with `mask` equals `value` (whatever the
// arguments when mask is kAll), fails with `error`; with `unless`, when it differs from `value`
// instead (the whole 64 bits: set high bits only make it refused). `topic` is how summary()
// names it.
struct Refusal {
  const char* topic;
  const char* syscall;
  int error = EPERM;
  unsigned arg = 0;
  std::uint64_t mask = kAll;
  std::uint64_t value = 0;
  bool unless = false;
};

constexpr Refusal refuse(const char* topic, const char* syscall) {
  return {topic, syscall};
}
// clone's first argument holds its flags on every architecture the kit builds for.
constexpr Refusal clone_with(std::uint64_t flag) {
  return {"new namespaces", "clone", EPERM, 0, flag, flag};
}
constexpr Refusal fcntl_with(unsigned command) {
  return {"file locks, leases and F_NOTIFY", "fcntl", EPERM, 1, kLow32, command};
}

// Sockets: socket() whole, and socketpair() but for a stream pair of Unix sockets. A stream
// pair talks to its other end alone: it cannot listen or connect (it is connected), and sends
// to no address. A datagram or seqpacket pair can: one end bound to an abstract name, the other
// sending to that name, is a channel between two runs that share a network namespace (every run
// of the users kind). bind, connect, listen and accept are refused too: no socket a run can make
// needs them.
constexpr const char* kSockets = "sockets (a stream socketpair stays)";
static_assert(SOCK_STREAM == 1, "socketpair_of_type refuses every type of 0 to 15 but 1");
constexpr Refusal socketpair_of_type(unsigned type) {
  return {kSockets, "socketpair", EPERM, 1, 0xf, type};  // the type's low bits; SOCK_* flags above
}

// Another process's limits, priority, scheduling and memory placement: each call stays for the
// caller itself (pid 0; a thread's own through 0 too). The processes of a run share a uid with
// each other and, in a kept sandbox (kept.hpp), with its init, whose next child would inherit
// what a run set it to: a channel between two cases, and a way to change their limits.
constexpr const char* kOthers = "another process's limits, priority and scheduling (its own stay)";
constexpr Refusal not_own(const char* syscall, unsigned arg = 0, std::uint64_t own = 0) {
  return {kOthers, syscall, EPERM, arg, kAll, own, true};
}

// The header's list, in its order. Names that this architecture lacks (fcntl64 on x86-64) are
// skipped: their ABI is refused whole.
constexpr Refusal kRefusals[] = {
    {"TIOCSTI", "ioctl", EPERM, 1, kLow32, TIOCSTI},
    {"TIOCLINUX", "ioctl", EPERM, 1, kLow32, TIOCLINUX},
    refuse("new namespaces", "unshare"),
    refuse("new namespaces", "setns"),
    clone_with(CLONE_NEWUSER),
    clone_with(CLONE_NEWNS),
    clone_with(CLONE_NEWPID),
    clone_with(CLONE_NEWNET),
    clone_with(CLONE_NEWUTS),
    clone_with(CLONE_NEWIPC),
    clone_with(CLONE_NEWCGROUP),
    {"new namespaces", "clone3", ENOSYS},
    refuse("mounts", "mount"),
    refuse("mounts", "umount2"),
    refuse("mounts", "pivot_root"),
    refuse("mounts", "move_mount"),
    refuse("mounts", "open_tree"),
    refuse("mounts", "fsopen"),
    refuse("mounts", "fsconfig"),
    refuse("mounts", "fsmount"),
    refuse("mounts", "fspick"),
    refuse("mounts", "mount_setattr"),
    refuse("ptrace", "ptrace"),
    refuse("ptrace", "process_vm_readv"),
    refuse("ptrace", "process_vm_writev"),
    refuse("ptrace", "pidfd_getfd"),  // another process's descriptor, as ptrace would take it
    refuse("keyrings", "keyctl"),
    refuse("keyrings", "add_key"),
    refuse("keyrings", "request_key"),
    refuse("bpf", "bpf"),
    refuse("perf_event_open", "perf_event_open"),
    refuse("userfaultfd", "userfaultfd"),
    refuse("io_uring", "io_uring_setup"),
    refuse("io_uring", "io_uring_enter"),
    refuse("io_uring", "io_uring_register"),
    refuse(kSockets, "socket"),
    {kSockets, "socketpair", EPERM, 0, kAll, AF_UNIX, true},
    socketpair_of_type(0),
    socketpair_of_type(2),
    socketpair_of_type(3),
    socketpair_of_type(4),
    socketpair_of_type(5),
    socketpair_of_type(6),
    socketpair_of_type(7),
    socketpair_of_type(8),
    socketpair_of_type(9),
    socketpair_of_type(10),
    socketpair_of_type(11),
    socketpair_of_type(12),
    socketpair_of_type(13),
    socketpair_of_type(14),
    socketpair_of_type(15),
    refuse(kSockets, "bind"),
    refuse(kSockets, "connect"),
    refuse(kSockets, "listen"),
    refuse(kSockets, "accept"),
    refuse(kSockets, "accept4"),
    refuse("file locks, leases and F_NOTIFY", "flock"),
    fcntl_with(F_GETLK),
    fcntl_with(F_SETLK),
    fcntl_with(F_SETLKW),
    fcntl_with(F_OFD_GETLK),
    fcntl_with(F_OFD_SETLK),
    fcntl_with(F_OFD_SETLKW),
    fcntl_with(F_SETLEASE),
    fcntl_with(F_GETLEASE),
    fcntl_with(F_NOTIFY),
    refuse("inotify and fanotify", "inotify_init"),
    refuse("inotify and fanotify", "inotify_init1"),
    refuse("inotify and fanotify", "fanotify_init"),
    refuse("System V IPC and message queues", "shmget"),
    refuse("System V IPC and message queues", "semget"),
    refuse("System V IPC and message queues", "msgget"),
    // every call of a POSIX queue, not only mq_open: a queue opened through its file in
    // /dev/mqueue (open(), which no filter can tell by path) then carries no message
    refuse("System V IPC and message queues", "mq_open"),
    refuse("System V IPC and message queues", "mq_timedsend"),
    refuse("System V IPC and message queues", "mq_timedreceive"),
    refuse("System V IPC and message queues", "mq_notify"),
    refuse("System V IPC and message queues", "mq_getsetattr"),
    refuse("System V IPC and message queues", "mq_unlink"),
    not_own("prlimit64"),
    not_own("setpriority", 0, PRIO_PROCESS),
    not_own("setpriority", 1),
    not_own("sched_setaffinity"),
    not_own("sched_setscheduler"),
    not_own("sched_setparam"),
    not_own("sched_setattr"),
    not_own("ioprio_set", 0, 1),  // IOPRIO_WHO_PROCESS
    not_own("ioprio_set", 1),
    not_own("migrate_pages"),
    not_own("move_pages"),
};

struct ContextDeleter {
  void operator()(void* context) const { seccomp_release(context); }
};

std::string failed(const std::string& step, int result) {
  return "libseccomp: " + step + ": " + std::strerror(-result);
}

}  // namespace

std::optional<SyscallFilter> SyscallFilter::compile(std::string& problem) {
  const std::unique_ptr<void, ContextDeleter> context(seccomp_init(SCMP_ACT_ALLOW));
  if (!context) {
    problem = "libseccomp: cannot make a filter";
    return std::nullopt;
  }
  // Only the native ABI is in the filter; a call through another (i386's int 0x80, x32)
  // kills the process rather than run unfiltered.
  if (const int r = seccomp_attr_set(context.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
      r != 0) {
    problem = failed("bad-architecture action", r);
    return std::nullopt;
  }
  for (const Refusal& refusal : kRefusals) {
    const int number = seccomp_syscall_resolve_name(refusal.syscall);
    if (number < 0) continue;  // not a system call of this architecture
    const scmp_arg_cmp compare =
        refusal.unless ? scmp_arg_cmp{refusal.arg, SCMP_CMP_NE, refusal.value, 0}
                       : scmp_arg_cmp{refusal.arg, SCMP_CMP_MASKED_EQ, refusal.mask, refusal.value};
    const std::uint32_t action = SCMP_ACT_ERRNO(static_cast<std::uint32_t>(refusal.error));
    const int r = refusal.mask == kAll && !refusal.unless
                      ? seccomp_rule_add(context.get(), action, number, 0)
                      : seccomp_rule_add_exact_array(context.get(), action, number, 1, &compare);
    if (r != 0) {
      problem = failed(std::string("refusing ") + refusal.syscall, r);
      return std::nullopt;
    }
  }
  // libseccomp writes the program to a descriptor (seccomp_export_bpf_mem is 2.6's, and
  // Debian 12 has 2.5): an in-memory file, read back.
  const int fd = ::memfd_create("bloom-seccomp-export", MFD_CLOEXEC);
  if (fd < 0) {
    problem = std::string("memfd_create: ") + std::strerror(errno);
    return std::nullopt;
  }
  std::string bytes;
  int r = seccomp_export_bpf(context.get(), fd);
  if (r == 0) {
    const off_t size = ::lseek(fd, 0, SEEK_END);
    bytes.resize(size > 0 ? static_cast<std::size_t>(size) : 0);
    if (size <= 0 || ::pread(fd, bytes.data(), bytes.size(), 0) != size) r = -EIO;
  }
  ::close(fd);
  if (r != 0 || bytes.size() % sizeof(sock_filter) != 0) {
    problem = failed("export", r != 0 ? r : -EINVAL);
    return std::nullopt;
  }
  SyscallFilter filter;
  filter.program_.resize(bytes.size() / sizeof(sock_filter));
  std::memcpy(filter.program_.data(), bytes.data(), bytes.size());
  return filter;
}

std::string_view SyscallFilter::bytes() const {
  return {reinterpret_cast<const char*>(program_.data()), program_.size() * sizeof(sock_filter)};
}

int SyscallFilter::open_copy() const {
  const int fd = ::memfd_create("bloom-seccomp", MFD_CLOEXEC);
  if (fd < 0) return -1;
  const std::string_view data = bytes();
  if (::write(fd, data.data(), data.size()) != static_cast<ssize_t>(data.size())) {
    const int error = errno;
    ::close(fd);
    errno = error == 0 ? EIO : error;
    return -1;
  }
  return fd;
}

bool SyscallFilter::install() const noexcept {
  sock_fprog program{static_cast<unsigned short>(program_.size()),
                     const_cast<sock_filter*>(program_.data())};
  return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
         ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}

std::string SyscallFilter::summary() {
  std::string said;
  const char* last = "";
  for (const Refusal& refusal : kRefusals) {
    if (std::strcmp(refusal.topic, last) == 0) continue;  // a topic's refusals are together
    said += (said.empty() ? "" : ", ") + std::string(refusal.topic);
    last = refusal.topic;
  }
  return "seccomp: refuses " + said + "; kills a call through another ABI (i386, x32)";
}

}  // namespace grader
