// bloom-grader: runs any program over case files and judges its transcript (docs/grader.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string_view>

#include "app.hpp"
#include "batch/batch.hpp"
#include "batch/shards.hpp"
#include "classroom.hpp"
#include "subcommand.hpp"

namespace {

// --sandbox and --sandbox-users on `sub`, with the options that go with them; read back with
// kind(), ids() and readable.
struct SandboxFlags {
  bool namespaces = false;
  bool users = false;
  std::string id_range = [] {
    const grader::SandboxIds ids;
    return std::to_string(ids.first) + "-" + std::to_string(ids.first + ids.count - 1);
  }();
  std::vector<std::filesystem::path> readable;
  // `programs`: the subcommand runs a program of the user's (run, sandbox), which may need
  // files beside it.
  void add_to(CLI::App* sub, bool programs) {
    CLI::Option* with = sub->add_flag(
        "--sandbox", namespaces,
        "run the student's code under bubblewrap as an unprivileged user: no capability, no "
        "network, read-only system, bounded processes, memory and writes (docs/batch.md); "
        "refuses when it cannot");
    sub->add_flag("--sandbox-users", users,
                  "where namespaces are forbidden (some containers): run the student's code as "
                  "unprivileged slot uids with the same bounds but no namespaces; needs root")
        ->excludes(with);
    sub->add_option("--sandbox-uids", id_range,
                    "as root, the ids the sandbox runs programs as and gives folders to, FIRST-LAST "
                    "(default " + id_range + "); each is taken by one grader at a time, and one "
                    "that a user, a group or a running process has is skipped");
    if (programs) {
      sub->add_option("--sandbox-read", readable,
                      "a file or folder the sandboxed program may read besides itself and the "
                      "files its arguments name, seen at its own path (repeatable): what a "
                      "program needs beside it");
    }
  }
  [[nodiscard]] std::optional<grader::SandboxKind> kind() const {
    if (namespaces) return grader::SandboxKind::namespaces;
    if (users) return grader::SandboxKind::users;
    return std::nullopt;
  }
  // The --sandbox-uids range; throws CLI::ValidationError when it is malformed.
  [[nodiscard]] grader::SandboxIds ids() const {
    grader::SandboxIds ids;
    const std::string problem = grader::parse_sandbox_ids(id_range, ids);
    if (!problem.empty()) throw CLI::ValidationError(problem);
    return ids;
  }
};

// --memory, wherever a program runs: grading, and one command in the sandbox.
void add_memory_option(CLI::App* sub, double& memory_mb) {
  sub->add_option("--memory", memory_mb,
                  "address-space limit of a program in MiB, 0 for none (default " +
                      std::to_string(grader::kMemoryMib) + ")")
      ->check(CLI::NonNegativeNumber);
}

// --show-hidden, wherever a report is written (run, batch, merge, report).
void add_show_hidden_option(CLI::App* sub, bool& show_hidden) {
  sub->add_flag("--show-hidden", show_hidden,
                "show hidden cases' lines in full, for the instructor: in the text, JSON and "
                "JUnit reports and the class report, never in Gradescope's");
}

// The options of grading programs on cases, declared once for every subcommand that grades;
// `jobs` says what runs at once there (cases, or submissions).
void add_grading_options(CLI::App* sub, grader::GradingOptions& options, const std::string& jobs) {
  sub->add_option("--cases", options.cases,
                  "a case file, or a folder searched recursively (repeatable; default cases/)");
  sub->add_option("--timeout", options.timeout_seconds,
                  "seconds per case, for cases without @timeout, of " + grader::cpu_and_wall() +
                      " (default: " + grader::time_limit_rule() + ")")
      ->check(CLI::PositiveNumber);
  add_memory_option(sub, options.memory_mb);
  sub->add_option("--jobs", options.jobs,
                  jobs + " at once (default: " + grader::kJobsRule + ")")
      ->check(CLI::Range(1, 256));
}

// The course protocol's framing (docs/protocol.md, "Lines"), the one fact of the protocol the
// grader is told: a blank line, or one starting with '#', gets no answer; every other line
// gets exactly one. A CR ending the line is not part of it. The case
// cases/protocol/blank-and-comment-lines.case holds the reference to the same rule.
bool course_protocol_answers(std::string_view sent) {
  if (sent.ends_with('\r')) sent.remove_suffix(1);
  return !sent.empty() && sent.front() != '#';
}

// --skip-after-timeouts, where a program's remaining cases may be skipped (run, batch), with
// that subcommand's default: 0 in both, since a skipped case may be one the program passes.
void add_skip_option(CLI::App* sub, int& skip_after_timeouts) {
  sub->add_option("--skip-after-timeouts", skip_after_timeouts,
                  "feedback's fast path: once a program has timed out in N cases, judge its cases "
                  "not yet started 'skipped' (zero points) without running them, even one it "
                  "would pass; 0 runs them all, the grade it earns (default " +
                      std::to_string(skip_after_timeouts) + ")")
      ->check(CLI::NonNegativeNumber);
}

// --report FORMAT[:FILE], repeatable, parsed as it is given. `not_graded_only`: the formats that
// have a word for a submission no case could run (build's reports), each into a file.
void add_report_option(CLI::App* sub, std::vector<grader::ReportRequest>& reports,
                       bool not_graded_only) {
  std::string help = not_graded_only
                         ? "FORMAT:FILE (repeatable): when the build fails, what the format "
                           "says for a submission no case could run, FORMAT one of:"
                         : "FORMAT[:FILE] (repeatable; default text to stdout), FORMAT one of:";
  for (const grader::ReportFormat& format : grader::report_formats()) {
    if (!not_graded_only || format.not_graded != nullptr) {
      help.append("\n  ").append(format.name).append(": ").append(format.about);
    }
  }
  sub->add_option_function<std::vector<std::string>>(
      "--report",
      [&reports, not_graded_only](const std::vector<std::string>& texts) {
        for (const std::string& text : texts) {
          grader::ReportRequest request;
          const std::string problem = grader::parse_report_request(text, request);
          if (!problem.empty()) throw CLI::ValidationError(problem);
          if (not_graded_only && (request.format->not_graded == nullptr || request.file.empty())) {
            throw CLI::ValidationError("--report " + text + ": build writes only " +
                                       "FORMAT:FILE of a format with a word for a failed build");
          }
          reports.push_back(request);
        }
      },
      help);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Runs a program over case files and judges its answers.\n"
               "Exit status: 0 every case passed, 1 some failed, 2 could not grade.",
               "bloom-grader"};
  app.require_subcommand(1);

