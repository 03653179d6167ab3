#include "batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <functional>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

#include "interrupt.hpp"
#include "case_file.hpp"
#include "file_io.hpp"
#include "subcommand.hpp"
#include "submission_build.hpp"
#include "submission_report.hpp"
#include "judge.hpp"
#include "report_formats.hpp"
#include "class_report.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBuildOutputKept = 4000;  // bytes of the compiler's message in a report

Command shell(const std::string& command_line, const fs::path& working_dir = {}) {
  return Command{"/bin/sh", {"-c", command_line}, command_line, working_dir, {}};
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string tail_of(const std::string& text, std::size_t bytes) {
  return text.size() <= bytes ? text : "…" + text.substr(text.size() - bytes);
}

std::string duration_text(std::chrono::seconds s) {
  const auto minutes = s.count() / 60;
  return minutes > 0 ? std::to_string(minutes) + "m" + std::to_string(s.count() % 60) + "s"
                     : std::to_string(s.count()) + "s";
}

struct Context {
  const BatchOptions& options;
  const std::vector<Case>& cases;
  std::shared_ptr<Sandbox> sandbox;  // null without --sandbox
  GradeOptions grading;  // each submission's, but for its jobs (GradingOptions::grade_options)
  Limits build_limits;
  fs::path build_cache;  // with --starter: the primed ccache folder, read-only to builds
};

// How a submission's build and program are started. Under the sandbox each submission is
// graded in a copy handed to the sandbox's users, which the build may write; the namespaces
// sandbox shows that copy at the submission's own path, so {dir} and the reports read the
// same with and without it.
class Launch {
 public:
  Launch(const Context& context, const fs::path& dir) : context_(context), dir_(dir) {
    if (!context.sandbox) return;
    copy_ = context.sandbox->scratch(dir.filename().string());
    fs::copy(dir, copy_, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    context.sandbox->hand_over(copy_);
  }
  ~Launch() {
    if (!copy_.empty()) context_.sandbox->drop(copy_);
  }
  Launch(const Launch&) = delete;
  Launch& operator=(const Launch&) = delete;

  // Where the submission's files are on this machine: the sandbox's copy, or the folder.
  [[nodiscard]] const fs::path& files() const { return copy_.empty() ? dir_ : copy_; }
  // The command line as the reports show it ({dir} expanded).
  [[nodiscard]] std::string line(const std::string& command) const {
    return expand_dir(command, users() ? copy_ : dir_);
  }
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
  [[nodiscard]] Command make(const std::string& command, bool build) const {
    const std::string text = line(command);
    // Plain words start the program itself, a process fewer per case; anything else is the
    // shell's to read. The program is a name found on PATH or an absolute path ({dir}/...):
    // a relative one would be the working folder's, which the shell knows best. Outside the
    // sandbox it is found as the shell would find it; inside, the build's output exists only
    // in the sandbox's copy, so an absolute path is taken as it is. The arguments are left
    // exactly as the shell would pass them.
    std::optional<std::vector<std::string>> words = plain_words(command, users() ? copy_ : dir_);
    if (words && (*words)[0].find('/') != std::string::npos && !fs::path((*words)[0]).is_absolute()) {
      words.reset();
    }
    if (!context_.sandbox) {
      const std::optional<fs::path> program = words ? find_program((*words)[0]) : std::nullopt;
      if (!program) return shell(text, build ? dir_ : fs::path());
      return Command{*program, {words->begin() + 1, words->end()}, text,
                     build ? dir_ : fs::path(), {}};
    }
    const std::vector<std::string> argv = words && fs::path((*words)[0]).is_absolute()
                                              ? *words
                                              : std::vector<std::string>{"/bin/sh", "-c", text};
    const fs::path working_dir = build ? (users() ? copy_ : dir_) : fs::path();
    std::vector<Binding> bindings =
        users() ? std::vector<Binding>{} : std::vector<Binding>{{copy_, dir_, build}};
    if (build && !users() && !context_.build_cache.empty()) {
      bindings.push_back({context_.build_cache, context_.build_cache, false});  // read-only
    }
    return context_.sandbox->wrap(argv, bindings, working_dir, "(sandboxed) " + text, copy_);
  }

  const Context& context_;
  fs::path dir_;
  fs::path copy_;
};

// The report of a submission whose build failed: every case not run, none passed.
SubmissionReport build_failed(const Context& context, const std::string& id, nlohmann::json build) {
  Report report;
  report.command = build["command"].is_string() ? build["command"].get<std::string>() : "";
  for (const Case& kase : context.cases) {
    CaseResult result;
    result.kase = &kase;
    result.summary = "not run: the build failed";
    report.results.push_back(std::move(result));
  }
  return {id, "build-failed", std::move(build), to_json(report)};
}

// `case_done` is called as each of the submission's cases is judged (or skipped), for the
// progress bar. `case_jobs` says, once the build is done, how many of its cases may run at once.
SubmissionReport grade_submission(const Context& context, const fs::path& folder,
                                  const std::function<int()>& case_jobs, const std::function<void()>& case_done) {
  const BatchOptions& options = context.options;
  const std::string id = folder.filename().string();
  std::optional<Launch> launch_or_not;
  try {
    launch_or_not.emplace(context, fs::absolute(folder));
  } catch (const fs::filesystem_error& error) {  // a submission larger than the scratch tmpfs
    return build_failed(context, id,
                        {{"command", options.build}, {"ok", false}, {"time_ms", 0}, {"output", error.what()},
                         {"summary", "the submission could not be copied into the sandbox"}});
  }
  const Launch& launch = *launch_or_not;
  nlohmann::json build = {{"command", nullptr}, {"ok", true}};
  std::string build_command = options.build;
  std::string run_command = options.run;
  if (options.build == "cmake") {  // the shared recipe (submission_build.hpp)
    const std::optional<SubmissionBuild> found = find_submission_build(launch.files());
    if (!found) {
      return build_failed(context, id,
                          {{"command", options.build}, {"ok", false}, {"time_ms", 0}, {"output", ""},
                           {"summary", no_project_message("the starter")}});
    }
    const std::string project =
        found->relative == "." ? "{dir}" : "{dir}/" + shell_quote(found->relative.generic_string());
    build_command = "cd " + project + " && " +
                    (context.build_cache.empty() ? "" : cache_environment(context.build_cache, true)) +
                    submission_build_command();
    for (std::size_t at = run_command.find("{project}"); at != std::string::npos;
         at = run_command.find("{project}", at)) {
      run_command.replace(at, 9, project);
    }
  }
  if (!build_command.empty()) {
    const std::string line = launch.line(build_command);
    const RunResult run = run_program(launch.build(build_command), "", context.build_limits);
    const bool ok = run.started && run.exit_code == 0 && run.signal == 0 && !run.timed_out;
    build = {{"command", line},
             {"ok", ok},
             {"time_ms", run.elapsed.count()},
             {"output", tail_of(run.out + run.err + (run.started ? "" : run.start_error), kBuildOutputKept)}};
    if (!ok) {
      build["summary"] = !run.started   ? run.start_error
                         : run.timed_out ? "the build ran out of time"
                         : run.signal    ? "the build was killed by " + signal_name(run.signal)
                                         : "the build exited with status " + std::to_string(run.exit_code);
      return build_failed(context, id, std::move(build));
    }
  }
  try {
    launch.seal();
  } catch (const fs::filesystem_error& error) {
    return build_failed(context, id,
                        {{"command", options.build}, {"ok", false}, {"time_ms", 0}, {"output", error.what()},
                         {"summary", "the submission's copy could not be made read-only for its runs"}});
  }
  GradeOptions grade_options = context.grading;
  grade_options.jobs = case_jobs();
  grade_options.skip_after_timeouts = options.skip_after_timeouts;
  grade_options.budget = std::chrono::milliseconds(static_cast<std::int64_t>(options.budget_seconds * 1000));
  grade_options.hidden_apart = context.sandbox && context.sandbox->kind() == SandboxKind::users;
  Report report;
  report.command = launch.line(run_command);
  report.show_hidden = context.options.show_hidden;
  report.results = grade(context.cases, launch.program(run_command), grade_options, stop_on_interrupt(),
                         [&](const CaseResult&) { case_done(); });
  report.interrupted = stop_on_interrupt().load();
  return {id, report.failed() == 0 ? "passed" : "failed", std::move(build), to_json(report)};
}

// A folder under /var/tmp (not /tmp, which the sandbox replaces), removed with its contents.
class TempFolder {
 public:
  explicit TempFolder(const std::string& prefix) {
    std::string pattern = (fs::path("/var/tmp") / (prefix + "XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) throw fs::filesystem_error("mkdtemp", pattern, std::error_code(errno, std::generic_category()));
    path_ = pattern;
    fs::permissions(path_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempFolder(TempFolder&& other) noexcept : path_(std::exchange(other.path_, {})) {}
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  TempFolder& operator=(TempFolder&&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// --starter: a cache that the starter's own build, with the shared recipe and outside the
// sandbox (it is the kit's code), fills with the given files' objects. Readable by everyone
// (the slot uids of --sandbox-users), writable by the grader alone.
std::optional<TempFolder> prime_build_cache(const BatchOptions& options, const Limits& limits, std::string& problem) {
  if (options.build != "cmake") {
    problem = "--starter needs --build cmake: the cache holds what the kit's recipe compiles";
    return std::nullopt;
  }
  if (!find_program("ccache")) {
    problem = "--starter needs ccache, which is not installed (Debian package ccache)";
    return std::nullopt;
  }
  const std::optional<SubmissionBuild> starter = find_submission_build(options.starter);
  if (!starter) {
    problem = "--starter " + options.starter.string() + ": no CMakeLists.txt there";
    return std::nullopt;
  }
  try {
    TempFolder cache("bloom-build-cache-");
    const TempFolder copy("bloom-starter-");
    fs::copy(starter->project, copy.path(), fs::copy_options::recursive);
    const std::string line = "cd " + shell_quote(copy.path().string()) + " && " +
                             cache_environment(cache.path(), false) + submission_build_command();
    const RunResult run = run_program(shell(line), "", limits);
    if (!run.started || run.timed_out || run.signal != 0 || run.exit_code != 0) {
      problem = "--starter " + options.starter.string() + " did not build: " +
                tail_of(run.out + run.err + run.start_error, kBuildOutputKept);
      return std::nullopt;
    }
    std::cerr << "bloom-grader batch: the starter's files compiled into a build cache in "
              << std::chrono::duration_cast<std::chrono::seconds>(run.elapsed).count()
              << " s; every submission's build reads it\n";
    return cache;
  } catch (const fs::filesystem_error& error) {
    problem = std::string("--starter: ") + error.what();
    return std::nullopt;
  }
}

// The class's mistake counts, as batch's table on screen ends: each known mistake named and
// each other cause, with the number of submissions.
void write_class_counts(const ClassSummary& summary, std::ostream& out) {
  if (summary.mistakes.empty() && summary.causes.empty()) return;
  std::size_t width = 0;
  for (const auto* list : {&summary.mistakes, &summary.causes}) {
    for (const ClassSummary::Count& count : *list) width = std::max(width, count.kind.size());
  }
  const auto rows = [&](const std::vector<ClassSummary::Count>& counts) {
    for (const ClassSummary::Count& count : counts) {
      out << "  " << std::left << std::setw(static_cast<int>(width) + 2) << count.kind << std::right
          << std::setw(5) << count.submissions << "\n";
    }
  };
  if (!summary.mistakes.empty()) {
    out << "known mistakes in the class (submissions that made each):\n";
    rows(summary.mistakes);
  }
  if (!summary.causes.empty()) {
    out << "failed without a known mistake named (submissions):\n";
    rows(summary.causes);
  }
  out << std::left;
}

}  // namespace

std::string parse_shard(const std::string& text, int& index, int& count) {
  const std::size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument(text);
    std::size_t used = 0;
    index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument(text);
    count = std::stoi(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    return "--shard needs I/N, for example 3/8, got \"" + text + "\"";
  }
  if (count < 1 || index < 1 || index > count) {
    return "--shard I/N needs 1 <= I <= N, got \"" + text + "\"";
  }
  return "";
}

std::vector<fs::path> shard_of(const fs::path& root, int index, int count) {
  std::vector<fs::path> all;
  for (const fs::directory_entry& entry : fs::directory_iterator(root)) {
    if (entry.is_directory() && entry.path().filename().string()[0] != '.') all.push_back(entry.path());
  }
  std::sort(all.begin(), all.end());
  std::vector<fs::path> mine;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (static_cast<int>(i % static_cast<std::size_t>(count)) == index - 1) mine.push_back(all[i]);
  }
  return mine;
}

std::optional<std::vector<std::string>> plain_words(const std::string& command, const fs::path& dir) {
  constexpr std::string_view kPlain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./-+,:@%{}";
  if (command.find_first_not_of(kPlain) != std::string::npos) return std::nullopt;
  std::vector<std::string> words;
  std::istringstream split(command);
  for (std::string word; split >> word;) {
    for (std::size_t at = word.find("{dir}"); at != std::string::npos; at = word.find("{dir}", at)) {
      word.replace(at, 5, dir.string());
      at += dir.string().size();
    }
    words.push_back(word);
  }
  if (words.empty()) return std::nullopt;
  return words;
}

std::string expand_dir(const std::string& command, const fs::path& dir) {
  std::string out;
  const std::string quoted = shell_quote(dir.string());
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (command.compare(i, 5, "{dir}") == 0) {
      out += quoted;
      i += 4;
    } else {
      out += command[i];
    }
  }
  return out;
}

std::string gradebook_csv(const std::vector<SubmissionReport>& reports) {
  std::vector<std::string> case_names;  // in the order of the first report that has them
  for (const SubmissionReport& report : reports) {
    for (const SubmissionReport::CaseOutcome& outcome : report.cases()) {
      if (std::find(case_names.begin(), case_names.end(), outcome.name) == case_names.end()) {
        case_names.push_back(outcome.name);
      }
    }
  }
  std::ostringstream csv;
  csv << "id,status,score,max,passed,failed,looks_like";
  for (const std::string& name : case_names) csv << "," << csv_field(name) << "," << csv_field(name + " verdict");
  csv << "\n";
  for (const SubmissionReport& report : reports) {
    csv << csv_field(report.submission) << "," << report.status << "," << report.score() << ","
        << report.max_score() << "," << report.passed() << "," << report.failed() << ","
        << csv_field(looks_like_text(report));
    const std::vector<SubmissionReport::CaseOutcome> outcomes = report.cases();
    for (const std::string& name : case_names) {
      const auto it = std::find_if(outcomes.begin(), outcomes.end(),
                                   [&](const auto& o) { return o.name == name; });
      // a case this submission was not graded on (a shard graded with other cases): no verdict
      if (it == outcomes.end()) {
        csv << ",0,";
      } else {
        csv << "," << it->points << "," << it->verdict;
      }
    }
    csv << "\n";
  }
  return csv.str();
}

int batch_grade(const BatchOptions& options) {
  const auto fail = [](const std::string& message) {
    error(message);
    return kExitCouldNotRun;
  };
  std::vector<Case> cases;
  try {
    cases = load_cases(options.cases);
  } catch (const FileError& e) {  // CaseFileError, or a file that cannot be read
    std::cerr << e.what() << "\n";
    return kExitCouldNotRun;
  }
  if (cases.empty()) return fail("no cases to run");
  if (!fs::is_directory(options.submissions)) {
    return fail("--submissions " + options.submissions.string() + ": no such folder");
  }
  if (options.run.empty()) return fail("--run is required: the command that starts a program");
  Context context{options, cases, {}, {}, {}, {}};
  if (options.sandbox) {
    std::string problem;
    context.sandbox = open_sandbox(*options.sandbox, options.jobs_or_cores(), options.memory_mb,
                                   options.sandbox_ids, problem);
    if (!context.sandbox) return fail(problem + ". Refusing to run submissions without it.");
    // under the users kind nothing but their mode hides the submissions, reports and hidden
    // cases from the programs: a folder of reports made here is root's alone
    if (!fs::exists(options.out)) {
      fs::create_directories(options.out);
      fs::permissions(options.out, fs::perms::owner_all);
    }
    for (const auto& [path, what] : {std::pair{options.submissions, "--submissions"}, std::pair{options.out, "--out"}}) {
      if (const std::string exposed = context.sandbox->exposed(path, what); !exposed.empty()) return fail(exposed);
    }
    if (hidden_cases_exposed_say(*context.sandbox, cases)) return kExitCouldNotRun;
    for (const std::string& note : context.sandbox->notes()) std::cerr << "bloom-grader: sandbox: " << note << "\n";
  }
  context.grading = options.grade_options();
  context.build_limits = limits_of(options.build_timeout_seconds, 0);  // compilers need the memory they need
  context.build_limits.stderr_bytes = 1 << 20;
  std::string problem;
  const std::optional<TempFolder> cache =
      options.starter.empty() ? std::nullopt : prime_build_cache(options, context.build_limits, problem);
  if (!options.starter.empty() && !cache) return fail(problem);
  if (cache) context.build_cache = cache->path();

  fs::create_directories(options.out);
  const std::vector<fs::path> mine = shard_of(options.submissions, options.shard_index, options.shard_count);
  std::vector<fs::path> todo;
  for (const fs::path& folder : mine) {
    if (options.regrade || !fs::exists(options.out / (folder.filename().string() + ".json"))) {
      todo.push_back(folder);
    }
  }
  std::cerr << "bloom-grader batch: " << mine.size() << " submissions in shard "
            << options.shard_index << "/" << options.shard_count << ", " << mine.size() - todo.size()
            << " already graded (--regrade grades them again), " << todo.size() << " to grade, "
            << options.jobs_or_cores() << " at once\n";

  const std::atomic<bool>& stop = stop_on_interrupt();

  const bool terminal = ::isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  std::mutex lock;
  std::size_t done = 0;
  std::size_t failures = 0;
  // Progress counts cases, not submissions: a submission whose program hangs moves the bar
  // as its cases time out or are skipped, so the time left stays honest. A build that fails
  // finishes all of its cases at once.
  const std::size_t total_cases = todo.size() * cases.size();
  std::size_t cases_done = 0;
  const auto draw = [&] {  // under lock
    if (!terminal || cases_done == 0) return;
    const auto elapsed = std::chrono::steady_clock::now() - start;
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(
        elapsed * static_cast<double>(total_cases - cases_done) / static_cast<double>(cases_done));
    constexpr std::size_t kWidth = 30;
    const std::size_t filled = kWidth * cases_done / total_cases;
    std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] "
              << done << "/" << todo.size() << "  " << failures << " not passed  ~"
              << duration_text(left) << " left   " << std::flush;
  };
  std::string write_error;
  // Submissions run --jobs at once, each case after case. Once none is left to start, a
  // submission's cases take the slots that finished submissions leave: the last one of a batch
  // (or a batch of one) does not run its cases, or its timeouts, one after another.
  const int jobs = options.jobs_or_cores();
  std::size_t started = 0;  // under lock
  int free_slots = jobs;    // programs that may start now, under lock
  run_in_parallel(todo.size(), jobs, stop, [&](std::size_t i) {
    int taken = 1;  // this submission's slots
    {
      const std::lock_guard<std::mutex> guard(lock);
      ++started;
      --free_slots;
    }
    std::size_t counted = 0;  // this submission's cases counted so far
    const auto case_jobs = [&] {
      const std::lock_guard<std::mutex> guard(lock);
      if (started < todo.size()) return 1;
      taken += std::exchange(free_slots, 0);
      return taken;
    };
    const SubmissionReport report = grade_submission(context, todo[i], case_jobs, [&] {
      const std::lock_guard<std::mutex> guard(lock);
      ++counted;
      ++cases_done;
      draw();
    });
    const std::lock_guard<std::mutex> guard(lock);
    free_slots += taken;
    cases_done += cases.size() - std::min(counted, cases.size());  // a failed build's, unrun
    if (stop.load()) return;  // an interrupted grade is not written, so it reruns
    try {
      write_file(options.out / (todo[i].filename().string() + ".json"),
                 format_submission_report(report));
    } catch (const std::exception& error) {
      write_error = error.what();
    }
    ++done;
    if (report.status != "passed") ++failures;
    if (terminal) {
      draw();
    } else {
      std::cerr << "graded " << report.submission << ": " << report.status << " " << report.score()
                << "/" << report.max_score() << " (" << done << "/" << todo.size() << ")\n";
    }
  });
  if (terminal && !todo.empty()) std::cerr << "\n";
  if (!write_error.empty()) return fail(write_error);

  std::vector<SubmissionReport> reports;
  try {
    reports = read_submission_reports({options.out});
    write_file(options.out / "gradebook.csv", gradebook_csv(reports));
    write_class_report(reports, options.out / "report.html", options.show_hidden);
  } catch (const std::exception& error) {
    return fail(error.what());
  }
  std::size_t id_width = 22;  // a long id widens the column rather than run into the next
  for (const SubmissionReport& report : reports) id_width = std::max(id_width, report.submission.size());
  const int id_column = static_cast<int>(id_width) + 2;
  std::cout << std::left << std::setw(id_column) << "submission" << std::setw(14) << "status"
            << std::setw(10) << "score" << "looks like\n";
  bool all_passed = true;
  for (const SubmissionReport& report : reports) {
    const std::string score = std::to_string(report.score()) + "/" + std::to_string(report.max_score());
    std::cout << std::setw(id_column) << report.submission << std::setw(14) << report.status
              << std::setw(10) << score << looks_like_text(report) << "\n";
    all_passed = all_passed && report.status == "passed";
  }
  write_class_counts(summarize(reports), std::cout);
  std::cout << reports.size() << " reports in " << options.out.string() << ", gradebook "
            << (options.out / "gradebook.csv").string() << ", class report "
            << (options.out / "report.html").string() << "\n";
  if (stop.load()) {
    std::cerr << "interrupted: run the same command again to grade the rest\n";
    return kExitCouldNotRun;
  }
  return all_passed ? kExitPassed : kExitFailed;
}

int merge_reports(const std::vector<fs::path>& folders, const fs::path& out, bool show_hidden) {
  try {
    const std::vector<SubmissionReport> reports = read_submission_reports(folders);
    const fs::path page = out.parent_path() / "report.html";
    if (!out.parent_path().empty()) fs::create_directories(out.parent_path());
    write_file(out, gradebook_csv(reports));
    write_class_report(reports, page, show_hidden);
    std::cout << "merged " << reports.size() << " reports into " << out.string() << " and "
              << page.string() << "\n";
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
    write_class_report(reports, page, show_hidden);
    std::cout << "class report of " << reports.size() << " submissions: " << page.string() << "\n";
  } catch (const std::exception& error) {
    grader::error(error);
    return kExitCouldNotRun;
  }
  return kExitPassed;
}

}  // namespace grader
