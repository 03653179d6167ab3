#include "deadlines.hpp"

#include <doctest/doctest.h>

#include "file_io.hpp"

namespace {

std::string problem_of(const std::string& text) {
  try {
    static_cast<void>(grader::parse_extensions(text, "extensions.tsv"));
  } catch (const grader::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("an ISO 8601 time with an offset is the instant it names") {
  // 1 704 067 200 is 2024-01-01T00:00:00Z (date -ud @1704067200)
  CHECK(grader::parse_iso_time("2024-01-01T00:00:00Z") == 1704067200);
  CHECK(grader::parse_iso_time("2024-01-01T01:00:00+01:00") == 1704067200);
  CHECK(grader::parse_iso_time("2023-12-31T19:00-0500") == 1704067200);
  CHECK(grader::parse_iso_time("2024-01-01 05:30:00+05:30") == 1704067200);
  CHECK(grader::parse_iso_time("2024-02-29T12:00:00+00") == 1704067200 + 59 * 86400 + 12 * 3600);
}

TEST_CASE("a time without an offset, or not a time, is refused") {
  for (const char* text :
       {"2024-01-01T00:00:00", "2024-01-01", "2023-02-29T00:00Z", "2024-01-01T24:00Z",
        "2024-01-01T00:00:00+1", "tomorrow", "", "2024-01-01T00:00:00Z junk"}) {
    CAPTURE(text);
    CHECK_FALSE(grader::parse_iso_time(text).has_value());
  }
}

TEST_CASE("a time written in UTC reads back as the same instant") {
  for (const std::int64_t t :
       {std::int64_t{0}, std::int64_t{1704067200}, std::int64_t{1796400000}, std::int64_t{-1}}) {
    CHECK(grader::parse_iso_time(grader::iso_time(t)) == t);
  }
  CHECK(grader::iso_time(1704067200 + 3661) == "2024-01-01T01:01:01Z");
}

TEST_CASE("an extensions file gives each student their own deadline") {
  const auto deadlines = grader::parse_extensions(
      "# id  deadline\n\nalice\t2024-01-02T00:00:00Z\r\n  bob   2024-01-01T02:00:00+02:00  \n",
      "x");
  CHECK(deadlines.size() == 2);
  CHECK(deadlines.at("alice") == 1704067200 + 86400);
  CHECK(deadlines.at("bob") == 1704067200);
}

TEST_CASE("an extensions file with a bad line says which line and why") {
  CHECK(problem_of("alice\n") ==
        "extensions.tsv:1: error: a line is an id and a deadline, got \"alice\"");
  CHECK(problem_of("# x\nalice 2024-01-02\n") ==
        "extensions.tsv:2: error: \"2024-01-02\" is not a time as ISO 8601 with an offset "
        "(2026-12-04T18:00:00+01:00, or Z for UTC)");
  CHECK(problem_of("alice 2024-01-02T00:00Z\nalice 2024-01-03T00:00Z\n") ==
        "extensions.tsv:2: error: \"alice\" has an extension already, line 1");
}

TEST_CASE("a day begun late counts as a day, and the penalty stops at the whole score") {
  CHECK(grader::days_late(100, 100) == 0);
  CHECK(grader::days_late(50, 100) == 0);
  CHECK(grader::days_late(101, 100) == 1);
  CHECK(grader::days_late(100 + 86400, 100) == 1);
  CHECK(grader::days_late(101 + 86400, 100) == 2);
  const grader::LatePolicy policy{3, 40};
  CHECK(grader::late_penalty_percent(1, policy) == 40);
  CHECK(grader::late_penalty_percent(3, policy) == 100);
  CHECK(grader::cutoff(100, policy) == 100 + 3 * 86400);
  CHECK(grader::cutoff(100, grader::LatePolicy{}) == 100);
}