  grader::RunOptions run;
  CLI::App* run_app = app.add_subcommand("run", "grade a program on case files");
  add_grading_options(run_app, run, "cases run");
  run_app->add_option("--filter", run.filter, "only cases whose name matches this glob");
  add_skip_option(run_app, run.skip_after_timeouts);
  add_report_option(run_app, run.reports, false);
  run_app->add_flag("--verbose", run.verbose, "say more while grading");
  add_show_hidden_option(run_app, run.show_hidden);
  run_app->add_option("--output-limit", run.output_limit_mb, "stdout limit in MiB (default 8)")
      ->check(CLI::PositiveNumber);
  SandboxFlags run_sandbox;
  run_sandbox.add_to(run_app, true);
  run_app->footer("After --: the program to grade and its arguments, passed as they are.");

  grader::RecordOptions record;
  record.gets_answer = course_protocol_answers;
  CLI::App* record_app = app.add_subcommand(
      "record", "rewrite the expected lines of case files from what a program answers");
  add_grading_options(record_app, record, "cases run");
  record_app->add_flag("--check", record.check,
                       "write nothing; list the case files that would change and exit 1 if any");
  record_app->add_flag("--mistakes", record.mistakes,
                       "also record each known mistake's first wrong answer (the program must "
                       "take --list-mistakes and --mistake ID)");
  record_app->footer("After --: the program to record from and its arguments.");

