#include "batch/batch.hpp"

#include <algorithm>
#include <functional>
#include <iostream>
#include <optional>
#include <tuple>
#include <utility>

#include "batch/build_cache.hpp"
#include "batch/fast_build.hpp"
#include "batch/scheduler.hpp"
#include "batch/shards.hpp"
#include "batch/shell_words.hpp"
#include "file_io.hpp"
#include "inert.hpp"
#include "interrupt.hpp"
#include "judge.hpp"
#include "report/batch_outputs.hpp"
#include "report/student_page.hpp"
#include "subcommand.hpp"
#include "submission_build.hpp"
#include "submission_copy.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// `shown` is the line as reports show it; `command_line` what the shell runs (shell_line).
Command shell(const std::string& command_line, const std::string& shown, const fs::path& working_dir) {
  return Command{"/bin/sh", {"-c", command_line}, shown, working_dir, {}};
}

struct Context {
  const BatchOptions& options;
  const std::vector<Case>& cases;
  std::shared_ptr<Sandbox> sandbox;  // null without --sandbox
  GradeOptions grading;  // each submission's, but for its jobs (GradingOptions::grade_options)
  Limits build_limits;
  fs::path build_cache;  // with --starter: the primed ccache folder, read-only to builds
  const FastBuild* fast = nullptr;  // with --starter: the starter build's fast path, if any
};

// How a submission's build and program are started. Under the sandbox each submission is
// graded in a copy handed to the sandbox's users, which the build may write; the namespaces
// sandbox shows that copy at the submission's own path, so {dir} and the reports read the
// same with and without it.
class Launch {
 public:
  // Throws CopyRefused, with no scratch slot kept.
  Launch(const Context& context, const fs::path& dir) : context_(context), dir_(dir) {
    if (!context.sandbox) return;
    held_.emplace(*context.sandbox, dir, dir.filename().string());
    copy_ = held_->path();
  }
  Launch(const Launch&) = delete;
  Launch& operator=(const Launch&) = delete;

  // Where the submission's files are on this machine: the sandbox's copy, or the folder.
  [[nodiscard]] const fs::path& files() const { return copy_.empty() ? dir_ : copy_; }
  // With --build cmake: the submission's project, relative to its folder, which {project} names.
  void set_project(const fs::path& relative) { project_ = relative; }
  // The command line as the reports show it (placeholders expanded, quoted).
  [[nodiscard]] std::string line(const std::string& command) const { return expand(command, paths()); }
  [[nodiscard]] Command build(const std::string& command) const { return make(command, true); }
  [[nodiscard]] Command program(const std::string& command) const { return make(command, false); }
  // Once the build is over, before any run: the sandbox's copy is written by no run
  // (Sandbox::seal). Throws std::filesystem::filesystem_error.
  void seal() const {
    if (!copy_.empty()) context_.sandbox->seal(copy_);
  }

 private:
  [[nodiscard]] bool users() const {
    return context_.sandbox && context_.sandbox->kind() == SandboxKind::users;
  }
  // The placeholders as the command sees them: under the users kind the sandbox's copy is at
  // a path of its own; the namespaces kind shows the copy at the submission's path.
  [[nodiscard]] Placeholders paths() const {
    const fs::path& dir = users() ? copy_ : dir_;
    if (!project_) return {dir, std::nullopt};
    return {dir, *project_ == "." ? dir : dir / *project_};
  }
  [[nodiscard]] Command make(const std::string& command, bool build) const {
    const std::string text = line(command);
    // Plain words start the program itself by exec (shell_words.hpp): no shell turns its
    // signal into an exit status, whatever the paths hold. A shell line is the shell's to
    // read. The program is a name found on PATH or an absolute path ({dir}/...): a relative
    // one would be the working folder's, which the shell knows best. Outside the sandbox it
    // is found as the shell would find it; inside, the build's output exists only in the
    // sandbox's copy, so an absolute path is taken as it is.
    std::optional<std::vector<std::string>> words = plain_words(command, paths());
    if (words && (*words)[0].find('/') != std::string::npos && !fs::path((*words)[0]).is_absolute()) {
      words.reset();
    }
    if (!context_.sandbox) {
      const std::optional<fs::path> program = words ? find_program((*words)[0]) : std::nullopt;
      if (!program) return shell(shell_line(command, paths()), text, build ? dir_ : fs::path());
      return Command{*program, {words->begin() + 1, words->end()}, text,
                     build ? dir_ : fs::path(), {}};
    }
    const std::vector<std::string> argv = words && fs::path((*words)[0]).is_absolute()
                                              ? *words
                                              : std::vector<std::string>{"/bin/sh", "-c",
                                                                         shell_line(command, paths())};
    const fs::path working_dir = build ? (users() ? copy_ : dir_) : fs::path();
    std::vector<Binding> bindings =
        users() ? std::vector<Binding>{} : std::vector<Binding>{{copy_, dir_, build}};
    if (build && !users() && !context_.build_cache.empty()) {
      bindings.push_back({context_.build_cache, context_.build_cache, false});  // read-only
    }
    // a build is one run; a program runs on case after case, in sandboxes kept for them
    return build ? context_.sandbox->wrap(argv, bindings, working_dir, "(sandboxed) " + text, copy_)
                 : context_.sandbox->wrap_kept(argv, bindings, working_dir, "(sandboxed) " + text,
                                               copy_);
  }

