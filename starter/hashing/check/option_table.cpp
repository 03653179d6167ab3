#include "option_table.hpp"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <system_error>

#include "limits.hpp"

namespace grader {

namespace {

constexpr std::string_view kSubcommandNames[kSubcommandCount] = {
    "run",   "record", "audit",     "batch",     "sandbox", "build",
    "merge", "report", "classroom", "exercises", "options", "check"};

constexpr Subcommands kGrading =
    of(Subcommand::Run) | of(Subcommand::Record) | of(Subcommand::Audit) | of(Subcommand::Batch);

Bound whole_from(double min, double max, std::string_view unit = {}) {
  return {Bound::Kind::Whole, min, false, max, unit};
}

std::vector<OptionRow> rows() {
  const std::string memory = std::to_string(kMemoryMib);
  std::vector<OptionRow> table = {
      {.name = "--verbose",
       .alias = "-v",
       .help = "also show what passed cases wrote to stderr",
       .commands = of(Subcommand::Check)},
      {.name = "--timeout",
       .value = "SECONDS",
       .bound = {Bound::Kind::Number, 0, true, kMaxCaseSeconds, "seconds"},
       .default_text = time_limit_rule(),
       .help = "seconds per case, for cases without @timeout, of " + cpu_and_wall() +
               " (default: " + time_limit_rule() + ")",
       .commands = kGrading | of(Subcommand::Check)},
      {.name = "--memory",
       .value = "MIB",
       .bound = whole_from(0, kMaxMemoryMib, "MiB"),
       .default_value = memory,
       .help = "address-space limit of a program in MiB, 0 for none (default " + memory + ")",
       .commands = kGrading | of(Subcommand::Sandbox) | of(Subcommand::Check)},
      {.name = "--program",
       .value = "PATH",
       .default_text = "the bloom built beside check",
       .help = "the program to grade (default: the bloom built beside check)",
       .commands = of(Subcommand::Check)},
      {.name = "cases",
       .value = "CASE_OR_FOLDER",
       .default_text = "every case in the starter's cases/ folder",
       .help = "a case file, or a folder searched recursively (default: every case in the "
               "starter's cases/ folder)",
       .commands = of(Subcommand::Check),
       .repeats = true},
  };
  return table;
}

// "3600", "0.5": a bound as the messages say it.
std::string number_text(double value) {
  if (value == static_cast<double>(static_cast<std::int64_t>(value))) {
    return std::to_string(static_cast<std::int64_t>(value));
  }
  std::string text = std::to_string(value);
  while (text.back() == '0') text.pop_back();
  return text;
}

}  // namespace

std::string_view subcommand_name(Subcommand command) {
  return kSubcommandNames[static_cast<unsigned>(command)];
}

std::optional<Subcommand> subcommand_named(std::string_view name) {
  for (unsigned i = 0; i < kSubcommandCount; ++i) {
    if (kSubcommandNames[i] == name) return static_cast<Subcommand>(i);
  }
  return std::nullopt;
}

const std::vector<OptionRow>& option_table() {
  static const std::vector<OptionRow> table = rows();
  return table;
}

const OptionRow& option_row(std::string_view name, Subcommand command) {
  for (const OptionRow& row : option_table()) {
    if (row.name == name && takes(row, command)) return row;
  }
  throw std::logic_error("the options table has no " + std::string(name) + " for " +
                         std::string(subcommand_name(command)));
}

std::string needs(const OptionRow& row) {
  const Bound& bound = row.bound;
  if (bound.kind == Bound::Kind::Text) return "";
  std::string text = bound.kind == Bound::Kind::Whole ? "a whole number" : "a number";
  if (bound.above_min && bound.min == 0 && bound.max == kNoBound) {
    text = "a positive number";
  }
  if (!bound.unit.empty()) text.append(" of ").append(bound.unit);
  if (bound.max != kNoBound) {
    text += " from " + number_text(bound.min) + " to " + number_text(bound.max);
  } else if (!(bound.above_min && bound.min == 0)) {
    text += ", " + number_text(bound.min) + " or more";
  }
  return text;
}

std::optional<double> number_of(const OptionRow& row, std::string_view text) {
  const Bound& bound = row.bound;
  if (bound.kind == Bound::Kind::Text || text.empty()) return std::nullopt;
  double value = 0;
  if (bound.kind == Bound::Kind::Whole) {
    std::uint64_t whole = 0;
    for (const char c : text) {
      if (c < '0' || c > '9') return std::nullopt;
    }
    const auto [end, failed] = std::from_chars(text.data(), text.data() + text.size(), whole);
    if (failed != std::errc() || end != text.data() + text.size()) return std::nullopt;
    value = static_cast<double>(whole);
  } else {
    // a decimal number: no hexadecimal, no "inf" or "nan", which strtod would take
    for (const char c : text) {
      if (std::string_view("0123456789.eE+-").find(c) == std::string_view::npos)
        return std::nullopt;
    }
    const std::string copy(text);
    char* end = nullptr;
    value = std::strtod(copy.c_str(), &end);
    if (*end != '\0' || value - value != 0) return std::nullopt;
  }
  if (value < bound.min || (bound.above_min && value == bound.min) || value > bound.max) {
    return std::nullopt;
  }
  return value;
}

const std::string& shown_default(const OptionRow& row) {
  return row.default_value.empty() ? row.default_text : row.default_value;
}

std::string options_markdown(const std::vector<OptionRow>& rows, Subcommands commands) {
  // a cell holds one line, and a bar would end it
  const auto cell = [](std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '|') {
        out += "\\|";
      } else if (text[i] == '\n') {
        out += "<br>";
        while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
      } else {
        out += text[i];
      }
    }
    return out;
  };
  std::string table =
      "| option | value | default | taken by | what it does |\n|---|---|---|---|---|\n";
  for (const OptionRow& row : rows) {
    if ((row.commands & commands) == 0) continue;
    std::string name = "`" + row.name + "`";
    if (!row.alias.empty()) name = "`" + row.alias + "`, " + name;
    if (is_operand(row)) name += " (operand)";
    std::string value = row.value.empty() ? "" : "`" + row.value + "`";
    if (!needs(row).empty()) value += ": " + needs(row);
    if (row.repeats) value += ", repeatable";
    if (row.required) value += ", required";
    std::string by;
    for (unsigned i = 0; i < kSubcommandCount; ++i) {
      if ((row.commands & of(static_cast<Subcommand>(i))) == 0) continue;
      by += (by.empty() ? "" : ", ") + std::string(kSubcommandNames[i]);
    }
    table += "| " + name + " | " + cell(value) + " | " + cell(shown_default(row)) + " | " + by +
             " | " + cell(row.help) + " |\n";
  }
  return table;
}

}  // namespace grader
