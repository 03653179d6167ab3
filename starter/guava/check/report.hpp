// The report of a graded run and its text form for students. The other forms (JSON,
// Gradescope, JUnit, HTML: the grader's report/ folder) explain a failure with the same lines
// (failure_details), so no format tells less than another. This part needs nothing but the
// standard library: the starters' self-check uses it as it is.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "judge.hpp"
#include "outcome.hpp"

namespace grader {

// Known mistakes that explain the same cases: one (found), or several that the cases cannot
// tell apart ("one of").
struct Diagnosed {
  std::vector<const MistakeInfo*> mistakes;
  int cases = 0;
  // "fnv-1", or "one of: fnv-1, halves-swapped": how reports name it
  [[nodiscard]] std::string name() const;
};

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
  // What the known mistakes named in the cases come to, in order of first appearance: each
  // mistake with the number of cases that name it; mistakes named in exactly the same cases
  // as one entry, since the cases cannot tell them apart ("one of"); leaving out one whose
  // cases all name another mistake too, when that other is named in more cases (two mistakes
  // may answer one case alike). A mistake a pair's answer names is certain: never grouped.
  [[nodiscard]] std::vector<Diagnosed> diagnoses() const;
};

// What a case's diagnosis claims, in order: each mistake a pair's answer names, one claim
// each (the program made both); a single mistake alone; or, when several single mistakes give
// this same answer, one claim of all of them ("one of": the case cannot tell which).
[[nodiscard]] std::vector<std::vector<const MistakeInfo*>> diagnosis_claims(
    const CaseResult& result);

// The entry of one of Report::diagnoses(): its ids and each one's diagnosis_line().
[[nodiscard]] NamedMistakes named_mistakes(const Diagnosed& diagnosed);

// How outcome_of shows each case's details (failure_details): with `show_hidden`, hidden cases
// in full (the instructor's view; also unmasks their summary, hints and stderr); with `by_id`, a
// case named by its id rather than its file's path (what Gradescope shows).
struct OutcomeView {
  bool show_hidden = false;
  bool by_id = false;
};

// The outcome of `report`: passed when every case did, else failed; built without a build.
[[nodiscard]] Outcome outcome_of(const Report& report, OutcomeView view);
// ... in the report's own view (Report::show_hidden).
[[nodiscard]] Outcome outcome_of(const Report& report);

// "this is what you get when MESSAGE (SOURCE) [ID]"
[[nodiscard]] std::string diagnosis_line(const MistakeInfo& mistake);

// The summary line of one entry of Report::diagnoses(), and for "one of" the lines after it:
// "looks like ID in N cases: this is what you get when ...", or "looks like one of: A, B (in N
// cases; they answer them alike)" and "  this is what you get when ... [A]" for each.
[[nodiscard]] std::vector<std::string> diagnosed_lines(const Diagnosed& diagnosed);
// The same lines of an outcome's entry (RunSummary::diagnosis).
[[nodiscard]] std::vector<std::string> diagnosed_lines(const NamedMistakes& named);

// The function a line says is missing, when it holds `error: not implemented: NAME` (what a
// starter's stub answers, docs/protocol.md); "" otherwise.
[[nodiscard]] std::string_view not_implemented_function(std::string_view line);

// The case's hints that apply to this result: only for a wrong or missing answer (never a
// crash, a hang or a pass), never beside `error: not implemented` (the function is still to
// write) or a known mistake named for it (the mistake's message is the advice then), and only
// those about the command of the line first answered wrongly (or about any line), of each the
// first whose premise holds (judge.hpp, premise_holds). A hint takes
// for granted what the case's @needs test: when one of them failed too, the one hint is to fix
// it first; when one was not graded, each hint says that it assumes it passes. Text and JSON
// reports show these and no others.
[[nodiscard]] std::vector<std::string> shown_hints(const CaseResult& result);

// The explanation of a failed case, one line per element, without indentation: where (case
// file and line), what was sent, expected and actual with a caret, a little context, the hint,
// and the first lines of stderr. A hidden case says only its verdict and diagnosis, unless
// `show_hidden` (the instructor's view), when it says all, under a first line that says so.
// Where is the case file's path, or with `by_id` its id ("bip37/crlf-input.case"): what
// Gradescope shows names no folder of the grading machine. Every line is inert (inert.hpp).
[[nodiscard]] std::vector<std::string> failure_details(const CaseResult& result,
                                                       bool show_hidden = false, bool by_id = false);

struct TextStyle {
  bool color = false;
  bool verbose = false;  // also the details of passed cases' stderr
};

// Passed cases one line each, failed ones with their details; then `score S/M` and
// `N passed, N failed` as the last line. Every text from a program or a case is inert (inert.hpp).
void write_text(const Report& report, std::ostream& out, const TextStyle& style);

}  // namespace grader
