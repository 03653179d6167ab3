#include "kept.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "confinement.hpp"
#include "runner_common.hpp"

namespace grader {

namespace wire = kept_wire;

namespace {

// How long the init may take to answer: to start, to start a program (a fork), to say how it
// ended (its reaping, and the killing of what it left running). Nothing a run does makes these
// long; a machine busy enough to make them take 10 s makes the sandbox a fresh one's.
constexpr int kPatienceMs = 10000;
// How long the grader waits for a sandbox to be emptied of a run's files before the next run:
// longer, and a new sandbox is quicker (a few milliseconds). A run that left a million files
// costs its sandbox, never its verdict.
constexpr int kCleanPatienceMs = 2000;

bool wait_readable(int fd, int patience_ms) {
  pollfd watch{fd, POLLIN, 0};
  int ready = -1;
  while ((ready = ::poll(&watch, 1, patience_ms)) == -1 && errno == EINTR) {
  }
  return ready == 1;
}

// One answer of the init, with the descriptor it carried (-1 without) and the pid of its sender
// as this grader sees it (the kernel's credentials, SO_PASSCRED); false when none came.
bool receive_reply(int socket, wire::KeptReply& reply, int& fd, pid_t* sender = nullptr,
                   int patience_ms = kPatienceMs) {
  fd = -1;
  if (!wait_readable(socket, patience_ms)) return false;
  iovec part{&reply, sizeof reply};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int)) + CMSG_SPACE(sizeof(ucred))] = {};
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t got = -1;
  while ((got = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC | MSG_WAITALL)) == -1 &&
         errno == EINTR) {
  }
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET) continue;
    if (header->cmsg_type == SCM_RIGHTS) std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
    if (header->cmsg_type == SCM_CREDENTIALS && sender != nullptr) {
      ucred credentials{};
      std::memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
      *sender = credentials.pid;
    }
  }
  if (got == static_cast<ssize_t>(sizeof reply) && (message.msg_flags & MSG_CTRUNC) == 0) {
    return true;
  }
  if (fd >= 0) ::close(fd);
  fd = -1;
  return false;
}

bool send_all(int socket, const void* data, std::size_t size) {
  const auto* at = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t sent = ::send(socket, at, size, MSG_NOSIGNAL);
    if (sent == -1 && errno == EINTR) continue;
    if (sent <= 0) return false;
    at += sent;
    size -= static_cast<std::size_t>(sent);
  }
  return true;
}

// The pid of a pidfd's process as this grader sees it (its fdinfo's "Pid:"), or -1.
pid_t pid_of(int pidfd) {
  std::ifstream info("/proc/self/fdinfo/" + std::to_string(pidfd));
  for (std::string key; info >> key;) {
    if (key == "Pid:") {
      pid_t pid = -1;
      info >> pid;
      return pid;
    }
    info.ignore(4096, '\n');
  }
  return -1;
}

}  // namespace

std::vector<wire::KeptLimit> kept_limits(const Limits& limits) {
  const ChildLimits all = child_limits(limits, cpu_seconds(limits));
  std::vector<wire::KeptLimit> kept;
  for (std::size_t i = 0; i < all.count; ++i) {
    wire::KeptLimit one;
    one.resource = all.limit[i].resource;
    one.soft = all.limit[i].soft;
    one.hard = all.limit[i].hard;
    kept.push_back(one);
  }
  return kept;
}

std::string kept_request(const std::vector<std::string>& argv,
                         const std::vector<wire::KeptLimit>& limits, wire::KeptRequest& header) {
  std::string body(limits.size() * sizeof(wire::KeptLimit), '\0');
  if (!limits.empty()) std::memcpy(body.data(), limits.data(), body.size());
  body.append(".", 2);  // the working folder: the sandbox's own (bubblewrap's --chdir)
  for (const std::string& word : argv) body.append(word.c_str(), word.size() + 1);
  header = {};
  header.bytes = static_cast<std::uint32_t>(body.size());
  header.limits = static_cast<std::uint32_t>(limits.size());
  header.argc = static_cast<std::uint32_t>(argv.size());
  header.envc = 0;  // the sandbox's own environment (bubblewrap's --setenv)
  return body;
}

