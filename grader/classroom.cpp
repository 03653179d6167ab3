#include "classroom.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "batch/batch.hpp"
#include "deadlines.hpp"
#include "file_io.hpp"
#include "inert.hpp"
#include "kit_root.hpp"
#include "manifest.hpp"
#include "options.hpp"
#include "report/collection.hpp"
#include "subcommand.hpp"
#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// What a step's command does besides running the program on its case, for its timeout: check
// starts, reads the case, asks the program which functions are still to write (at most 5 s,
// check_main.cpp) and reports. The timeout is a backstop: check enforces the case's own limit.
constexpr std::chrono::seconds kCheckSlack{30};
constexpr std::chrono::milliseconds kMinute{60000};

// The actions the workflow uses, at the major version GitHub Classroom's own workflows use.
// Their inputs are checked against each action.yml by tests/classroom_test.py. The cases are
// steps of the workflow's own (`run:`), not Classroom's command grader, which never fails its
// step: a failed case is then a red cross in the Actions tab, as a passed one is a green tick.
constexpr const char* kCheckout = "actions/checkout@v4";
constexpr const char* kReporter = "classroom-resources/autograding-grading-reporter@v1";

int minutes_for(std::chrono::milliseconds time) {
  return static_cast<int>((time.count() + kMinute.count() - 1) / kMinute.count());
}

// A path word that /bin/sh reads as it is written; anything else is quoted.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789._/-+") == std::string::npos;
  return plain ? text : shell_quote(text);
}

// A YAML single-quoted scalar: everything between the quotes is taken as written, except a
// quote, which is doubled. The workflow's values are one line each.
std::string yaml_quote(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

std::string base64(std::string_view bytes) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 3; ++j) {
      group = group << 8 | (j < n ? static_cast<unsigned char>(bytes[i + j]) : 0U);
    }
    for (std::size_t j = 0; j < 4; ++j) {
      out += j <= n ? kAlphabet[group >> (18 - 6 * j) & 63U] : '=';
    }
  }
  return out;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// Runs `line` with /bin/sh, in this process's folder and environment and on its terminal (git
