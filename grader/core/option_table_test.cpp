// The options table's rows and its one check of a value's bound.
#include "option_table.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>

#include "limits.hpp"

using grader::Subcommand;

TEST_CASE("no command takes two rows of one name, and every row is taken") {
  std::set<std::pair<std::string, unsigned>> seen;
  for (const grader::OptionRow& row : grader::option_table()) {
    CHECK_MESSAGE(row.commands != 0, row.name << " is taken by no command");
    for (unsigned i = 0; i < grader::kSubcommandCount; ++i) {
      if (grader::takes(row, static_cast<Subcommand>(i))) {
        CHECK_MESSAGE(
            seen.emplace(row.name, i).second,
            row.name << " is twice in " << grader::subcommand_name(static_cast<Subcommand>(i)));
      }
    }
  }
}

TEST_CASE("a value is checked against its row's bound, and the need says the bound") {
  const grader::OptionRow& timeout = grader::option_row("--timeout", Subcommand::Run);
  CHECK(grader::needs(timeout) == "a number of seconds from 0 to 3600");
  CHECK(grader::number_of(timeout, "0.25") == 0.25);
  CHECK(grader::number_of(timeout, "3600") == 3600);
  for (const char* refused : {"0", "3600.5", "-1", "", "x", "1s", "inf", "nan", "0x10", "1e9"}) {
    CHECK_MESSAGE(!grader::number_of(timeout, refused), refused);
  }
  const grader::OptionRow& memory = grader::option_row("--memory", Subcommand::Check);
  CHECK(grader::needs(memory) == "a whole number of MiB from 0 to 1073741824");
  CHECK(grader::number_of(memory, "0") == 0);
  CHECK(!grader::number_of(memory, "1.5"));
  CHECK(!grader::number_of(memory, "+1"));
  CHECK(!grader::number_of(memory, "1073741825"));
  const grader::OptionRow& jobs = grader::option_row("--jobs", Subcommand::Batch);
  CHECK(grader::needs(jobs) == "a whole number from 1 to " + std::to_string(grader::kMaxJobs));
  CHECK(!grader::number_of(jobs, "0"));
  CHECK(grader::needs(grader::option_row("--build-timeout", Subcommand::Batch)) ==
        "a positive number of seconds");
  CHECK(grader::needs(grader::option_row("--budget", Subcommand::Batch)) ==
        "a number of seconds, 0 or more");
  CHECK(grader::needs(grader::option_row("--filter", Subcommand::Run)).empty());
}

TEST_CASE("the Markdown table has a row per option of the commands asked, bars escaped") {
  std::vector<grader::OptionRow> rows = {
      {.name = "--a", .value = "N", .help = "x | y\n  z", .commands = grader::of(Subcommand::Run)},
      {.name = "--b", .help = "b", .commands = grader::of(Subcommand::Check)},
  };
  CHECK(grader::options_markdown(rows, grader::of(Subcommand::Run)) ==
        "| option | value | default | taken by | what it does |\n|---|---|---|---|---|\n"
        "| `--a` | `N` |  | run | x \\| y<br>z |\n");
}

// A help text that says its default ("(default 60000-60999)") says the row's: the row's default
// is the one the adapter holds equal to the field's, so the help cannot drift from the field.
TEST_CASE("a help text's stated default is the row's default") {
  int stated = 0;
  for (const grader::OptionRow& row : grader::option_table()) {
    const std::size_t at = row.help.find("(default ");
    if (at == std::string::npos) continue;
    ++stated;
    const std::string shown = grader::shown_default(row);
    CHECK_MESSAGE(!shown.empty(), row.name << " states a default in its help but has none");
    CHECK_MESSAGE(row.help.compare(at + 9, shown.size(), shown) == 0,
                  row.name << "'s help states another default than " << shown << ": " << row.help);
  }
  CHECK(stated >= 10);
}
