// What `batch`, `merge` and `report` make of many submission reports, one table of them: the
// gradebook (gradebook.csv), the class report's page (report.html), the learning platforms'
// imports (canvas.csv, moodle.csv) and the table printed on the terminal. Each is rendered by one
// function that every subcommand calls; adding an output is one row and one function. The
// single-run formats (`run --report`) are formats.hpp's.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "report/submission_report.hpp"

namespace grader {

struct BatchOutput {
  std::string_view name;  // the file's name in a batch's --out folder, or "terminal"
  bool file = true;       // written to a file; else printed on standard output
  std::string_view about;
  // The output's text. `show_hidden`: the instructor's view of hidden cases (the page's text
  // of them); outputs that show no case's text ignore it.
  std::string (*render)(const std::vector<SubmissionReport>& reports, bool show_hidden);
};
// The gradebook first: `merge --out` names its file, and the others go beside it.
[[nodiscard]] std::span<const BatchOutput> batch_outputs();
// The output of that name; std::logic_error for a name that is none (a name is the kit's own).
[[nodiscard]] const BatchOutput& batch_output(std::string_view name);

// The gradebook: a header, then one row per report in their order: id, status, score, max,
// passed, failed, looks_like; the public and hidden subtotals and what classroom --collect
// recorded (workflow_points, protected_changed, commit, commit_time, late_days, late_penalty,
// final, collected); then each case's points and verdict. Each text cell is written by
// csv_cell() (csv.hpp): no cell starts a formula.
[[nodiscard]] std::string gradebook_csv(const std::vector<SubmissionReport>& reports);

// The batch as a learning platform imports it, one row per report, the score in a column
// named for the exercises graded: Canvas's gradebook CSV (Student, ID, SIS User ID, SIS Login
// ID, Section, the score) and Moodle's grade import CSV (username, the score, feedback), the
// submission's id as the student's login.
[[nodiscard]] std::string canvas_csv(const std::vector<SubmissionReport>& reports);
[[nodiscard]] std::string moodle_csv(const std::vector<SubmissionReport>& reports);

// The terminal's table: a row per submission (id, status, score, what it looks like), then the
// class's counts of each known mistake and each other cause. Every text from a submission is
// inert (inert.hpp).
[[nodiscard]] std::string batch_table(const std::vector<SubmissionReport>& reports);

}  // namespace grader