// may ask the instructor for credentials). Its exit status; 128 + N after signal N; -1 when it
// could not be started (said on stderr).
int shell(const std::string& line) {
  std::cout.flush();
  const int status = std::system(line.c_str());
  if (status == -1) {
    error(std::string("system: ") + std::strerror(errno));
    return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// The first line `line` prints, or "" when it fails.
std::string shell_output(const std::string& line) {
  FILE* pipe = ::popen(line.c_str(), "r");
  if (pipe == nullptr) return "";
  char buffer[256];
  std::string text = std::fgets(buffer, sizeof buffer, pipe) != nullptr ? buffer : "";
  if (::pclose(pipe) != 0) return "";
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

// One CSV record on one line (RFC 4180, without line breaks inside a field): fields split at
// commas; a field in double quotes is taken as written, a quote inside it doubled. nullopt when
// a quote is left open.
std::optional<std::vector<std::string>> csv_fields(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c != '"') {
        fields.back() += c;
      } else if (i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else {
        quoted = false;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  if (quoted) return std::nullopt;
  return fields;
}

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  return std::string(text.substr(first, text.find_last_not_of(" \t\r") - first + 1));
}

// The field of a CSV record under the header's column `name`, trimmed; "" when there is none.
std::string csv_column(const std::vector<std::string>& header,
                       const std::vector<std::string>& fields, const std::string& name) {
  for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) {
    if (trimmed(header[i]) == name) return trimmed(fields[i]);
  }
  return "";
}

// A submission id is a folder of batch's --submissions: a plain name, not hidden.
bool plain_id(const std::string& id) {
  return !id.empty() && id[0] != '.' &&
         id.find_first_not_of(
             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@") ==
             std::string::npos;
}

// The repository's name in a URL or path: its last part, without a trailing / or .git.
std::string repository_name(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  if (url.size() > 4 && url.compare(url.size() - 4, 4, ".git") == 0) url.resize(url.size() - 4);
  const std::size_t cut = url.find_last_of("/:");
  return cut == std::string::npos ? url : url.substr(cut + 1);
}

// The kit whose student bundle the template is made of, knowing the exercise; empty after
// saying why there is none.
fs::path template_kit(const ClassroomOptions& options) {
  const fs::path kit =
      options.kit.empty() ? kit_above(fs::current_path()) : fs::absolute(options.kit);
  if (kit.empty() || !fs::is_regular_file(kit / "scripts" / "student-bundle.sh")) {
    error(options.kit.empty()
              ? fs::current_path().string() +
                    " is not inside the kit (no reference/ and cases/ above it): run it there, or "
                    "give --kit"
              : "--kit " + options.kit.string() +
                    ": not the kit's sources (no scripts/student-bundle.sh)");
    return {};
  }
  try {
    static_cast<void>(find_exercise(kit, options.exercise));  // says which exercises there are
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    return {};
  }
  return kit;
}

// The README's sections on Classroom (tools/bundle/classroom.md), appended to the bundle's
// README. Throws FileError.
void add_readme_sections(const fs::path& kit, const fs::path& out, const std::string& exercise,
                         const std::vector<ClassroomStep>& steps, int points) {
  std::string sections = read_file(kit / "tools" / "bundle" / "classroom.md");
  sections = replace_all(sections, "@EXERCISE@", exercise);
  sections = replace_all(sections, "@CASES@", std::to_string(steps.size()));
  sections = replace_all(sections, "@POINTS@", std::to_string(points));
  sections = replace_all(sections, "@FIRST@", steps.front().command);
  std::string readme = read_file(out / "README.md");
  while (readme.size() >= 2 && readme.ends_with("\n\n")) readme.pop_back();
  write_file(out / "README.md", readme + sections);  // the sections start with a blank line
}

// One commit on main, by the kit whoever runs it: the template's history names no machine.
// (git init -b needs git 2.28; symbolic-ref names the branch with any git) Throws
// std::runtime_error.
void commit_template(const fs::path& out, const std::string& exercise) {
  const std::string kit_identity =
      "GIT_AUTHOR_NAME='Bloom course kit' GIT_AUTHOR_EMAIL=bloom-course-kit@localhost "
      "GIT_COMMITTER_NAME='Bloom course kit' GIT_COMMITTER_EMAIL=bloom-course-kit@localhost";
  const std::string message =
      "The " + exercise + " exercise, graded by GitHub Actions on every push";
  const std::string commit =
      "cd " + shell_quote(out.string()) +
      " && git init -q && git symbolic-ref HEAD refs/heads/main && git add -A && " + kit_identity +
      " git -c commit.gpgsign=false commit -q -m " + shell_quote(message);
  if (shell(commit) != 0) {
    throw std::runtime_error("git could not make the first commit in " + out.string());
  }
}

void say_template_written(const fs::path& out, const std::string& exercise, std::size_t cases,
                          int points) {
  std::cout << "wrote " << out.string() << ": the " << exercise
            << " template repository, one commit on main; its workflow grades " << cases
            << " cases for " << points << " points, one step each\n"
            << "next: push it to a new, empty repository of your classroom's organization, mark "
               "it a template (Settings, General, Template repository) and make it the "
               "assignment's template; no autograding test in Classroom's form "
               "(docs/github-classroom.md):\n"
            << "  git -C " << shell_word(out.string())
            << " remote add origin https://github.com/ORGANIZATION/" << exercise
            << "-template.git\n"
            << "  git -C " << shell_word(out.string()) << " push -u origin main\n";
}

int write_template(const ClassroomOptions& options) {
  const fs::path kit = template_kit(options);
  if (kit.empty()) return kExitCouldNotRun;
  const fs::path out = fs::absolute(options.out).lexically_normal();
  // The student bundle's files, and only those: the script that makes the bundle says what
  // they are, and refuses a folder that is not new.
  if (shell("bash " + shell_quote((kit / "scripts" / "student-bundle.sh").string()) + " " +
            shell_quote(options.exercise) + " --folder " + shell_quote(out.string()) +
            " >/dev/null") != 0) {
    error("could not write the " + options.exercise + " exercise's files into " + out.string());
    return kExitCouldNotRun;
  }
  const fs::path starter = fs::path("starter") / options.exercise;
  try {
    const std::vector<Case> cases = load_cases({out / starter / "cases"});
    const std::vector<ClassroomStep> steps = classroom_steps(cases, out, starter);
    if (steps.empty()) {
      throw std::invalid_argument("no case in " + (out / starter / "cases").string());
    }
    fs::create_directories(out / ".github" / "workflows");
    write_file(out / ".github" / "workflows" / "classroom.yml",
               classroom_workflow(options.exercise, starter, steps));
    write_file(out / ".gitignore", "# what cmake builds\nbuild/\n");
    int points = 0;
    for (const ClassroomStep& step : steps) points += step.points;
    add_readme_sections(kit, out, options.exercise, steps, points);
    commit_template(out, options.exercise);
    say_template_written(out, options.exercise, steps.size(), points);
    return kExitPassed;
  } catch (const std::exception& e) {
    error(e);
    std::error_code ignored;
    fs::remove_all(out, ignored);  // a half-written template is no use; the folder was new
    return kExitCouldNotRun;
  }
}

// Every line `line` prints; empty when it fails.
std::vector<std::string> shell_lines(const std::string& line) {
  FILE* pipe = ::popen(line.c_str(), "r");
  if (pipe == nullptr) return {};
  std::string text;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  if (::pclose(pipe) != 0) return {};
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string each; std::getline(in, each);) {
    if (!each.empty()) lines.push_back(each);
  }
  return lines;
}

// What collect is to take: the deadlines and the template to compare with, read once.
struct CollectPlan {
  std::optional<std::int64_t> deadline;            // --deadline
  std::map<std::string, std::int64_t> extensions;  // id -> their own deadline
  LatePolicy late;
  fs::path template_repository;  // absolute; empty: no comparison
};

// The plan from the options; nullopt after saying what is wrong.
std::optional<CollectPlan> collect_plan(const ClassroomOptions& options) {
  CollectPlan plan;
  plan.late = {options.late_days, options.late_penalty};
  if (!options.deadline.empty()) {
    plan.deadline = parse_iso_time(options.deadline);
    if (!plan.deadline) {
      error(
          "--deadline \"" + options.deadline +
          "\" is not a time as ISO 8601 with an offset (2026-12-04T18:00:00+01:00, or Z for UTC)");
      return std::nullopt;
    }
  } else if (!options.extensions.empty() || options.late_days != 0 || options.late_penalty != 0) {
    error("--extensions, --late-days and --late-penalty need --deadline");
    return std::nullopt;
  }
  try {
    if (!options.extensions.empty())
      plan.extensions = parse_extensions(read_file(options.extensions), options.extensions);
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    return std::nullopt;
  }
  if (!options.template_repository.empty()) {
    plan.template_repository = fs::absolute(options.template_repository);
    if (shell_output("git -C " + shell_quote(plan.template_repository.string()) +
                     " rev-parse HEAD 2>/dev/null")
            .empty()) {
      error("--template " + options.template_repository.string() +
            ": not a git repository with a commit");
      return std::nullopt;
    }
  }
  return plan;
}

// The paths of `commit` that differ from the template's commit, among those a student's
// workflow trusts: the workflow, the cases, check/ and the starter's CMake files. Fetches the
// template's commit into the clone, as FETCH_HEAD. nullopt when it cannot be compared; sets
// `same_tree` when the commit holds exactly the template's files.
std::optional<std::vector<std::string>> protected_changes(const std::string& git,
                                                          const std::string& commit,
                                                          const fs::path& template_repository,
                                                          const std::string& exercise,
                                                          bool& same_tree) {
  if (shell(git + " fetch --quiet --no-tags " + shell_quote(template_repository.string()) +
            " HEAD") != 0) {
    return std::nullopt;
  }
  same_tree = shell_output(git + " rev-parse FETCH_HEAD^{tree}") ==
              shell_output(git + " rev-parse " + commit + "^{tree}");
  const std::string starter = "starter/" + exercise;
  return shell_lines(git + " -c core.quotePath=false diff --name-only FETCH_HEAD " + commit +
                     " -- .github cases " + starter + "/cases " + starter + "/check " +
                     shell_quote(":(glob)" + starter + "/**/CMakeLists.txt") + " " +
                     shell_quote(":(glob)" + starter + "/**/*.cmake"));
}

// Every commit up to `commit` is the one GitHub Classroom made when it created the repository.
bool only_classroom_commits(const std::string& git, const std::string& commit) {
  const std::vector<std::string> authors = shell_lines(git + " log --format=%an " + commit);
  return !authors.empty() && std::all_of(authors.begin(), authors.end(), [](const std::string& a) {
    return a == "github-classroom[bot]";
  });
}

// The newest committer time in `commit`'s history: its own, or a later ancestor's under a
// back-dated commit, whose files it holds. nullopt when git cannot say.
std::optional<std::int64_t> newest_time(const std::string& git, const std::string& commit) {
  const std::vector<std::string> times = shell_lines(git + " log --format=%ct " + commit);
  if (times.empty()) return std::nullopt;
  std::int64_t newest = std::numeric_limits<std::int64_t>::min();
  for (const std::string& t : times) newest = std::max<std::int64_t>(newest, std::stoll(t));
  return newest;
}

// The newest commit of HEAD's history whose committer time, and every ancestor's, is at or
// before `time`; "" for none. Committer times are what the clone holds (docs/github-classroom.md,
// "Deadlines").
std::string last_commit_before(const std::string& git, std::int64_t time) {
  // rev-list's --since stops at the first older commit, so each history's times are read whole
  for (const std::string& commit :
       shell_lines(git + " rev-list --before=" + iso_time(time) + " HEAD")) {
    if (newest_time(git, commit).value_or(time + 1) <= time) return commit;
  }
  return "";
}

// Chooses the commit of a freshly cloned repository and checks it out; its state says what
// became of it. The clone is in `folder`, without a checkout.
void choose_commit(Collected& c, const fs::path& folder, const ClassroomOptions& options,
                   const CollectPlan& plan) {
  const std::string git = "git -C " + shell_quote(folder.string());
  if (shell_output(git + " rev-parse --verify --quiet HEAD^{commit}").empty()) {
    c.state = CollectState::PushedNothing;  // an empty repository
    return;
  }
  if (plan.deadline) {
    const auto extension = plan.extensions.find(c.id);
    c.deadline = extension == plan.extensions.end() ? *plan.deadline : extension->second;
    c.commit = last_commit_before(git, cutoff(*c.deadline, plan.late));
    if (c.commit.empty()) {
      c.state = CollectState::NothingInTime;
      return;
    }
  } else {
    c.commit = shell_output(git + " rev-parse HEAD");
  }
  c.commit_time = newest_time(git, c.commit);
  if (c.deadline && c.commit_time) {
    c.days_late = days_late(*c.commit_time, *c.deadline);
    c.penalty_percent = late_penalty_percent(c.days_late, plan.late);
  }
  bool same_tree = false;
  if (!plan.template_repository.empty()) {
    c.protected_changed =
        protected_changes(git, c.commit, plan.template_repository, options.exercise, same_tree);
  }
  if (same_tree || only_classroom_commits(git, c.commit)) {
    c.state = CollectState::PushedNothing;
    return;
  }
  // Only the starter's folder is checked out, so that its CMakeLists.txt is the shallowest
  // (batch --build cmake builds that one) and the rest of the student's repository, the
  // cases they could have edited among it, is not graded. The sparse-checkout file, rather
  // than `git sparse-checkout`, works with every git.
  try {
    write_file(folder / ".git" / "info" / "sparse-checkout",
               "/starter/" + options.exercise + "/\n");
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    c.state = CollectState::CloneFailed;
    return;
  }
  if (shell(git + " config core.sparseCheckout true && " + git + " checkout --quiet " + c.commit) !=
      0) {
    c.state = CollectState::CloneFailed;
  }
}

// One student of the list: cloned into OUT/ID at the commit the plan takes, or the reason
// there is no folder (and none is left).
Collected collect_one(const ClassroomRepository& repository, const ClassroomOptions& options,
                      const CollectPlan& plan) {
  Collected c;
  c.id = repository.id;
  c.url = repository.url;
  c.workflow_points = repository.points_awarded;
  if (repository.url.empty()) {
    c.state = CollectState::NeverAccepted;
    return c;
  }
  const fs::path folder = options.out / repository.id;
  if (shell("git clone --quiet --no-checkout " + shell_quote(repository.url) + " " +
            shell_quote(folder.string())) != 0) {
    c.state = CollectState::CloneFailed;
  } else {
    choose_commit(c, folder, options, plan);
  }
  if (c.state != CollectState::Collected) {
    std::error_code ignored;
    fs::remove_all(folder, ignored);
  }
  return c;
}

// The line that says what became of one student.
void say_collected(const Collected& c, const ClassroomRepository& repository,
                   const ClassroomOptions& options) {
  if (c.state == CollectState::CloneFailed) {
    error(c.id + ": could not collect " + repository.url + " (" + options.collect.string() + ":" +
          std::to_string(repository.line) + ")");
    return;
  }
  if (c.state != CollectState::Collected) {
    std::cout << c.id << ": " << collect_state_name(c.state) << ", 0 points\n";
    return;
  }
  std::cout << c.id << ": " << c.commit.substr(0, 12) << " of "
            << (c.commit_time ? iso_time(*c.commit_time) : std::string("an unknown time"))
            << " from " << c.url;
  if (c.days_late > 0) {
    std::cout << ", " << c.days_late << (c.days_late == 1 ? " day" : " days") << " late, -"
              << c.penalty_percent << "%";
  }
  if (c.protected_changed && !c.protected_changed->empty()) {
    std::cout << "; " << c.protected_changed->size()
              << " protected files differ from the template's";
  }
  std::cout << "\n";
  const fs::path cmake = options.out / c.id / "starter" / options.exercise / "CMakeLists.txt";
  if (!fs::is_regular_file(cmake)) {
    std::cout << c.id << ": its commit has no starter/" << options.exercise
              << "/CMakeLists.txt: batch will find nothing to build\n";
  }
}

// The closing lines: how many of the roster were collected and why the others were not, then
// the batch command docs/github-classroom.md gives, for these folders.
void say_next(const std::vector<Collected>& roster, const ClassroomOptions& options) {
  std::map<std::string, int> others;
  int collected = 0;
  for (const Collected& c : roster) {
    if (c.state == CollectState::Collected) {
      ++collected;
    } else {
      ++others[std::string(collect_state_name(c.state))];
    }
  }
  std::cout << "collected " << collected << " of " << roster.size();
  for (const auto& [reason, count] : others) std::cout << "; " << count << " " << reason;
  std::cout << " (" << (options.out / kCollectionFile).string() << ")\n";
  std::error_code ignored;
  const fs::path self = fs::read_symlink("/proc/self/exe", ignored);
  const fs::path relative = self.lexically_relative(fs::current_path());
  const std::string grader = self.empty()                                    ? "bloom-grader"
                             : relative.empty() || *relative.begin() == ".." ? self.string()
                                                                             : relative.string();
  const std::string exercise = options.exercise;
  const bool hidden = fs::is_directory(fs::path("hidden") / exercise);
  std::cout << "grade them with your hidden cases (docs/github-classroom.md):\n"
            << shell_word(grader) << " batch --cases cases/protocol --cases cases/" << exercise
            << (hidden ? " --cases hidden/" + exercise : "") << " \\\n"
            << "  --submissions " << shell_word(options.out.string())
            << " --build cmake --run '{project}/build/bloom' --starter starter/" << exercise
            << " \\\n"
            << "  --sandbox --out grades/\n";
  if (!hidden) {
    std::cout << "(no hidden/" << exercise
              << " here: add --cases with the folder of your hidden suite)\n";
  }
}

int collect(const ClassroomOptions& options) {
  const std::optional<CollectPlan> plan = collect_plan(options);
  if (!plan) return kExitCouldNotRun;
  std::vector<ClassroomRepository> repositories;
  std::vector<Collected> record;  // what an earlier collect into OUT recorded
  try {
    repositories = parse_repository_list(read_file(options.collect), options.collect);
    if (!options.roster.empty()) {
      for (const std::string& id : parse_roster(read_file(options.roster), options.roster)) {
        const bool listed = std::any_of(repositories.begin(), repositories.end(),
                                        [&](const ClassroomRepository& r) { return r.id == id; });
        if (!listed)
          repositories.push_back({id, "", 0, std::nullopt});  // no repository: never accepted
      }
    }
    if (const auto text = read_file_if_present(options.out / kCollectionFile)) {
      record = parse_collection(*text, options.out / kCollectionFile);
    }
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    return kExitCouldNotRun;
  }
  if (repositories.empty()) {
    error(options.collect.string() + ": no repository listed");
    return kExitCouldNotRun;
  }
  std::error_code problem;
  fs::create_directories(options.out, problem);
  if (problem) {
    error(options.out.string() + ": " + problem.message());
    return kExitCouldNotRun;
  }
  int failed = 0;
  for (const ClassroomRepository& repository : repositories) {
    const auto earlier = std::find_if(record.begin(), record.end(),
                                      [&](const Collected& c) { return c.id == repository.id; });
    const fs::path folder = options.out / repository.id;
    if (fs::exists(folder)) {
      std::cout << repository.id << ": already collected at "
                << shell_output("git -C " + shell_quote(folder.string()) +
                                " rev-parse --short=12 HEAD 2>/dev/null")
                << " (remove " << folder.string() << " to collect it again)\n";
      if (earlier == record.end()) {  // collected before there was a record: its commit, no more
        Collected c;
        c.id = repository.id;
        c.url = repository.url;
        c.commit =
            shell_output("git -C " + shell_quote(folder.string()) + " rev-parse HEAD 2>/dev/null");
        c.workflow_points = repository.points_awarded;
        record.push_back(c);
      }
      continue;
    }
    const Collected c = collect_one(repository, options, *plan);
    say_collected(c, repository, options);
    failed += c.state == CollectState::CloneFailed ? 1 : 0;
    if (earlier == record.end()) {
      record.push_back(c);
    } else {
      *earlier = c;
    }
  }
  try {
    write_file(options.out / kCollectionFile, format_collection(record));
  } catch (const FileError& e) {
    std::cerr << e.what() << "\n";
    return kExitCouldNotRun;
  }
  say_next(record, options);
  return failed == 0 ? kExitPassed : kExitFailed;
}

}  // namespace

std::string classroom_step_id(std::string_view case_id) {
  std::string id;
  bool word_start = false;
  for (const char c : case_id) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0) {
      word_start = true;
      continue;
    }
    id += word_start && !id.empty() ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                                    : c;
    word_start = false;
  }
  if (id.empty() || std::isalpha(static_cast<unsigned char>(id[0])) == 0) {
    if (!id.empty()) id[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(id[0])));
    id = "case" + id;  // a step id starts with a letter
  }
  return id;
}

