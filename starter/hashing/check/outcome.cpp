#include "outcome.hpp"

#include "inert.hpp"
#include "report.hpp"

namespace grader {

std::string_view status_name(SubmissionStatus status) {
  switch (status) {
    case SubmissionStatus::Passed:
      return "passed";
    case SubmissionStatus::Failed:
      return "failed";
    case SubmissionStatus::BuildFailed:
      return "build-failed";
    case SubmissionStatus::NotCollected:
      return "not-collected";
  }
  return "failed";
}

std::optional<SubmissionStatus> parse_submission_status(std::string_view name) {
  for (const SubmissionStatus status : kSubmissionStatuses) {
    if (status_name(status) == name) return status;
  }
  return std::nullopt;
}

std::string NamedMistakes::name() const {
  if (mistakes.size() == 1) return mistakes.front();
  std::string text = "one of:";
  for (std::size_t i = 0; i < mistakes.size(); ++i) text += (i == 0 ? " " : ", ") + mistakes[i];
  return text;
}

std::string NamedMistakes::message() const {
  std::string text;
  for (const std::string& line : messages) text += (text.empty() ? "" : "; or ") + line;
  return text;
}

NamedMistakes named_mistakes(const Diagnosed& diagnosed) {
  NamedMistakes named;
  named.cases = diagnosed.cases;
  for (const MistakeInfo* mistake : diagnosed.mistakes) {
    named.mistakes.push_back(mistake->id);
    named.messages.push_back(diagnosis_line(*mistake));
  }
  return named;
}

Outcome outcome_of(const Report& report) {
  return outcome_of(report, {report.show_hidden, false});
}

Outcome outcome_of(const Report& report, OutcomeView view) {
  Outcome outcome;
  outcome.status = report.failed() == 0 ? SubmissionStatus::Passed : SubmissionStatus::Failed;
  for (const CaseResult& r : report.results) {
    const bool masked = r.kase->hidden && !view.show_hidden;
    CaseOutcome c;
    c.name = r.kase->name;
    c.file = r.kase->file.string();
    c.verdict = r.verdict;
    c.summary = masked ? "" : r.summary;
    c.points = r.points;
    c.max_points = r.kase->points;
    c.hidden = r.kase->hidden;
    c.time_ms = r.run.elapsed.count();
    c.cpu_ms = r.run.cpu.count();
    if (r.run.signal == 0) c.exit_code = r.run.exit_code;
    if (r.run.signal != 0) c.signal = signal_name(r.run.signal);
    if (r.mismatch && !masked) {
      const Mismatch& m = *r.mismatch;
      c.mismatch =
          MismatchOutcome{m.step ? m.step->input : "",
                          m.case_line,
                          m.output_line + 1,
                          m.expected,
                          m.actual ? std::optional<std::string>(visible(*m.actual)) : std::nullopt,
                          m.extra_output};
    }
    // a count, which tells nothing of a hidden case's text
    c.extra_lines_before = r.mismatch ? static_cast<int>(r.mismatch->extra_lines) : 0;
    for (const std::vector<const MistakeInfo*>& claim : diagnosis_claims(r)) {
      Claim& named = c.diagnosis.emplace_back();
      for (const MistakeInfo* mistake : claim) named.mistakes.push_back(mistake->id);
    }
    if (!masked) c.hints = shown_hints(r);
    if (r.verdict != Verdict::Passed) c.details = failure_details(r, view.show_hidden, view.by_id);
    c.err = masked ? "" : visible(r.run.err, r.run.err.size());
    outcome.cases.push_back(std::move(c));
  }
  RunSummary& summary = outcome.summary;
  summary.cases = static_cast<int>(report.results.size());
  summary.passed = report.passed();
  summary.failed = report.failed();
  summary.score = report.score();
  summary.max_score = report.max_score();
  summary.command = report.command;
  summary.interrupted = report.interrupted;
  for (const Diagnosed& diagnosed : report.diagnoses())
    summary.diagnosis.push_back(named_mistakes(diagnosed));
  return outcome;
}

}  // namespace grader
