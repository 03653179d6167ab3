// How a submission is found, cleaned and built: the one recipe that `batch --build cmake` and
// `bloom-grader build` (which Gradescope's run_autograder calls) share. docs/batch.md,
// "Building a submission", says it once for everyone.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace grader {

struct SubmissionBuild {
  std::filesystem::path project;  // the submission's folder holding CMakeLists.txt
  std::filesystem::path relative;  // project, relative to the submission ("." or "starter")
};

// The submission's CMake project: the shallowest CMakeLists.txt at most three folders down
// (students upload the starter's files, or the folder that holds them), outside any build/
// folder and hidden folder; the first by path among equally shallow ones. nullopt when none.
[[nodiscard]] std::optional<SubmissionBuild> find_submission_build(const std::filesystem::path& submission);

// The build, a shell command run in the project's folder: remove a build/ the student shipped
// (its CMakeCache.txt names another machine's folders), configure in Release as Gradescope
// does, and build only the target grading runs, `bloom` (not the self-check). With Ninja
// when it is on PATH and CMAKE_GENERATOR is unset, else CMake's default generator.
[[nodiscard]] std::string submission_build_command();

// Build reuse (batch --starter): the shell words, put before submission_build_command() in the
// project's folder, that compile through ccache with `cache` as its cache. Paths are taken
// relative to the project (base dir), so the starter's given files, compiled once into the
// cache, answer every submission's same files. A submission's build reads the cache and never
// writes it (`read_only`), so no build can change what another gets. The locale is fixed too:
// ccache hashes LANG, LC_ALL, LC_CTYPE and LC_MESSAGES into every key, and the sandbox gives
// builds an environment of its own, unlike the grader's that compiled the cache.
[[nodiscard]] std::string cache_environment(const std::filesystem::path& cache, bool read_only);

// What the build makes, relative to the project: build/bloom.
[[nodiscard]] std::filesystem::path submission_program();

// `text` in single quotes for /bin/sh, a quote inside as '\''.
[[nodiscard]] std::string shell_quote(const std::string& text);

// `text` with every `from` replaced by `to`, left to right (what `to` holds is not looked at
// again): how a command line is made from another.
[[nodiscard]] std::string replace_all(std::string text, const std::string& from,
                                      const std::string& to);

// The last kBuildOutputShown bytes of a build's output, "…" before them when cut: where a
// compiler's first error usually is, and as much as a platform shows in one place. What a
// submission report keeps and what `build` tells Gradescope.
inline constexpr std::size_t kBuildOutputShown = 6000;
[[nodiscard]] std::string build_output_tail(const std::string& output);

// Said when a submission has no CMakeLists.txt, to the student (Gradescope) and the instructor.
[[nodiscard]] std::string no_project_message(const std::string& exercise_hint);

}  // namespace grader
