// bloom-sandbox-init: the first process of a bubblewrap sandbox (sandbox.cpp runs bwrap with
// --as-pid-1), there to tell the grader how the program really ended.
//
//   bloom-sandbox-init FD PROGRAM [ARG...]
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
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

void say(const char* text) {
  const ssize_t written = ::write(STDERR_FILENO, text, ::strlen(text));
  static_cast<void>(written);
}

int usage() {
  say("usage: bloom-sandbox-init FD PROGRAM [ARG...]: the first process of the grader's sandbox\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  char* end = nullptr;
  const long fd = ::strtol(argv[1], &end, 10);
  if (*end != '\0' || fd < 3 || fd > 1024) return usage();
  const int status_fd = static_cast<int>(fd);
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) {
    say("bloom-sandbox-init: prctl(PR_SET_DUMPABLE): ");
    say(::strerror(errno));
    say("\n");
    return 127;
  }
  const pid_t program = ::fork();
  if (program < 0) {
    say("bloom-sandbox-init: fork: ");
    say(::strerror(errno));
    say("\n");
    return 127;
  }
  if (program == 0) {
    ::close(status_fd);
    ::execvp(argv[2], argv + 2);
    const int error = errno;
    say("bloom-sandbox-init: cannot run ");
    say(argv[2]);
    say(": ");
    say(::strerror(error));
    say("\n");
    ::_exit(error == ENOENT ? 127 : 126);  // as a shell says it
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
