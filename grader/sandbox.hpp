// The sandbox for code the instructor did not write (docs/batch.md, "The sandbox"): the
// student's build and program, under `run`, `batch`, `sandbox` and Gradescope.
//
// Two kinds, from strongest to weakest:
// - namespaces: bubblewrap. A user namespace maps the program to uid 65534 with no
//   capability, no_new_privs, a new session (no controlling terminal, so no TIOCSTI), no
//   network, its own pids and /proc, the system read-only, a size-bounded tmpfs for /tmp and
//   the working folder, and nothing else of the file system but what the caller binds.
// - users: no namespaces (Gradescope's containers may forbid them). The program runs as an
//   unprivileged uid with rlimits; the kit's own files must be root-only (mode 700).
// Whichever kind, a grader running as root hands each concurrent program its own slot uid
// (isolate's model: uids base, base+1, ...; RLIMIT_NPROC binds a non-root uid, never root), and
// where cgroup v1's pids and memory controllers are writable, its own cgroup, which bounds
// processes and memory across all of its processes. `describe()` says which bound holds.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner.hpp"

namespace grader {

enum class SandboxKind { namespaces, users };

struct SandboxOptions {
  SandboxKind kind = SandboxKind::namespaces;
  int slots = 1;                                 // programs confined at once
  int processes = 64;                            // processes and threads per program
  std::uint64_t memory_bytes = 2ULL << 30;       // across a program's processes (cgroup)
  std::uint64_t tmp_bytes = 64ULL << 20;         // the tmpfs the program may write
  std::uint64_t scratch_bytes = 512ULL << 20;    // a scratch folder, when it is a tmpfs (root)
  int open_files = 256;                          // descriptors per process
  unsigned first_uid = 60000;                    // slot uids (root only): first_uid + slot
};

// A folder handed to the sandbox: bound at `at` inside; `writable` or read-only.
struct Binding {
  std::filesystem::path source;
  std::filesystem::path at;
  bool writable = false;
};

class Sandbox {
 public:
  // Prepares a sandbox, or returns nullptr and sets `problem` to why it cannot be had here,
  // with the fix ("bubblewrap is not installed (Debian: apt-get install bubblewrap)").
  [[nodiscard]] static std::shared_ptr<Sandbox> open(const SandboxOptions& options,
                                                     std::string& problem);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // The command that runs `argv` confined, seeing `bindings`, in `working_dir` (empty: the
  // private tmpfs). Under the users kind bindings are not needed: the program sees what its
  // uid may read, and a binding's `at` must equal its `source`.
  [[nodiscard]] Command wrap(const std::vector<std::string>& argv,
                             const std::vector<Binding>& bindings,
                             const std::filesystem::path& working_dir, std::string display) const;

  // The first binding whose source the sandbox's programs cannot reach (a folder on its path
  // that the slot uids may not enter, such as /root when the grader is root), with why; empty
  // when all are reachable.
  [[nodiscard]] std::string unreachable(const std::vector<Binding>& bindings) const;

  // Gives `folder` (recursively) to the sandbox's programs: when the grader is root, to the
  // slots' group, writable by it; otherwise unchanged. Throws std::filesystem::filesystem_error.
  void hand_over(const std::filesystem::path& folder) const;

  // A fresh folder the confined programs may write. When the grader is root it is a tmpfs of
  // SandboxOptions::scratch_bytes, in the grader's own mount namespace, so a build cannot fill
  // the disk. drop() removes it.
  [[nodiscard]] std::filesystem::path scratch(const std::string& name) const;
  void drop(const std::filesystem::path& scratch) const;

  // What holds here, a line per bound ("processes: at most 64 (cgroup pids.max)").
  [[nodiscard]] std::vector<std::string> describe() const;

  [[nodiscard]] SandboxKind kind() const;

  struct State;

 private:
  explicit Sandbox(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The command-line flag that asks for `kind`: "--sandbox" or "--sandbox-users".
[[nodiscard]] std::string sandbox_flag(SandboxKind kind);

// The sandbox the command line asks for: `kind`, `slots` programs at once, `memory_mb` MiB of
// memory each (0: none). On failure, null, and `problem` says why, starting with the flag.
[[nodiscard]] std::shared_ptr<Sandbox> open_sandbox(SandboxKind kind, int slots, double memory_mb,
                                                    std::string& problem);

// The folders a resolved command needs to see, read-only: its executable's and each file
// argument's, leaving out what the sandbox shows anyway (/usr).
[[nodiscard]] std::vector<Binding> bindings_for(const Command& command);

}  // namespace grader
