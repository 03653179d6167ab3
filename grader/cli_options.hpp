// The options table (core/option_table.hpp) on CLI11: one subcommand's options declared from
// its rows, each bound to the field it sets. A row gives the name, the placeholder, the help,
// the bound (checked by number_of, the table's one check), whether it is required and what it
// excludes; the field is all the subcommand's code says.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "option_table.hpp"

namespace grader {

// The table as the grader shows it: --report's help completed with the report formats.
[[nodiscard]] const std::vector<OptionRow>& grader_option_rows();

class CliOptions {
 public:
  CliOptions(CLI::App* app, Subcommand command) : app_(app), command_(command) {}

  // The row `name` of the command sets `target`. A default the row gives as a value must be
  // the field's own (std::logic_error otherwise): the table says it, the field holds it.
  template <typename T>
  void bind(const std::string& name, T& target) {
    adders_[name] = [this, &target](const OptionRow& row) -> CLI::Option* {
      check_default(row, target);
      if constexpr (std::is_same_v<T, bool>) {
        return app_->add_flag(names(row), target, row.help);
      } else {
        return app_->add_option(names(row), target, row.help);
      }
    };
  }
  // The row `name` of the command calls `each` with its values, which may throw
  // CLI::ValidationError.
  void bind_each(const std::string& name,
                 std::function<void(const std::vector<std::string>&)> each);

  // Declares every row of the command, in the table's order, with what it was bound to.
  // Throws std::logic_error when a row has no field or a field no row.
  void declare();

 private:
  static std::string names(const OptionRow& row) {
    return row.alias.empty() ? row.name : row.alias + "," + row.name;
  }
  template <typename T>
  static void check_default(const OptionRow& row, const T& target) {
    if (row.default_value.empty()) return;
    bool same = true;
    if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
      same = std::stod(row.default_value) == static_cast<double>(target);
    } else if constexpr (std::is_same_v<T, std::string> ||
                         std::is_same_v<T, std::filesystem::path>) {
      same = target == row.default_value;
    }
    if (!same) {
      throw std::logic_error("the options table's default of " + row.name + " is not its field's");
    }
  }

  CLI::App* app_;
  Subcommand command_;
  std::map<std::string, std::function<CLI::Option*(const OptionRow&)>> adders_;
};

// `bloom-grader options`: the options of `commands` (every command when none is named) as a
// Markdown table, the docs' own. 0, or 2 for a name that is no command.
[[nodiscard]] int options_command(const std::vector<std::string>& commands, std::ostream& out);

}  // namespace grader
