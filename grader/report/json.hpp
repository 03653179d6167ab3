// An outcome (core/outcome.hpp) as JSON, and back: `run --report json`, and the heart of every
// submission report that `batch` writes (submission_report.hpp). The one place JSON meets the
// typed outcome: its writer and its reader side by side, with a round-trip test
// (json_test.cpp). The lowest part of report/: the other formats and the batch outputs build on
// it, and it on nothing of theirs.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "outcome.hpp"

namespace grader {

// JSON as every report file holds it: indented two spaces, ending in a newline; a byte that is
// not UTF-8 (a folder's name, a command line) as U+FFFD.
[[nodiscard]] std::string json_text(const nlohmann::json& json);

// {"summary": {...}, "cases": [...]}: every field of the outcome's run (its status and build are
// the submission report's, which adds them).
[[nodiscard]] nlohmann::json to_json(const Outcome& outcome);

// The run that to_json wrote, its status passed when no case failed, else failed, and no build.
// Fields a tool may leave out (all but summary.score, max_score, passed, failed and diagnosis[].id;
// cases[].name, points and verdict) take their defaults. Throws FileError naming `where`, with
// `what` ("not a submission report") and the field that is missing or of the wrong type.
[[nodiscard]] Outcome outcome_from_json(const nlohmann::json& json,
                                        const std::filesystem::path& where,
                                        const std::string& what);

// A submission's build: {"command": ..., "ok": ...[, "time_ms", "output", "summary"]}.
[[nodiscard]] nlohmann::json to_json(const BuildOutcome& build);
[[nodiscard]] BuildOutcome build_from_json(const nlohmann::json& json,
                                           const std::filesystem::path& where,
                                           const std::string& what);

// A field the kit reads: there, and of its type, or a FileError naming `where`, `what`, the
// field's path (`at` + key) and the type it should be.
// `at` and `what` are views taken by value: GCC 14 calls a returned reference "possibly
// dangling" when a temporary (a std::string made from a literal) binds to a reference parameter.
const nlohmann::json& need(const nlohmann::json& object, const char* key,
                           nlohmann::json::value_t type, std::string_view at,
                           const std::filesystem::path& where, std::string_view what);

}  // namespace grader
