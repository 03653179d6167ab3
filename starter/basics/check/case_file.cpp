#include "case_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>

#include "limits.hpp"

namespace grader {

namespace fs = std::filesystem;

std::string Case::input_text() const {
  std::string text;
  for (const Step& step : steps) text.append(step.input).push_back('\n');
  return text;
}

std::size_t Case::expected_line_count() const {
  std::size_t count = 0;
  for (const Step& step : steps) count += step.expected.size();
  return count;
}

namespace {

// "12" or "1.5": digits, then optionally a point and digits. Written out rather than
// std::from_chars because floating-point from_chars is missing from libc++ before LLVM 20 and
// from libstdc++ before GCC 11, and the starters' self-check builds with both.
std::optional<double> parse_decimal(std::string_view text) {
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? "" : text.substr(point + 1);
  const auto all_digits = [](std::string_view digits) {
    return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || whole.size() > 9 || !all_digits(whole) || !all_digits(fraction) ||
      (point != std::string_view::npos && fraction.empty())) {
    return std::nullopt;
  }
  // Whole numbers, then one correctly rounded division: "0.1" is the double nearest 0.1.
  const auto number = [](std::string_view digits) {
    std::uint64_t n = 0;
    for (const char c : digits) n = n * 10 + static_cast<std::uint64_t>(c - '0');
    return n;
  };
  const std::string_view kept = fraction.substr(0, 9);
  std::uint64_t scale = 1;
  for (std::size_t i = 0; i < kept.size(); ++i) scale *= 10;
  return static_cast<double>(number(whole)) +
         static_cast<double>(number(kept)) / static_cast<double>(scale);
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Splits text into lines, dropping one CR before each LF except on lines to send: a CR there
// is sent, which is how a case tests CRLF input (and harmless for a program that drops it).
}  // namespace

std::vector<std::string_view> case_file_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    if (line.ends_with('\r') && !line.starts_with(">")) line.remove_suffix(1);
    lines.push_back(line);
    if (newline == std::string_view::npos) break;
    text.remove_prefix(newline + 1);
  }
  return lines;
}

std::string format_expected(std::string_view answer) {
  const bool escaped = !answer.empty() && std::string_view(">#@\\").find(answer.front()) !=
                                               std::string_view::npos;
  std::string text(escaped ? "\\" : "");  // appended: see file_io.cpp on GCC 12's -Wrestrict
  return text.append(answer);
}

std::string format_hint(const Hint& hint) {
  std::string text = "@hint ";
  if (!hint.command.empty()) text.append(hint.command).append(": ");
  text.append(hint.text).push_back('\n');
  if (hint.premised && hint.given.empty()) text.append("@given nothing\n");
  for (const std::string& given : hint.given) text.append("@given ").append(given).push_back('\n');
  return text;
}

std::string_view command_of(std::string_view input) {
  if (input.ends_with('\r')) input.remove_suffix(1);
  return input.substr(0, input.find(' '));
}

namespace {

// Reads a case file line by line, in the grammar of docs/case-format.md: the description's
// comments, the directives, then each line to send followed by the lines it expects.
class CaseReader {
 public:
  CaseReader(Case& result, const fs::path& file) : case_(result), file_(file) {}

  void read(std::string_view line, int number) {
    number_ = number;
    if (line.starts_with(">")) {
      read_step(line);
    } else if (line.starts_with("#")) {
      if (in_description_) read_description(line.substr(1));
    } else if (line.starts_with("@")) {
      read_directive(line);
    } else {
      read_expected(line);
    }
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw CaseFileError(file_, number_, message);
  }

  void read_step(std::string_view line) {
    in_description_ = false;
    seen_step_ = true;
    if (line.size() > 1 && line[1] != ' ') {
      fail("a line to send starts with \"> \" (a space after '>'), got " +
           std::string(line.substr(0, 20)));
    }
    if (line.find('\0') != std::string_view::npos) fail("a line to send contains a NUL byte");
    case_.steps.push_back({std::string(line.size() > 2 ? line.substr(2) : ""), number_, {}});
  }

