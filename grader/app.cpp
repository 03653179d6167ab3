#include "app.hpp"

#include <fnmatch.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <tuple>

#include "case_file.hpp"
#include "judge.hpp"
#include "record.hpp"
#include "report_formats.hpp"
#include "runner.hpp"
#include "sandbox.hpp"

namespace grader {

namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) {
  interrupted.store(true);
  kill_all_running();
}

void error(const std::string& message) { std::cerr << "bloom-grader: error: " << message << "\n"; }

// What every subcommand needs first: the cases, and the program resolved.
struct Prepared {
  std::vector<Case> cases;
  Command command;
};

// The cases and the program, or nullopt after saying on stderr why either cannot be had.
std::optional<Prepared> prepare(const std::vector<std::filesystem::path>& paths,
                                const std::vector<std::string>& argv, bool with_mistakes = true) {
  Prepared prepared;
  try {
    prepared.cases = load_cases(paths, with_mistakes);
  } catch (const CaseFileError& e) {
    std::cerr << e.what() << "\n";
    return std::nullopt;
  }
  std::string problem;
  std::optional<Command> command = resolve_command(argv, problem);
  if (!command) {
    error(problem);
    return std::nullopt;
  }
  prepared.command = std::move(*command);
  return prepared;
}

// The known mistakes that `command --list-mistakes` prints, or nullopt after saying why not.
std::optional<std::vector<MistakeInfo>> list_mistakes(const Command& command, const Limits& limits) {
  Command lister = command;
  lister.args.push_back("--list-mistakes");
  const RunResult run = run_program(lister, "", limits);
  if (!run.started || run.exit_code != 0 || run.signal != 0 || run.timed_out) {
    error(command.display + " --list-mistakes did not list the known mistakes" +
          (run.err.empty() ? std::string() : ": " + run.err.substr(0, 300)));
    return std::nullopt;
  }
  try {
    return parse_catalogue(run.out, command.display + " --list-mistakes");
  } catch (const CaseFileError& e) {
    std::cerr << e.what() << "\n";
    return std::nullopt;
  }
}

Command with_mistake(const Command& command, const std::string& id) {
  Command variant = command;
  variant.args.push_back("--mistake");
  variant.args.push_back(id);
  variant.display += " --mistake " + id;
  return variant;
}

