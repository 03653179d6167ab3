// bloom-reference: the course's program, plus what only the kit offers: answering as a
// student with known mistakes would (--mistake, --list-mistakes), as a program with one
// function scrambled (--scramble, --list-scrambled), and writing random hidden cases
// (--generate), and listing the command table (--list-commands). The starters' main
// (reference/main.cpp) is the program alone.
#include <cstdint>
#include <exception>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "generate.hpp"
#include "interpreter.hpp"
#include "mistakes.hpp"
#include "program.hpp"
#include "scrambled.hpp"

namespace {

constexpr std::uint64_t kMaxCount = 100000;  // cases: more is a mistake, not a hidden suite

// The catalogue as mistakes.tsv holds it, written by the format's one writer (the grader's
// case-file module), so that record copies it and a starter's check reads it unchanged.
int list_mistakes() {
  std::vector<grader::MistakeInfo> catalogue;
  for (const bloom::Mistake& m : bloom::mistakes()) {
    catalogue.push_back({std::string(m.id), std::string(m.exercise), std::string(m.source),
                         std::string(m.message)});
  }
  std::cout << grader::format_catalogue(catalogue);
  return 0;
}

// The command table as commands.tsv holds it, by the format's one writer (as list_mistakes).
int list_commands() {
  std::vector<grader::CommandInfo> table;
  for (const bloom::Interpreter::CommandRow& row : bloom::Interpreter::command_rows()) {
    grader::CommandInfo& info = table.emplace_back(grader::CommandInfo{
        std::string(row.name),
        row.usage,
        {},
        std::string(row.grammar),
        row.answer == bloom::Interpreter::AnswerKind::Indexes ? grader::AnswerKind::Indexes
                                                              : grader::AnswerKind::Other});
    for (const bloom::Step step : row.steps) info.functions.emplace_back(bloom::row_of(step).name);
  }
  std::cout << grader::format_command_table(table);
  return 0;
}

// The lines each visible case of `exercise` sends that the reference answers, as recorded
// (a line answered with an error is left out): what --generate's sessions follow.
bloom::Sessions visible_sessions(const std::filesystem::path& cases, const std::string& exercise) {
  const std::filesystem::path folder = cases / exercise;
  if (!std::filesystem::is_directory(folder)) {
    throw std::invalid_argument(
        "no visible cases of \"" + exercise + "\" in " + folder.string() +
        " (--cases DIR: the kit's cases/, whose sessions the hidden ones follow)");
  }
  bloom::Sessions sessions;
  for (const grader::Case& visible : grader::load_cases({folder}, false)) {
    std::vector<std::string>& session = sessions.emplace_back();
    for (const grader::Step& step : visible.steps) {
      // a line with no answer (a comment, an empty line) sends nothing
      if (!step.expected.empty() && !step.expected[0].text.starts_with("error:"))
        session.emplace_back(step.input);
    }
  }
  return sessions;
}

int list_scrambled() {
  for (const std::string_view name : bloom::scrambled_names()) std::cout << name << "\n";
  return 0;
}

// What the kit's options ask for, as they are read.
struct KitOptions {
  std::vector<const bloom::Mistake*> made;  // --mistake, in order
  std::optional<bloom::Functions> scrambled;
  bool list_mistakes = false;
  bool list_scrambled = false;
  bool list_commands = false;
  std::string generate;  // the exercise
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> count;
  std::string out;
  std::string cases = "cases";  // the visible cases, CASES/EXERCISE/
  bloom::Functions chosen;  // what --mistake or --scramble asks for, once all are read
};

bloom::Setter mistake_setter(KitOptions& kit) {
  return {[&kit](std::string_view id) {
            const bloom::Mistake* mistake = bloom::find_mistake(id);
            if (mistake != nullptr) kit.made.push_back(mistake);
            return mistake != nullptr;
          },
          "the id of a known mistake (--list-mistakes lists them)"};
}

// FUNCTION:SEED
bloom::Setter scramble_setter(KitOptions& kit) {
  return {[&kit](std::string_view value) {
            const std::size_t colon = value.find(':');
            if (colon == std::string_view::npos) return false;
            std::optional<std::uint64_t> seed;
            const bloom::Setter number = bloom::whole_number(
                0, std::numeric_limits<std::uint64_t>::max(), [&](std::uint64_t n) { seed = n; });
            if (!number.store(value.substr(colon + 1))) return false;
            kit.scrambled = bloom::functions_scrambled(value.substr(0, colon), *seed);
            return kit.scrambled.has_value();
          },
          "FUNCTION:SEED, FUNCTION one of --list-scrambled and SEED a whole number"};
}

// The kit's options, in the order the usage lists them.
std::vector<bloom::Option> kit_options(KitOptions& kit) {
  const auto whole = [](std::optional<std::uint64_t>& target, std::uint64_t min,
                        std::uint64_t max) {
    return bloom::whole_number(min, max, [&target](std::uint64_t n) { target = n; });
  };
  return {
      {"--mistake", "ID",
       "answer as a student with this known mistake would (docs/mistakes.md); repeat it for a "
       "student with several",
       mistake_setter(kit), true},
      {"--list-mistakes", "",
       "print the known mistakes as mistakes.tsv holds them: id, exercise, source and message, "
       "tab-separated, after a comment",
       bloom::flag(kit.list_mistakes)},
      {"--scramble", "FUNCTION:SEED",
       "answer with FUNCTION replaced by a random function of its arguments, the same for the "
       "same SEED: a program wrong in no particular way",
       scramble_setter(kit)},
      {"--list-scrambled", "", "print the functions --scramble takes, one a line",
       bloom::flag(kit.list_scrambled)},
      {"--list-commands", "",
       "print the protocol's command table as commands.tsv holds it: name, usage, the functions "
       "its answer comes from and the usage with each argument's kind, tab-separated, after a "
       "comment",
       bloom::flag(kit.list_commands)},
      {"--generate", "EXERCISE",
       "write random @hidden cases of EXERCISE (exercises.tsv) into DIR/EXERCISE/, with --seed, "
       "--count and --out; record them with bloom-grader record --mistakes (docs/mistakes.md)",
       bloom::text(kit.generate, "an exercise")},
      {"--seed", "N", "--generate's random seed: the same N writes the same cases",
       whole(kit.seed, 0, std::numeric_limits<std::uint64_t>::max())},
      {"--count", "K", "how many cases --generate writes", whole(kit.count, 1, kMaxCount)},
      {"--out", "DIR", "where --generate writes: DIR/EXERCISE/", bloom::text(kit.out, "a folder")},
      {"--cases", "DIR",
       "the visible cases whose sessions --generate's follow: DIR/EXERCISE/ (default: cases)",
       bloom::text(kit.cases, "a folder")},
  };
}

// Once every option is read: what they ask for together.
int finish(KitOptions& kit, const bloom::CommandLine& line, const bloom::Functions*& functions) {
  std::vector<std::string> modes;  // each asks for a program of its own: one at a time
  if (!kit.made.empty()) modes.emplace_back("--mistake");
  if (kit.scrambled) modes.emplace_back("--scramble");
  if (kit.list_mistakes) modes.emplace_back("--list-mistakes");
  if (kit.list_scrambled) modes.emplace_back("--list-scrambled");
  if (kit.list_commands) modes.emplace_back("--list-commands");
  if (!kit.generate.empty()) modes.emplace_back("--generate");
  if (modes.size() > 1) {
    return bloom::usage_error(line, modes[0] + " and " + modes[1] + " do not go together",
                              std::cerr);
  }
  const bool generating = !kit.generate.empty();
  if (!generating && (kit.seed || kit.count || !kit.out.empty() || kit.cases != "cases")) {
    return bloom::usage_error(line, "--seed, --count, --out and --cases go with --generate",
                              std::cerr);
  }
  if (generating && !(kit.seed && kit.count && !kit.out.empty())) {
    return bloom::usage_error(line, "--generate needs --seed, --count and --out", std::cerr);
  }
  if (kit.list_mistakes) return list_mistakes();
  if (kit.list_scrambled) return list_scrambled();
  if (kit.list_commands) return list_commands();
  if (generating) {
    try {
      const auto written = bloom::write_random_cases(kit.out, kit.generate,
                                                     visible_sessions(kit.cases, kit.generate),
                                                     *kit.seed, static_cast<int>(*kit.count));
      std::cout << "wrote " << written.size() << " cases into " << kit.out << "/" << kit.generate
                << "\n";
      return 0;
    } catch (const std::exception& error) {
      std::cerr << line.program << ": error: " << error.what() << "\n";
      return 2;
    }
  }
  if (!kit.made.empty()) {
    std::string why_not;
    const std::optional<bloom::Functions> with = bloom::functions_with(kit.made, &why_not);
    if (!with) return bloom::usage_error(line, why_not, std::cerr);
    kit.chosen = *with;
    functions = &kit.chosen;
  } else if (kit.scrambled) {
    kit.chosen = *kit.scrambled;
    functions = &kit.chosen;
  }
  return bloom::Extra::kServe;
}

}  // namespace

int main(int argc, char** argv) {
  KitOptions kit;
  const bloom::Extra extra{
      kit_options(kit), [&kit](const bloom::CommandLine& line, const bloom::Functions*& functions) {
        return finish(kit, line, functions);
      }};
  return bloom::run(argc, argv, &extra);
}