  const Context& context_;
  fs::path dir_;
  std::optional<SubmissionCopy> held_;  // the sandbox's copy, given back with the Launch
  fs::path copy_;
  std::optional<fs::path> project_;
};

// Every file of the batch outputs (report/batch_outputs.hpp): the first, the gradebook, at
// `first`, each other beside it by its name; the files written, for the closing line. Throws
// FileError.
std::string write_batch_files(const std::vector<SubmissionReport>& reports, const fs::path& first, bool show_hidden) {
  std::string written;
  for (const BatchOutput& output : batch_outputs()) {
    if (!output.file) continue;
    const fs::path path = written.empty() ? first : first.parent_path() / output.name;
    write_file(path, output.render(reports, show_hidden));
    written += (written.empty() ? "" : ", ") + path.string();
  }
  return written;
}

// With --build cmake: the command that builds `project` and which way it goes, "fast" when it
// is shaped like the starter (fast_build.hpp: the starter build's own commands, compiling the
// student's files alone), else "cmake", the recipe.
std::pair<std::string, std::string> cmake_build(const Context& context, const fs::path& project) {
  const std::optional<std::vector<std::string>> objects =
      context.fast ? fast_objects(*context.fast, project) : std::nullopt;
  const std::string cache =
      context.build_cache.empty() ? "" : cache_environment(context.build_cache, true);
  if (objects)
    return {"cd {project} && " + cache + fast_build_command(*context.fast, *objects), "fast"};
  return {"cd {project} && " + cache + submission_build_command(), "cmake"};
}

SubmissionReport with_build_path(SubmissionReport report, std::string path,
                                 std::optional<std::int64_t> cpu_ms) {
  report.build_path = std::move(path);
  report.build_cpu_ms = cpu_ms;
  return report;
}

