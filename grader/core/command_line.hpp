// A small program's command line, read with one table of options: each option's name, the
// placeholder of its value, its help and what it sets. Options come in any order, as
// `--name VALUE` or `--name=VALUE`; `--` ends them. The usage text is made from the table, and
// every mistake on the command line gets one shape, on standard error, then the usage:
//
//   PROGRAM: error: --seed needs a whole number, got "x"
//
// with exit status 2; --help (or -h) prints the usage on standard output, exit status 0.
// Nothing but the C++ standard library: a starter's bloom and its build/check both read their
// options with it (the starter's CMakeLists.txt builds this file into both).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bloom {

// What an option sets, given its value ("" for a flag), and what the value must be. The
// setters below keep a reference to what they set, which must outlive the parse.
struct Setter {
  // Stores the value; false when the value will not do.
  std::function<bool(std::string_view value)> store;
  // What the value must be, completing "--NAME needs ...": "a whole number from 1 to 100000"
  std::string needs;
};

// A flag: sets `target` to true.
[[nodiscard]] Setter flag(bool& target);
// Any text but none, `needs` saying what it is ("a path").
[[nodiscard]] Setter text(std::string& target, std::string needs);
// A whole number in decimal digits alone, from `min` to `max`, given to `store`; `unit` names
// what it counts in the error ("a whole number of MiB from 0 to 1024").
[[nodiscard]] Setter whole_number(std::uint64_t min, std::uint64_t max,
                                  std::function<void(std::uint64_t)> store,
                                  std::string_view unit = {});

struct Option {
  std::string_view name;   // "--seed"
  std::string_view value;  // its placeholder in the usage, "N"; empty for a flag
  std::string_view help;   // one paragraph: the usage wraps it
  Setter set;
  bool repeats = false;         // given again adds to what it set (ID...); else the last wins
  std::string_view alias = {};  // a one-letter form, "-v"
};

// A program's command line: its name as errors and the usage show it, what it takes besides
// options, the text around its options, and the options, in the order the usage lists them.
struct CommandLine {
  std::string program;
  std::string_view operands;  // the usage's words for them, "[CASE_OR_FOLDER...]"; "" for none
  std::string about;          // after the usage line, printed as it is
  std::string_view epilogue;  // after the options: the exit statuses
  std::vector<Option> options;
};

struct ParsedCommandLine {
  std::optional<int> exit_status;     // set: end with it (0 after --help, 2 after an error)
  std::vector<std::string> operands;  // the arguments that are no option, in order
};

// Reads argv[1] to argv[argc - 1] with `line`'s options, calling each option's setter for its
// value. On --help, prints the usage to `out`; on a mistake, prints it through usage_error to
// `err`; either way returns the exit status to end with.
[[nodiscard]] ParsedCommandLine parse_command_line(const CommandLine& line, int argc,
                                                   const char* const* argv, std::ostream& out,
                                                   std::ostream& err);

// The usage text: the synopsis made from the options, `about`, each option with its help
// wrapped to 90 columns, and the epilogue.
[[nodiscard]] std::string usage(const CommandLine& line);

// Prints "PROGRAM: error: MESSAGE" and the usage to `err`; returns 2, the exit status of a bad
// command line. For what only the program can check once every option is read (two options
// that do not go together, one that needs another).
int usage_error(const CommandLine& line, std::string_view message, std::ostream& err);

}  // namespace bloom
