#include "batch/build_cache.hpp"

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

std::optional<TempFolder> prime_build_cache(const fs::path& starter, const Limits& limits, std::string& problem) {
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
    TempFolder cache("bloom-build-cache-");
    const TempFolder copy("bloom-starter-");
    fs::copy(found->project, copy.path(), fs::copy_options::recursive);
    const std::string line = "cd " + shell_quote(copy.path().string()) + " && " +
                             cache_environment(cache.path(), false) + submission_build_command();
    const RunResult run = run_program(Command{"/bin/sh", {"-c", line}, line, {}, {}}, "", limits);
    if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0) {
      problem = "--starter " + starter.string() + " did not build: " +
                build_output_tail(run.out + run.err + run.start_error);
      return std::nullopt;
    }
    std::cerr << "bloom-grader batch: the starter's files compiled into a build cache in "
              << std::chrono::duration_cast<std::chrono::seconds>(run.elapsed).count()
              << " s; every submission's build reads it\n";
    return cache;
  } catch (const fs::filesystem_error& error) {
    problem = std::string("--starter: ") + error.what();
    return std::nullopt;
  }
}

}  // namespace grader