std::string read_or_empty(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {(std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()};
}

// Writes `text` to `file` (an empty text removes it), or with `check` only says that it would.
// Returns whether the file was stale.
bool update_file(const std::filesystem::path& file, const std::string& text, bool check) {
  std::error_code ignored;
  const bool exists = std::filesystem::exists(file, ignored);
  if ((exists && read_or_empty(file) == text) || (!exists && text.empty())) return false;
  if (check) {
    std::cout << file.string() << ": stale\n";
  } else if (text.empty()) {
    std::filesystem::remove(file, ignored);
    std::cout << "removed " << file.string() << "\n";
  } else {
    std::ofstream(file, std::ios::binary) << text;
    std::cout << "recorded " << file.string() << "\n";
  }
  return true;
}

// Records mistakes.tsv in each folder given and, for each case, the first answer each known
// mistake gets wrong; then, for each pair of one exercise's mistakes, the answer of a program
// with both, where no single mistake and no other pair answers that line alike (so that a
// program with two mistakes is told both, and one with a single mistake never a pair). Pairs
// the program refuses (two ways to write one line) are left out. Returns the number of stale
// files, or -1 when it could not run.
int record_mistakes(const RecordOptions& options, const Command& command, const Limits& limits) {
  const std::optional<std::vector<MistakeInfo>> catalogue = list_mistakes(command, limits);
  if (!catalogue) return -1;
  const std::string catalogue_text = format_catalogue(*catalogue);
  int stale = 0;
  for (const std::filesystem::path& path : options.cases) {
    if (std::filesystem::is_directory(path)) {
      stale += update_file(path / "mistakes.tsv", catalogue_text, options.check) ? 1 : 0;
    }
  }
  std::vector<Case> cases;
  try {
    cases = load_cases(options.cases, false);  // with the expected lines just recorded
  } catch (const CaseFileError& e) {
    std::cerr << e.what() << "\n";
    return -1;
  }
  std::vector<std::vector<KnownMistake>> recorded(cases.size());
  GradeOptions grade_options;
  grade_options.limits = limits;
  grade_options.jobs = options.jobs_or_cores();
  // The first wrong answer a graded case got, or null: passed, or no line where one was due.
  const auto first_wrong = [](const CaseResult& result) -> const Mismatch* {
    const std::optional<Mismatch>& m = result.mismatch;
    return m && m->actual && !m->extra_output ? &*m : nullptr;
  };
  for (const MistakeInfo& mistake : *catalogue) {
    const std::vector<CaseResult> results =
        grade(cases, with_mistake(command, mistake.id), grade_options, stop_on_interrupt());
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (results[i].verdict == Verdict::NotRun) return -1;
      if (const Mismatch* m = first_wrong(results[i])) {
        recorded[i].push_back({m->case_line, *m->actual, mistake});
      }
    }
  }

  // Each exercise's cases (a case id is EXERCISE/NAME), graded for its pairs.
  std::map<std::string, std::pair<std::vector<Case>, std::vector<std::size_t>>> by_exercise;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto& [theirs, index] = by_exercise[cases[i].name.substr(0, cases[i].name.find('/'))];
    theirs.push_back(cases[i]);
    index.push_back(i);
  }
  // A pair's answer is kept where no single mistake answers that line alike, and no other pair.
  std::vector<std::pair<std::size_t, KnownMistake>> pair_answers;  // case index, answer
  std::map<std::tuple<std::size_t, int, std::string>, int> times;  // how many pairs answer so
  for (std::size_t a = 0; a < catalogue->size(); ++a) {
    for (std::size_t b = a + 1; b < catalogue->size(); ++b) {
      const MistakeInfo& first = (*catalogue)[a];
      const MistakeInfo& second = (*catalogue)[b];
      if (first.exercise != second.exercise) continue;
      const Command both = with_mistake(with_mistake(command, first.id), second.id);
      if (run_program(both, "", limits).exit_code != 0) continue;  // one line, two ways
      const auto& [theirs, index] = by_exercise[first.exercise];
      const std::vector<CaseResult> results = grade(theirs, both, grade_options, stop_on_interrupt());
      for (std::size_t j = 0; j < results.size(); ++j) {
        if (results[j].verdict == Verdict::NotRun) return -1;
        const Mismatch* m = first_wrong(results[j]);
        if (m == nullptr) continue;
        const std::vector<KnownMistake>& singles = recorded[index[j]];
        if (std::none_of(singles.begin(), singles.end(), [&](const KnownMistake& k) {
              return k.case_line == m->case_line && k.answer == *m->actual;
            })) {
          pair_answers.push_back({index[j], {m->case_line, *m->actual, first, {second}}});
          ++times[{index[j], m->case_line, *m->actual}];
        }
      }
    }
  }
  for (auto& [i, known] : pair_answers) {
    if (times[{i, known.case_line, known.answer}] == 1) recorded[i].push_back(std::move(known));
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    stale += update_file(mistakes_file_of(cases[i].file),
                         format_mistake_answers(cases[i].file, recorded[i]), options.check)
                 ? 1
                 : 0;
  }
  return stale;
}

// The sandbox of `kind` for `slots` programs at once, or null after saying why it cannot be had.
std::shared_ptr<Sandbox> open_sandbox_or_say(SandboxKind kind, int slots, double memory_mb) {
  std::string problem;
  std::shared_ptr<Sandbox> sandbox = open_sandbox(kind, slots, memory_mb, problem);
  if (!sandbox) error(problem + ". Refusing to run the program without it.");
  return sandbox;
}

// `command` under the sandbox, seeing the folders it names read-only and `writable` writable.
Command confine(const Sandbox& sandbox, const Command& command,
                const std::vector<std::filesystem::path>& writable) {
  std::vector<Binding> bindings = bindings_for(command);
  for (const std::filesystem::path& folder : writable) bindings.push_back({folder, folder, true});
  if (const std::string problem = sandbox.unreachable(bindings); !problem.empty()) {
    throw std::runtime_error(problem);
  }
  std::vector<std::string> argv = {command.executable.string()};
  argv.insert(argv.end(), command.args.begin(), command.args.end());
  return sandbox.wrap(argv, bindings, writable.empty() ? std::filesystem::path() : writable.front(),
                      command.display);
}

}  // namespace