// One submission, built and graded: its report (scheduler.hpp says what `submission` gives).
SubmissionReport grade_submission(const Context& context, const fs::path& folder, const Submission& submission) {
  const BatchOptions& options = context.options;
  const std::string id = folder.filename().string();
  std::optional<Launch> launch_or_not;  // set_project changes it
  try {
    launch_or_not.emplace(context, fs::absolute(folder));
  } catch (const CopyRefused& refused) {  // a FIFO, a tree too deep, more than the scratch holds
    return build_failed_report(
        context.cases, id,
        {options.build, false, 0, refused.what(),
         std::string("the submission could not be copied into the sandbox: ") + refused.what()});
  }
  Launch& launch = *launch_or_not;
  BuildOutcome build;  // none: no command, ok
  std::string build_command = options.build;
  std::string build_path;
  const std::string& run_command = options.run;
  if (options.build == "cmake") {  // the shared recipe (submission_build.hpp)
    const std::optional<SubmissionBuild> found = find_submission_build(launch.files());
    if (!found) {
      return build_failed_report(context.cases, id,
                                 {options.build, false, 0, "", no_project_message("the starter")});
    }
    launch.set_project(found->relative);
    std::tie(build_command, build_path) = cmake_build(context, found->project);
  }
  std::optional<std::int64_t> build_cpu_ms;
  if (!build_command.empty()) {
    const std::string line = launch.line(build_command);
    const RunResult run = [&] {
      // the build log is the student's to read, as a visible case's output is
      const RunsApart apart(false, stop_on_interrupt());
      if (!apart.admitted()) {
        RunResult none;
        none.start_error = "grading was interrupted";  // its report is not written (schedule)
        return none;
      }
      return run_program(launch.build(build_command), "", context.build_limits);
    }();
    if (run.started) build_cpu_ms = run.cpu.count();
    const bool ok = run.started && run.exit_code == 0 && run.signal == 0 && !run.timed_out;
    build = {line, ok, run.elapsed.count(),
             build_output_tail(run.out + run.err + (run.started ? "" : run.start_error)),
             std::nullopt};
    if (!ok) {
      build.summary = !run.started    ? run.start_error
                      : run.timed_out ? "the build ran out of time"
                      : run.signal
                          ? "the build was killed by " + signal_name(run.signal)
                          : "the build exited with status " + std::to_string(run.exit_code);
      return with_build_path(build_failed_report(context.cases, id, std::move(build)), build_path,
                             build_cpu_ms);
    }
  }
  try {
    launch.seal();
  } catch (const fs::filesystem_error& error) {
    return build_failed_report(context.cases, id,
                               {options.build, false, 0, error.what(),
                                "the submission's copy could not be made read-only for its runs"});
  }
  GradeOptions grade_options = context.grading;
  grade_options.jobs = submission.case_jobs();
  grade_options.skip_after_timeouts = options.skip_after_timeouts;
  grade_options.budget =
      std::chrono::milliseconds(static_cast<std::int64_t>(options.budget_seconds * 1000));
  Report report;
  report.command = launch.line(run_command);
  report.show_hidden = context.options.show_hidden;
  report.results = grade(context.cases, launch.program(run_command), grade_options, stop_on_interrupt(),
                         [&](const CaseResult&) { submission.case_done(); });
  report.interrupted = stop_on_interrupt().load();
  return with_build_path(submission_report_of(report, id, std::move(build)), build_path,
                         build_cpu_ms);
}

// Every student of the roster without a folder gets a report, so that the gradebook has a row
// for each: written by the first shard alone, and like every report only once unless
// --regrade. Throws FileError.
void write_not_collected(const BatchOptions& options, const std::vector<Case>& cases,
                         const std::vector<Collected>& roster) {
  if (options.shard_index != 1) return;
  for (const Collected& student : roster) {
    if (student.state == CollectState::Collected) continue;
    const fs::path report = report_path(options.out, fs::path(student.id));
    if (!options.regrade && fs::exists(report)) continue;
    write_file(report, format_submission_report(not_collected_report(cases, student)));
  }
}

// The collection record of the submissions folder (report/collection.hpp), when classroom
// --collect wrote one, else none; its students without a folder given their reports.
// nullopt after saying why it could not be read or written.
std::optional<std::vector<Collected>> roster_of(const BatchOptions& options, const std::vector<Case>& cases) {
  try {
    const fs::path file = options.submissions / kCollectionFile;
    const std::optional<std::string> text = read_file_if_present(file);
    std::vector<Collected> roster = text ? parse_collection(*text, file) : std::vector<Collected>{};
    write_not_collected(options, cases, roster);
    return roster;
  } catch (const std::exception& problem) {
    error(problem.what());
    return std::nullopt;
  }
}

// The report with its student's entry of the roster, when there is one.
SubmissionReport with_collection(SubmissionReport report, const std::vector<Collected>& roster) {
  for (const Collected& student : roster) {
    if (student.id == report.submission) report.collected = student;
  }
  return report;
}

// With --starter: its cache primed (build_cache.hpp) into `cache`, and `context` reading it,
// its fast path too; "" or why the batch cannot run.
std::string use_starter(const BatchOptions& options, Context& context,
                        std::optional<BuildCache>& cache) {
  if (!options.starter.empty() && options.build != "cmake") {
    return "--starter needs --build cmake: the cache holds what the kit's recipe compiles";
  }
  if (!options.starter_cache.empty() && options.starter.empty()) {
    return "--starter-cache needs --starter: it keeps the cache of the starter's files";
  }
  if (options.starter.empty()) return "";
  std::string problem;
  std::optional<BuildCache> primed = prime_build_cache(
      options.starter, context.build_limits, problem, options.starter_cache, !options.no_fast_path);
  if (!primed) return problem;
  cache.emplace(std::move(*primed));  // a TempFolder moves, but is not assigned
  context.build_cache = cache->path;
  if (cache->fast) context.fast = &*cache->fast;
  return "";
}

