// What a slot uid's programs leave behind when a run is over, found and removed by a root
// grader: processes (a daemon, a double fork), and files where every uid may write (/tmp,
// /var/tmp, /dev/shm, /run/lock), where a program of the users kind could otherwise leave a
// case's input for the next run to read. Files are removed by a child that has become the
// slot uid, never by root: a name made to look like another's, a symbolic link swapped in for
// a folder or a tree deeper than any stack can make it remove nothing that uid could not.
#pragma once

#include <filesystem>
#include <vector>

namespace grader {

// The folders every uid may write, of those this kit knows (/tmp, /var/tmp, /dev/shm,
// /run/lock, /var/crash, and /dev/mqueue, whose files are POSIX message queues): the ones that
// exist here as real folders, world-writable.
[[nodiscard]] std::vector<std::filesystem::path> shared_temporary_folders();

// What `uid` owns in `folders` (never following a link): their entries it owns, and those in
// the world-writable folders among them that it does not own, a few levels down.
[[nodiscard]] std::vector<std::filesystem::path> left_by(
    unsigned uid, const std::vector<std::filesystem::path>& folders);

// Removes `paths` whole as `uid` and `gid` (rm -rf, one file system, in a child that became
// them). Waits for it; what it cannot remove stays.
void remove_as(unsigned uid, unsigned gid, const std::vector<std::filesystem::path>& paths);

// Sends SIGKILL to every process of `uid` (not root), from a child that became it: kill(-1)
// there reaches exactly that uid's processes, a fork bomb's newest too.
void kill_all_of(unsigned uid);

}  // namespace grader