int sandbox_command(const SandboxCommandOptions& options) {
  std::shared_ptr<Sandbox> sandbox = open_sandbox_or_say(options.kind, 1, options.memory_mb);
  if (!sandbox) return kExitCouldNotRun;
  if (options.command.empty()) {
    for (const std::string& line : sandbox->describe()) std::cout << line << "\n";
    return kExitPassed;
  }
  std::string problem;
  const std::optional<Command> command = resolve_command(options.command, problem);
  if (!command) {
    error(problem);
    return kExitCouldNotRun;
  }
  std::vector<std::filesystem::path> writable;
  for (const std::filesystem::path& folder : options.writable) {
    if (!std::filesystem::is_directory(folder)) {
      error("--writable " + folder.string() + ": no such folder");
      return kExitCouldNotRun;
    }
    writable.push_back(std::filesystem::absolute(folder).lexically_normal());
    try {
      sandbox->hand_over(writable.back());
    } catch (const std::filesystem::filesystem_error& e) {
      error("--writable " + folder.string() + ": " + e.what());
      return kExitCouldNotRun;
    }
  }
  Limits limits = limits_of(options.timeout_seconds, options.memory_mb);
  limits.output_bytes = 16 << 20;
  limits.stderr_bytes = 1 << 20;
  Command confined;
  try {
    confined = confine(*sandbox, *command, writable);
  } catch (const std::runtime_error& e) {
    error(e.what());
    return kExitCouldNotRun;
  }
  const RunResult run = run_program(confined, "", limits);
  std::cout << run.out << std::flush;
  std::cerr << run.err;
  if (!run.started) {
    error(run.start_error);
    return kExitCouldNotRun;
  }
  if (run.timed_out || run.output_limited || run.signal != 0 || run.exit_code != 0) {
    error(command->display + (run.timed_out        ? ": ran out of time"
                              : run.output_limited ? ": wrote too much and was stopped"
                              : run.signal != 0    ? ": killed by " + signal_name(run.signal)
                                                   : ": exited with status " + std::to_string(run.exit_code)));
    return kExitFailed;
  }
  return kExitPassed;
}

const std::atomic<bool>& stop_on_interrupt() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    return true;
  }();
  static_cast<void>(installed);
  return interrupted;
}

std::string parse_report_request(const std::string& text, ReportRequest& request) {
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  request.format = find_report_format(name);
  request.file = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (request.format == nullptr) {
    return "--report " + text + ": unknown format \"" + name + "\" (known: " +
           report_format_names(", ") + ")";
  }
  if (colon != std::string::npos && request.file.empty()) {
    return "--report " + text + ": a file name must follow the ':'";
  }
  return "";
}

int run_cases(const RunOptions& options) {
  std::optional<Prepared> prepared = prepare(options.cases, options.command);
  if (!prepared) return kExitCouldNotRun;
  std::vector<Case>& cases = prepared->cases;
  const Command* command = &prepared->command;
  if (!options.filter.empty()) {
    std::erase_if(cases, [&](const Case& c) {
      return ::fnmatch(options.filter.c_str(), c.name.c_str(), 0) != 0;
    });
  }
  if (cases.empty()) {
    error("no cases to run" +
          (options.filter.empty() ? std::string() : " (none matches --filter " + options.filter + ")"));
    return kExitCouldNotRun;
  }

  GradeOptions grade_options;
  grade_options.limits = options.limits();
  grade_options.limits.output_bytes = static_cast<std::size_t>(options.output_limit_mb * 1048576);
  grade_options.jobs = options.jobs_or_cores();

  std::shared_ptr<Sandbox> sandbox;
  Command confined;
  if (options.sandbox) {
    sandbox = open_sandbox_or_say(*options.sandbox, grade_options.jobs, options.memory_mb);
    if (!sandbox) return kExitCouldNotRun;
    try {
      confined = confine(*sandbox, *command, {});
    } catch (const std::runtime_error& e) {
      error(e.what());
      return kExitCouldNotRun;
    }
    command = &confined;
  }

  if (options.verbose) {
    std::cerr << "bloom-grader: running " << command->executable.string() << " on "
              << cases.size() << " cases, " << grade_options.jobs << " at a time\n";
  }
  Report report;
  report.command = command->display;
  report.show_hidden = options.show_hidden;
  // Ctrl-C ends every running program and still reports what finished.
  report.results = grade(cases, *command, grade_options, stop_on_interrupt());
  report.interrupted = interrupted.load();

  bool not_started = false;
  for (const CaseResult& r : report.results) {
    if (r.verdict == Verdict::NotRun && !report.interrupted) {
      error(r.summary);
      not_started = true;
      break;
    }
  }

  std::vector<ReportRequest> reports = options.reports;
  if (reports.empty()) reports.push_back({find_report_format("text"), ""});
  int status = report.failed() == 0 ? kExitPassed : kExitFailed;
  for (const ReportRequest& request : reports) {
    std::ofstream file;
    if (!request.file.empty()) {
      file.open(request.file, std::ios::binary);
      if (!file) {
        error("cannot write the " + std::string(request.format->name) + " report to " +
              request.file);
        status = kExitCouldNotRun;
        continue;
      }
    }
    std::ostream& out = request.file.empty() ? std::cout : file;
    const bool terminal = request.file.empty() && ::isatty(STDOUT_FILENO) == 1;
    request.format->write(report, out,
                          {terminal && std::getenv("NO_COLOR") == nullptr, options.verbose});
  }
  if (not_started || report.interrupted) return kExitCouldNotRun;
  return status;
}

