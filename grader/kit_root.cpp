#include "kit_root.hpp"

#include "manifest.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

template <typename Holds>
fs::path nearest_above(fs::path from, Holds holds) {
  for (from = fs::absolute(from).lexically_normal();; from = from.parent_path()) {
    if (holds(from)) return from;
    if (from == from.parent_path()) return {};
  }
}

}  // namespace

fs::path kit_above(fs::path from) {
  return nearest_above(std::move(from), [](const fs::path& folder) {
    std::error_code ignored;
    return fs::is_directory(folder / "reference", ignored) && fs::is_directory(folder / "cases", ignored);
  });
}

fs::path kit_holding_manifest(fs::path from) {
  return nearest_above(std::move(from), [](const fs::path& folder) {
    std::error_code ignored;
    return fs::is_regular_file(folder / kManifest, ignored);
  });
}

}  // namespace grader
