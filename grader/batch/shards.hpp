// Which submissions a batch grades: its shard of the submission folders (--shard I/N, so that
// N graders, on N machines or N Slurm tasks, share a class), less those already graded in
// --out (a rerun resumes; --regrade grades them again).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace grader {

// Parses "I/N" (1 <= I <= N); returns an error message, or "" when it is well formed.
[[nodiscard]] std::string parse_shard(const std::string& text, int& index, int& count);

// The submission folders of `root` in this shard: sorted by name, every count-th from index.
[[nodiscard]] std::vector<std::filesystem::path> shard_of(const std::filesystem::path& root,
                                                          int index, int count);

// The report a submission's grading writes in `out`: OUT/ID.json.
[[nodiscard]] std::filesystem::path report_path(const std::filesystem::path& out,
                                                const std::filesystem::path& submission);

// The folders of `shard` still to grade: those without a report in `out`, or all of them
// with `regrade`.
[[nodiscard]] std::vector<std::filesystem::path> still_to_grade(const std::vector<std::filesystem::path>& shard,
                                                                const std::filesystem::path& out, bool regrade);

}  // namespace grader
