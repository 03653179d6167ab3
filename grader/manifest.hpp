// The course's exercises (exercises.tsv, the manifest) and the case folders that grade each.
// The one reader of the manifest: bloom-make-starters, `bloom-grader exercises` (for shells:
// Gradescope's zip and run_autograder, the Slurm and Kubernetes jobs) and CMake (which builds
// print_exercises.cpp around this file at configure time) all read it here.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace grader {

struct Exercise {
  std::string name;     // folder and region name: "hashing"
  std::string lesson;   // where the student learns it: "lesson 002, Hash functions"
  std::string try_it;   // a shell line that feeds build/bloom a few commands
  std::string answers;  // what that line prints once the exercise is done
};

// The manifest's name in the kit's top folder.
inline constexpr std::string_view kManifest = "exercises.tsv";

// Where an instructor keeps hidden suites, one folder per exercise, in the kit's top folder:
// hidden/<exercise>/ (git-ignored; `bloom-reference --generate EXERCISE --out hidden ...` writes
// there, --out being required). Every path that grades an exercise (batch's deploy files,
// Gradescope's zip) takes it from here.
inline constexpr std::string_view kHiddenSuites = "hidden";

// The exercises of the manifest's `text`, in lesson order; `where` names it in errors. Throws
// FileError naming the line of a malformed one (four tab-separated fields, a name of
// lower-case letters and digits, each name once) or a manifest that lists none.
[[nodiscard]] std::vector<Exercise> parse_manifest(const std::string& text, const std::string& where);

// The same from `kit`/exercises.tsv. Throws FileError.
[[nodiscard]] std::vector<Exercise> read_manifest(const std::filesystem::path& kit);

// The exercise `name` of the manifest; throws FileError naming the manifest and the
// exercises it lists when there is none.
[[nodiscard]] Exercise find_exercise(const std::filesystem::path& kit, std::string_view name);

// The case folders that grade `exercise`, in the order they are graded: the protocol suite
// (kit/cases/protocol), the exercise's public cases (kit/cases/NAME), and its hidden suite
// (kit/hidden/NAME) when that folder exists. Throws FileError for an exercise the manifest
// does not list.
[[nodiscard]] std::vector<std::filesystem::path> exercise_suites(const std::filesystem::path& kit,
                                                                 std::string_view exercise);

}  // namespace grader
