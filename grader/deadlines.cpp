#include "deadlines.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <sstream>

#include "file_io.hpp"

namespace grader {

namespace {

constexpr std::int64_t kDay = 86400;  // seconds

// `count` digits at `at`, as a number; nullopt when they are not all digits.
std::optional<int> digits(std::string_view text, std::size_t at, std::size_t count) {
  if (at + count > text.size()) return std::nullopt;
  int value = 0;
  const char* first = text.data() + at;
  const auto [end, problem] = std::from_chars(first, first + count, value);
  if (problem != std::errc() || end != first + count) return std::nullopt;
  return value;
}

// The offset at the end of a time, in seconds east of UTC: Z, +HH:MM, +HHMM or +HH.
std::optional<int> offset_seconds(std::string_view zone) {
  if (zone == "Z" || zone == "z") return 0;
  if (zone.empty() || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  const int sign = zone[0] == '-' ? -1 : 1;
  const std::optional<int> hours = digits(zone, 1, 2);
  std::optional<int> minutes = 0;
  if (zone.size() == 6 && zone[3] == ':') {
    minutes = digits(zone, 4, 2);
  } else if (zone.size() == 5) {
    minutes = digits(zone, 3, 2);
  } else if (zone.size() != 3) {
    return std::nullopt;
  }
  if (!hours || !minutes || *hours > 23 || *minutes > 59) return std::nullopt;
  return sign * (*hours * 3600 + *minutes * 60);
}

}  // namespace

std::optional<std::int64_t> parse_iso_time(std::string_view text) {
  // YYYY-MM-DDTHH:MM, then :SS or not, then the offset
  const std::optional<int> year = digits(text, 0, 4);
  const std::optional<int> month = digits(text, 5, 2);
  const std::optional<int> day = digits(text, 8, 2);
  const std::optional<int> hour = digits(text, 11, 2);
  const std::optional<int> minute = digits(text, 14, 2);
  if (!year || !month || !day || !hour || !minute || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != 't' && text[10] != ' ') || text[13] != ':') {
    return std::nullopt;
  }
  std::size_t at = 16;
  std::optional<int> second = 0;
  if (text.size() > at && text[at] == ':') {
    second = digits(text, at + 1, 2);
    at += 3;
  }
  const std::optional<int> offset = offset_seconds(text.substr(std::min(at, text.size())));
  if (!second || !offset || *hour > 23 || *minute > 59 || *second > 59) return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year(*year),
                                         std::chrono::month(static_cast<unsigned>(*month)),
                                         std::chrono::day(static_cast<unsigned>(*day))};
  if (!date.ok()) return std::nullopt;
  const std::int64_t days = std::chrono::sys_days(date).time_since_epoch().count();
  return days * kDay + *hour * 3600 + *minute * 60 + *second - *offset;
}

std::string iso_time(std::int64_t seconds) {
  const std::int64_t days = (seconds >= 0 ? seconds : seconds - kDay + 1) / kDay;  // floor
  const std::int64_t in_day = seconds - days * kDay;
  const std::chrono::year_month_day date{std::chrono::sys_days(std::chrono::days(days))};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(in_day / 3600), static_cast<int>(in_day / 60 % 60),
                static_cast<int>(in_day % 60));
  return text;
}

std::map<std::string, std::int64_t> parse_extensions(const std::string& text,
                                                     const std::filesystem::path& file) {
  std::map<std::string, std::int64_t> deadlines;
  std::map<std::string, int> line_of;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    const std::size_t gap = line.find_first_of(" \t", start);
    const std::size_t time_at = gap == std::string::npos ? gap : line.find_first_not_of(" \t", gap);
    if (time_at == std::string::npos) {
      throw FileError(file, number, "a line is an id and a deadline, got \"" + line + "\"");
    }
    const std::string id = line.substr(start, gap - start);
    const std::string time = line.substr(time_at, line.find_last_not_of(" \t") + 1 - time_at);
    const std::optional<std::int64_t> deadline = parse_iso_time(time);
    if (!deadline) {
      throw FileError(file, number,
                      "\"" + time +
                          "\" is not a time as ISO 8601 with an offset "
                          "(2026-12-04T18:00:00+01:00, or Z for UTC)");
    }
    if (const auto [at, added] = line_of.emplace(id, number); !added) {
      throw FileError(
          file, number,
          "\"" + id + "\" has an extension already, line " + std::to_string(at->second));
    }
    deadlines[id] = *deadline;
  }
  return deadlines;
}

int days_late(std::int64_t commit, std::int64_t deadline) {
  if (commit <= deadline) return 0;
  return static_cast<int>((commit - deadline + kDay - 1) / kDay);
}

int late_penalty_percent(int days, const LatePolicy& policy) {
  return std::min(100, days * policy.percent_per_day);
}

std::int64_t cutoff(std::int64_t deadline, const LatePolicy& policy) {
  return deadline + static_cast<std::int64_t>(policy.days) * kDay;
}

}  // namespace grader
