// What a starter folder holds, computed from the kit's sources: the reference with the
// exercise's solution regions replaced by stubs (src/), the grader's self-check (check/), the
// public cases of the exercise and of the protocol (cases/), the protocol (docs/), a standalone
// CMakeLists.txt and a README. Nothing here is written by hand into starter/.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "manifest.hpp"
#include "solution_regions.hpp"

namespace starter {

// The course's exercises are read from the manifest by grader/manifest.hpp, the one reader.
using Exercise = grader::Exercise;

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
