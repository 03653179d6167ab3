// bloom-sandbox-init: the first process of a bubblewrap sandbox (sandbox.cpp runs bwrap with
// --as-pid-1), there to tell the grader how the program really ended.
//
//   bloom-sandbox-init FD PROGRAM [ARG...]
//   bloom-sandbox-init --serve FD
//
// bubblewrap reports a program killed by signal N as one that exited with 128 + N, and its
// --json-status-fd says no more, so a segfault would read "exited with status 139" and a program
// that exits with 139 would read as a segfault. This init starts PROGRAM, reaps every process
// of the namespace as a pid 1 must, and once PROGRAM has ended writes its wait status, the int
// waitpid gave, to descriptor FD, then exits, which ends the namespace and whatever is left in
// it. It exits as bubblewrap's own init would (PROGRAM's status, or 128 + N).
//
// The program cannot forge that status: nothing inside may signal a pid 1 that has no handler
// for the signal, PROGRAM starts with FD closed, and this process is not dumpable, so that
// /proc/1/fd is not open to the program's uid. Only system calls here: it is a static binary
// without the kit's libraries, as small and quick to start as it can be, once per run.
//
// With --serve it is the init of a sandbox kept for many runs of one submission (kept.hpp):
// FD is its end of a stream socketpair with the grader, which sends each run's command and
// standard streams (kept_wire.hpp). For each it starts the program as a fresh process in a
// session of its own with the run's limits, sends back its pidfd, and once the program has
// ended kills every other process of the namespace (kill(-1) from pid 1), reaps them all and
// answers with the program's wait status; then it empties /tmp and /dev/shm and says whether
// the sandbox is as it was, which the grader waits for before the next run: that run starts in
// a sandbox with nothing of this one's left but what its mounts show read-only.
// When the grader's end closes (the grader ended or dropped the sandbox) it kills everything
// and exits, which ends the namespace.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kept_wire.hpp"

namespace {

void say(const char* text) {
  const ssize_t written = ::write(STDERR_FILENO, text, ::strlen(text));
  static_cast<void>(written);
}

int usage() {
  say("usage: bloom-sandbox-init FD PROGRAM [ARG...] | --serve FD: the first process of the "
      "grader's sandbox\n");
  return 2;
}

// The descriptor number in `text`, or -1.
int descriptor(const char* text) {
  char* end = nullptr;
  const long fd = ::strtol(text, &end, 10);
  return *end != '\0' || fd < 3 || fd > 1024 ? -1 : static_cast<int>(fd);
}

// In the child, once its streams are in place: what a shell says when a program cannot start.
[[noreturn]] void exec_or_say(char** argv) {
  ::execvp(argv[0], argv);
  const int error = errno;
  say("bloom-sandbox-init: cannot run ");
  say(argv[0]);
  say(": ");
  say(::strerror(error));
  say("\n");
  ::_exit(error == ENOENT ? 127 : 126);  // as a shell says it
}

namespace wire = grader::kept_wire;

bool send_reply(int socket, const wire::KeptReply& reply, int fd = -1) {
  iovec part{const_cast<wire::KeptReply*>(&reply), sizeof reply};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  if (fd >= 0) {
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    cmsghdr* header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    ::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  }
  ssize_t sent = -1;
  while ((sent = ::sendmsg(socket, &message, MSG_NOSIGNAL)) == -1 && errno == EINTR) {
  }
  return sent == static_cast<ssize_t>(sizeof reply);
}

bool read_exactly(int fd, void* into, size_t size) {
  auto* at = static_cast<char*>(into);
  while (size > 0) {
    const ssize_t got = ::read(fd, at, size);
    if (got == -1 && errno == EINTR) continue;
    if (got <= 0) return false;
    at += got;
    size -= static_cast<size_t>(got);
  }
  return true;
}

// One request: its header with the streams (fds[0..2], -1 where none came), then its body into
// a buffer of its own (`body`, freed by the caller). 0: a request; 1: the grader's end closed;
// -1: a request not understood.
int receive(int socket, wire::KeptRequest& request, int (&fds)[wire::kDescriptors], char*& body) {
  for (int& fd : fds) fd = -1;
  body = nullptr;
  iovec part{&request, sizeof request};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * wire::kDescriptors)] = {};
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t got = -1;
  while ((got = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC | MSG_WAITALL)) == -1 &&
         errno == EINTR) {
  }
  if (got == 0) return 1;
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    const size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < count && i < wire::kDescriptors; ++i) {
      ::memcpy(&fds[i], CMSG_DATA(header) + i * sizeof(int), sizeof(int));
    }
  }
  if (got != static_cast<ssize_t>(sizeof request) || (message.msg_flags & MSG_CTRUNC) != 0 ||
      !wire::valid_header(request)) {
    return -1;
  }
  body = static_cast<char*>(::malloc(request.bytes + 1));
  if (body == nullptr || !read_exactly(socket, body, request.bytes)) return -1;
  return 0;
}

