// The options table: every option of the grader's subcommands and of a starter's `check`, one
// row each, with its name, the placeholder of its value, its default, its bound, its help and
// the commands that take it. The grader's command line (CLI11) and check's (the program's
// table, command_line.hpp) are both declared from it, their --help printed from it, and the
// docs' options tables are its Markdown (options_markdown). An option whose words differ
// between commands (`--out` writes a different thing in each) is one row per meaning; no
// command takes two rows of one name.
//
// Standard library only: a starter's check is built from this folder. The rows only the kit's
// grader takes are in a kit-only section, which a starter's copy leaves out.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grader {

// The commands that read options: the grader's subcommands, and a starter's check.
enum class Subcommand : unsigned {
  Run,
  Record,
  Audit,
  Batch,
  Sandbox,
  Build,
  Merge,
  Report,
  Classroom,
  Exercises,
  Options,
  Check,
};
inline constexpr unsigned kSubcommandCount = static_cast<unsigned>(Subcommand::Check) + 1;

// A set of commands.
using Subcommands = std::uint32_t;
[[nodiscard]] constexpr Subcommands of(Subcommand command) {
  return Subcommands{1} << static_cast<unsigned>(command);
}

// "run", "check": the command as its command line names it.
[[nodiscard]] std::string_view subcommand_name(Subcommand command);
// The command of that name; nullopt when none is.
[[nodiscard]] std::optional<Subcommand> subcommand_named(std::string_view name);

inline constexpr double kNoBound = std::numeric_limits<double>::infinity();

// What an option's value must be: any text, or a number in a range.
struct Bound {
  enum class Kind { Text, Number, Whole } kind = Kind::Text;
  double min = 0;
  bool above_min = false;  // min itself refused (a positive number)
  double max = kNoBound;
  std::string_view unit = {};  // what the number counts, "seconds", "MiB"; "" for a bare number
};

struct OptionRow {
  std::string name;        // "--timeout"; a word without dashes is an operand ("submission")
  std::string alias = {};  // a one-letter form, "-v"
  std::string value = {};  // the value's placeholder, "SECONDS"; "" for a flag
  Bound bound = {};
  // The default as it would be given ("2048"); the field the option sets must start as it.
  std::string default_value = {};
  // The default in words, when it is no value ("SLURM_CPUS_PER_TASK under Slurm, else ...").
  std::string default_text = {};
  std::string help;  // one paragraph, its default in it
  Subcommands commands = 0;
  bool repeats = false;       // given again adds to what it set
  bool required = false;      // the command does not run without it
  std::string excludes = {};  // an option of the same commands that cannot go with it
};

// Every row, the rows a command takes in the order its --help lists them.
[[nodiscard]] const std::vector<OptionRow>& option_table();

[[nodiscard]] constexpr bool takes(const OptionRow& row, Subcommand command) {
  return (row.commands & of(command)) != 0;
}
[[nodiscard]] inline bool is_operand(const OptionRow& row) {
  return !row.name.starts_with("-");
}

// The row of `name` that `command` takes; throws std::logic_error when there is none (a
// command line declares an option the table lacks).
[[nodiscard]] const OptionRow& option_row(std::string_view name, Subcommand command);

// What the value must be, completing "--NAME needs ...": "a number of seconds from 0 to
// 3600", "a whole number of MiB from 0 to 1073741824"; "" for text.
[[nodiscard]] std::string needs(const OptionRow& row);

// The bound, checked in this one place: `text` as the row's number when it is one (decimal
// digits alone for a whole number) within the bound; nullopt when it will not do.
[[nodiscard]] std::optional<double> number_of(const OptionRow& row, std::string_view text);

// The default as the usage and the docs show it: the value, else the words; "" for none.
[[nodiscard]] const std::string& shown_default(const OptionRow& row);

// `rows` as one Markdown table (option, value, default, commands, help), those that one of
// `commands` takes, in order. The docs' options tables are this text.
[[nodiscard]] std::string options_markdown(const std::vector<OptionRow>& rows,
                                           Subcommands commands);

}  // namespace grader
