// The sandbox for code the instructor did not write (docs/batch.md, "The sandbox"): the
// student's build and program, under `run`, `batch`, `sandbox`, `build` and Gradescope.
//
// Two kinds, from strongest to weakest:
// - namespaces: bubblewrap (0.7.0 or newer). A user namespace maps the program to uid 65534
//   with no capability, no_new_privs, a new session (no controlling terminal), no network, its
//   own pids, IPC and /proc, the system read-only, a read-only root, a size-bounded tmpfs for
//   /tmp and /dev/shm, and nothing else of the file system but what the caller binds.
// - users: no namespaces (Gradescope's containers may forbid them). The program runs as a slot
//   uid with a group of its own, no capability in its bounding set, no_new_privs, a new session
//   and rlimits, in a private folder made for each run; what it leaves in /tmp, /var/tmp,
//   /dev/shm, /run/lock and /dev/mqueue is removed after each run. Where the grader may have a
//   mount namespace of its own, the private folders, /var/tmp, /dev/shm, /run/lock and
//   /var/crash are bounded tmpfs there. The kit's own files must be root-only (mode 700).
// Both kinds run the program under the same system-call filter (seccomp.hpp). Whichever kind, a
// grader running as root hands each concurrent program its own slot uid (isolate's model:
// uids first, first+1, ...; RLIMIT_NPROC binds a non-root uid, never root), and where cgroup
// v1's pids and memory controllers are writable, its own cgroup, which bounds processes and
// memory across all of its processes. `describe()` says which bound holds.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "confinement.hpp"
#include "runner.hpp"

namespace grader {

enum class SandboxKind { namespaces, users };

// The ids a root grader may use for its slots and the groups of the folders it hands over
// (--sandbox-uids): first, first + 1, ..., first + count - 1. Each id serves as a uid and a
// gid, and is taken by one grader at a time on this kernel.
struct SandboxIds {
  unsigned first = 60000;
  unsigned count = 1000;
};

// A file or folder the grader itself reads or writes while its sandbox is open, with what
// names it to the user ("--out", "the grader's folder").
struct OwnPath {
  std::string what;
  std::filesystem::path path;
};

// Parses "FIRST-LAST" (--sandbox-uids); returns an error message, or "" when it is well formed.
[[nodiscard]] std::string parse_sandbox_ids(const std::string& text, SandboxIds& ids);

struct SandboxOptions {
  SandboxKind kind = SandboxKind::namespaces;
  int slots = 1;       // programs confined at once
  int processes = 64;  // processes and threads per program
  std::uint64_t memory_bytes = std::uint64_t{kMemoryMib}
                               << 20;          // across a program's processes (cgroup)
  std::uint64_t tmp_bytes = 64ULL << 20;       // each tmpfs a program may write: /tmp, /dev/shm
  std::uint64_t scratch_bytes = 512ULL << 20;  // a scratch folder, when it is a tmpfs (root)
  // Files and folders per tmpfs the grader mounts (a scratch folder; under the users kind a
  // slot's private folders and the shared temporary folders): an empty file costs about 1 KiB
  // of kernel memory that no size= counts, so 400,000 of them in a 64 MiB tmpfs cost 400 MiB.
  std::uint64_t tmp_inodes = 16384;      // about 16 MiB of kernel memory at most
  std::uint64_t scratch_inodes = 65536;  // a build of a few thousand files, with room to spare
  int open_files = 256;                  // descriptors per process
  SandboxIds ids;                        // slot uids and groups (root only)
  // The users kind mounts its tmpfs over the shared temporary folders in the grader's own mount
  // namespace, which hides what was there from the grader too: open() refuses when one of
  // these (or TMPDIR) lies under such a folder, rather than mount over it.
  std::vector<OwnPath> own_paths;
};

// A folder handed to the sandbox: bound at `at` inside; `writable` or read-only. A file may be
// bound too, alone.
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

  // The command that runs `argv` confined, seeing `bindings`, in `working_dir` (empty: a
  // private folder of its own). Under the users kind bindings are not needed: the program sees
  // what its uid may read, and a binding's `at` must equal its `source`. `scratch`, a folder
  // from scratch(), is the submission whose files the command may use (when the grader is
  // root, its runs join that folder's group); empty: the folders given to hand_over().
  [[nodiscard]] Command wrap(const std::vector<std::string>& argv,
                             const std::vector<Binding>& bindings,
                             const std::filesystem::path& working_dir, std::string display,
                             const std::filesystem::path& scratch = {}) const;

