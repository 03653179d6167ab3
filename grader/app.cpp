#include "app.hpp"

#include <fnmatch.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

#include "case_file.hpp"
#include "judge.hpp"
#include "record.hpp"
#include "report_formats.hpp"
#include "runner.hpp"

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
                                const std::vector<std::string>& argv) {
  Prepared prepared;
  try {
    prepared.cases = load_cases(paths);
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

Limits limits_from(double timeout_seconds, double memory_mb) {
  Limits limits;
  limits.wall = std::chrono::milliseconds(static_cast<std::int64_t>(timeout_seconds * 1000));
  limits.memory_bytes = static_cast<std::uint64_t>(memory_mb * 1048576);
  return limits;
}

}  // namespace

std::string parse_report_request(const std::string& text, ReportRequest& request) {
  const std::size_t colon = text.find(':');
  request.format = text.substr(0, colon);
  request.file = colon == std::string::npos ? "" : text.substr(colon + 1);
  for (const char* known : {"text", "json", "gradescope", "junit"}) {
    if (request.format == known) {
      if (colon != std::string::npos && request.file.empty()) {
        return "--report " + text + ": a file name must follow the ':'";
      }
      return "";
    }
  }
  return "--report " + text + ": unknown format \"" + request.format +
         "\" (known: text, json, gradescope, junit)";
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
  grade_options.limits = limits_from(options.timeout_seconds, options.memory_mb);
  grade_options.limits.output_bytes = static_cast<std::size_t>(options.output_limit_mb * 1048576);
  grade_options.jobs = options.jobs > 0 ? options.jobs
                                        : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));

  // Ctrl-C ends every running program and still reports what finished.
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);

  if (options.verbose) {
    std::cerr << "bloom-grader: running " << command->executable.string() << " on "
              << cases.size() << " cases, " << grade_options.jobs << " at a time\n";
  }
  Report report;
  report.command = command->display;
  report.results = grade(cases, *command, grade_options, interrupted);
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
  if (reports.empty()) reports.push_back({"text", ""});
  int status = report.failed() == 0 ? kExitPassed : kExitFailed;
  for (const ReportRequest& request : reports) {
    std::ofstream file;
    if (!request.file.empty()) {
      file.open(request.file, std::ios::binary);
      if (!file) {
        error("cannot write the " + request.format + " report to " + request.file);
        status = kExitCouldNotRun;
        continue;
      }
    }
    std::ostream& out = request.file.empty() ? std::cout : file;
    if (request.format == "text") {
      const bool terminal = request.file.empty() && ::isatty(STDOUT_FILENO) == 1;
      write_text(report, out, {terminal && std::getenv("NO_COLOR") == nullptr, options.verbose});
    } else if (request.format == "json") {
      out << to_json(report).dump(2) << "\n";
    } else if (request.format == "gradescope") {
      out << to_gradescope(report).dump(2) << "\n";
    } else {
      out << to_junit(report);
    }
  }
  if (not_started || report.interrupted) return kExitCouldNotRun;
  return status;
}

int record_cases(const RecordOptions& options) {
  const std::optional<Prepared> prepared = prepare(options.cases, options.command);
  if (!prepared) return kExitCouldNotRun;
  const std::vector<Case>& cases = prepared->cases;
  const Command* command = &prepared->command;
  const Limits limits = limits_from(options.timeout_seconds, options.memory_mb);

  int stale = 0;
  for (const Case& kase : cases) {
    const RunResult run = run_program(*command, kase.input_text(), limits);
    if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0 ||
        run.output_limited) {
      error(kase.file.string() + ": the program did not run cleanly (" +
            (run.started ? judge(kase, run, limits).summary : run.start_error) + ")");
      return kExitCouldNotRun;
    }
    std::ifstream in(kase.file, std::ios::binary);
    const std::string old_text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
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
  return options.check && stale > 0 ? kExitFailed : kExitPassed;
}

}  // namespace grader