  void read_description(std::string_view comment) {
    if (comment.starts_with(" ")) comment.remove_prefix(1);
    if (!case_.description.empty()) case_.description += '\n';
    case_.description += comment;
  }

  void read_directive(std::string_view line) {
    in_description_ = false;
    if (seen_step_) fail("directives go at the top, before the first \"> \" line");
    const std::string_view directive = line.substr(0, line.find(' '));
    const std::string_view value = trim(line.substr(directive.size()));
    if (directive == "@points") {
      case_.points = read_points(value);
    } else if (directive == "@timeout") {
      case_.timeout_seconds = read_timeout(value);
    } else if (directive == "@needs") {
      if (value.empty() || value.find_first_of(" \t") != std::string_view::npos ||
          value.find('/') == std::string_view::npos) {
        fail("@needs takes one case id, FOLDER/NAME, got \"" + std::string(value) + "\"");
      }
      case_.needs.emplace_back(value);
    } else if (directive == "@hidden") {
      if (!value.empty()) fail("@hidden takes no value");
      case_.hidden = true;
    } else if (directive == "@hint") {
      case_.hints.push_back(read_hint(value));
    } else if (directive == "@given") {
      read_given(value);
    } else {
      fail("unknown directive \"" + std::string(directive) +
           "\" (known: @points @timeout @hidden @hint @given @needs)");
    }
    previous_directive_ = std::string(directive);
  }

  int read_points(std::string_view value) const {
    int points = -1;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), points);
    if (error != std::errc{} || end != value.data() + value.size() || points < 0 ||
        points > 1000000) {
      fail("@points needs a whole number from 0 to 1000000, got \"" + std::string(value) + "\"");
    }
    return points;
  }

  double read_timeout(std::string_view value) const {
    const std::optional<double> parsed = parse_decimal(value);
    const double seconds = parsed.value_or(0);
    if (!parsed || !(seconds > 0) || seconds > 3600) {
      fail("@timeout needs a number of seconds above 0 and at most 3600, got \"" +
           std::string(value) + "\"");
    }
    return seconds;
  }

  // "COMMAND: text" names the command whose answers the hint is about; any other text is a
  // hint about the whole case.
  Hint read_hint(std::string_view value) const {
    Hint hint{"", std::string(value), number_};
    const std::size_t colon = value.find(':');
    const std::string_view head = value.substr(0, colon);
    const std::string_view rest = colon == std::string_view::npos ? "" : value.substr(colon + 1);
    if (colon != std::string_view::npos && !head.empty() && (rest.empty() || rest[0] == ' ') &&
        head.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string_view::npos) {
      hint = {std::string(head), std::string(trim(rest)), number_};
    }
    if (hint.text.empty()) fail("@hint needs a text");
    return hint;
  }

  void read_given(std::string_view value) {
    if (previous_directive_ != "@hint" && previous_directive_ != "@given") {
      fail("@given follows the @hint whose premise it is");
    }
    Hint& hint = case_.hints.back();
    if (value == "nothing") {
      if (hint.premised) fail("@given nothing stands alone: the hint claims no step right");
    } else if (hint.premised && hint.given.empty()) {
      fail("@given nothing stands alone: the hint claims no step right");
    } else if (value.empty() || value.find_first_of(" \t") != std::string_view::npos) {
      fail("@given takes nothing, one COMMAND or one case id FOLDER/NAME, got \"" +
           std::string(value) + "\"");
    } else if (value == hint.command) {
      fail("@given " + std::string(value) + ": a hint about " + hint.command +
           "'s answers cannot take them for granted");
    } else {
      hint.given.emplace_back(value);
    }
    hint.premised = true;
  }

  void read_expected(std::string_view line) {
    // A blank line before the first step is layout, not an expectation.
    if (!seen_step_) {
      if (trim(line).empty()) {
        in_description_ = false;
        return;
      }
      fail("an expected line comes before any \"> \" line to send: \"" +
           std::string(line.substr(0, 40)) + "\"");
    }
    // "\TEXT" expects TEXT: an answer that starts with '>', '#', '@' or '\' (format_expected)
    const std::string_view expected = line.starts_with('\\') ? line.substr(1) : line;
    case_.steps.back().expected.push_back({std::string(expected), number_});
  }

  Case& case_;
  const fs::path& file_;
  int number_ = 0;
  bool in_description_ = true;  // until the first line that is not a comment
  bool seen_step_ = false;
  std::string previous_directive_;  // the last directive read: an @given follows its @hint
};

