// check: the starters' self-grader. It grades the starter's own `bloom` against the public
// cases with the kit grader's case files, comparison, verdicts and text report, and a runner
// that needs nothing but POSIX (runner_fork.cpp), so a student builds it with a compiler and
// CMake alone. Instructors grade with the course's grader, which judges the same way.
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "command_line.hpp"
#include "inert.hpp"
#include "judge.hpp"
#include "limits.hpp"
#include "option_table.hpp"
#include "report.hpp"

// Both come from the build: the starter's cases/ folder, and where CMake puts `bloom` (known at
// build time on every platform and generator, unlike the running executable's own path).
#if !defined(BLOOM_CASES_DIR) || !defined(BLOOM_PROGRAM)
#error "BLOOM_CASES_DIR and BLOOM_PROGRAM must be defined by the build"
#endif
// The functions this exercise's student writes, space-separated (the starter's CMakeLists);
// empty in the kit's own build, which checks the reference.
#ifndef BLOOM_STUDENT_FUNCTIONS
#define BLOOM_STUDENT_FUNCTIONS ""
#endif

namespace {

constexpr const char* kAbout =
    "Grades this starter's bloom program against the public cases (by default every case in\n"
    "the starter's cases/ folder) and says what differs, case by case.\n";
constexpr const char* kExitStatus =
    "exit status: 0 when every case passes, 1 when one fails, 2 when grading could not run\n";

// The functions the program said it lacks, from its `error: not implemented: NAME` answers.
std::set<std::string> missing_functions(const std::vector<grader::CaseResult>& results) {
  std::set<std::string> names;
  for (const grader::CaseResult& result : results) {
    for (std::string_view line : grader::output_lines(result.run.out)) {
      const std::string_view name = grader::not_implemented_function(line);
      if (!name.empty()) names.emplace(name);
    }
  }
  return names;
}

// The functions still to write: what the program says when asked (`--unwritten`, which calls
// each function once), and what it answered "not implemented" to, of this exercise's own.
std::vector<std::string> still_to_write(const std::string& program,
                                        const std::vector<grader::CaseResult>& results) {
  std::set<std::string> found = missing_functions(results);
  grader::Limits limits;
  limits.set_time(grader::kTimeFloor);
  const grader::RunResult asked =
      grader::run_program({program, {"--unwritten"}, program + " --unwritten", {}, {}}, "", limits);
  if (asked.started && asked.exit_code == 0 && asked.signal == 0 && !asked.timed_out) {
    for (std::string_view line : grader::output_lines(asked.out)) found.emplace(line);
  }
  std::vector<std::string> names;
  std::istringstream ours{std::string(BLOOM_STUDENT_FUNCTIONS)};
  for (std::string name; ours >> name;) {
    if (found.count(name) != 0) names.push_back(name);  // in the README's order
  }
  if (std::string_view(BLOOM_STUDENT_FUNCTIONS).empty()) names.assign(found.begin(), found.end());
  return names;
}

// An option of the table's check rows as the program's command line reads it: the row's name,
// placeholder and help, and what it sets.
bloom::Option option(const grader::OptionRow& row, bloom::Setter set) {
  return {row.name, row.value, row.help, std::move(set), row.repeats, row.alias};
}

// A number the row's bound takes (the table's one check), given to `store`.
bloom::Setter number(const grader::OptionRow& row, std::function<void(double)> store) {
  return {[&row, store = std::move(store)](std::string_view value) {
            const std::optional<double> number = grader::number_of(row, value);
            if (number) store(*number);
            return number.has_value();
          },
          grader::needs(row)};
}

}  // namespace

int main(int argc, char** argv) {
  grader::GradeOptions options;
  bool verbose = false;
  std::string program = BLOOM_PROGRAM;
  std::vector<bloom::Option> declared;
  std::string operands;
  for (const grader::OptionRow& row : grader::option_table()) {
    if (!grader::takes(row, grader::Subcommand::Check)) continue;
    if (grader::is_operand(row)) {
      operands = "[" + row.value + "...]";
    } else if (row.name == "--verbose") {
      declared.push_back(option(row, bloom::flag(verbose)));
    } else if (row.name == "--timeout") {
      declared.push_back(option(row, number(row, [&options](double seconds) {
                                  options.timeout = grader::whole_ms(seconds);
                                })));
    } else if (row.name == "--memory") {
      declared.push_back(option(row, number(row, [&options](double mib) {
                                  options.limits.memory_bytes = grader::bytes_of_mib(mib);
                                })));
    } else if (row.name == "--program") {
      declared.push_back(option(row, bloom::text(program, "a path")));
    } else {
      std::cerr << "check: error: the options table gives check " << row.name
                << ", which it does not read\n";
      return 2;
    }
  }
  const bloom::CommandLine line{"check", operands, kAbout, kExitStatus, std::move(declared)};
  const bloom::ParsedCommandLine parsed =
      bloom::parse_command_line(line, argc, argv, std::cout, std::cerr);
  if (parsed.exit_status) return *parsed.exit_status;
  std::vector<std::filesystem::path> paths(parsed.operands.begin(), parsed.operands.end());
  if (paths.empty()) paths.emplace_back(BLOOM_CASES_DIR);
  // the program runs in a fresh folder: resolved to an absolute path first
  std::string problem;
  const std::optional<grader::Command> command = grader::resolve_command({program}, problem);
  if (!command) {
    std::cerr << "check: error: " << problem
              << "\n(build it first: cmake -S . -B build && cmake --build build)\n";
    return 2;
  }

  std::vector<grader::Case> cases;
  try {
    cases = grader::load_cases(paths);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 2;
  }
  if (cases.empty()) {
    std::cerr << "check: error: no .case files found\n";
    return 2;
  }

  // A hang costs one time limit per command that hangs: the cases that send the command a case
  // hung at are not run, and every other case is, so that check scores what the course's
  // grader scores (which runs every case) for a program that hangs in one function.
  options.skip_hung_commands = true;
  grader::Report report;
  report.command = program;
  const std::atomic<bool> never{false};
  report.results = grader::grade(cases, *command, options, never);
  const bool color = ::isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  grader::write_text(report, std::cout, {color, verbose});

  const std::vector<std::string> missing = still_to_write(program, report.results);
  if (!missing.empty()) {
    std::cout << "still to write:";
    // names the program printed ("not implemented: NAME")
    for (const std::string& name : missing) std::cout << " " << grader::inert(name);
    std::cout << "\n";
  }
  for (const grader::CaseResult& result : report.results) {
    if (result.verdict == grader::Verdict::NotRun) return 2;
  }
  return report.failed() == 0 ? 0 : 1;
}
