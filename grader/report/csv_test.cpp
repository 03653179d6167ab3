#include "report/csv.hpp"

#include <doctest/doctest.h>

#include <string_view>

namespace {

struct Cell {
  std::string_view text;
  std::string_view written;
};

// OWASP's CSV Injection page: the payloads it lists, each written so that it stays text.
constexpr Cell kCells[] = {
    {"alice", "alice"},
    {"", ""},
    {"=1+2", "'=1+2"},
    {"=HYPERLINK(\"http://x\",\"click\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\""},
    {"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
    {"-2+3", "'-2+3"},
    {"@SUM(1+1)", "'@SUM(1+1)"},
    {"\t=1", "'\t=1"},
    {"\r=1", "\"'\r=1\""},
    {"a=1", "a=1"},  // not at the start: no formula
    {"'quoted", "'quoted"},
    {"a,b", "\"a,b\""},
    {"say \"hi\"", "\"say \"\"hi\"\"\""},
    {"two\nlines", "\"two\nlines\""},
};

}  // namespace

TEST_CASE("a CSV cell never starts a formula, and quotes what needs quotes") {
  for (const Cell& cell : kCells) {
    CAPTURE(cell.text);
    CHECK(grader::csv_cell(cell.text) == cell.written);
  }
}