bool sends(const Case& test, std::string_view command) {
  return std::any_of(test.steps.begin(), test.steps.end(),
                     [&](const Step& step) { return command_of(step.input) == command; });
}

// Each hint is about a command the case sends, and takes for granted commands it sends or
// cases it needs: what reports check first of a case taken for granted (judge.hpp, note_needs).
void check_hints(const Case& test, const fs::path& file) {
  for (const Hint& hint : test.hints) {
    if (!hint.command.empty() && !sends(test, hint.command)) {
      throw CaseFileError(file, hint.case_line,
                          "@hint " + hint.command + ": no line of this case sends " + hint.command);
    }
    for (const std::string& given : hint.given) {
      const bool is_case = given.find('/') != std::string::npos;
      if (!is_case && !sends(test, given)) {
        throw CaseFileError(file, hint.case_line,
                            "@given " + given + ": no line of this case sends " + given);
      }
      if (is_case && std::find(test.needs.begin(), test.needs.end(), given) == test.needs.end()) {
        throw CaseFileError(
            file, hint.case_line,
            "@given " + given + ": a case a hint takes for granted is one of the case's @needs");
      }
    }
  }
}

}  // namespace

Case parse_case(const std::string& text, const std::string& name, const fs::path& file) {
  Case result;
  result.name = name;
  result.file = file;
  result.source = text;
  CaseReader reader(result, file);
  const std::vector<std::string_view> lines = case_file_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) reader.read(lines[i], static_cast<int>(i) + 1);

  // Blank lines at the end of a step are layout: a program's answer is never an empty line
  // that a case author meant, so trailing blank expectations are dropped.
  for (Step& step : result.steps) {
    while (!step.expected.empty() && trim(step.expected.back().text).empty()) {
      step.expected.pop_back();
    }
  }
  if (result.steps.empty()) throw CaseFileError(file, 1, "no \"> \" line: the case sends nothing");
  check_hints(result, file);
  return result;
}

namespace {

// Calls `each(line_number, fields)` for every line that is neither blank nor a # comment,
// split at tabs.
template <typename Each>
void for_each_record(const std::string& text, Each each) {
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
      fields.push_back(line.substr(start, tab - start));
    }
    fields.push_back(line.substr(start));
    each(number, fields);
  }
}

