// Where the kit's sources are, for the tools that write from them (bloom-make-starters, and
// `bloom-grader classroom`): the clone they run in, not the one they were built from, so that
// a tool built in one clone and run in another writes the clone it runs in.
#pragma once

#include <filesystem>

namespace grader {

// The kit that holds `from`: the nearest folder at or above it with reference/ and cases/;
// empty when there is none.
[[nodiscard]] std::filesystem::path kit_above(std::filesystem::path from);

// The nearest folder at or above `from` that holds the manifest (exercises.tsv): a kit of
// sources, or an installed one such as Gradescope's unpacked zip; empty when there is none.
[[nodiscard]] std::filesystem::path kit_holding_manifest(std::filesystem::path from);

}  // namespace grader