  grader::AuditOptions audit;
  CLI::App* audit_app = app.add_subcommand(
      "audit", "check that the cases catch and name every known mistake of the program");
  add_grading_options(audit_app, audit, "cases run");
  audit_app->footer("After --: the program; it must take --list-mistakes and --mistake ID.");

  // Everything after the first "--" is the program's own command line, given to it untouched
  // (CLI11 would still read options such as --mistake there).
  std::vector<std::string> arguments(argv + 1, argv + argc);
  std::vector<std::string> command;
  if (const auto dashes = std::find(arguments.begin(), arguments.end(), "--");
      dashes != arguments.end()) {
    command.assign(dashes + 1, arguments.end());
    arguments.erase(dashes, arguments.end());
  }
  std::reverse(arguments.begin(), arguments.end());  // CLI11 takes a vector in reverse order
  grader::BatchOptions batch;
  std::string shard = "1/1";
  CLI::App* batch_app = app.add_subcommand(
      "batch", "grade every submission folder: build, run, one JSON report each, a gradebook, a class "
      "report");
  add_grading_options(batch_app, batch, "submissions graded");
  batch_app->add_option("--submissions", batch.submissions, "a folder with one folder per submission")
      ->required();
  batch_app->add_option("--build", batch.build,
                        "cmake: the kit's recipe (the shallowest CMakeLists.txt, a shipped build/ "
                        "removed, Release, target bloom; as `build` does); else a shell command run "
                        "in each submission's folder ({dir} is that folder)");
  batch_app->add_option("--run", batch.run,
                        "shell command that starts the program ({dir} is the submission's folder; "
                        "with --build cmake, {project} is its project's)")
      ->required();
  batch_app->add_option("--out", batch.out,
                        "where reports, gradebook.csv and report.html go (default grades/)");
  SandboxFlags batch_sandbox;
  batch_sandbox.add_to(batch_app, false);
  batch_app->add_option("--shard", shard, "grade the I-th of N slices of the submissions (I/N)");
  batch_app->add_flag("--regrade", batch.regrade, "grade again submissions already in --out");
  add_show_hidden_option(batch_app, batch.show_hidden);
  batch_app->add_option("--build-timeout", batch.build_timeout_seconds,
                        "seconds per build, of " + grader::cpu_and_wall() + " (default 300)")
      ->check(CLI::PositiveNumber);
  add_skip_option(batch_app, batch.skip_after_timeouts);
  batch_app->add_option("--starter", batch.starter,
                        "with --build cmake: the exercise's starter as students got it; its given "
                        "files are compiled once into a build cache (ccache) that every "
                        "submission's build reads, never writes");
  batch_app->add_option("--starter-cache", batch.starter_cache,
                        "with --starter: a folder that keeps its cache for later runs and shares "
                        "it between runs at once (a Slurm array's tasks): the first compiles the "
                        "starter's files, the others reuse them (default: a temporary folder)");
  batch_app->add_flag("--no-fast-path", batch.no_fast_path,
                      "with --starter: build every submission with CMake, even one shaped like "
                      "the starter (its CMakeLists.txt and given files), which otherwise compiles "
                      "only the student's files with the starter's own build's commands");
  batch_app->add_option("--budget", batch.budget_seconds,
                        "seconds for one submission's cases; those not started when it is spent "
                        "are 'skipped' (default: no budget)")
      ->check(CLI::NonNegativeNumber);