void load_mistakes(Case& kase) {
  const fs::path file = mistakes_file_of(kase.file);
  std::error_code error;
  if (!fs::is_regular_file(file, error)) return;
  const std::optional<fs::path> catalogue_file = catalogue_of(kase.file);
  if (!catalogue_file) {
    throw CaseFileError(file, 1, "no mistakes.tsv in this folder or above it names the mistakes");
  }
  const std::vector<MistakeInfo> catalogue = parse_catalogue(read_file(*catalogue_file), *catalogue_file);
  for_each_record(read_file(file), [&](int number, const std::vector<std::string>& fields) {
    if (fields.size() != 3 && (fields.size() != 4 || fields[3] != "common")) {
      throw CaseFileError(file, number,
                          "a line is CASE-LINE, a tab, ID, a tab, ANSWER, and perhaps a tab and common");
    }
    KnownMistake known;
    const auto [end, bad] = std::from_chars(fields[0].data(), fields[0].data() + fields[0].size(),
                                            known.case_line);
    bool expected_line = false;
    for (const Step& step : kase.steps) {
      for (const ExpectedLine& line : step.expected) expected_line |= line.case_line == known.case_line;
    }
    if (bad != std::errc{} || end != fields[0].data() + fields[0].size() || !expected_line) {
      throw CaseFileError(file, number, "\"" + fields[0] + "\" is not the line of an expected " +
                                            "answer in " + kase.file.filename().string());
    }
    std::vector<MistakeInfo> named;
    std::size_t start = 0;
    for (std::size_t plus; start <= fields[1].size(); start = plus + 1) {
      plus = std::min(fields[1].find('+', start), fields[1].size());
      const std::string id = fields[1].substr(start, plus - start);
      const auto info = std::find_if(catalogue.begin(), catalogue.end(),
                                     [&](const MistakeInfo& m) { return m.id == id; });
      if (info == catalogue.end()) {
        throw CaseFileError(file, number, "mistake \"" + id + "\" is not in " +
                                              catalogue_file->string());
      }
      named.push_back(*info);
    }
    known.answer = fields[2];
    known.common = fields.size() == 4;
    known.info = named.front();
    known.with.assign(named.begin() + 1, named.end());
    kase.mistakes.push_back(std::move(known));
  });
}

}  // namespace

std::vector<MistakeInfo> parse_catalogue(const std::string& text, const fs::path& file) {
  std::vector<MistakeInfo> catalogue;
  for_each_record(text, [&](int number, const std::vector<std::string>& fields) {
    if (fields.size() != 4 || fields[0].empty()) {
      throw CaseFileError(file, number, "a line is ID, EXERCISE, SOURCE and MESSAGE, tab-separated");
    }
    catalogue.push_back({fields[0], fields[1], fields[2], fields[3]});
  });
  return catalogue;
}

std::string KnownMistake::ids() const {
  std::string all = info.id;
  for (const MistakeInfo& other : with) all += "+" + other.id;
  return all;
}

std::vector<const MistakeInfo*> KnownMistake::named() const {
  std::vector<const MistakeInfo*> all{&info};
  for (const MistakeInfo& other : with) all.push_back(&other);
  return all;
}

// Both headers are read by students too (a starter's check uses both files): they name nothing
// that only the kit has.
std::string format_catalogue(const std::vector<MistakeInfo>& catalogue) {
  std::string text =
      "# The known mistakes of the course's exercises: id, exercise, source, message, "
      "tab-separated.\n# Recorded from the reference solution; never edited by hand.\n";
  for (const MistakeInfo& m : catalogue) {
    text += m.id + "\t" + m.exercise + "\t" + m.source + "\t" + m.message + "\n";
  }
  return text;
}

std::string format_mistake_answers(const fs::path& case_file, const std::vector<KnownMistake>& answers) {
  if (answers.empty()) return "";
  std::string text =
      "# Every answer of " + case_file.filename().string() +
      " that each known mistake gets wrong: case line, mistake (or\n"
      "# mistake+mistake: a pair's answers where neither alone gives them), answer, and\n"
      "# `common` where programs wrong in no particular way answer so too.\n"
      "# Recorded from the reference solution; never edited by hand.\n";
  for (const KnownMistake& known : answers) {
    text += std::to_string(known.case_line) + "\t" + known.ids() + "\t" + known.answer +
            (known.common ? "\tcommon" : "") + "\n";
  }
  return text;
}

fs::path mistakes_file_of(const fs::path& case_file) {
  fs::path file = case_file;
  return file.replace_extension(".mistakes");
}

