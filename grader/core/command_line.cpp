#include "command_line.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <ostream>

namespace bloom {

namespace {

constexpr std::size_t kWidth = 90;       // columns, as the kit's other usage texts
constexpr std::size_t kHelpColumn = 24;  // where an option's help starts, at the most
constexpr std::size_t kMaxHanging = 32;  // a longer "usage: PROGRAM " wraps under 8 spaces

// Appends `text`'s words, wrapped at kWidth columns: the first line goes on from
// `first_column`, where the caller's line stands, and the others start at `indent`.
void append_wrapped(std::string& out, std::string_view text, std::size_t indent,
                    std::size_t first_column) {
  std::size_t column = first_column;
  bool line_empty = true;
  while (!text.empty()) {
    const std::size_t start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const std::size_t end = std::min(text.find(' '), text.size());
    const std::string_view word = text.substr(0, end);
    text.remove_prefix(end);
    if (!line_empty && column + 1 + word.size() > kWidth) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    line_empty = false;
  }
}

std::string label_of(const Option& option) {
  std::string label = option.alias.empty() ? "" : std::string(option.alias) + ", ";
  label += option.name;
  if (!option.value.empty()) label.append(" ").append(option.value);
  return label;
}

const Option* find_option(const CommandLine& line, std::string_view name) {
  for (const Option& option : line.options) {
    if (option.name == name || (!option.alias.empty() && option.alias == name)) return &option;
  }
  return nullptr;
}

bool is_help(std::string_view arg) {
  return arg == "--help" || arg == "-h";
}

std::string quoted(std::string_view text) {
  std::string out = "\"";  // appended: GCC 12 misreads "x" + string as an overlap (-Wrestrict)
  return out.append(text).append("\"");
}

}  // namespace

Setter flag(bool& target) {
  return {[&target](std::string_view) {
            target = true;
            return true;
          },
          ""};
}

Setter text(std::string& target, std::string needs) {
  return {[&target](std::string_view value) {
            if (value.empty()) return false;  // "--out=" names nothing: a slip, never a choice
            target = value;
            return true;
          },
          std::move(needs)};
}

Setter whole_number(std::uint64_t min, std::uint64_t max, std::function<void(std::uint64_t)> store,
                    std::string_view unit) {
  std::string needs = "a whole number";
  if (!unit.empty()) needs += " of " + std::string(unit);
  if (min != 0 || max != std::numeric_limits<std::uint64_t>::max()) {
    needs += " from " + std::to_string(min) + " to " + std::to_string(max);
  }
  return {[min, max, store = std::move(store)](std::string_view value) {
            std::uint64_t number = 0;
            const char* end = value.data() + value.size();
            // from_chars takes no sign, no space and no base prefix: decimal digits alone
            const auto [stop, problem] = std::from_chars(value.data(), end, number);
            if (value.empty() || problem != std::errc{} || stop != end || number < min ||
                number > max) {
              return false;
            }
            store(number);
            return true;
          },
          std::move(needs)};
}

std::string usage(const CommandLine& line) {
  std::string out = "usage: " + line.program;
  const std::size_t hanging = out.size() + 1 <= kMaxHanging ? out.size() + 1 : 8;
  std::vector<std::string> items = {"[--help]"};
  for (const Option& option : line.options) {
    std::string item = "[";
    item.append(option.name);
    if (!option.value.empty()) item.append(" ").append(option.value);
    item += option.repeats ? "]..." : "]";
    items.push_back(std::move(item));
  }
  if (!line.operands.empty()) items.emplace_back(line.operands);
  std::size_t column = out.size();
  for (const std::string& item : items) {
    if (column + 1 + item.size() > kWidth && column > hanging) {
      out += "\n" + std::string(hanging - 1, ' ');
      column = hanging - 1;
    }
    out += " " + item;
    column += 1 + item.size();
  }
  out += "\n";
  if (!line.about.empty()) out += "\n" + line.about;
  if (!line.options.empty()) {
    std::size_t widest = 0;
    for (const Option& option : line.options) widest = std::max(widest, label_of(option).size());
    const std::size_t help_column = std::min(2 + widest + 2, kHelpColumn);
    out += "\n";
    for (const Option& option : line.options) {
      const std::string label = "  " + label_of(option);
      out += label;
      if (label.size() + 2 > help_column) {
        out += "\n" + std::string(help_column, ' ');
      } else {
        out.append(help_column - label.size(), ' ');
      }
      append_wrapped(out, option.help, help_column, help_column);
      out += "\n";
    }
  }
  if (!line.epilogue.empty()) out += "\n" + std::string(line.epilogue);
  return out;
}

int usage_error(const CommandLine& line, std::string_view message, std::ostream& err) {
  err << line.program << ": error: " << message << "\n" << usage(line);
  return 2;
}

ParsedCommandLine parse_command_line(const CommandLine& line, int argc, const char* const* argv,
                                     std::ostream& out, std::ostream& err) {
  ParsedCommandLine parsed;
  // --help wins over anything else on the line, even a mistake before it
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i) {
    if (is_help(argv[i])) {
      out << usage(line);
      parsed.exit_status = 0;
      return parsed;
    }
  }
  const auto fail = [&](const std::string& message) {
    parsed.exit_status = usage_error(line, message, err);
    return parsed;
  };
  bool options_ended = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!options_ended && arg == "--") {
      options_ended = true;
      continue;
    }
    if (options_ended || arg.size() < 2 || arg[0] != '-') {  // "-" alone is an operand
      if (line.operands.empty()) return fail("unexpected argument " + quoted(arg));
      parsed.operands.emplace_back(arg);
      continue;
    }
    const std::size_t equals = arg.starts_with("--") ? arg.find('=') : std::string_view::npos;
    const std::string_view name = arg.substr(0, equals);
    const Option* option = find_option(line, name);
    if (option == nullptr) return fail("unknown option " + quoted(name));
    const std::string shown(option->name);
    if (option->value.empty()) {
      if (equals != std::string_view::npos) {
        return fail(shown + " takes no value, got " + quoted(arg.substr(equals + 1)));
      }
      option->set.store("");
      continue;
    }
    std::string_view value;
    if (equals != std::string_view::npos) {
      value = arg.substr(equals + 1);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return fail(shown + " needs " + option->set.needs);
    }
    if (!option->set.store(value)) {
      return fail(shown + " needs " + option->set.needs + ", got " + quoted(value));
    }
  }
  return parsed;
}

}  // namespace bloom