std::string classroom_build_command(const fs::path& starter, const std::string& first) {
  // Two markers in the build folder. `failed` stands while a build is under way and stays when
  // it fails or is cut short, so that the steps after it say so at once instead of compiling
  // the same errors again, each up to its timeout; it becomes `built` when the build passes, so
  // that the steps after it go straight to their case (a no-op cmake --build, configure
  // included, would cost each step most of a second). The sources do not change between
  // the steps of one run.
  const std::string source = shell_word(starter.generic_string());
  const std::string build = shell_word((starter / "build").generic_string());
  const std::string built = shell_word((starter / "build" / "classroom-built").generic_string());
  const std::string failed =
      shell_word((starter / "build" / "classroom-build-failed").generic_string());
  return "if [ -e " + built + " ]; then :; elif [ -e " + failed + " ]; then echo " +
         shell_quote(starter.generic_string() + " did not build: the log of step " + first +
                     " says why") +
         "; exit 1; else mkdir -p " + build + " && touch " + failed + " && cmake -S " + source +
         " -B " + build + " -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build " + build +
         " --parallel \"$(nproc)\" && mv " + failed + " " + built + "; fi";
}

std::vector<ClassroomStep> classroom_steps(const std::vector<Case>& cases,
                                           const fs::path& repository, const fs::path& starter) {
  std::vector<ClassroomStep> steps;
  std::set<std::string> taken;  // upper-cased: the reporter's variable is ID_RESULTS in capitals
  const double build_seconds = BatchOptions{}.build_timeout_seconds;
  for (const Case& kase : cases) {
    if (kase.hidden) {
      throw std::invalid_argument(kase.file.string() +
                                  " is a hidden case: a student's repository holds "
                                  "every case it grades, so none stays hidden there");
    }
    const std::string file = fs::path(kase.file).lexically_relative(repository).generic_string();
    if (file.empty() || file.rfind("..", 0) == 0) {
      throw std::invalid_argument(kase.file.string() + " is not inside " + repository.string());
    }
    ClassroomStep step;
    step.test_name = kase.name;
    step.command =
        shell_word((starter / "build" / "check").generic_string()) + " " + shell_word(file);
    if (step.command.find("${{") != std::string::npos ||
        kase.name.find("${{") != std::string::npos) {
      throw std::invalid_argument(
          kase.file.string() +
          ": a case whose path holds \"${{\" cannot be "
          "named in a workflow, where GitHub evaluates it as an expression");
    }
    step.id = classroom_step_id(kase.name);
    for (int n = 2; !taken.insert(upper(step.id)).second; ++n) {
      step.id = classroom_step_id(kase.name) + "n" + std::to_string(n);
    }
    step.points = kase.points;
    const std::chrono::milliseconds limit = case_time_limit(kase, std::nullopt);
    step.timeout_minutes = minutes_for(limit + kCheckSlack);
    if (steps.empty()) {
      step.timeout_minutes =
          std::max(step.timeout_minutes,
                   minutes_for(std::chrono::milliseconds(static_cast<long>(build_seconds * 1000))));
    }
    steps.push_back(step);
  }
  return steps;
}