std::optional<fs::path> nearest_file(const fs::path& case_file, std::string_view name) {
  // The cases' own folder or up to two above it (cases/bip37/x.case finds cases/mistakes.tsv).
  std::error_code error;
  fs::path folder = fs::absolute(case_file, error).parent_path();
  for (int up = 0; up < 3 && !folder.empty(); ++up, folder = folder.parent_path()) {
    if (fs::is_regular_file(folder / name, error)) return folder / name;
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

std::optional<fs::path> catalogue_of(const fs::path& case_file) {
  return nearest_file(case_file, "mistakes.tsv");
}

std::string_view answer_kind_name(AnswerKind kind) {
  return kind == AnswerKind::Indexes ? "indexes" : "other";
}

std::optional<AnswerKind> parse_answer_kind(std::string_view name) {
  for (const AnswerKind kind : {AnswerKind::Other, AnswerKind::Indexes}) {
    if (answer_kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::vector<CommandInfo> parse_command_table(const std::string& text, const fs::path& file) {
  std::vector<CommandInfo> table;
  for_each_record(text, [&](int number, const std::vector<std::string>& fields) {
    if (fields.size() != 5 || fields[0].empty() || !fields[1].starts_with(fields[0])) {
      throw CaseFileError(file, number,
                          "a line is NAME, a tab, USAGE (starting with NAME), a tab, FUNCTIONS, a "
                          "tab, GRAMMAR, a tab, ANSWER");
    }
    const std::optional<AnswerKind> answer = parse_answer_kind(fields[4]);
    if (!answer) {
      throw CaseFileError(
          file, number,
          "the answer of " + fields[0] + " is \"indexes\" or \"other\", got \"" + fields[4] + "\"");
    }
    std::string usage;  // the grammar without its kinds: "<seed:u32>" -> "<seed>"
    for (bool kind = false; const char c : fields[3]) {
      kind = (kind || c == ':') && c != '>';
      if (!kind) usage += c;
    }
    if (usage != fields[1]) {
      throw CaseFileError(file, number,
                          "the grammar \"" + fields[3] + "\" is not the usage \"" + fields[1] +
                              "\" with each argument's kind");
    }
    CommandInfo& row =
        table.emplace_back(CommandInfo{fields[0], fields[1], {}, fields[3], *answer});
    for (std::size_t start = 0, comma; start < fields[2].size(); start = comma + 1) {
      comma = std::min(fields[2].find(',', start), fields[2].size());
      if (comma == start)
        throw CaseFileError(file, number, "an empty function name among \"" + fields[2] + "\"");
      row.functions.push_back(fields[2].substr(start, comma - start));
    }
  });
  return table;
}

std::string format_command_table(const std::vector<CommandInfo>& table) {
  std::string text =
      "# The course protocol's commands (docs/protocol.md, \"Commands\"): name, usage, the\n"
      "# functions of the starter that its answer comes from, the usage with each argument's\n"
      "# kind, and what its answer is (indexes: unsigned 32-bit decimals only; other),\n"
      "# tab-separated. Recorded from the reference solution; never edited by hand.\n";
  for (const CommandInfo& row : table) {
    text += row.name + "\t" + row.usage + "\t";
    for (std::size_t i = 0; i < row.functions.size(); ++i)
      text += (i > 0 ? "," : "") + row.functions[i];
    text += "\t" + row.grammar + "\t" + std::string(answer_kind_name(row.answer)) + "\n";
  }
  return text;
}

std::map<std::string, double> parse_reference_times(const std::string& text, const fs::path& file) {
  std::map<std::string, double> times;
  for_each_record(text, [&](int number, const std::vector<std::string>& fields) {
    const std::optional<double> seconds = fields.size() == 2 ? parse_decimal(fields[1]) : std::nullopt;
    if (fields.size() != 2 || fields[0].empty()) {
      throw CaseFileError(file, number, "a line is CASE, a tab, SECONDS");
    }
    if (!seconds || !(*seconds > 0) || *seconds > 3600) {
      throw CaseFileError(file, number, "the time of " + fields[0] +
                                            " needs a number of seconds above 0 and at most 3600, got \"" +
                                            fields[1] + "\"");
    }
    if (!times.emplace(fields[0], *seconds).second) {
      throw CaseFileError(file, number, fields[0] + " has a time already, on an earlier line");
    }
  });
  return times;
}

std::string format_reference_times(const std::map<std::string, double>& seconds) {
  std::string text =
      "# The reference's CPU time on each case of this folder: case, seconds, tab-separated.\n"
      "# A case's time limit is " + std::to_string(static_cast<int>(kTimeMultiplier)) + " times it, and at least " +
      limit_text(kTimeFloor) + " (case-format.md, \"Time limits\").\n"
      "# Recorded from the reference solution; never edited by hand.\n";
  for (const auto& [name, time] : seconds) {
    const long long ms = whole_ms(time).count();
    const std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    text += name + "\t" + std::to_string(ms / 1000) + "." + fraction + "\n";
  }
  return text;
}

fs::path reference_times_file_of(const fs::path& case_file) { return case_file.parent_path() / "times.tsv"; }

namespace {

// times.tsv files read so far, by path, each parsed once (empty when there is none).
using TimesRead = std::map<fs::path, std::map<std::string, double>>;

Case load_one(const fs::path& file, const std::string& name, bool with_mistakes, TimesRead& times_read) {
  Case kase = parse_case(read_file(file), name, file);
  if (with_mistakes) load_mistakes(kase);
  if (const std::optional<fs::path> table_file = nearest_file(file, "commands.tsv")) {
    for (CommandInfo& row : parse_command_table(read_file(*table_file), *table_file)) {
      const bool sent = std::any_of(kase.steps.begin(), kase.steps.end(), [&](const Step& step) {
        return command_of(step.input) == row.name;
      });
      if (sent) kase.commands.push_back(std::move(row));
    }
  }
  const fs::path times_file = reference_times_file_of(file);
  const auto [times, fresh] = times_read.try_emplace(times_file);
  if (fresh) {
    if (const std::optional<std::string> text = read_file_if_present(times_file)) {
      times->second = parse_reference_times(*text, times_file);
    }
  }
  if (const auto found = times->second.find(file.stem().string()); found != times->second.end()) {
    kase.reference_seconds = found->second;
  }
  return kase;
}

std::string case_id(const fs::path& file) {
  const fs::path folder = fs::absolute(file).lexically_normal().parent_path().filename();
  return folder.generic_string() + "/" + file.stem().generic_string();
}

}  // namespace

Case load_case(const fs::path& file, const std::string& name, bool with_mistakes) {
  TimesRead times_read;
  return load_one(file, name, with_mistakes, times_read);
}

std::vector<Case> load_cases(const std::vector<fs::path>& paths, bool with_mistakes) {
  std::vector<Case> cases;
  TimesRead times_read;  // each folder's times.tsv read once
  for (const fs::path& path : paths) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) {
      cases.push_back(load_one(path, case_id(path), with_mistakes, times_read));
      continue;
    }
    if (!fs::is_directory(path, error)) {
      throw CaseFileError(path, 0, "no such case file or folder");
    }
    std::vector<Case> found;
    for (const auto& entry : fs::recursive_directory_iterator(path)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".case") continue;
      found.push_back(load_one(entry.path(), case_id(entry.path()), with_mistakes, times_read));
    }
    std::sort(found.begin(), found.end(),
              [](const Case& a, const Case& b) { return a.name < b.name; });
    cases.insert(cases.end(), std::make_move_iterator(found.begin()),
                 std::make_move_iterator(found.end()));
  }
  std::map<std::string_view, const Case*> by_id;
  for (const Case& kase : cases) {
    const auto [at, fresh] = by_id.emplace(kase.name, &kase);
    if (!fresh) {
      throw CaseFileError(kase.file, 0,
                          "a second case with the id \"" + kase.name + "\" (the first is " +
                              at->second->file.string() +
                              "): ids are FOLDER/NAME, so rename one, or give the same folder once");
    }
  }
  return cases;
}

}  // namespace grader
