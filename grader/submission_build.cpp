#include "submission_build.hpp"

#include <algorithm>
#include <vector>

namespace grader {

namespace fs = std::filesystem;

std::optional<SubmissionBuild> find_submission_build(const fs::path& submission) {
  constexpr int kDepth = 3;  // folders below the submission searched
  std::vector<fs::path> level{submission};
  for (int depth = 0; depth <= kDepth && !level.empty(); ++depth) {
    std::vector<fs::path> found;
    std::vector<fs::path> next;
    for (const fs::path& folder : level) {
      std::error_code error;
      if (fs::is_regular_file(folder / "CMakeLists.txt", error)) found.push_back(folder);
      for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_directory(error) && !entry.is_symlink(error) && name != "build" && name[0] != '.') {
          next.push_back(entry.path());
        }
      }
    }
    if (!found.empty()) {
      const fs::path project = *std::min_element(found.begin(), found.end());
      return SubmissionBuild{project, project.lexically_relative(submission)};
    }
    std::sort(next.begin(), next.end());
    level = std::move(next);
  }
  return std::nullopt;
}

std::string submission_build_command() {
  // Ninja when it is installed and the caller chose no generator: its configure and its
  // no-op checks cost a fraction of Makefiles' (docs/performance.md, "Batches").
  return "rm -rf build && "
         "if [ -z \"${CMAKE_GENERATOR:-}\" ] && command -v ninja >/dev/null 2>&1; then "
         "export CMAKE_GENERATOR=Ninja; fi && "
         "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target bloom";
}

std::string build_output_tail(const std::string& output) {
  if (output.size() <= kBuildOutputShown) return output;
  std::string tail = "…";  // appended: GCC 12's -Wrestrict misreads "…" + substr
  return tail.append(output, output.size() - kBuildOutputShown);
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

std::string cache_environment(const fs::path& cache, bool read_only) {
  std::string words = "export CCACHE_DIR=" + shell_quote(cache.string()) +
                      " CCACHE_BASEDIR=\"$PWD\" CCACHE_NOHASHDIR=1 CCACHE_UMASK=022"
                      " CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache"
                      " LANG=C.UTF-8 LC_ALL=C.UTF-8";
  if (read_only) words += " CCACHE_READONLY=1 CCACHE_NOSTATS=1 CCACHE_TEMPDIR=\"$PWD/.ccache-tmp\"";
  return words + " && unset LC_CTYPE LC_MESSAGES && ";
}

fs::path submission_program() { return fs::path("build") / "bloom"; }

std::string no_project_message(const std::string& exercise_hint) {
  return "No CMakeLists.txt in your submission: upload the files of " + exercise_hint +
         " (src/, CMakeLists.txt, ...).";
}

}  // namespace grader
