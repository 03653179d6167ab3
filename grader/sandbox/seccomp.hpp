// The system-call filter of the sandbox (docs/batch.md, "The sandbox"), applied in both kinds:
// under bubblewrap through its --seccomp, and under the users kind by the runner's child right
// before exec (runner_posix.cpp). It is a list of refusals, not of permissions: a student's
// program and its build (CMake, Ninja, ccache, the compiler) need files, memory, pipes,
// processes and time, and nothing it refuses. What it refuses, and why:
// - typing into a terminal (ioctl TIOCSTI and TIOCLINUX, compared on the 32 bits the kernel
//   reads, so that high bits cannot hide the command);
// - new namespaces (unshare, setns, clone with a CLONE_NEW* flag, clone3, whose flags the
//   filter cannot read and which glibc replaces with clone on ENOSYS), mounts (mount and the
//   new mount API), ptrace and reading or writing other processes' memory, the kernel's
//   keyrings, bpf, perf_event_open, userfaultfd and io_uring (whose operations no filter sees),
//   pidfd_getfd (another process's descriptor):
//   the ways out of a sandbox and the usual first steps of a kernel exploit;
// - every channel between two programs running at once that needs no shared writable file:
//   sockets (the users kind has the host's network, abstract sockets included; a stream
//   socketpair of Unix sockets stays, which talks to its other end alone, while a datagram pair
//   can send to an abstract name another run bound; bind, connect, listen and accept go with
//   them), file locks (flock, fcntl's record and open-file-description locks, leases,
//   F_NOTIFY) and inotify and fanotify on the files both may read, System V IPC and POSIX
//   message queues;
// - another process's limits, priority, scheduling and memory placement (prlimit, setpriority,
//   sched_set*, ioprio_set, migrate_pages and move_pages on any pid but 0, the caller itself):
//   a run's processes share a uid with the init of a sandbox kept for its submission's cases,
//   whose next child would inherit them;
// - any other ABI than the machine's own (i386's int 0x80 and x32 on x86-64): their system
//   call numbers are another table, which this filter does not read, so the process is killed.
// A refused call fails with EPERM (clone3 with ENOSYS); the program goes on.
#pragma once

#include <linux/filter.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grader {

class SyscallFilter {
 public:
  // Compiles the filter for this machine's architecture with libseccomp, once; nullopt, with
  // `problem` saying why, when libseccomp cannot.
  [[nodiscard]] static std::optional<SyscallFilter> compile(std::string& problem);

  // The BPF program as bubblewrap's --seccomp reads it from a descriptor: the bytes of its
  // struct sock_filter array.
  [[nodiscard]] std::string_view bytes() const;

  // A new descriptor (close-on-exec) of an in-memory file holding bytes(), for bubblewrap; -1
  // with errno set when it cannot be made.
  [[nodiscard]] int open_copy() const;

  // Installs the filter on the calling process: no_new_privs (which the kernel requires of a
  // process without CAP_SYS_ADMIN), then the program. Only system calls: safe between vfork
  // and exec. False, with errno set, when a step fails.
  [[nodiscard]] bool install() const noexcept;

  // What it refuses, in one line, for `bloom-grader sandbox`.
  [[nodiscard]] static std::string summary();

 private:
  std::vector<sock_filter> program_;
};

}  // namespace grader