std::string classroom_result(const ClassroomStep& step, bool passed) {
  // The shape classroom-resources/autograding-command-grader writes (generateResult in its
  // src/main.js), which the reporter reads: it scores a test by its status alone, and prints
  // each test's name and test_code (the command to run at home) in the step's log.
  const char* status = passed ? "pass" : "fail";
  const nlohmann::json result = {
      {"version", 1},
      {"status", status},
      {"max_score", step.points},
      {"tests",
       {{{"name", step.test_name},
         {"status", status},
         {"score", passed ? step.points : 0},
         {"message", passed ? "" : "build/check failed this case: its step's log says why"},
         {"test_code", step.command},
         {"filename", ""},
         {"line_no", 0},
         {"duration", 0}}}}};
  return base64(result.dump());
}

std::string classroom_step_script(const std::string& setup, const ClassroomStep& step) {
  // The setup runs in a subshell: its `exit 1` (an earlier build failed) ends the setup, not the
  // script, so the step still writes its result before it fails.
  return "if (" + setup + ") && " + step.command + "; then result=" + classroom_result(step, true) +
         "; else status=$?; result=" + classroom_result(step, false) +
         "; fi\n"
         "echo \"result=$result\" >>\"$GITHUB_OUTPUT\"\n"
         "exit \"${status:-0}\"\n";
}

