// GitHub Classroom (docs/github-classroom.md). `bloom-grader classroom EXERCISE --out DIR`
// writes an exercise's template repository: the student bundle's files, and a GitHub Actions
// workflow that grades every push with the starter's own build/check, one step per case that
// fails when its case fails and hands on a result worth the case's points, a step that tables
// every case's points on the run's summary page, and
// classroom-resources/autograding-grading-reporter to add them up for Classroom.
// `--collect LIST` is the instructor's way back: the students' repositories cloned into one
// submission folder each, for `bloom-grader batch` and its hidden cases, which a student's
// repository cannot hide.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case_file.hpp"

namespace grader {

// One graded step of the workflow: one case.
struct ClassroomStep {
  std::string id;         // the step's id, letters and digits (classroom_step_id)
  std::string test_name;  // the case id, "bip37/worked-example"
  std::string command;    // build/check on that case, from the top of the repository
  int points = 0;         // the step's max-score: the case's points
  int timeout_minutes = 0;
};

// The steps for `cases`, whose files lie under `repository` (the template's top folder), in
// order, each running `starter`/build/check (`starter` relative to the repository) on its
// case. Every step's setup builds the starter (classroom_build_command): the first compiles
// it, the others find it built. The first step's timeout covers that build
// (batch's --build-timeout default); every step's covers its case's time limit
// (case_time_limit) and what build/check does besides. Throws std::invalid_argument for a case
// that a student's repository cannot hold (a hidden one: it would not stay hidden) or a
// workflow cannot name (a path with "${{", which GitHub would evaluate).
[[nodiscard]] std::vector<ClassroomStep> classroom_steps(const std::vector<Case>& cases,
                                                         const std::filesystem::path& repository,
                                                         const std::filesystem::path& starter);

// What every step runs first: build the starter once, and say so quickly when an earlier
// step's build failed (`first` names that step).
[[nodiscard]] std::string classroom_build_command(const std::filesystem::path& starter,
                                                  const std::string& first);

// The result a step hands the reporter (classroom-resources/autograding-grading-reporter): base64
// of the JSON Classroom's command grader writes, passed or failed, worth the step's points.
[[nodiscard]] std::string classroom_result(const ClassroomStep& step, bool passed);

// A step's bash script (its `run:`): `setup`, then its case's build/check; it writes its result
// to $GITHUB_OUTPUT and exits with check's status, so a failed case fails its step.
[[nodiscard]] std::string classroom_step_script(const std::string& setup,
                                                const ClassroomStep& step);

// Text that a Markdown table cell (GitHub Flavored Markdown) shows as it is: made inert (no line
// break or control character), then every ASCII punctuation character escaped with a
// backslash, so that none opens markup, a link, HTML or an entity, nor ends the cell.
[[nodiscard]] std::string markdown_text(std::string_view text);

// The bash script that appends to $GITHUB_STEP_SUMMARY (the run's summary page) a table of the
// steps' cases: each case's id in full, its points and its verdict, passed when the variable
// ID_OUTCOME (the step's id upper-cased) is `success`, failed otherwise; above it the total, the
// points of the cases that passed. A step succeeds exactly when it hands the reporter its
// passed result (classroom_step_script), so the total is what the reporter gives Classroom.
// Every cell is rendered and escaped here (markdown_text): the script only picks rows and adds.
[[nodiscard]] std::string classroom_summary_script(const std::string& exercise,
                                                   const std::vector<ClassroomStep>& steps);

// `.github/workflows/classroom.yml` for those steps: checkout, the steps, the summary of points
// (classroom_summary_script, which runs always), the reporter; every step after the first runs
// whatever the ones before it did, and the reporter reads a step cut short by its timeout as
// failed.
[[nodiscard]] std::string classroom_workflow(const std::string& exercise,
                                             const std::filesystem::path& starter,
                                             const std::vector<ClassroomStep>& steps);

// A step id from a case id: its runs of letters and digits, each after the first capitalised
// ("bip37/worked-example" -> "bip37WorkedExample"); "case" first when it would not start with
// a letter. Letters and digits only: the reporter reads each step's result from the variable
// ID_RESULTS and accepts its list of ids only in that alphabet.
[[nodiscard]] std::string classroom_step_id(std::string_view case_id);

// A repository to collect: its submission id and what `git clone` takes.
struct ClassroomRepository {
  std::string id;
  std::string url;                    // "" for a student of a grades export who never accepted
  int line = 0;                       // in the list, for messages
  std::optional<int> points_awarded;  // what the Classroom workflow reported, from the export
};

// The repositories of a list, `file` naming it in errors (FileError, "FILE:LINE: error: ..."):
// either GitHub Classroom's grades export (a CSV file whose header has student_repository_url;
// the id is github_username, else student_repository_name, else roster_identifier; a row
// without a repository, a student who never accepted, is kept with an empty url; its
// points_awarded is kept), or one repository a line (a URL or a path; its id the last part of
// it, without .git), blank lines and `#` comments skipped. Two repositories with one id, an id
// that is not a plain folder name, or points that are not a whole number are errors.
[[nodiscard]] std::vector<ClassroomRepository> parse_repository_list(
    const std::string& text, const std::filesystem::path& file);

// The students of a roster file, `file` naming it in errors: one id a line (blank lines and `#`
// comments skipped), or GitHub Classroom's roster export (a CSV file whose header has
// `identifier`; the id is github_username, else identifier). An id given twice, or one that is
// not a plain folder name, is an error (FileError).
[[nodiscard]] std::vector<std::string> parse_roster(const std::string& text,
                                                    const std::filesystem::path& file);

struct ClassroomOptions {
  std::string exercise;
  std::filesystem::path out;      // the template repository, or with collect the submissions
  std::filesystem::path kit;      // the kit's sources; empty: the kit above the current folder
  std::filesystem::path collect;  // a list of repositories; empty: write the template
  // With collect (docs/github-classroom.md, "Deadlines"):
  std::string deadline;                       // ISO 8601 with an offset; empty: each HEAD
  std::filesystem::path extensions;           // per-student deadlines (deadlines.hpp)
  int late_days = 0;     // days after a deadline a commit is still taken (0 or more)
  int late_penalty = 0;  // percent of the score a day begun late (0 to 100)
  std::filesystem::path template_repository;  // the template, to compare protected paths with
  std::filesystem::path roster;               // every student, for those the list lacks
};

// `bloom-grader classroom`. Without collect: writes the template of `exercise` into `out` (a
// new folder) as a git repository with one commit on main, by the kit's own identity; 0
// written, 2 could not. With collect: clones each repository of the list into out/ID at its
// newest commit, or with a deadline its last commit before the student's cutoff (by committer
// time), checking out only starter/EXERCISE/ (batch --build cmake builds its shallowest
// CMakeLists.txt); skips an ID already there; and records every student of the list in
// out/collection.json (report/collection.hpp), those without a folder with the reason. Prints
// each one's commit, a count by reason, and the batch command; 0 every repository collected
// (a student who never accepted or pushed nothing is no failure), 1 some could not be cloned,
// 2 the list, the extensions or the options could not be read.
[[nodiscard]] int classroom_command(const ClassroomOptions& options);

}  // namespace grader
