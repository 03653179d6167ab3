// The ids a root grader runs the sandbox's programs as (slot uids) and gives its folders to
// (groups), each taken by one grader at a time on this kernel. Two graders that shared a slot
// uid would each kill the other's programs when cleaning up after a run (kill(-1) as that uid),
// and share their RLIMIT_NPROC; two that shared a group would read each other's copies.
//
// An id is held through two locks that go when the grader does, however it ends: a lock file
// in /run/lock/bloom-grader (graders that share /run/lock) and an abstract Unix socket named
// for the id (graders that share the network namespace, whatever their /run/lock or root: a
// chroot, a private mount namespace). An id that an account or a group of /etc/passwd or
// /etc/group names, or that a running process uses as a uid or gid without holding the locks
// (another grader's program in a container whose /run/lock and network are its own, a user),
// is skipped, and the grader says why.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grader {

class HeldIds {
 public:
  HeldIds() = default;
  ~HeldIds();
  HeldIds(const HeldIds&) = delete;
  HeldIds& operator=(const HeldIds&) = delete;

  // Takes `wanted` ids from first, first + 1, ..., first + count - 1, lowest first. nullopt
  // when fewer are free, with `problem` saying why; `skipped` gets a line per id passed over
  // for a reason other than another grader's lock ("uid 60000: process 4242 (sleep) runs as
  // it").
  [[nodiscard]] static std::optional<HeldIds> take(unsigned first, unsigned count, int wanted,
                                                   std::vector<std::string>& skipped,
                                                   std::string& problem);
  HeldIds(HeldIds&& other) noexcept;
  HeldIds& operator=(HeldIds&& other) noexcept;

  // The ids held, in the order taken.
  [[nodiscard]] const std::vector<unsigned>& ids() const { return ids_; }

 private:
  std::vector<unsigned> ids_;
  std::vector<int> descriptors_;  // the lock files and sockets, closed at the end
};

}  // namespace grader
