// `bloom-grader run`: grades one program on case files and writes the reports asked for.
#include <fnmatch.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "app.hpp"
#include "interrupt.hpp"
#include "judge.hpp"
#include "subcommand.hpp"

namespace grader {

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

void write_not_graded(const std::vector<ReportRequest>& reports, std::string_view why) {
  for (const ReportRequest& request : reports) {
    if (request.file.empty() || request.format->not_graded == nullptr) continue;
    std::ofstream file(request.file, std::ios::binary);
    request.format->not_graded(why, file);
    if (!file.flush()) {
      error("cannot write the " + std::string(request.format->name) + " report to " + request.file);
    }
  }
}

namespace {

// What a platform's report says when the grader itself could not grade: the reason is the
// error above it on standard error, in the autograder's log.
constexpr std::string_view kGraderFailed =
    "The autograder could not grade your program, and this is not about your code: the "
    "instructor finds why in the autograder's log.";

// Sets `reported` once the reports are written: a run that stops before has none.
int grade_and_report(const RunOptions& options, bool& reported) {
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

  GradeOptions grade_options = options.grade_options();
  grade_options.limits.output_bytes = bytes_of_mib(options.output_limit_mb);
  grade_options.skip_after_timeouts = options.skip_after_timeouts;

  std::shared_ptr<Sandbox> sandbox;
  std::optional<Command> confined;
  if (options.sandbox) {
    std::vector<OwnPath> own = {{"the program", command->executable}};
    for (const std::filesystem::path& path : options.cases) own.push_back({"--cases", path});
    for (const std::filesystem::path& path : options.sandbox_readable)
      own.push_back({"--sandbox-read", path});
    for (const ReportRequest& report : options.reports) own.push_back({"--report", report.file});
    sandbox = open_sandbox_or_say(*options.sandbox, grade_options.jobs, options.memory_mb,
                                  options.sandbox_ids, std::move(own));
    if (!sandbox) return kExitCouldNotRun;
    confined = confine_or_say(*sandbox, *command, {}, options.sandbox_readable, true);
    if (!confined || hidden_cases_exposed_say(*sandbox, cases)) return kExitCouldNotRun;
    command = &*confined;
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
  report.interrupted = interrupted();

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
  reported = true;
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

}  // namespace

int run_cases(const RunOptions& options) {
  bool reported = false;
  const int status = grade_and_report(options, reported);
  if (!reported) write_not_graded(options.reports, kGraderFailed);
  return status;
}

}  // namespace grader
