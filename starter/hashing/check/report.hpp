// The report of a graded run and its text form for students. The other forms (JSON, Gradescope,
// JUnit: report_formats.hpp) explain a failure with the same lines (failure_details), so no
// format tells less than another. This part needs nothing but the standard library: the
// starters' self-check uses it as it is.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "judge.hpp"

namespace grader {

struct Report {
  std::vector<CaseResult> results;
  std::string command;  // as the user typed it
  bool interrupted = false;
  // The instructor's view: hidden cases in full, as public ones. Off in everything a student
  // sees; the Gradescope writer ignores it (its hidden tests are students' results too).
  bool show_hidden = false;

  // Whether this report hides the lines of `kase` (a hidden case, not the instructor's view).
  [[nodiscard]] bool masks(const Case& kase) const { return kase.hidden && !show_hidden; }
  [[nodiscard]] int score() const;
  [[nodiscard]] int max_score() const;
  [[nodiscard]] int passed() const;
  [[nodiscard]] int failed() const;  // every case that did not pass, not-run included
  // Each known mistake named in some case, with the number of cases that name it, in order of
  // first appearance; leaving out one whose cases all name another mistake too, when that
  // other is named in more cases (two mistakes may answer one case alike).
  [[nodiscard]] std::vector<std::pair<const MistakeInfo*, int>> diagnoses() const;
};

// "this is what you get when MESSAGE (SOURCE) [ID]"
[[nodiscard]] std::string diagnosis_line(const MistakeInfo& mistake);

// The function a line says is missing, when it holds `error: not implemented: NAME` (what a
// starter's stub answers, docs/protocol.md); "" otherwise.
[[nodiscard]] std::string_view not_implemented_function(std::string_view line);

// The case's hints that apply to this result: only for a wrong or missing answer (never a
// crash, a hang or a pass), only when no known mistake was named for it (the mistake's message
// is the advice then), and only those about the command of the line first answered wrongly
// (or about any line). Text and JSON reports show these and no others.
[[nodiscard]] std::vector<std::string> shown_hints(const CaseResult& result);

// The explanation of a failed case, one line per element, without indentation: where (case
// file and line), what was sent, expected and actual with a caret, a little context, the hint,
// and the first lines of stderr. A hidden case says only its verdict and diagnosis, unless
// `show_hidden` (the instructor's view), when it says all, under a first line that says so.
// Where is the case file's path, or with `by_id` its id ("bip37/crlf-input.case"): what
// Gradescope shows names no folder of the grading machine.
[[nodiscard]] std::vector<std::string> failure_details(const CaseResult& result,
                                                       bool show_hidden = false, bool by_id = false);

struct TextStyle {
  bool color = false;
  bool verbose = false;  // also the details of passed cases' stderr
};

// Passed cases one line each, failed ones with their details; then `score S/M` and
// `N passed, N failed` as the last line.
void write_text(const Report& report, std::ostream& out, const TextStyle& style);

}  // namespace grader