std::string markdown_text(std::string_view text) {
  // CommonMark lets a backslash escape any ASCII punctuation, and GitHub's tables read "\|" as
  // a pipe in the cell: escaped, none of them opens emphasis, code, a link, HTML or an entity,
  // nor ends the cell. inert() first: no line break or control character reaches the table.
  std::string escaped;
  for (const char c : inert(text)) {
    if (std::ispunct(static_cast<unsigned char>(c)) != 0) escaped += '\\';
    escaped += c;
  }
  return escaped;
}

std::string classroom_summary_script(const std::string& exercise,
                                     const std::vector<ClassroomStep>& steps) {
  // Every cell is written here, escaped once; the script only picks each case's row by its
  // step's outcome and adds up the points of those that succeeded, as the reporter counts them.
  std::string script =
      "total=0\n"
      "rows=()\n"
      "row() {  # OUTCOME POINTS PASSED FAILED: a case's row, and its points when it passed\n"
      "  if [ \"$1\" = success ]; then total=$((total + $2)); rows+=(\"$3\"); else "
      "rows+=(\"$4\"); fi\n"
      "}\n";
  int points = 0;
  for (const ClassroomStep& step : steps) {
    const std::string name = "| " + markdown_text(step.test_name) + " | ";
    const std::string of = " of " + std::to_string(step.points) + " | ";
    script += "row \"$" + upper(step.id) + "_OUTCOME\" " + std::to_string(step.points) + " " +
              shell_quote(name + std::to_string(step.points) + of + "\u2705 passed |") + " " +
              shell_quote(name + "0" + of + "\u274c failed |") + "\n";
    points += step.points;
  }
  const std::string note =
      "Each case is a step of the job: a failed one says why in its log. Autograding Reporter "
      "gives GitHub Classroom these points.";
  return script + "{\n  printf '%s\\n' " + shell_quote("### " + markdown_text(exercise) + ": ") +
         "\"$total\"" + shell_quote(" of " + std::to_string(points) + " points") +
         " '' \\\n    '| Case | Points | Verdict |' '| :--- | ---: | :--- |' \"${rows[@]}\" '' " +
         shell_quote(note) + "\n} >>\"$GITHUB_STEP_SUMMARY\"\n";
}

