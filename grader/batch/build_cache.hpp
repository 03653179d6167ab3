// `batch --starter`: the starter's given files, compiled once by the kit's recipe into a ccache
// folder that every submission's build reads, so that each build compiles only what the
// student changed (docs/performance.md).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "batch/fast_build.hpp"
#include "runner.hpp"

namespace grader {

// A folder under /var/tmp (not /tmp, which the sandbox replaces), removed with its contents;
// readable by everyone, writable by the grader alone.
class TempFolder {
 public:
  // Throws std::filesystem::filesystem_error.
  explicit TempFolder(const std::string& prefix);
  ~TempFolder();
  TempFolder(TempFolder&& other) noexcept;
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  TempFolder& operator=(TempFolder&&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The cache batch's builds read: a temporary folder, removed with it, or a lasting one. It
// holds the ccache folder and the starter's own build, in starter-KEY/project: KEY is a hash of
// the starter's files, the build's recipe and the tools that build it (the compiler, CMake,
// Ninja, ccache, the archiver and linker: each resolved path, size and time), so a later run
// over the same kit reuses that build as it is, and a kit change builds it again.
struct BuildCache {
  std::optional<TempFolder> temporary;
  std::filesystem::path path;
  std::optional<FastBuild> fast;  // the starter build's fast path, when it has one
};

// The cache, filled by the starter's own build with the shared recipe, outside the sandbox (it
// is the kit's code), under `limits`. Readable by the slot uids of --sandbox-users. In a
// temporary folder, or in `lasting` (made if need be, kept) when it is given: there runs that
// share it (a Slurm array's tasks) prime it one at a time, under a lock on lasting/.lock, so
// the first compiles the starter's files and the others find them (ccache's entries are keyed
// by content, so a cache primed for another starter is only slower, never wrong). A starter
// build of the same key already there is reused, not built again. With `fast`, its fast path
// (fast_build.hpp) is made too, or stderr says why there is none. nullopt, with `problem`
// saying why, when ccache is missing, the starter does not build or the folder cannot be used.
[[nodiscard]] std::optional<BuildCache> prime_build_cache(const std::filesystem::path& starter,
                                                          const Limits& limits,
                                                          std::string& problem,
                                                          const std::filesystem::path& lasting = {},
                                                          bool fast = true);

// The key of a starter's build (BuildCache): 16 hex digits.
[[nodiscard]] std::string starter_build_key(const std::filesystem::path& project);

}  // namespace grader
