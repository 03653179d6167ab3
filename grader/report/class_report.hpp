// The instructor's class report: one self-contained HTML page (no network, inline CSS, SVG and
// a little script) that shows how a batch went: a summary, the score distribution, the known
// mistakes the class made, each case's pass rate, and every submission with its failures.
// `batch`, `merge` and `report` write it from the submission reports; `run --report html`
// writes it for one program. See docs/batch.md, "The class report".
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "report/submission_report.hpp"

namespace grader {

// What the page knows of a case besides the reports: from the case itself, or read from the case
// file a report names.
struct CaseInfo {
  std::string id;
  std::string file;
  int points = 0;
  bool hidden = false;
  std::string section;              // "lesson 000, \"The filterload payload\"": the first
                                    // comment's closing parenthesis, "" when it has none
  std::optional<std::string> text;  // the file's text; none when unreadable, or hidden and
                                    // not shown
  std::string missing;              // why there is no text
};

// The cases of the reports in their order of first appearance, each read from the file the
// first report that has it names (the reports of a batch, read back, hold no case's text). A
// hidden case's text is read only with `show_hidden`.
[[nodiscard]] std::vector<CaseInfo> case_infos(const std::vector<SubmissionReport>& reports,
                                               bool show_hidden);
// The cases of one run as it graded them, from its outcome alone (no file is read again); a
// hidden case's text only in the instructor's view (Report::show_hidden).
[[nodiscard]] std::vector<CaseInfo> case_infos(const Report& report);

// The numbers of the page, and of the table `batch` ends with.
struct ClassSummary {
  struct Count {
    SubmissionReport::Look look;  // what the submissions looked like: its name the row's
    std::string about;            // the mistake's message, or "" for a cause
    int submissions = 0;
  };
  struct CaseRate {
    std::string id;
    int passed = 0;
    int graded = 0;  // submissions that ran it: all but those whose build failed
  };
  int submissions = 0;
  int passed = 0;        // status passed: every case
  int build_failed = 0;
  int with_timeout = 0;  // submissions with at least one case timed out
  int with_crash = 0;    // ... crashed
  int with_memory = 0;   // ... ran out of memory (memory-limit)
  int max_score = 0;     // the highest max_score of the reports
  double median_score = 0;
  double mean_score = 0;
  // Submissions by score, in percent of their max: 0-9, 10-19, ..., 90-99, and 100.
  std::array<int, 11> histogram{};
  std::vector<Count> mistakes;  // the known mistakes named, most submissions first
  std::vector<Count> causes;    // the other looks: no known mistake, timeouts, ..., build failed
  std::vector<CaseRate> cases;  // lowest pass rate first
};

[[nodiscard]] ClassSummary summarize(const std::vector<SubmissionReport>& reports);

// A number as the page and the screen show it: at most one decimal, none when whole ("37",
// "52.5").
[[nodiscard]] std::string decimal_text(double value);

// The page. It depends on the reports and cases alone (no date, no path of this run), so the
// merge of shards writes the page one batch writes.
[[nodiscard]] std::string class_report_html(const std::vector<SubmissionReport>& reports,
                                            const std::vector<CaseInfo>& cases,
                                            const std::string& title = "Class report");

}  // namespace grader