namespace {

// The step after the cases that writes the job summary (classroom_summary_script) from each
// case step's outcome. It runs always: after a failed case, and after a cancelled run, to show
// what ran. A step cut short by its timeout did not succeed: failed there, as the reporter
// reads it.
std::string summary_step(const std::string& exercise, const std::vector<ClassroomStep>& steps) {
  std::string yaml =
      "      - name: Points by case\n"
      "        if: ${{ always() }}\n"
      "        timeout-minutes: 1\n"
      "        shell: bash\n"
      "        env:\n";
  for (const ClassroomStep& step : steps) {
    yaml += "          " + upper(step.id) + "_OUTCOME: ${{ steps." + step.id + ".outcome }}\n";
  }
  yaml += "        run: |\n";
  std::istringstream lines(classroom_summary_script(exercise, steps));
  for (std::string line; std::getline(lines, line);) yaml += "          " + line + "\n";
  return yaml;
}

}  // namespace

std::string classroom_workflow(const std::string& exercise, const fs::path& starter,
                               const std::vector<ClassroomStep>& steps) {
  std::ostringstream out;
  out << "# The " << exercise
      << " exercise, graded on every push: one step per public case, each "
         "running the\n"
         "# starter's build/check on that case and worth its points; the reporter adds them "
         "up for GitHub\n"
         "# Classroom. Written by `bloom-grader classroom "
      << exercise
      << "` from the cases (docs/github-classroom.md):\n"
         "# write it again rather than edit it. Autograding tests added in Classroom's "
         "assignment form\n"
         "# would replace this file.\n"
         "name: Autograding Tests\n"
         // Events as a mapping: @actions/workflow-parser's schema takes repository_dispatch
         // (with which GitHub Classroom runs the workflow again) only in this form.
         "'on':\n"
         "  push:\n"
         "  workflow_dispatch:\n"
         "  repository_dispatch:\n"
         "permissions:\n"
         "  checks: write\n"
         "  actions: read\n"
         "  contents: read\n"
         "jobs:\n"
         "  run-autograding-tests:\n"
         "    runs-on: ubuntu-latest\n"
         "    # not on the commit that GitHub Classroom makes when it creates the repository\n"
         "    if: github.actor != 'github-classroom[bot]'\n"
         "    steps:\n"
         "      - name: Checkout code\n"
         "        uses: "
      << kCheckout << "\n";
  const std::string setup =
      steps.empty() ? "" : classroom_build_command(starter, steps.front().test_name);
  // Each case's step runs after a failed one (!cancelled()), fails when its case fails (a red
  // cross), and writes its result for the reporter either way.
  for (const ClassroomStep& step : steps) {
    out << "      - name: " << yaml_quote(step.test_name) << "\n"
        << "        id: " << step.id << "\n"
        << "        if: ${{ !cancelled() }}\n"
        << "        timeout-minutes: " << step.timeout_minutes << "\n"
        << "        shell: bash\n"
        << "        run: |\n";
    std::istringstream lines(classroom_step_script(setup, step));
    for (std::string line; std::getline(lines, line);) out << "          " << line << "\n";
  }
  out << summary_step(exercise, steps)
      << "      - name: Autograding Reporter\n"
         "        if: ${{ !cancelled() }}\n"
         "        uses: "
      << kReporter
      << "\n"
         "        env:\n";
  // A step cut short by its timeout-minutes writes no result: the reporter reads it as failed.
  std::string runners;
  for (const ClassroomStep& step : steps) {
    out << "          " << upper(step.id) << "_RESULTS: "
        << yaml_quote("${{ steps." + step.id + ".outputs.result || '" +
                      classroom_result(step, false) + "' }}")
        << "\n";
    runners += (runners.empty() ? "" : ",") + step.id;
  }
  out << "        with:\n"
         "          runners: "
      << runners << "\n";
  return out.str();
}