  grader::SandboxCommandOptions sandbox;
  SandboxFlags sandbox_flags;
  CLI::App* sandbox_app = app.add_subcommand(
      "sandbox", "run one command in the sandbox (a student's build, say), or without one, "
                 "print what the sandbox holds on this machine");
  sandbox_flags.add_to(sandbox_app, true);
  sandbox_app->add_option("--writable", sandbox.writable,
                          "a folder the command may write, handed to the sandbox's user; the "
                          "first is its working folder (repeatable)");
  sandbox_app->add_option("--timeout", sandbox.timeout_seconds,
                          "seconds of " + grader::cpu_and_wall() + " (default 600)")
      ->check(CLI::PositiveNumber);
  add_memory_option(sandbox_app, sandbox.memory_mb);
  sandbox_app->footer("After --: the command and its arguments; its stdin is empty.");

  grader::BuildOptions build;
  SandboxFlags build_sandbox;
  CLI::App* build_app = app.add_subcommand(
      "build", "find, clean and build one submission as batch --build cmake does: its shallowest "
               "CMakeLists.txt, a shipped build/ removed, Release, only the target bloom; prints "
               "the program's path");
  build_app->add_option("submission", build.submission, "the submission's folder (it may be written)")
      ->required();
  build_sandbox.add_to(build_app, false);
  build_app->add_option("--timeout", build.timeout_seconds,
                        "seconds of " + grader::cpu_and_wall() + " (default 600)")
      ->check(CLI::PositiveNumber);
  build_app->add_option("--exercise", build.exercise, "names the starter in the message for a "
                                                      "submission without CMakeLists.txt");
  add_report_option(build_app, build.reports, true);

  std::vector<std::filesystem::path> merge_folders;
  std::filesystem::path merge_out = "gradebook.csv";
  CLI::App* merge_app =
      app.add_subcommand("merge", "join the submission reports of batch runs (shards) into one gradebook");
  merge_app->add_option("folders", merge_folders, "folders of submission reports (batch --out)")
      ->required();
  merge_app->add_option("--out", merge_out,
                        "the gradebook to write (default gradebook.csv); report.html goes beside it");
  bool merge_show_hidden = false;
  add_show_hidden_option(merge_app, merge_show_hidden);

  std::vector<std::filesystem::path> report_folders;
  std::filesystem::path report_out;
  bool report_show_hidden = false;
  CLI::App* report_app = app.add_subcommand(
      "report", "write the class report (one HTML page) of folders of submission reports again");
  report_app->add_option("folders", report_folders, "folders of submission reports (batch --out)")
      ->required();
  CLI::Option* report_out_option =
      report_app->add_option("--out", report_out, "the page to write (default FOLDER/report.html)");
  add_show_hidden_option(report_app, report_show_hidden);
  std::filesystem::path report_students;
  report_app
      ->add_option("--students", report_students,
                   "instead, each student's own page to release, DIR/ID.html and DIR/ID.txt: "
                   "public cases in "
                   "full, hidden cases as passed or failed only")
      ->type_name("DIR")
      ->excludes(report_out_option);

  grader::ClassroomOptions classroom;
  CLI::App* classroom_app = app.add_subcommand(
      "classroom", "write an exercise's GitHub Classroom template repository, whose workflow grades "
                   "every push case by case; or, with --collect, clone the students' repositories "
                   "for batch (docs/github-classroom.md)");
  classroom_app->add_option("exercise", classroom.exercise, "the exercise (exercises.tsv)")->required();
  classroom_app->add_option("--out", classroom.out,
                            "the template repository to write (a new folder); with --collect, the "
                            "folder of submissions")
      ->required();
  classroom_app->add_option("--kit", classroom.kit,
                            "the kit's source folder (default: the kit that holds the current folder)");
  classroom_app->add_option("--collect", classroom.collect,
                            "a list of repositories to clone into --out, one folder each: GitHub "
                            "Classroom's grades CSV, or one URL or path a line");
  classroom_app->add_option(
      "--deadline", classroom.deadline,
      "with --collect: take each repository's last commit before this time, ISO "
      "8601 with an offset (2026-12-04T18:00:00+01:00); by committer time");
  classroom_app->add_option(
      "--extensions", classroom.extensions,
      "with --deadline: a file of per-student deadlines, one 'ID TIME' a line");
  classroom_app->add_option(
      "--late-days", classroom.late_days,
      "with --deadline: also take commits up to N days after a deadline (default 0)");
  classroom_app->add_option(
      "--late-penalty", classroom.late_penalty,
      "with --late-days: percent of the score taken per day begun late (default 0)");
  classroom_app->add_option(
      "--roster", classroom.roster,
      "with --collect: every student, one id a line (or Classroom's roster CSV); "
      "one the list has no repository for gets a row, never accepted");
  classroom_app->add_option("--template", classroom.template_repository,
                            "with --collect: the template repository, to list the protected paths "
                            "(.github/, the cases, check/, CMake files) each student changed");

