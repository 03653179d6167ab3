// `batch --starter`: the starter's given files, compiled once by the kit's recipe into a ccache
// folder that every submission's build reads, so that each build compiles only what the
// student changed (docs/performance.md).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

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

// The cache, filled by the starter's own build with the shared recipe, outside the sandbox (it
// is the kit's code), under `limits`. Readable by the slot uids of --sandbox-users. nullopt,
// with `problem` saying why, when ccache is missing or the starter does not build.
[[nodiscard]] std::optional<TempFolder> prime_build_cache(const std::filesystem::path& starter,
                                                          const Limits& limits, std::string& problem);

}  // namespace grader