// Why the batch's options cannot grade `cases`, or "".
std::string refusal(const BatchOptions& options, const std::vector<Case>& cases) {
  if (cases.empty()) return "no cases to run";
  if (!fs::is_directory(options.submissions)) {
    return "--submissions " + options.submissions.string() + ": no such folder";
  }
  if (options.run.empty()) return "--run is required: the command that starts a program";
  // Without the kit's recipe nothing finds a project, and every program would be "not found"
  for (const auto& [command, what] : {std::pair{&options.run, "--run"}, std::pair{&options.build, "--build"}}) {
    if (options.build != "cmake" && names_project(*command)) {
      return std::string(what) + " \"" + *command +
             "\" names {project}, the CMake project that only --build cmake finds: add --build "
             "cmake, or name the folder with {dir}";
    }
  }
  return "";
}

// With --sandbox: the sandbox opened into `context`, covering none of the grader's own folders
// and no hidden case; false after saying why not.
bool open_batch_sandbox(const BatchOptions& options, Context& context) {
  std::vector<OwnPath> own = {{"--submissions", options.submissions},
                              {"--out", options.out},
                              {"--starter", options.starter},
                              {"--starter-cache", options.starter_cache}};
  for (const fs::path& path : options.cases) own.push_back({"--cases", path});
  context.sandbox = open_sandbox_or_say(*options.sandbox, options.jobs_or_cores(),
                                        options.memory_mb, options.sandbox_ids, std::move(own));
  if (!context.sandbox) return false;
  // under the users kind nothing but their mode hides the submissions, reports and hidden
  // cases from the programs: a folder of reports made here is root's alone
  if (!fs::exists(options.out)) {
    fs::create_directories(options.out);
    fs::permissions(options.out, fs::perms::owner_all);
  }
  for (const auto& [path, what] :
       {std::pair{options.submissions, "--submissions"}, std::pair{options.out, "--out"}}) {
    if (const std::string exposed = context.sandbox->exposed(path, what); !exposed.empty()) {
      error(exposed);
      return false;
    }
  }
  return !hidden_cases_exposed_say(*context.sandbox, context.cases);
}

// Grades each submission of `todo`, as many at once as --jobs says, and writes its report as
// it is done; "" or why a report could not be written.
std::string grade_submissions(const Context& context, const std::vector<fs::path>& todo,
                              const std::vector<Collected>& roster) {
  const BatchOptions& options = context.options;
  std::string write_error;
  schedule(
      todo.size(), context.cases.size(), options.jobs_or_cores(), stop_on_interrupt(),
      [&](const Submission& submission) {
        try {
          return grade_submission(context, todo[submission.index], submission);
        } catch (const std::exception& failed) {  // one submission's trouble is not the batch's
          return build_failed_report(
              context.cases, todo[submission.index].filename().string(),
              {options.build, false, 0, failed.what(),
               std::string("the submission could not be graded: ") + failed.what()});
        }
      },
      [&](std::size_t index, const SubmissionReport& graded) {
        const SubmissionReport report = with_collection(graded, roster);
        try {
          write_file(report_path(options.out, todo[index]), format_submission_report(report));
        } catch (const std::exception& error) {
          write_error = error.what();
        }
      });
  return write_error;
}

// The batch's outputs, written from every report in --out and the terminal's printed; the
// batch's exit code.
int write_outputs(const BatchOptions& options) {
  std::vector<SubmissionReport> reports;
  std::string written;
  try {
    reports = read_submission_reports({options.out});
    written = write_batch_files(reports, options.out / batch_outputs().front().name, options.show_hidden);
  } catch (const std::exception& problem) {
    error(problem.what());
    return kExitCouldNotRun;
  }
  for (const BatchOutput& output : batch_outputs()) {
    if (!output.file) std::cout << output.render(reports, options.show_hidden);
  }
  std::cout << reports.size() << " reports in " << inert(options.out.string()) << "; "
            << inert(written) << "\n";
  if (stop_on_interrupt().load()) {
    std::cerr << "interrupted: run the same command again to grade the rest\n";
    return kExitCouldNotRun;
  }
  const bool all_passed = std::all_of(
      reports.begin(), reports.end(),
      [](const SubmissionReport& report) { return report.status() == SubmissionStatus::Passed; });
  return all_passed ? kExitPassed : kExitFailed;
}

}  // namespace

