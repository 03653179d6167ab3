#include "arguments.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "batch/shards.hpp"
#include "cli_options.hpp"

namespace grader {

namespace {

// What each subcommand does, for --help: the options are the table's.
struct SubcommandAbout {
  Subcommand command;
  const char* about;
  const char* footer = "";
};

const SubcommandAbout kSubcommands[] = {
    {Subcommand::Run, "grade a program on case files",
     "After --: the program to grade and its arguments, passed as they are."},
    {Subcommand::Record, "rewrite the expected lines of case files from what a program answers",
     "After --: the program to record from and its arguments."},
    {Subcommand::Audit, "check that the cases catch and name every known mistake of the program",
     "After --: the program; it must take --list-mistakes and --mistake ID."},
    {Subcommand::Batch,
     "grade every submission folder: build, run, one JSON report each, a gradebook, a class "
     "report"},
    {Subcommand::Sandbox,
     "run one command in the sandbox (a student's build, say), or without one, print what the "
     "sandbox holds on this machine",
     "After --: the command and its arguments; its stdin is empty."},
    {Subcommand::Build,
     "find, clean and build one submission as batch --build cmake does: its shallowest "
     "CMakeLists.txt, a shipped build/ removed, Release, only the target bloom; prints the "
     "program's path"},
    {Subcommand::Merge, "join the submission reports of batch runs (shards) into one gradebook"},
    {Subcommand::Report,
     "write the class report (one HTML page) of folders of submission reports again"},
    {Subcommand::Classroom,
     "write an exercise's GitHub Classroom template repository, whose workflow grades every "
     "push case by case; or, with --collect, clone the students' repositories for batch "
     "(docs/github-classroom.md)"},
    {Subcommand::Exercises,
     "list the course's exercises (exercises.tsv), one a line; with --suite, the case folders "
     "that grade one, one a line"},
    {Subcommand::Options,
     "print the options of every command (or of those named) as a Markdown table, the one "
     "docs/grader.md shows"},
};

// --sandbox, --sandbox-users, --sandbox-uids and (where the subcommand takes it)
// --sandbox-read, read back with kind() and ids().
struct SandboxFlags {
  bool namespaces = false;
  bool users = false;
  std::string id_range = [] {
    const SandboxIds ids;
    return std::to_string(ids.first) + "-" + std::to_string(ids.first + ids.count - 1);
  }();
  void bind(CliOptions& options) {
    options.bind("--sandbox", namespaces);
    options.bind("--sandbox-users", users);
    options.bind("--sandbox-uids", id_range);
  }
  [[nodiscard]] std::optional<SandboxKind> kind() const {
    if (namespaces) return SandboxKind::namespaces;
    if (users) return SandboxKind::users;
    return std::nullopt;
  }
  // The --sandbox-uids range; throws CLI::ValidationError when it is malformed.
  [[nodiscard]] SandboxIds ids() const {
    SandboxIds ids;
    const std::string problem = parse_sandbox_ids(id_range, ids);
    if (!problem.empty()) throw CLI::ValidationError(problem);
    return ids;
  }
};

// The options every grading subcommand takes.
void bind_grading(CliOptions& options, GradingOptions& grading) {
  options.bind("--cases", grading.cases);
  options.bind("--timeout", grading.timeout_seconds);
  options.bind("--memory", grading.memory_mb);
  options.bind("--jobs", grading.jobs);
}

// --report FORMAT[:FILE], parsed as it is given into `reports`. `not_graded_only`: the formats
// that have a word for a submission no case could run (build's reports), each into a file.
void bind_reports(CliOptions& options, std::vector<ReportRequest>& reports, bool not_graded_only) {
  options.bind_each("--report", [&reports, not_graded_only](const std::vector<std::string>& texts) {
    for (const std::string& text : texts) {
      ReportRequest request;
      const std::string problem = parse_report_request(text, request);
      if (!problem.empty()) throw CLI::ValidationError(problem);
      if (not_graded_only && (request.format->not_graded == nullptr || request.file.empty())) {
        throw CLI::ValidationError("--report " + text + ": build writes only " +
                                   "FORMAT:FILE of a format with a word for a failed build");
      }
      reports.push_back(request);
    }
  });
}

// What the options read, besides the fields: the sandbox flags and the shard, made into the
// subcommands' own fields once CLI11 has read them.
struct Flags {
  SandboxFlags run_sandbox, batch_sandbox, sandbox, build_sandbox;
  std::string shard = "1/1";
};

// run's fields.
void bind_run(CliOptions& options, Arguments& a, Flags& flags) {
  bind_grading(options, a.run);
  options.bind("--filter", a.run.filter);
  options.bind("--skip-after-timeouts", a.run.skip_after_timeouts);
  bind_reports(options, a.run.reports, false);
  options.bind("--verbose", a.run.verbose);
  options.bind("--show-hidden", a.run.show_hidden);
  options.bind("--output-limit", a.run.output_limit_mb);
  flags.run_sandbox.bind(options);
  options.bind("--sandbox-read", a.run.sandbox_readable);
}

// batch's fields.
void bind_batch(CliOptions& options, Arguments& a, Flags& flags) {
  bind_grading(options, a.batch);
  options.bind("--submissions", a.batch.submissions);
  options.bind("--build", a.batch.build);
  options.bind("--run", a.batch.run);
  options.bind("--out", a.batch.out);
  flags.batch_sandbox.bind(options);
  options.bind("--shard", flags.shard);
  options.bind("--regrade", a.batch.regrade);
  options.bind("--show-hidden", a.batch.show_hidden);
  options.bind("--build-timeout", a.batch.build_timeout_seconds);
  options.bind("--skip-after-timeouts", a.batch.skip_after_timeouts);
  options.bind("--starter", a.batch.starter);
  options.bind("--starter-cache", a.batch.starter_cache);
  options.bind("--no-fast-path", a.batch.no_fast_path);
  options.bind("--budget", a.batch.budget_seconds);
}

// Binds every subcommand's fields to its rows.
void bind(Subcommand command, CliOptions& options, Arguments& a, Flags& flags) {
  switch (command) {
    case Subcommand::Run:
      bind_run(options, a, flags);
      break;
    case Subcommand::Record:
      bind_grading(options, a.record);
      options.bind("--check", a.record.check);
      options.bind("--mistakes", a.record.mistakes);
      break;
    case Subcommand::Audit:
      bind_grading(options, a.audit);
      break;
    case Subcommand::Batch:
      bind_batch(options, a, flags);
      break;
    case Subcommand::Sandbox:
      flags.sandbox.bind(options);
      options.bind("--sandbox-read", a.sandbox.readable);
      options.bind("--writable", a.sandbox.writable);
      options.bind("--timeout", a.sandbox.timeout_seconds);
      options.bind("--memory", a.sandbox.memory_mb);
      break;
    case Subcommand::Build:
      options.bind("submission", a.build.submission);
      flags.build_sandbox.bind(options);
      options.bind("--timeout", a.build.timeout_seconds);
      options.bind("--exercise", a.build.exercise);
      bind_reports(options, a.build.reports, true);
      break;
    case Subcommand::Merge:
      options.bind("folders", a.merge.folders);
      options.bind("--out", a.merge.out);
      options.bind("--show-hidden", a.merge.show_hidden);
      break;
    case Subcommand::Report:
      options.bind("folders", a.report.folders);
      options.bind("--out", a.report.out);
      options.bind("--students", a.report.students);
      options.bind("--show-hidden", a.report.show_hidden);
      break;
    case Subcommand::Classroom:
      options.bind("exercise", a.classroom.exercise);
      options.bind("--out", a.classroom.out);
      options.bind("--kit", a.classroom.kit);
      options.bind("--collect", a.classroom.collect);
      options.bind("--deadline", a.classroom.deadline);
      options.bind("--extensions", a.classroom.extensions);
      options.bind("--late-days", a.classroom.late_days);
      options.bind("--late-penalty", a.classroom.late_penalty);
      options.bind("--roster", a.classroom.roster);
      options.bind("--template", a.classroom.template_repository);
      break;
    case Subcommand::Exercises:
      options.bind("--kit", a.exercises.kit);
      options.bind("--suite", a.exercises.suite);
      break;
    case Subcommand::Options:
      options.bind("commands", a.options);
      break;
    case Subcommand::Check:
      break;  // a starter's own program
  }
}

// The fields CLI11 does not set itself, from what it read.
void complete(Arguments& a, const Flags& flags, const std::vector<std::string>& command) {
  switch (a.command) {
    case Subcommand::Run:
      a.run.command = command;
      a.run.sandbox = flags.run_sandbox.kind();
      a.run.sandbox_ids = flags.run_sandbox.ids();
      break;
    case Subcommand::Record:
      a.record.command = command;
      break;
    case Subcommand::Audit:
      a.audit.command = command;
      break;
    case Subcommand::Batch: {
      a.batch.sandbox = flags.batch_sandbox.kind();
      a.batch.sandbox_ids = flags.batch_sandbox.ids();
      const std::string problem =
          parse_shard(flags.shard, a.batch.shard_index, a.batch.shard_count);
      if (!problem.empty()) throw CLI::ValidationError(problem);
      break;
    }
    case Subcommand::Sandbox:
      if (flags.sandbox.users) a.sandbox.kind = SandboxKind::users;
      a.sandbox.ids = flags.sandbox.ids();
      a.sandbox.command = command;
      break;
    case Subcommand::Build:
      a.build.sandbox = flags.build_sandbox.kind();
      a.build.sandbox_ids = flags.build_sandbox.ids();
      break;
    default:
      break;
  }
}

}  // namespace

std::optional<int> read_arguments(int argc, const char* const* argv, Arguments& arguments) {
  CLI::App app{
      "Runs a program over case files and judges its answers.\n"
      "Exit status: 0 every case passed, 1 some failed, 2 could not grade.",
      "bloom-grader"};
  app.require_subcommand(1);
  Flags flags;
  std::vector<std::pair<Subcommand, CLI::App*>> subcommands;
  for (const SubcommandAbout& sub : kSubcommands) {
    CLI::App* sub_app = app.add_subcommand(std::string(subcommand_name(sub.command)), sub.about);
    if (*sub.footer != '\0') sub_app->footer(sub.footer);
    CliOptions options(sub_app, sub.command);
    bind(sub.command, options, arguments, flags);
    options.declare();
    subcommands.emplace_back(sub.command, sub_app);
  }

  std::vector<std::string> words(argv + 1, argv + argc);
  std::vector<std::string> command;
  if (const auto dashes = std::find(words.begin(), words.end(), "--"); dashes != words.end()) {
    command.assign(dashes + 1, words.end());
    words.erase(dashes, words.end());
  }
  std::reverse(words.begin(), words.end());  // CLI11 takes a vector in reverse order
  try {
    app.parse(words);
    for (const auto& [sub, sub_app] : subcommands) {
      if (sub_app->parsed()) arguments.command = sub;
    }
    complete(arguments, flags, command);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's printer, with our exit code: a bad command line means the grader could not run
    // the subcommand being read when it went wrong, if one was named
    const std::vector<CLI::App*> named = app.get_subcommands();
    std::cerr << "bloom-grader: error: " << e.what() << "\n"
              << "run \"bloom-grader "
              << (named.empty() ? std::string() : named.back()->get_name() + " ")
              << "--help\" for the options\n";
    return kExitCouldNotRun;
  }
  return std::nullopt;
}

}  // namespace grader
