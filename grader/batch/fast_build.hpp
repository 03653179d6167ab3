// `batch --starter`'s fast path: a submission shaped like the starter (its CMakeLists.txt and
// every given file byte for byte, the student's files free) is built by the starter's own
// build's commands, not by CMake: only the translation units that read a file the student
// changed are compiled, with the commands the starter's build ran (`ninja -t commands bloom`,
// its compiles those of compile_commands.json), every other object is the starter's, and the
// archive and the link are the starter's too. Any other submission gets the full CMake build.
// docs/batch.md, "Reusing what every submission shares".
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "batch/precompiled_header.hpp"

namespace grader {

struct FastBuild {
  std::filesystem::path project;  // the starter's built copy: project/build holds its build
  std::filesystem::path script;   // fast-build.sh beside project/, run in a submission's project
  std::vector<std::string> student_files;  // relative to the project: the README's table
  struct Unit {
    std::string object;              // relative to build/: CMakeFiles/bloom_core.dir/src/x.cpp.o
    std::vector<std::string> reads;  // the project's files it read, relative to the project
  };
  std::vector<Unit> units;
  // Relative to the project: every file the build reads there (CMakeLists.txt, the units'
  // sources and headers), and every entry of its include folders (`-I` inside the project),
  // whose names must be the starter's: a new file there could change what an #include finds.
  std::vector<std::string> compared;
  std::vector<std::string> include_folders;
  std::vector<std::string> listing;
  // The student's units' precompiled headers (precompiled_header.hpp), and why a unit has
  // none, for the grader to say.
  std::vector<PrecompiledHeader> headers;
  std::vector<std::string> no_header;
};

// The student's files of a starter: the files its README's table "What you write" names
// (`| \`function\` | \`src/file.cpp\` |`), each once, in order.
[[nodiscard]] std::vector<std::string> student_files_of(const std::string& readme);

// The fast path of the starter's build at `project` (built with Ninja, compile_commands.json
// exported), its script written to `script`; nullopt with `why_not` when it has none (another
// generator, no table of student files, a path the script cannot hold).
[[nodiscard]] std::optional<FastBuild> make_fast_build(const std::filesystem::path& project,
                                                       const std::filesystem::path& script,
                                                       std::string& why_not);

// The objects a submission's project shaped like the starter compiles (empty when it changed
// nothing), each `OBJECT+pch` when it compiles through its precompiled header (its source the
// only file of it changed, and one that takes the header), or nullopt when it is not shaped like
// it: its CMakeLists.txt or a given file differs, an include folder holds other names, or a file is
// not a regular one (a link).
[[nodiscard]] std::optional<std::vector<std::string>> fast_objects(
    const FastBuild& fast, const std::filesystem::path& project);

// The shell words, run in the submission's project after cache_environment, that build it
// the fast way, compiling `objects`.
[[nodiscard]] std::string fast_build_command(const FastBuild& fast,
                                             const std::vector<std::string>& objects);

}  // namespace grader