  grader::ExercisesOptions exercises;
  CLI::App* exercises_app = app.add_subcommand(
      "exercises", "list the course's exercises (exercises.tsv), one a line; with --suite, the case "
                   "folders that grade one, one a line");
  exercises_app->add_option("--kit", exercises.kit,
                            "the kit's folder (default: the nearest folder at or above the current "
                            "one that holds exercises.tsv)");
  exercises_app->add_option("--suite", exercises.suite,
                            "EXERCISE: print cases/protocol, cases/EXERCISE and, when it exists, "
                            "hidden/EXERCISE, the hidden suite (docs/mistakes.md)");

  try {
    app.parse(arguments);
    if (batch_app->parsed()) {
      const std::string problem = grader::parse_shard(shard, batch.shard_index, batch.shard_count);
      if (!problem.empty()) throw CLI::ValidationError(problem);
    }
    run.command = command;
    run.sandbox = run_sandbox.kind();
    run.sandbox_ids = run_sandbox.ids();
    run.sandbox_readable = run_sandbox.readable;
    batch.sandbox = batch_sandbox.kind();
    batch.sandbox_ids = batch_sandbox.ids();
    if (sandbox_flags.users) sandbox.kind = grader::SandboxKind::users;
    sandbox.ids = sandbox_flags.ids();
    sandbox.readable = sandbox_flags.readable;
    build.sandbox = build_sandbox.kind();
    build.sandbox_ids = build_sandbox.ids();
    sandbox.command = command;
    record.command = command;
    audit.command = command;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's printer, with our exit code: a bad command line means the grader could not run
    // the subcommand being read when it went wrong, if one was named
    const std::vector<CLI::App*> named = app.get_subcommands();
    std::cerr << "bloom-grader: error: " << e.what() << "\n"
              << "run \"bloom-grader "
              << (named.empty() ? std::string() : named.back()->get_name() + " ") << "--help\" for the options\n";
    return grader::kExitCouldNotRun;
  }
  // A failure no subcommand expected (a folder that vanished, a disk gone read-only) is said
  // in the one error shape, with the one exit status, never left to std::terminate.
  try {
    if (record_app->parsed()) return grader::record_cases(record);
    if (audit_app->parsed()) return grader::audit_cases(audit);
    if (batch_app->parsed()) return grader::batch_grade(batch);
    if (sandbox_app->parsed()) return grader::sandbox_command(sandbox, std::cout);
    if (build_app->parsed()) return grader::build_submission(build);
    if (classroom_app->parsed()) return grader::classroom_command(classroom);
    if (exercises_app->parsed()) return grader::exercises_command(exercises, std::cout);
    if (merge_app->parsed())
      return grader::merge_reports(merge_folders, merge_out, merge_show_hidden);
    if (report_app->parsed()) {
      if (!report_students.empty()) {
        return grader::student_pages_command(report_folders, report_students, report_show_hidden);
      }
      return grader::class_report_command(report_folders, report_out, report_show_hidden);
    }
    return grader::run_cases(run);
  } catch (const std::exception& failure) {
    grader::error(failure);
    return grader::kExitCouldNotRun;
  }
}