int batch_grade(const BatchOptions& options) {
  const auto fail = [](const std::string& message) {
    error(message);
    return kExitCouldNotRun;
  };
  const std::optional<std::vector<Case>> loaded = load_cases_or_say(options.cases);
  if (!loaded) return kExitCouldNotRun;
  const std::vector<Case>& cases = *loaded;
  if (const std::string refused = refusal(options, cases); !refused.empty()) return fail(refused);
  Context context{options, cases, {}, options.grade_options(), {}, {}};
  if (options.sandbox && !open_batch_sandbox(options, context)) return kExitCouldNotRun;
  context.build_limits =
      limits_of(options.build_timeout_seconds, 0);  // compilers need the memory they need
  context.build_limits.stderr_bytes = 1 << 20;
  std::optional<BuildCache> cache;  // held while the batch grades
  if (const std::string problem = use_starter(options, context, cache); !problem.empty())
    return fail(problem);

  fs::create_directories(options.out);
  const std::optional<std::vector<Collected>> roster = roster_of(options, cases);
  if (!roster) return kExitCouldNotRun;
  const std::vector<fs::path> mine =
      shard_of(options.submissions, options.shard_index, options.shard_count);
  const std::vector<fs::path> todo = still_to_grade(mine, options.out, options.regrade);
  std::cerr << "bloom-grader batch: " << mine.size() << " submissions in shard "
            << options.shard_index << "/" << options.shard_count << ", "
            << mine.size() - todo.size() << " already graded (--regrade grades them again), "
            << todo.size() << " to grade, " << options.jobs_or_cores() << " at once\n";
  if (const std::string write_error = grade_submissions(context, todo, *roster);
      !write_error.empty()) {
    return fail(write_error);
  }
  return write_outputs(options);
}

int merge_reports(const std::vector<fs::path>& folders, const fs::path& out, bool show_hidden) {
  try {
    const std::vector<SubmissionReport> reports = read_submission_reports(folders);
    if (!out.parent_path().empty()) fs::create_directories(out.parent_path());
    // --out names the gradebook; every other file goes beside it
    std::cout << "merged " << reports.size() << " reports into "
              << inert(write_batch_files(reports, out, show_hidden)) << "\n";
  } catch (const std::exception& error) {
    grader::error(error);
    return kExitCouldNotRun;
  }
  return kExitPassed;
}

int class_report_command(const std::vector<fs::path>& folders, const fs::path& out, bool show_hidden) {
  try {
    const std::vector<SubmissionReport> reports = read_submission_reports(folders);
    if (reports.empty()) throw FileError(folders.front(), 0, "no submission report (ID.json) here");
    const fs::path page = out.empty() ? folders.front() / "report.html" : out;
    if (!page.parent_path().empty()) fs::create_directories(page.parent_path());
    write_file(page, batch_output("report.html").render(reports, show_hidden));
    std::cout << "class report of " << reports.size() << " submissions: " << inert(page.string())
              << "\n";
  } catch (const std::exception& error) {
    grader::error(error);
    return kExitCouldNotRun;
  }
  return kExitPassed;
}

int student_pages_command(const std::vector<fs::path>& folders, const fs::path& out,
                          bool show_hidden) {
  // checked here, not as CLI11's excludes: its note would change --show-hidden's shared help
  if (show_hidden) {
    grader::error("--students writes what students may see: it takes no --show-hidden");
    return kExitCouldNotRun;
  }
  try {
    const std::vector<SubmissionReport> reports = read_submission_reports(folders);
    if (reports.empty()) throw FileError(folders.front(), 0, "no submission report (ID.json) here");
    fs::create_directories(out);
    for (const SubmissionReport& report : reports) {
      write_file(out / (report.submission + ".html"), student_page_html(report));
      write_file(out / (report.submission + ".txt"), student_page_text(report));
    }
    std::cout << "pages for " << reports.size() << " students (ID.html, ID.txt): " << out.string()
              << "\n";
  } catch (const std::exception& error) {
    grader::error(error);
    return kExitCouldNotRun;
  }
  return kExitPassed;
}

}  // namespace grader
