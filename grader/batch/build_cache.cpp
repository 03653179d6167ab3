#include "batch/build_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "file_io.hpp"
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

// The starter's project at `project` built there through ccache into `cache`, its compile
// commands exported for the fast path; "" or what went wrong.
std::string build_into(const fs::path& project, const fs::path& cache, const Limits& limits) {
  const std::string line =
      "cd " + shell_quote(project.string()) + " && " + cache_environment(cache, false) +
      "export CMAKE_EXPORT_COMPILE_COMMANDS=ON && " + submission_build_command();
  const RunResult run = run_program(Command{"/bin/sh", {"-c", line}, line, {}, {}}, "", limits);
  if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0) {
    return "did not build: " + build_output_tail(run.out + run.err + run.start_error);
  }
  std::cerr << "bloom-grader batch: the starter's files compiled into a build cache in "
            << std::chrono::duration_cast<std::chrono::seconds>(run.elapsed).count()
            << " s; every submission's build reads it\n";
  return "";
}

// FNV-1a, 64 bits (a key, not a defence: what it covers is the grader's own kit).
void mix(std::uint64_t& hash, std::string_view bytes) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  hash ^= 0xff;  // ends each part: "ab" + "c" is not "a" + "bc"
  hash *= 1099511628211ULL;
}

// What identifies a tool the build runs: where it resolves, its size and time. Looked up on the
// PATH every build gets (minimal_environment).
std::string tool_identity(const std::string& name) {
  for (const char* folder : {"/usr/local/bin", "/usr/bin", "/bin"}) {
    std::error_code error;
    const fs::path found = fs::canonical(fs::path(folder) / name, error);
    if (error) continue;
    const auto size = fs::file_size(found, error);
    const auto time = fs::last_write_time(found, error).time_since_epoch().count();
    return found.string() + " " + std::to_string(size) + " " + std::to_string(time);
  }
  return name + " missing";
}

// Every file and folder under `folder` readable by everyone, as ccache's are (CCACHE_UMASK):
// the builds of --sandbox-users run as slot uids, and a kit that those may not read (which
// --sandbox-users asks for) would give its mode to the starter's copy here, whose objects the
// fast path links. The starter is what every student has.
void open_to_builds(const fs::path& folder) {
  const fs::perms read = fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
  const fs::perms enter = fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec;
  fs::permissions(folder, read | enter, fs::perm_options::add);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_symlink()) continue;
    const bool runs = entry.is_directory() ||
                      (entry.status().permissions() & fs::perms::owner_exec) != fs::perms::none;
    fs::permissions(entry.path(), runs ? read | enter : read, fs::perm_options::add);
  }
}

// The starter build's folder in the cache: made and built unless a complete one is there.
fs::path starter_build(const fs::path& project, const fs::path& cache, const Limits& limits,
                       std::string& failed) {
  const fs::path folder = cache / ("starter-" + starter_build_key(project));
  if (fs::exists(folder / ".complete")) {
    std::cerr << "bloom-grader batch: the starter's build reused from " << folder.string()
              << " (the same files, recipe and tools)\n";
    return folder;
  }
  fs::remove_all(folder);
  fs::create_directories(folder);
  fs::copy(project, folder / "project", fs::copy_options::recursive);
  failed = build_into(folder / "project", cache, limits);
  if (!failed.empty()) return folder;
  open_to_builds(folder);
  write_file(folder / ".complete", "");
  return folder;
}

}  // namespace

std::string starter_build_key(const fs::path& project) {
  std::uint64_t hash = 14695981039346656037ULL;
  // this layout's version: 2, its files opened to the slot uids; 3, the precompiled headers
  mix(hash, "fast-build 3");
  mix(hash, submission_build_command());
  for (const char* tool : {"c++", "cmake", "ninja", "ccache", "ar", "ranlib", "ld"})
    mix(hash, tool_identity(tool));
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(project);
       it != fs::recursive_directory_iterator(); ++it) {
    if (it.depth() == 0 && it->path().filename() == "build") {
      it.disable_recursion_pending();  // removed by the recipe
    } else if (it->is_regular_file()) {
      files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    mix(hash, file.lexically_relative(project).generic_string());
    mix(hash, read_file(file));
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

std::optional<BuildCache> prime_build_cache(const fs::path& starter, const Limits& limits,
                                            std::string& problem, const fs::path& lasting,
                                            bool fast) {
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
    std::string failed;
    const fs::path folder = starter_build(found->project, cache.path, limits, failed);
    if (!failed.empty()) {
      problem = "--starter " + starter.string() + " " + failed;
      return std::nullopt;
    }
    std::string why_not;
    if (fast) cache.fast = make_fast_build(folder / "project", folder / "fast-build.sh", why_not);
    if (fast && !cache.fast) {
      std::cerr << "bloom-grader batch: no fast path, every submission builds with CMake: "
                << why_not << "\n";
    }
    for (const std::string& why : cache.fast ? cache.fast->no_header : std::vector<std::string>{})
      std::cerr << "bloom-grader batch: no precompiled header, compiled plainly: " << why << "\n";
    return cache;
  } catch (const fs::filesystem_error& error) {
    problem = std::string("--starter: ") + error.what();
    return std::nullopt;
  }
}

}  // namespace grader
