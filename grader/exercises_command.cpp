// `bloom-grader exercises`: the manifest for shells (Gradescope's zip and run_autograder, the
// Slurm and Kubernetes jobs), read by the kit's one reader (manifest.hpp).
#include <iostream>

#include "app.hpp"
#include "file_io.hpp"
#include "kit_root.hpp"
#include "manifest.hpp"
#include "subcommand.hpp"

namespace grader {

int exercises_command(const ExercisesOptions& options, std::ostream& out) {
  const std::filesystem::path kit =
      options.kit.empty() ? kit_holding_manifest(std::filesystem::current_path()) : options.kit;
  if (kit.empty()) {
    error(std::filesystem::current_path().string() + " is not inside the kit (no " +
          std::string(kManifest) + " at or above it): run it there, or give --kit");
    return kExitCouldNotRun;
  }
  try {
    if (options.suite.empty()) {
      for (const Exercise& exercise : read_manifest(kit)) out << exercise.name << "\n";
    } else {
      for (const std::filesystem::path& folder : exercise_suites(kit, options.suite)) {
        out << folder.lexically_normal().string() << "\n";
      }
    }
  } catch (const FileError& e) {  // it names the manifest
    std::cerr << e.what() << "\n";
    return kExitCouldNotRun;
  }
  return kExitPassed;
}

}  // namespace grader
