// A sandbox kept for many runs of one submission (docs/batch.md, "Each case a fresh process,
// its sandbox emptied after it"): one bubblewrap, started once, whose init (sandbox_init.cpp,
// --serve) starts each run's program as a fresh process and, once it has ended, kills and reaps
// everything else in the sandbox and empties its /tmp and /dev/shm before it answers. A run
// then costs a fork and an exec inside, not bubblewrap's namespaces and mounts. The slots
// (sandbox.cpp) keep one per slot, for the runs of one submission and one kind of case (hidden
// cases never share one with visible ones), with the same mounts and limits; the runner
// (runner_posix.cpp) runs a program in it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "kept_wire.hpp"
#include "runner.hpp"

namespace grader {

struct Identity;

class KeptSandbox {
 public:
  // Starts `serve` (bubblewrap with its init as `--serve kStatusFd`) as a run of `identity`
  // starts, with `limits` (whose CPU time is the sandbox's whole life's); null, with `problem`,
  // when it cannot.
  [[nodiscard]] static std::unique_ptr<KeptSandbox> start(const Command& serve,
                                                          const Identity& identity,
                                                          const Limits& limits,
                                                          std::string& problem);
  // Closes the grader's end: the init kills what is left and exits, which ends the namespace;
  // bubblewrap is reaped.
  ~KeptSandbox();
  KeptSandbox(const KeptSandbox&) = delete;
  KeptSandbox& operator=(const KeptSandbox&) = delete;

  // Starts `argv` with `limits` on the three streams given (the child's ends; the caller closes
  // its copies): the program's pidfd (the caller's to close) and its pid as this grader sees
  // it, or -1 with `error`. The program stays unreaped until end().
  [[nodiscard]] int begin(const std::vector<std::string>& argv,
                          const std::vector<kept_wire::KeptLimit>& limits, const int (&streams)[3],
                          pid_t& pid, std::string& error);

  // Once the program has ended (its pidfd said so) and the grader will signal it no more: the
  // init reaps it, kills what it left running and answers with its wait status and CPU time.
  // False when no answer came in time; the sandbox is then not used again.
  [[nodiscard]] bool end(int& status, std::chrono::microseconds& cpu);

  // Before the next run: waits for the init to have emptied the sandbox of the last run's files
  // and found its own state as it was. False when it did not say so soon (kCleanPatienceMs): the
  // sandbox is then not used again.
  [[nodiscard]] bool settle();

  // Whether it may serve another run: every answer came, and none said it was not clean.
  [[nodiscard]] bool usable() const { return usable_; }

  // Its init's pid, as this grader sees it: every process of a run descends from it, and what
  // the runs before have used is in its count of reaped children.
  [[nodiscard]] pid_t init() const { return init_; }

 private:
  KeptSandbox(int socket, pid_t bwrap) : socket_(socket), bwrap_(bwrap) {}
  int socket_;
  pid_t bwrap_;
  pid_t init_ = -1;
  int init_pidfd_ = -1;
  bool usable_ = true;
  bool settled_ = true;  // the last run's kClean has come
};

// The resource limits of a run's program (prepare_child's), for the init to set: what a run of
// its own gets from the runner's child before exec.
[[nodiscard]] std::vector<kept_wire::KeptLimit> kept_limits(const Limits& limits);

// A run's request (kept_wire.hpp), whose reader is kept_wire::parse_body: its body, and
// `header` filled for it. The working folder is the sandbox's own, its environment too.
[[nodiscard]] std::string kept_request(const std::vector<std::string>& argv,
                                       const std::vector<kept_wire::KeptLimit>& limits,
                                       kept_wire::KeptRequest& header);

// runner_posix.cpp: starts `command` with no streams (the null device), as a confined run's
// program starts under `identity`, with `limits`, and `socket` as its descriptor kStatusFd: its
// pid, or 0 with `problem`.
[[nodiscard]] pid_t launch_kept(const Command& command, const Identity& identity,
                                const Limits& limits, int socket, std::string& problem);

}  // namespace grader