// Every process of the namespace but this one killed and reaped (pid 1's kill(-1) reaches them
// all, and each orphan is this init's child).
void kill_and_reap_all() {
  for (;;) {
    ::kill(-1, SIGKILL);  // again after each reaping: nothing may be left to wait for forever
    const pid_t reaped = ::waitpid(-1, nullptr, 0);
    if (reaped == -1 && errno == EINTR) continue;
    if (reaped == -1) return;  // ECHILD: none left
  }
}

// The identity of an open folder.
bool same_folder(int a, const struct stat& b) {
  struct stat info {};
  return ::fstat(a, &info) == 0 && info.st_dev == b.st_dev && info.st_ino == b.st_ino;
}

// Empties the open folder `folder` (a tmpfs of the sandbox, or a folder in it) of everything in
// it, however deep, without recursion and with one descriptor at a time: down into a folder
// that is not empty, back up by "..", the parent read again. Nothing runs meanwhile, so nothing
// moves. A folder the run made unreadable is the run's uid's, as this init is: its mode is given
// back. Closes `folder`. False when something could not be removed.
bool empty_tree(int folder) {
  struct stat top {};
  if (::fstat(folder, &top) != 0) {
    ::close(folder);
    return false;
  }
  alignas(8) char entries[4096];
  for (int stuck = 0; stuck < 3;) {
    if (::lseek(folder, 0, SEEK_SET) != 0) break;
    bool removed = false;
    bool descended = false;
    bool more = false;
    for (;;) {
      const long count = ::syscall(SYS_getdents64, folder, entries, sizeof entries);
      if (count <= 0) break;
      for (long at = 0; at < count && !descended;) {
        const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
        at += entry->d_reclen;
        const char* name = entry->d_name;
        if (::strcmp(name, ".") == 0 || ::strcmp(name, "..") == 0) continue;
        if (::unlinkat(folder, name, 0) == 0 || ::unlinkat(folder, name, AT_REMOVEDIR) == 0) {
          removed = true;
          continue;
        }
        more = true;
        // a folder not empty (or unreadable): its mode given back, and in
        ::fchmodat(folder, name, 0700, 0);
        const int inner = ::openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (inner >= 0) {
          ::close(folder);
          folder = inner;
          descended = true;
        }
      }
      if (descended) break;
    }
    if (descended) {
      stuck = 0;
      continue;
    }
    if (!more) {  // this folder is empty now
      if (same_folder(folder, top)) {
        ::close(folder);
        return true;
      }
      const int parent = ::openat(folder, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      ::close(folder);
      if (parent < 0) return false;
      folder = parent;
      continue;
    }
    stuck = removed ? 0 : stuck + 1;  // what stays, stays: give up after three passes in vain
  }
  ::close(folder);
  return false;
}

// What bubblewrap made in /tmp and /dev/shm for the sandbox's bindings (the folders on the way
// to a file or folder bound there, and the mount points themselves), which stay: each by its
// path below its tmpfs, device and inode, noted once before the first run.
struct Made {
  char path[256];
  dev_t device;
  ino_t inode;
};
constexpr int kMostMade = 128;
Made made[kMostMade];
int made_count = 0;
bool made_too_many = false;

const Made* made_entry(const char* path, const struct stat& info) {
  for (int i = 0; i < made_count; ++i) {
    if (made[i].device == info.st_dev && made[i].inode == info.st_ino &&
        ::strcmp(made[i].path, path) == 0) {
      return &made[i];
    }
  }
  return nullptr;
}

// Walks `folder` (at `path`, on device `device`): with `note`, notes each entry as made;
// otherwise removes what was not made, and counts in `seen` what was, each once. Folders that
// were made are entered when on the same device (a folder bound there is another's, untouched).
// False when something could not be removed or noted.
bool walk_made(int folder, const char* path, dev_t device, bool note, int& seen, int depth) {
  alignas(8) char entries[4096];
  bool ok = true;
  for (;;) {
    const long count = ::syscall(SYS_getdents64, folder, entries, sizeof entries);
    if (count < 0) return false;
    if (count == 0) break;
    for (long at = 0; at < count;) {
      const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
      at += entry->d_reclen;
      const char* name = entry->d_name;
      if (::strcmp(name, ".") == 0 || ::strcmp(name, "..") == 0) continue;
      char inner[256];
      const size_t length = ::strlen(path) + 1 + ::strlen(name);
      struct stat info {};
      if (length >= sizeof inner || ::fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
        ok = false;
        continue;
      }
      ::strcpy(inner, path);
      ::strcat(inner, "/");
      ::strcat(inner, name);
      if (note) {
        if (made_count == kMostMade) {
          made_too_many = true;
          return false;
        }
        Made& one = made[made_count++];
        ::strcpy(one.path, inner);
        one.device = info.st_dev;
        one.inode = info.st_ino;
      } else if (made_entry(inner, info) == nullptr) {
        // the run's: gone, however deep
        if (::unlinkat(folder, name, 0) == 0 || ::unlinkat(folder, name, AT_REMOVEDIR) == 0) {
          continue;
        }
        ::fchmodat(folder, name, 0700, 0);
        const int tree = ::openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (tree < 0 || !empty_tree(tree) || ::unlinkat(folder, name, AT_REMOVEDIR) != 0) {
          ok = false;
        }
        continue;
      } else {
        ++seen;
      }
      if (S_ISDIR(info.st_mode) && info.st_dev == device && depth < 32) {
        const int below = ::openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (below < 0) {
          ok = false;
          continue;
        }
        if (!walk_made(below, inner, device, note, seen, depth + 1)) ok = false;
        ::close(below);
      }
    }
  }
  return ok;
}

// Notes (`note`) or empties one tmpfs of the sandbox; see walk_made.
bool walk_tmpfs(const char* path, bool note, int& seen) {
  const int folder = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (folder < 0) return errno == ENOENT;
  struct stat top {};
  const bool ok = ::fstat(folder, &top) == 0 && walk_made(folder, path, top.st_dev, note, seen, 0);
  ::close(folder);
  return ok;
}

// Before the first run: what bubblewrap made. After each run: all else gone, and all of what it
// made still there, at its place (a run may have moved it: a sandbox that cannot say it is as
// it was is not used again).
bool note_made() {
  int seen = 0;
  return walk_tmpfs("/tmp", true, seen) && walk_tmpfs("/dev/shm", true, seen) && !made_too_many;
}
bool empty_sandbox() {
  int seen = 0;
  const bool emptied = walk_tmpfs("/tmp", false, seen) && walk_tmpfs("/dev/shm", false, seen);
  // what stayed, walked again from the start: once emptied, only what was made is there
  int again = 0;
  return emptied && seen == made_count && walk_tmpfs("/tmp", false, again) &&
         walk_tmpfs("/dev/shm", false, again) && again == made_count;
}

// While the program runs: the orphans it leaves reaped as they end, as a run of its own has them
// reaped (so that none counts against its processes), but never the program itself, whose pid
// stays the grader's to signal. True once the grader has something to say (its byte, or its
// end closed).
bool await_reap(int socket, int children, pid_t program) {
  for (;;) {
    pollfd watch[2] = {{socket, POLLIN, 0}, {children, POLLIN, 0}};
    if (::poll(watch, 2, -1) < 0 && errno != EINTR) return false;
    if (watch[0].revents != 0) return true;
    if (watch[1].revents == 0) continue;
    signalfd_siginfo info[8];
    while (::read(children, info, sizeof info) > 0) {
    }
    // the first zombie among the children; behind the program's, none is seen till the end
    for (;;) {
      siginfo_t ended{};
      if (::waitid(P_ALL, 0, &ended, WEXITED | WNOHANG | WNOWAIT) != 0 || ended.si_pid == 0 ||
          ended.si_pid == program) {
        break;
      }
      ::waitpid(ended.si_pid, nullptr, 0);
    }
  }
}

// What a run could change of this init's own that its next child would inherit, were the filter
// to let it (it refuses each call on another process): its limits, priority and scheduling,
// noted once before the first run and compared after each.
struct OwnState {
  rlimit limits[RLIM_NLIMITS];
  int priority;
  int policy;
  int io_priority;
  cpu_set_t cpus;
};
OwnState own_at_start;

bool read_own(OwnState& state) {
  ::memset(&state, 0, sizeof state);
  for (int resource = 0; resource < RLIM_NLIMITS; ++resource) {
    if (::getrlimit(static_cast<__rlimit_resource_t>(resource), &state.limits[resource]) != 0) {
      return false;
    }
  }
  errno = 0;
  state.priority = ::getpriority(PRIO_PROCESS, 0);
  state.policy = ::sched_getscheduler(0);
  state.io_priority = static_cast<int>(::syscall(SYS_ioprio_get, 1, 0));  // IOPRIO_WHO_PROCESS
  return errno == 0 && ::sched_getaffinity(0, sizeof state.cpus, &state.cpus) == 0;
}

bool unchanged() {
  OwnState now;
  return read_own(now) && ::memcmp(&now, &own_at_start, sizeof now) == 0;
}

// The child of a served run: its streams, a session, its limits, its folder, its program.
[[noreturn]] void start_served(const int (&fds)[wire::kDescriptors], int socket,
                               const wire::ParsedRequest& run, uint32_t limits) {
  for (int i = 0; i < wire::kDescriptors; ++i) {
    if (fds[i] < 0 || ::dup2(fds[i], i) != i) ::_exit(127);
  }
  ::close(socket);
  ::close_range(3, ~0U, 0);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (::setsid() < 0) ::_exit(127);
  for (uint32_t i = 0; i < limits; ++i) {
    const rlimit value{static_cast<rlim_t>(run.limits[i].soft),
                       static_cast<rlim_t>(run.limits[i].hard)};
    if (::setrlimit(run.limits[i].resource, &value) != 0) {
      say("bloom-sandbox-init: setrlimit: ");
      say(::strerror(errno));
      say("\n");
      ::_exit(127);
    }
  }
  if (::chdir(run.working_dir) != 0) {
    say("bloom-sandbox-init: cannot enter ");
    say(run.working_dir);
    say("\n");
    ::_exit(127);
  }
  environ = run.envp;
  exec_or_say(run.argv);
}

// One run: started, watched to its end, the sandbox emptied after it. False when the grader is
// gone (its end closed) or the sandbox could not be answered for.
bool serve_one(int socket, int children) {
  wire::KeptRequest request;
  int fds[wire::kDescriptors];
  char* body = nullptr;
  const int received = receive(socket, request, fds, body);
  if (received == 1) return false;
  wire::ParsedRequest run;
  char** words = nullptr;
  if (received == 0) {
    words = static_cast<char**>(::malloc((request.argc + request.envc + 2) * sizeof(char*)));
  }
  const bool understood =
      received == 0 && words != nullptr && wire::parse_body(request, body, words, run);
  const pid_t program = understood ? ::fork() : -1;
  if (program == 0) start_served(fds, socket, run, request.limits);
  const int error = understood ? errno : EINVAL;
  for (const int fd : fds) {
    if (fd >= 0) ::close(fd);
  }
  ::free(words);
  ::free(body);
  wire::KeptReply reply;
  if (program <= 0) {  // the stream is out of step, or no process: this sandbox is done
    reply.kind = wire::kRefused;
    reply.error = error;
    send_reply(socket, reply);
    return false;
  }
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, program, 0));
  reply.kind = wire::kStarted;
  const bool told = pidfd >= 0 && send_reply(socket, reply, pidfd);
  if (pidfd >= 0) ::close(pidfd);
  // The program stays unreaped, its pid the grader's to signal, until the grader has seen it end
  // and says so: its one byte. Its end closed instead: it has ended, and so does the sandbox.
  char reap = 0;
  if (!told || !await_reap(socket, children, program) || !read_exactly(socket, &reap, 1) ||
      reap != wire::kReap) {
    kill_and_reap_all();
    return false;
  }
  int status = 0;
  rusage usage{};
  while (::wait4(program, &status, 0, &usage) == -1 && errno == EINTR) {
  }
  kill_and_reap_all();
  reply = {};
  reply.kind = wire::kDone;
  reply.status = status;
  reply.cpu_us = (static_cast<int64_t>(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1000000 +
                 usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
  if (!send_reply(socket, reply)) return false;
  const bool clean = empty_sandbox() && unchanged();
  reply = {};
  reply.kind = wire::kClean;
  reply.clean = clean ? 1 : 0;
  return send_reply(socket, reply) && clean;
}

int serve(int socket) {
  // SIGCHLD comes as a descriptor's reading, beside the grader's socket
  sigset_t child;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  const int children = ::sigprocmask(SIG_BLOCK, &child, nullptr) == 0
                           ? ::signalfd(-1, &child, SFD_CLOEXEC | SFD_NONBLOCK)
                           : -1;
  if (children < 0 || !note_made() || !read_own(own_at_start)) return 127;
  wire::KeptReply ready;
  ready.kind = wire::kReady;
  if (!send_reply(socket, ready)) return 127;
  while (serve_one(socket, children)) {
  }
  kill_and_reap_all();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) {
    say("bloom-sandbox-init: prctl(PR_SET_DUMPABLE): ");
    say(::strerror(errno));
    say("\n");
    return 127;
  }
  if (::strcmp(argv[1], "--serve") == 0) {
    const int socket = argc == 3 ? descriptor(argv[2]) : -1;
    return socket < 0 ? usage() : serve(socket);
  }
  const int status_fd = descriptor(argv[1]);
  if (status_fd < 0) return usage();
  const pid_t program = ::fork();
  if (program < 0) {
    say("bloom-sandbox-init: fork: ");
    say(::strerror(errno));
    say("\n");
    return 127;
  }
  if (program == 0) {
    ::close(status_fd);
    exec_or_say(argv + 2);
  }
  for (;;) {
    int status = 0;
    const pid_t reaped = ::waitpid(-1, &status, 0);
    if (reaped == -1 && errno == EINTR) continue;
    if (reaped == -1) return 127;  // no child left: cannot happen before the program's end
    if (reaped != program) continue;  // an orphan of the program's, reparented to pid 1
    const ssize_t written = ::write(status_fd, &status, sizeof status);
    static_cast<void>(written);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
}
