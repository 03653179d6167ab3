#include "report/student_page.hpp"

#include "report/html.hpp"

namespace grader {

namespace {

// One case as the page shows it, read from the report: a hidden case's fields other than its
// verdict and points are never read, so no text of it can reach the page.
struct ShownCase {
  std::string title;  // "bip37/worked-example", or "hidden case 2"
  bool passed = false;
  std::optional<Verdict> verdict;  // why it failed; none for a hidden case (failed alone)
  int points = 0;
  int max_points = 0;
  std::vector<std::string> lines;  // a public failure's text report lines; empty otherwise
};

std::vector<ShownCase> shown_cases(const SubmissionReport& report) {
  std::vector<ShownCase> shown;
  int hidden = 0;
  for (const CaseOutcome& c : report.cases()) {
    const bool passed = c.verdict == Verdict::Passed;
    ShownCase one{"", passed, std::nullopt, c.points, c.max_points, {}};
    if (c.hidden) {
      one.title = "hidden case " + std::to_string(++hidden);
    } else {
      one.title = c.name;
      one.verdict = c.verdict;
      one.lines = c.details;
    }
    shown.push_back(std::move(one));
  }
  return shown;
}

// "failed (timeout)": why a public case failed; "passed" or "failed" alone otherwise.
std::string result_text(const ShownCase& c) {
  if (c.passed) return "passed";
  return c.verdict ? "failed (" + std::string(verdict_name(*c.verdict)) + ")" : "failed";
}

std::string score_line(const SubmissionReport& report) {
  return "score " + std::to_string(report.score()) + "/" + std::to_string(report.max_score()) +
         " points; " + std::to_string(report.passed()) + " passed, " +
         std::to_string(report.failed()) + " failed";
}

// The build's output when the build failed: the student's own compiler messages.
std::string build_output(const SubmissionReport& report) {
  if (report.status() != SubmissionStatus::BuildFailed) return "";
  return report.outcome.build.output.value_or("");
}

std::vector<std::string> diagnoses(const SubmissionReport& report) {
  std::vector<std::string> lines;
  for (const NamedMistakes& named : report.outcome.summary.diagnosis) {
    lines.push_back(named.messages.empty() ? named.name() : named.message());
  }
  return lines;
}

constexpr std::string_view kStyle = R"(<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:900px;margin:0 auto;padding:1rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid #ccc}
td.num{text-align:right}.passed{color:#0072B2}.failed{color:#D55E00}
pre{background:#f5f5f5;padding:.5rem;overflow-x:auto;white-space:pre;font-size:13px}
</style>)";

}  // namespace

std::string student_page_text(const SubmissionReport& report) {
  std::string text = "submission " + report.submission + ": " +
                     std::string(status_name(report.status())) + "\n" + score_line(report) + "\n";
  const std::string looks = looks_like_text(report);
  if (!looks.empty()) text += "looks like: " + looks + "\n";
  for (const std::string& line : diagnoses(report)) text += "diagnosis: " + line + "\n";
  const std::string build = build_output(report);
  if (!build.empty())
    text += "\nthe build's output:\n" + build + (build.ends_with('\n') ? "" : "\n");
  text += "\n";
  for (const ShownCase& c : shown_cases(report)) {
    text += c.title + ": " + result_text(c) + ", " + std::to_string(c.points) + "/" +
            std::to_string(c.max_points) + " points\n";
    for (const std::string& line : c.lines) text += "    " + line + "\n";
  }
  return text;
}

std::string student_page_html(const SubmissionReport& report) {
  html::Writer page;
  page.open("html", {{"lang", "en"}}).open("head").empty("meta", {{"charset", "utf-8"}});
  page.element("title", "Results of " + report.submission).trusted(kStyle).close();  // head
  page.open("body").element("h1", "Results of " + report.submission);
  page.element("p", std::string(status_name(report.status())) + ": " + score_line(report));
  const std::string looks = looks_like_text(report);
  if (!looks.empty()) page.element("p", "Looks like: " + looks);
  const std::vector<std::string> named = diagnoses(report);
  if (!named.empty()) {
    page.element("h2", "Known mistakes found").open("ul");
    for (const std::string& line : named) page.element("li", line);
    page.close();
  }
  const std::string build = build_output(report);
  if (!build.empty()) page.element("h2", "The build's output").element("pre", build);
  page.element("h2", "Cases").open("table").open("thead").open("tr");
  page.element("th", "case").element("th", "result").element("th", "points").close().close();
  page.open("tbody");
  for (const ShownCase& c : shown_cases(report)) {
    page.open("tr").element("td", c.title);
    page.open("td").element("span", {{"class", c.passed ? "passed" : "failed"}},
                            c.passed ? "passed" : "failed");
    if (!c.passed && c.verdict) page.text(" (" + std::string(verdict_name(*c.verdict)) + ")");
    if (!c.lines.empty()) {
      std::string lines;
      for (const std::string& line : c.lines) lines += line + "\n";
      page.element("pre", lines);
    }
    page.close();  // td
    page.element("td", {{"class", "num"}},
                 std::to_string(c.points) + "/" + std::to_string(c.max_points))
        .close();
  }
  return page.finish();
}

}  // namespace grader