int record_cases(const RecordOptions& options) {
  const std::optional<Prepared> prepared = prepare(options.cases, options.command, false);
  if (!prepared) return kExitCouldNotRun;
  const std::vector<Case>& cases = prepared->cases;
  const Command* command = &prepared->command;
  const Limits limits = options.limits();
  const std::atomic<bool>& stop = stop_on_interrupt();

  int stale = 0;
  for (const Case& kase : cases) {
    const RunResult run = run_program(*command, kase.input_text(), limits);
    if (stop.load()) {
      error("interrupted: nothing more was recorded");
      return kExitCouldNotRun;
    }
    if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0 ||
        run.output_limited) {
      error(kase.file.string() + ": the program did not run cleanly (" +
            (run.started ? judge(kase, run, limits).summary : run.start_error) + ")");
      return kExitCouldNotRun;
    }
    const std::string old_text = read_or_empty(kase.file);
    std::string new_text;
    try {
      new_text = rerecord(old_text, kase, output_lines(run.out));
    } catch (const CaseFileError& e) {
      std::cerr << e.what() << "\n";
      return kExitCouldNotRun;
    }
    if (new_text == old_text) continue;
    ++stale;
    if (options.check) {
      std::cout << kase.file.string() << ": stale: expected lines differ from what "
                << command->display << " answers\n";
      continue;
    }
    std::ofstream(kase.file, std::ios::binary) << new_text;
    std::cout << "recorded " << kase.file.string() << "\n";
  }
  std::cout << cases.size() << " case files, " << stale << (options.check ? " stale" : " rewritten")
            << "\n";
  if (options.mistakes) {
    const int stale_mistakes = record_mistakes(options, *command, limits);
    if (stale_mistakes < 0) return kExitCouldNotRun;
    std::cout << "known mistakes: " << stale_mistakes
              << (options.check ? " stale files" : " files rewritten") << "\n";
    stale += stale_mistakes;
  }
  return options.check && stale > 0 ? kExitFailed : kExitPassed;
}

int audit_cases(const AuditOptions& options) {
  const std::optional<Prepared> prepared = prepare(options.cases, options.command);
  if (!prepared) return kExitCouldNotRun;
  const Limits limits = options.limits();
  const std::optional<std::vector<MistakeInfo>> catalogue = list_mistakes(prepared->command, limits);
  if (!catalogue) return kExitCouldNotRun;
  GradeOptions grade_options;
  grade_options.limits = limits;
  grade_options.jobs = options.jobs_or_cores();

  // Only the mistakes of the exercises whose cases were given: a case's id starts with its
  // folder, which is its exercise (cases/bip37/, hidden/bip37/).
  std::set<std::string> given;
  for (const Case& kase : prepared->cases) given.insert(kase.name.substr(0, kase.name.find('/')));
  std::vector<MistakeInfo> audited;
  std::map<std::string, int> left_out;
  for (const MistakeInfo& mistake : *catalogue) {
    if (given.count(mistake.exercise) != 0) {
      audited.push_back(mistake);
    } else {
      ++left_out[mistake.exercise];
    }
  }

  int problems = 0;
  std::cout << "mistake                    caught  named  cases that catch it (* = caught, not named)\n";
  for (const MistakeInfo& mistake : audited) {
    const std::vector<CaseResult> results = grade(
        prepared->cases, with_mistake(prepared->command, mistake.id), grade_options,
        stop_on_interrupt());
    int caught = 0;
    int named = 0;
    std::string which;
    for (const CaseResult& r : results) {
      if (r.verdict == Verdict::NotRun) {
        error(r.summary);
        return kExitCouldNotRun;
      }
      if (r.verdict == Verdict::Passed) continue;
      ++caught;
      const bool names = std::any_of(r.diagnosis.begin(), r.diagnosis.end(),
                                     [&](const KnownMistake* k) { return k->info.id == mistake.id; });
      named += names ? 1 : 0;
      which += (which.empty() ? "" : " ") + r.kase->name + (names ? "" : "*");
    }
    std::string id = mistake.id;
    id.resize(std::max<std::size_t>(id.size(), 26), ' ');
    std::cout << id << " " << std::setw(6) << caught << " " << std::setw(6) << named << "  "
              << (caught == 0 ? "SURVIVES every case" : which) << "\n";
    if (caught == 0 || named < caught) ++problems;
  }
  std::cout << audited.size() << " mistakes, " << problems
            << (problems == 1 ? " survives or goes unnamed\n" : " survive or go unnamed\n");
  for (const auto& [exercise, count] : left_out) {
    std::cout << "not audited: " << count << " mistakes of " << exercise << ", since no case of "
              << exercise << "/ was given\n";
  }
  return problems == 0 ? kExitPassed : kExitFailed;
}

}  // namespace grader
