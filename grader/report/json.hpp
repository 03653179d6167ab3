// A graded run as JSON: `run --report json`, and the heart of every submission report that
// `batch` writes (submission_report.hpp). The lowest part of report/: the other formats and
// the batch outputs build on it, and it on nothing of theirs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "report.hpp"

namespace grader {

// JSON as every report file holds it: indented two spaces, ending in a newline; a byte that is
// not UTF-8 (a folder's name, a command line) as U+FFFD.
[[nodiscard]] std::string json_text(const nlohmann::json& json);

// {"summary": {...}, "cases": [...]}: every field of a CaseResult.
[[nodiscard]] nlohmann::json to_json(const Report& report);

}  // namespace grader
