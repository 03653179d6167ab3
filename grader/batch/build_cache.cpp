#include "batch/build_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <system_error>
#include <utility>

#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

TempFolder::TempFolder(const std::string& prefix) {
  std::string pattern = (fs::path("/var/tmp") / (prefix + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw fs::filesystem_error("mkdtemp", pattern, std::error_code(errno, std::generic_category()));
  }
  path_ = pattern;
  fs::permissions(path_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                             fs::perms::others_read | fs::perms::others_exec);
}

TempFolder::~TempFolder() {
  std::error_code ignored;
  if (!path_.empty()) fs::remove_all(path_, ignored);
}

TempFolder::TempFolder(TempFolder&& other) noexcept : path_(std::exchange(other.path_, {})) {}

namespace {

// An exclusive lock on `file` (made if need be), held until the object goes: flock(2), which
// the kernel releases when the process ends, however it ends.
class FileLock {
 public:
  explicit FileLock(const fs::path& file)
      : fd_(::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_ < 0)
      throw fs::filesystem_error("open", file, std::error_code(errno, std::generic_category()));
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
    std::cerr << "bloom-grader batch: waiting for " << file.string()
              << ": another run primes the cache\n";
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) {
        const int error = errno;
        ::close(fd_);
        throw fs::filesystem_error("flock", file, std::error_code(error, std::generic_category()));
      }
    }
  }
  ~FileLock() { ::close(fd_); }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

// The starter's project built through ccache into `cache`; "" or what went wrong.
std::string build_into(const fs::path& project, const fs::path& cache, const Limits& limits) {
  const TempFolder copy("bloom-starter-");
  fs::copy(project, copy.path(), fs::copy_options::recursive);
  const std::string line = "cd " + shell_quote(copy.path().string()) + " && " +
                           cache_environment(cache, false) + submission_build_command();
  const RunResult run = run_program(Command{"/bin/sh", {"-c", line}, line, {}, {}}, "", limits);
  if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0) {
    return "did not build: " + build_output_tail(run.out + run.err + run.start_error);
  }
  std::cerr << "bloom-grader batch: the starter's files compiled into a build cache in "
            << std::chrono::duration_cast<std::chrono::seconds>(run.elapsed).count()
            << " s; every submission's build reads it\n";
  return "";
}

}  // namespace

std::optional<BuildCache> prime_build_cache(const fs::path& starter, const Limits& limits,
                                            std::string& problem, const fs::path& lasting) {
  if (!find_program("ccache")) {
    problem = "--starter needs ccache, which is not installed (Debian package ccache)";
    return std::nullopt;
  }
  const std::optional<SubmissionBuild> found = find_submission_build(starter);
  if (!found) {
    problem = "--starter " + starter.string() + ": no CMakeLists.txt there";
    return std::nullopt;
  }
  try {
    BuildCache cache;
    std::optional<FileLock> lock;
    if (lasting.empty()) {
      cache.temporary.emplace("bloom-build-cache-");
      cache.path = cache.temporary->path();
    } else {
      cache.path = fs::absolute(lasting);
      fs::create_directories(cache.path);
      fs::permissions(cache.path,
                      fs::perms::others_read | fs::perms::others_exec | fs::perms::group_read |
                          fs::perms::group_exec,
                      fs::perm_options::add);
      lock.emplace(cache.path / ".lock");
    }
    if (std::string failed = build_into(found->project, cache.path, limits); !failed.empty()) {
      problem = "--starter " + starter.string() + " " + failed;
      return std::nullopt;
    }
    return cache;
  } catch (const fs::filesystem_error& error) {
    problem = std::string("--starter: ") + error.what();
    return std::nullopt;
  }
}

}  // namespace grader