namespace {

// The rows of a list that is either one id or URL a line, or a CSV export whose header line
// `is_header` recognises (before any row). Blank and # lines are skipped. For each row: its line
// number, its text, and with a header a reader of its columns by name ("" when absent).
using ColumnReader = std::function<std::string(const std::string&)>;
void for_each_list_row(
    const std::string& text, const fs::path& file,
    const std::function<bool(const std::string&)>& is_header,
    const std::function<void(int, const std::string&, const ColumnReader*)>& row) {
  std::optional<std::vector<std::string>> header;
  std::istringstream lines(text);
  int number = 0;
  bool any_row = false;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const std::string content = trimmed(line);
    if (content.empty() || content[0] == '#') continue;
    if (!header && !any_row && is_header(content)) {
      header = csv_fields(content);
      if (!header) throw FileError(file, number, "a quote is left open in the header");
      continue;
    }
    any_row = true;
    if (!header) {
      row(number, content, nullptr);
      continue;
    }
    const std::optional<std::vector<std::string>> fields = csv_fields(content);
    if (!fields) throw FileError(file, number, "a quote is left open");
    const ColumnReader column = [&](const std::string& name) {
      return csv_column(*header, *fields, name);
    };
    row(number, content, &column);
  }
}

// An id a list gives, as a folder name, once: a file error on `number` otherwise.
void check_list_id(const std::string& id, const fs::path& file, int number,
                   std::map<std::string, int>& seen) {
  if (!plain_id(id)) {
    throw FileError(file, number,
                    "\"" + id +
                        "\" is not a folder name (letters, digits, '.', '_', '-' and '@', not "
                        "starting with '.')");
  }
  if (const auto [at, added] = seen.emplace(id, number); !added) {
    throw FileError(file, number,
                    "the id \"" + id + "\" is already line " + std::to_string(at->second) + "'s");
  }
}

}  // namespace

