// Deadlines for `bloom-grader classroom --collect` (docs/github-classroom.md, "Deadlines"):
// times as ISO 8601 with an offset, the file of per-student extensions, and the late policy.
// A time is whole seconds since the Unix epoch, UTC.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace grader {

// "2026-12-04T18:00:00+01:00", "2026-12-04T17:00Z", "2026-12-04 17:00:00-0500": a date, 'T' or
// a space, hours and minutes (seconds optional), and an offset (Z, +HH:MM, +HHMM or +HH), which
// is required: a deadline without one means a different instant on every machine. nullopt for
// anything else.
[[nodiscard]] std::optional<std::int64_t> parse_iso_time(std::string_view text);

// The time in UTC, "2026-12-04T17:00:00Z": what parse_iso_time reads back.
[[nodiscard]] std::string iso_time(std::int64_t seconds);

// The extensions file: one student a line, their id (as collect names submissions), a tab or
// spaces, and their own deadline as ISO 8601 with an offset; blank lines and `#` comments
// skipped. Throws FileError ("FILE:LINE: error: ...") for a line without both, a time that is
// not one, or an id given twice.
[[nodiscard]] std::map<std::string, std::int64_t> parse_extensions(
    const std::string& text, const std::filesystem::path& file);

// What happens to a commit after its student's deadline. Commits up to `days` days after it are
// taken, each day begun late costing `percent_per_day` of the score (at most 100); later ones
// are not taken. The default takes nothing late.
struct LatePolicy {
  int days = 0;
  int percent_per_day = 0;
};

// The days begun between `deadline` and `commit`: 0 for a commit on time, 1 for one a second
// to 24 hours late, and so on.
[[nodiscard]] int days_late(std::int64_t commit, std::int64_t deadline);

// The penalty in percent for that many days late.
[[nodiscard]] int late_penalty_percent(int days, const LatePolicy& policy);

// The last instant a commit is taken: the deadline, plus the policy's days.
[[nodiscard]] std::int64_t cutoff(std::int64_t deadline, const LatePolicy& policy);

}  // namespace grader
