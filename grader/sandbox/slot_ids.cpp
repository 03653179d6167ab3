#include "slot_ids.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr const char* kLockFolder = "/run/lock/bloom-grader";

// Who else uses each id: the accounts and groups of /etc/passwd and /etc/group, and the uids
// and gids (real, effective, saved, file system, supplementary) of every running process.
std::map<unsigned, std::string> users_of_ids() {
  std::map<unsigned, std::string> users;
  for (const auto& [file, what] :
       {std::pair{"/etc/passwd", "account"}, std::pair{"/etc/group", "group"}}) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      std::istringstream fields(line);
      std::string name, password, id;
      if (std::getline(fields, name, ':') && std::getline(fields, password, ':') &&
          std::getline(fields, id, ':') && !id.empty() &&
          id.find_first_not_of("0123456789") == std::string::npos) {
        users.emplace(static_cast<unsigned>(std::stoul(id)),
                      std::string(what) + " " + name + " of " + file);
      }
    }
  }
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc", error)) {
    const std::string pid = entry.path().filename().string();
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    std::string name;
    for (std::string line; std::getline(status, line);) {
      std::istringstream fields(line);
      std::string key;
      fields >> key;
      if (key == "Name:") fields >> name;
      if (key != "Uid:" && key != "Gid:" && key != "Groups:") continue;
      for (unsigned id = 0; fields >> id;) users.emplace(id, "process " + pid + " (" + name + ")");
    }
  }
  return users;
}

// The lock file of `id`, locked; -1 when another grader holds it (or it cannot be had).
int lock_file(unsigned id) {
  std::error_code ignored;
  fs::create_directories(kLockFolder, ignored);
  const std::string file = std::string(kLockFolder) + "/uid-" + std::to_string(id);
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// An abstract Unix socket bound to the name of `id`; -1 when another grader has bound it. Its
// name lives in the network namespace, not in any file system, and goes with the descriptor.
int bind_name(unsigned id) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  const std::string name = "bloom-grader-id-" + std::to_string(id);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::memcpy(address.sun_path + 1, name.data(), name.size());  // sun_path[0] = 0: abstract
  const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), length) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

HeldIds::~HeldIds() {
  for (const int fd : descriptors_) ::close(fd);
}

HeldIds::HeldIds(HeldIds&& other) noexcept
    : ids_(std::move(other.ids_)), descriptors_(std::exchange(other.descriptors_, {})) {}

HeldIds& HeldIds::operator=(HeldIds&& other) noexcept {
  std::swap(ids_, other.ids_);
  std::swap(descriptors_, other.descriptors_);
  return *this;
}

std::optional<HeldIds> HeldIds::take(unsigned first, unsigned count, int wanted,
                                     std::vector<std::string>& skipped, std::string& problem) {
  const std::map<unsigned, std::string> users = users_of_ids();
  HeldIds held;
  for (unsigned id = first; id - first < count && static_cast<int>(held.ids_.size()) < wanted;
       ++id) {
    const int lock = lock_file(id);
    if (lock < 0) continue;  // another grader's, as its lock file says
    const int name = bind_name(id);
    if (name < 0) {  // another grader's, one with a /run/lock of its own
      ::close(lock);
      continue;
    }
    // free for graders that share this one's locks: but someone else may still have it
    if (const auto user = users.find(id); user != users.end()) {
      skipped.push_back("uid " + std::to_string(id) + " skipped: " + user->second + " uses it");
      ::close(name);
      ::close(lock);
      continue;
    }
    held.ids_.push_back(id);
    held.descriptors_.insert(held.descriptors_.end(), {lock, name});
  }
  if (static_cast<int>(held.ids_.size()) < wanted) {
    problem = "the sandbox needs " + std::to_string(wanted) + " free ids from " +
              std::to_string(first) + " to " + std::to_string(first + count - 1) + " and found " +
              std::to_string(held.ids_.size()) +
              " (the others are other graders' or in use); give another range with --sandbox-uids";
    return std::nullopt;
  }
  return held;
}

}  // namespace grader
