// What a starter folder holds, computed from the kit's sources: the reference with the
// exercise's solution regions replaced by stubs (src/), the grader's self-check (check/), the
// public cases of the exercise and of the protocol (cases/), the protocol (docs/), a standalone
// CMakeLists.txt and a README. Nothing here is written by hand into starter/.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "solution_regions.hpp"

namespace starter {

struct Exercise {
  std::string name;     // folder and region name: "hashing"
  std::string lesson;   // where the student learns it: "lesson 002, Hash functions"
  std::string try_it;   // a shell line that feeds build/bloom a few commands
  std::string answers;  // what that line prints once the exercise is done
};

// The course's exercises, in lesson order, from the manifest `root`/exercises.tsv (its header
// says the columns). Throws grader::FileError naming the file and line of a malformed line.
[[nodiscard]] std::vector<Exercise> read_exercises(const std::filesystem::path& root);

// The same from the manifest's text; `where` names it in errors.
[[nodiscard]] std::vector<Exercise> parse_exercises(const std::string& text, const std::string& where);

// Relative path in the starter folder -> file content.
using FileMap = std::map<std::string, std::string>;

// Every file of the starter of `exercise`, from the kit at `root`. Throws RegionError for a
// malformed region and std::runtime_error for a file that cannot be read.
[[nodiscard]] FileMap starter_files(const std::filesystem::path& root, const Exercise& exercise,
                                    Keep keep);

// How `folder` differs from `files`, one line each ("src/murmur3.cpp differs", "... is
// missing", "... should not be there"); empty when it is up to date. Build folders (build*)
// are a student's and are ignored.
[[nodiscard]] std::vector<std::string> differences(const FileMap& files,
                                                   const std::filesystem::path& folder);

// Makes `folder` hold exactly `files` (build folders left alone).
void write_files(const FileMap& files, const std::filesystem::path& folder);

}  // namespace starter