  // wrap's command, for a program run on one input after another (each case of `run` and
  // `batch`): under the namespaces kind its runs take turns in a sandbox kept for them (kept.hpp),
  // one per slot, for the runs of one submission (`scratch`) and one kind of case
  // (Command::hidden_case), each a fresh process, the sandbox emptied after each; under the
  // users kind, wrap's.
  [[nodiscard]] Command wrap_kept(const std::vector<std::string>& argv,
                                  const std::vector<Binding>& bindings,
                                  const std::filesystem::path& working_dir, std::string display,
                                  const std::filesystem::path& scratch = {}) const;

  // The first binding whose source the sandbox's programs cannot reach (a folder on its path
  // that the slot uids may not enter, such as /root when the grader is root), with why; empty
  // when all are reachable.
  [[nodiscard]] std::string unreachable(const std::vector<Binding>& bindings) const;

  // Under the users kind, with the grader as root: why the sandbox's programs could read `path`
  // (every uid may pass through each folder on its way, and read it), said of `what` ("the
  // hidden case"); empty when they cannot, and under bubblewrap, which shows them nothing of
  // it. For what the users kind hides only by its mode: hidden cases, the submissions, the
  // reports.
  [[nodiscard]] std::string exposed(const std::filesystem::path& path,
                                    const std::string& what) const;

  // Gives `folder` (recursively) to the sandbox's programs: when the grader is root, to a group
  // that only the runs of its submission join (the scratch folder's own group, when `folder` is
  // in one; else the sandbox's), writable by it, and to no one else; otherwise unchanged.
  // Throws std::filesystem::filesystem_error.
  void hand_over(const std::filesystem::path& folder) const;

  // A fresh folder the confined programs of one submission may write, with a group of its own
  // (hand_over). When the grader is root it is a tmpfs of SandboxOptions::scratch_bytes, in the
  // grader's own mount namespace, so a build cannot fill the disk. Blocks while every group is
  // in use (more submissions at once than slots). drop() removes it and frees its group.
  [[nodiscard]] std::filesystem::path scratch(const std::string& name) const;
  void drop(const std::filesystem::path& scratch) const;

  // Once the build is over: under the users kind, `scratch`'s files become root's, readable by
  // its group and written by none, so a run cannot leave anything there for the next one to
  // read (under bubblewrap runs see the folder read-only anyway). Throws
  // std::filesystem::filesystem_error.
  void seal(const std::filesystem::path& scratch) const;

  // What holds here, a line per bound ("processes: at most 64 (cgroup pids.max)").
  [[nodiscard]] std::vector<std::string> describe() const;

  // What the grader should tell its user when the sandbox opens (slot uids skipped, and why).
  [[nodiscard]] const std::vector<std::string>& notes() const;

  [[nodiscard]] SandboxKind kind() const;

  struct State;

 private:
  explicit Sandbox(std::unique_ptr<State> state);
  // The same confinement as a program gets, running `true`: why it cannot run, or empty.
  [[nodiscard]] std::string probe() const;
  std::unique_ptr<State> state_;
};

// The command-line flag that asks for `kind`: "--sandbox" or "--sandbox-users".
[[nodiscard]] std::string sandbox_flag(SandboxKind kind);

// The sandbox the command line asks for: `kind`, `slots` programs at once, `memory_mb` MiB of
// memory each (0: none), slot ids from `ids`, the grader's own files `own` (own_paths). On
// failure, null, and `problem` says why, starting with the flag.
[[nodiscard]] std::shared_ptr<Sandbox> open_sandbox(SandboxKind kind, int slots, double memory_mb,
                                                    const SandboxIds& ids, std::vector<OwnPath> own,
                                                    std::string& problem);

// Copies the submission folder `from` to `to` (a folder from Sandbox::scratch()) as the grader
// may, root or not: folders, regular files, and symbolic links as links, never followed. A
// regular file with another name (a hard link: copied as root it would bring in the content of
// whatever it names, /etc/shadow linked into the submission) is refused, as is anything else (a
// FIFO, a device, a socket). Throws std::filesystem::filesystem_error naming the path.
void copy_submission(const std::filesystem::path& from, const std::filesystem::path& to);

// What a resolved command needs to see, read-only: its executable and each file or folder
// argument, themselves (not the folders that hold them), leaving out what the sandbox shows
// anyway (/usr). A program that needs files beside it is given them with `readable`
// (--sandbox-read), each seen at its own path.
[[nodiscard]] std::vector<Binding> bindings_for(
    const Command& command, const std::vector<std::filesystem::path>& readable = {});

}  // namespace grader