std::unique_ptr<KeptSandbox> KeptSandbox::start(const Command& serve, const Identity& identity,
                                                const Limits& limits, std::string& problem) {
  int ends[2];
  const int on = 1;
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    problem = std::string("socketpair: ") + std::strerror(errno);
    return nullptr;
  }
  if (::setsockopt(ends[0], SOL_SOCKET, SO_PASSCRED, &on, sizeof on) != 0) {
    problem = std::string("SO_PASSCRED: ") + std::strerror(errno);
    ::close(ends[0]);
    ::close(ends[1]);
    return nullptr;
  }
  const pid_t bwrap = launch_kept(serve, identity, limits, ends[1], problem);
  ::close(ends[1]);
  if (bwrap <= 0) {
    ::close(ends[0]);
    return nullptr;
  }
  std::unique_ptr<KeptSandbox> kept(new KeptSandbox(ends[0], bwrap));
  wire::KeptReply ready;
  int none = -1;
  pid_t init = -1;
  if (!receive_reply(kept->socket_, ready, none, &init) || ready.kind != wire::kReady ||
      init <= 1) {
    if (none >= 0) ::close(none);
    problem = "the sandbox kept for " + serve.display + " did not start";
    return nullptr;  // its end closed: what started ends
  }
  kept->init_ = init;
  // a pidfd, taken while the init waits for its first run: it names the init beyond doubt
  kept->init_pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, init, 0));
  if (kept->init_pidfd_ < 0) {
    problem = std::string("pidfd_open: ") + std::strerror(errno);
    return nullptr;
  }
  return kept;
}

KeptSandbox::~KeptSandbox() {
  ::close(socket_);  // the init sees its end close: it kills everything and exits
  if (init_pidfd_ >= 0) {
    // at once, busy as it may be emptying the sandbox: its namespaces end with it
    ::syscall(SYS_pidfd_send_signal, init_pidfd_, SIGKILL, nullptr, 0);
    ::close(init_pidfd_);
  }
  while (::waitpid(bwrap_, nullptr, 0) == -1 && errno == EINTR) {
  }
}

int KeptSandbox::begin(const std::vector<std::string>& argv,
                       const std::vector<wire::KeptLimit>& limits, const int (&streams)[3],
                       pid_t& pid, std::string& error) {
  pid = -1;
  wire::KeptRequest request;
  const std::string body = kept_request(argv, limits, request);
  if (!usable_ || !wire::valid_header(request)) {
    error = usable_ ? "the command is too long for the sandbox" : "the sandbox is closed";
    return -1;
  }
  iovec part{&request, sizeof request};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof streams)] = {};
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof streams);
  std::memcpy(CMSG_DATA(header), streams, sizeof streams);
  ssize_t sent = -1;
  while ((sent = ::sendmsg(socket_, &message, MSG_NOSIGNAL)) == -1 && errno == EINTR) {
  }
  wire::KeptReply reply;
  int pidfd = -1;
  if (sent != static_cast<ssize_t>(sizeof request) ||
      !send_all(socket_, body.data(), body.size()) || !receive_reply(socket_, reply, pidfd) ||
      reply.kind != wire::kStarted || pidfd < 0 || (pid = pid_of(pidfd)) <= 1) {
    usable_ = false;
    error = reply.kind == wire::kRefused
                ? std::string("the sandbox could not start it: ") + std::strerror(reply.error)
                : "the sandbox did not answer";
    if (pidfd >= 0) {
      // a program started: stopped, never reaped by the grader, and its sandbox dropped
      ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0);
      ::close(pidfd);
    }
    pid = -1;
    return -1;
  }
  return pidfd;
}

bool KeptSandbox::end(int& status, std::chrono::microseconds& cpu) {
  const char reap = wire::kReap;
  wire::KeptReply reply;
  int none = -1;
  if (!usable_ || !send_all(socket_, &reap, 1) || !receive_reply(socket_, reply, none) ||
      reply.kind != wire::kDone) {
    if (none >= 0) ::close(none);
    usable_ = false;
    return false;
  }
  status = reply.status;
  cpu = std::chrono::microseconds(reply.cpu_us);
  settled_ = false;
  return true;
}

bool KeptSandbox::settle() {
  if (settled_ || !usable_) return usable_;
  wire::KeptReply reply;
  int none = -1;
  if (!receive_reply(socket_, reply, none, nullptr, kCleanPatienceMs) ||
      reply.kind != wire::kClean || reply.clean == 0) {
    usable_ = false;
  }
  if (none >= 0) ::close(none);
  settled_ = true;
  return usable_;
}

}  // namespace grader
