#include "cli_options.hpp"

#include "options.hpp"
#include "report/formats.hpp"
#include "subcommand.hpp"

namespace grader {

const std::vector<OptionRow>& grader_option_rows() {
  static const std::vector<OptionRow> rows = [] {
    std::vector<OptionRow> completed = option_table();
    for (OptionRow& row : completed) {
      if (row.name != "--report") continue;
      // build writes only the formats with a word for a submission no case could run
      const bool not_graded_only = takes(row, Subcommand::Build);
      for (const ReportFormat& format : report_formats()) {
        if (!not_graded_only || format.not_graded != nullptr) {
          row.help.append("\n  ").append(format.name).append(": ").append(format.about);
        }
      }
    }
    return completed;
  }();
  return rows;
}

void CliOptions::bind_each(const std::string& name,
                           std::function<void(const std::vector<std::string>&)> each) {
  adders_[name] = [this, each = std::move(each)](const OptionRow& row) {
    return app_->add_option_function<std::vector<std::string>>(names(row), each, row.help);
  };
}

void CliOptions::declare() {
  std::map<std::string, CLI::Option*> declared;
  for (const OptionRow& row : grader_option_rows()) {
    if (!takes(row, command_)) continue;
    const auto adder = adders_.find(row.name);
    if (adder == adders_.end()) {
      throw std::logic_error(std::string(subcommand_name(command_)) + " binds no field to " +
                             row.name);
    }
    CLI::Option* option = adder->second(row);
    if (!row.value.empty()) option->type_name(row.value);
    if (row.bound.kind != Bound::Kind::Text) {
      option->check(CLI::Validator(
          [&row](std::string& text) {
            return number_of(row, text) ? std::string()
                                        : "needs " + needs(row) + ", got \"" + text + "\"";
          },
          ""));
    }
    if (row.required) option->required();
    declared[row.name] = option;
  }
  for (const auto& [name, adder] : adders_) {
    if (declared.count(name) == 0) {
      throw std::logic_error(std::string(subcommand_name(command_)) + " binds " + name +
                             ", which the options table does not give it");
    }
  }
  for (const OptionRow& row : grader_option_rows()) {
    if (takes(row, command_) && !row.excludes.empty()) {
      declared.at(row.name)->excludes(declared.at(row.excludes));
    }
  }
}

int options_command(const std::vector<std::string>& commands, std::ostream& out) {
  Subcommands which = 0;
  for (const std::string& name : commands) {
    const std::optional<Subcommand> command = subcommand_named(name);
    if (!command) {
      error("options: no command is named \"" + name + "\"");
      return kExitCouldNotRun;
    }
    which |= of(*command);
  }
  out << options_markdown(grader_option_rows(), commands.empty() ? ~Subcommands{0} : which);
  return kExitPassed;
}

}  // namespace grader