std::vector<ClassroomRepository> parse_repository_list(const std::string& text,
                                                       const fs::path& file) {
  std::vector<ClassroomRepository> repositories;
  std::map<std::string, int> seen;                      // id -> its line
  const auto is_header = [](const std::string& line) {  // Classroom's grades export
    return line.find("student_repository_url") != std::string::npos;
  };
  const auto read = [&](int number, const std::string& content, const ColumnReader* column) {
    ClassroomRepository repository;
    repository.line = number;
    if (column) {
      // a student who has not accepted the assignment has no repository: kept, for their row
      repository.url = (*column)("student_repository_url");
      repository.id = (*column)("github_username");
      if (repository.id.empty()) repository.id = (*column)("student_repository_name");
      if (repository.id.empty()) repository.id = (*column)("roster_identifier");
      if (repository.id.empty()) return;  // a row that names nobody
      const std::string points = (*column)("points_awarded");
      if (!points.empty()) {
        int value = 0;
        const auto [end, problem] =
            std::from_chars(points.data(), points.data() + points.size(), value);
        if (problem != std::errc() || end != points.data() + points.size()) {
          throw FileError(file, number, "points_awarded \"" + points + "\" is not a whole number");
        }
        repository.points_awarded = value;
      }
    } else {
      repository.url = content;
      repository.id = repository_name(content);
    }
    check_list_id(repository.id, file, number, seen);
    repositories.push_back(repository);
  };
  for_each_list_row(text, file, is_header, read);
  return repositories;
}

std::vector<std::string> parse_roster(const std::string& text, const fs::path& file) {
  std::vector<std::string> ids;
  std::map<std::string, int> seen;  // id -> its line
  const auto is_header = [](const std::string& line) {  // Classroom's roster export
    return line.find("identifier") != std::string::npos && line.find(',') != std::string::npos;
  };
  const auto read = [&](int number, const std::string& content, const ColumnReader* column) {
    std::string id = content;
    if (column) {
      id = (*column)("github_username");
      if (id.empty()) id = (*column)("identifier");
    }
    check_list_id(id, file, number, seen);
    ids.push_back(id);
  };
  for_each_list_row(text, file, is_header, read);
  return ids;
}

int classroom_command(const ClassroomOptions& options) {
  return options.collect.empty() ? write_template(options) : collect(options);
}

}  // namespace grader
