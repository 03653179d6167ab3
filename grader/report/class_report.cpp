#include "report/class_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "case_file.hpp"
#include "file_io.hpp"
#include "report/html.hpp"
#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// "docs/protocol.md, \"FILTERLOAD\"" from a case's first comment: its last parenthesis that
// cites the protocol (the kit's cases end so) or, in an instructor's own case, a lesson.
std::string section_of(const std::string& description) {
  for (std::size_t close = description.rfind(')'); close != std::string::npos && close > 0;
       close = description.rfind(')', close - 1)) {
    const std::size_t open = description.rfind('(', close);
    if (open == std::string::npos) break;
    const std::string inside = description.substr(open + 1, close - open - 1);
    if (inside.rfind("docs/protocol.md", 0) == 0 || inside.rfind("lesson", 0) == 0 ||
        inside.rfind("protocol", 0) == 0) {
      std::string flat;  // a comment wraps lines; the section reads as one
      for (const char c : inside) flat += c == '\n' ? ' ' : c;
      return flat;
    }
    if (open == 0) break;
  }
  return "";
}

double median_of(std::vector<int> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

std::string percent_text(int part, int whole) {
  return whole == 0 ? "0 %" : decimal_text(std::round(1000.0 * part / whole) / 10) + " %";
}

std::string plural(int count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// "200 submissions on 81 cases of basics, bip37, hashing, protocol": from the reports alone, so
// that a merge of shards writes the page a single batch writes.
std::string what_was_graded(const std::vector<SubmissionReport>& reports, const std::vector<CaseInfo>& cases) {
  std::set<std::string> folders;
  for (const CaseInfo& info : cases) folders.insert(info.id.substr(0, info.id.find('/')));
  std::string names;
  for (const std::string& folder : folders) names += (names.empty() ? "" : ", ") + folder;
  return plural(static_cast<int>(reports.size()), "submission", "submissions") + " graded on " +
         plural(static_cast<int>(cases.size()), "case", "cases") + (names.empty() ? "" : " of " + names);
}

}  // namespace

std::string decimal_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  std::string out = text;
  if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
  return out == "-0" ? "0" : out;
}

namespace {

// The text of a case for the page: none for a hidden case out of the instructor's view.
void show_text(CaseInfo& info, std::string text, bool show_hidden) {
  if (info.hidden && !show_hidden) {
    info.missing = "a hidden case: its text is shown with --show-hidden";
  } else {
    info.text = std::move(text);
  }
}

}  // namespace

std::vector<CaseInfo> case_infos(const Report& report) {
  std::vector<CaseInfo> infos;
  for (const CaseResult& result : report.results) {
    const Case& kase = *result.kase;
    CaseInfo info{kase.name, kase.file.string(), kase.points, kase.hidden, section_of(kase.description), {}, {}};
    show_text(info, kase.source, report.show_hidden);
    infos.push_back(std::move(info));
  }
  return infos;
}

std::vector<CaseInfo> case_infos(const std::vector<SubmissionReport>& reports, bool show_hidden) {
  std::vector<CaseInfo> infos;
  std::set<std::string> seen;
  for (const SubmissionReport& report : reports) {
    for (const CaseOutcome& c : report.cases()) {
      if (!seen.insert(c.name).second) continue;
      CaseInfo info{c.name, c.file, c.max_points, c.hidden, {}, {}, {}};
      std::optional<std::string> text;
      try {
        text = info.file.empty() ? std::nullopt : read_file_if_present(info.file);
      } catch (const FileError& error) {
        info.missing = error.what();
      }
      if (!text) {
        if (info.missing.empty()) info.missing = "the case file " + info.file + " was not found";
      } else {
        try {
          info.section = section_of(parse_case(*text, info.id, info.file).description);
        } catch (const FileError&) {
          // a case file changed since the batch: its text is still worth showing
        }
        show_text(info, std::move(*text), show_hidden);
      }
      infos.push_back(std::move(info));
    }
  }
  return infos;
}

ClassSummary summarize(const std::vector<SubmissionReport>& reports) {
  ClassSummary summary;
  summary.submissions = static_cast<int>(reports.size());
  std::vector<int> scores;
  std::map<std::string, std::size_t> case_at;  // id -> index in summary.cases
  std::vector<ClassSummary::Count> mistakes;
  std::vector<ClassSummary::Count> causes;
  for (const SubmissionReport& report : reports) {
    const int score = report.score();
    const int max = report.max_score();
    scores.push_back(score);
    summary.max_score = std::max(summary.max_score, max);
    const int percent = max == 0 ? 100 : 100 * score / max;  // floor: 99.9 % is not full marks
    ++summary.histogram[static_cast<std::size_t>(std::clamp(percent / 10, 0, 10))];
    summary.passed += report.status() == SubmissionStatus::Passed ? 1 : 0;
    summary.build_failed += report.status() == SubmissionStatus::BuildFailed ? 1 : 0;
    bool timeout = false;
    bool crash = false;
    bool memory = false;
    for (const CaseOutcome& outcome : report.cases()) {
      timeout = timeout || outcome.verdict == Verdict::Timeout;
      crash = crash || outcome.verdict == Verdict::Crashed;
      memory = memory || outcome.verdict == Verdict::MemoryLimit;
      auto [at, fresh] = case_at.try_emplace(outcome.name, summary.cases.size());
      if (fresh) summary.cases.push_back({outcome.name, 0, 0});
      // no case of theirs ran: a rate counts the programs that ran it
      if (report.status() == SubmissionStatus::BuildFailed ||
          report.status() == SubmissionStatus::NotCollected)
        continue;
      ClassSummary::CaseRate& rate = summary.cases[at->second];
      ++rate.graded;
      rate.passed += outcome.verdict == Verdict::Passed ? 1 : 0;
    }
    summary.with_timeout += timeout ? 1 : 0;
    summary.with_crash += crash ? 1 : 0;
    summary.with_memory += memory ? 1 : 0;
    for (const SubmissionReport::Look& look : report.looks_like()) {
      std::vector<ClassSummary::Count>& counts =
          look.cause == SubmissionReport::Look::Cause::Mistake ? mistakes : causes;
      const auto it = std::find_if(counts.begin(), counts.end(), [&](const ClassSummary::Count& c) {
        return c.look.same_as(look);
      });
      if (it == counts.end()) {
        counts.push_back({look, "", 1});
      } else {
        ++it->submissions;
      }
    }
    for (const NamedMistakes& named : report.outcome.summary.diagnosis) {
      for (ClassSummary::Count& count : mistakes) {
        if (count.look.mistakes == named.mistakes) count.about = named.message();
      }
    }
  }
  summary.median_score = median_of(scores);
  double total = 0;
  for (const int score : scores) total += score;
  summary.mean_score = scores.empty() ? 0 : total / static_cast<double>(scores.size());
  summary.mistakes = std::move(mistakes);
  const auto most_first = [](const ClassSummary::Count& a, const ClassSummary::Count& b) {
    return a.submissions != b.submissions ? a.submissions > b.submissions
                                          : a.look.name < b.look.name;
  };
  std::stable_sort(summary.mistakes.begin(), summary.mistakes.end(), most_first);
  summary.causes = std::move(causes);
  std::stable_sort(summary.causes.begin(), summary.causes.end(), most_first);
  std::stable_sort(summary.cases.begin(), summary.cases.end(),
                   [](const ClassSummary::CaseRate& a, const ClassSummary::CaseRate& b) {
                     // worst first: compare passed/graded without dividing
                     const long left = static_cast<long>(a.passed) * std::max(b.graded, 1);
                     const long right = static_cast<long>(b.passed) * std::max(a.graded, 1);
                     return left != right ? left < right : a.id < b.id;
                   });
  return summary;
}

namespace {

// The page's style: the Okabe-Ito palette (safe for colour-blind readers), a dark variant, and
// print rules for A4 that keep each chart on one page and whole.
constexpr std::string_view kStyle = R"(<style>
:root{--fg:#1a1a1a;--bg:#fff;--muted:#555;--line:#ccc;--pass:#0072B2;--fail:#D55E00;--other:#E69F00;--track:#eee;--code:#f5f5f5}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#161616;--muted:#aaa;--line:#444;--pass:#56B4E9;--fail:#E69F00;--other:#F0E442;--track:#2a2a2a;--code:#222}}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);max-width:1100px;margin:0 auto;padding:1rem 1.25rem}
h1{margin:.2rem 0}h2{margin-top:2rem;border-bottom:1px solid var(--line)}p.sub{color:var(--muted);margin-top:0}
ul.summary{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:.6rem;list-style:none;padding:0}
ul.summary li{border:1px solid var(--line);border-radius:6px;padding:.5rem .7rem;color:var(--muted);font-size:.85rem}
ul.summary strong{display:block;color:var(--fg);font-size:1.5rem}td.bar,th.name{white-space:nowrap}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
svg.meter{width:160px;height:12px;vertical-align:middle;margin-right:.4rem}
.track{fill:var(--track)}.pass{fill:var(--pass)}.fail{fill:var(--fail)}.other{fill:var(--other)}
svg.hist{width:100%;max-width:720px;height:auto}svg text{fill:var(--fg);font-size:12px}
pre{background:var(--code);padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:13px}
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;color:inherit;cursor:pointer}
th[aria-sort=ascending] button::after{content:" \25B2"}th[aria-sort=descending] button::after{content:" \25BC"}
a{color:var(--pass)}.muted{color:var(--muted)}details summary{cursor:pointer}
.filter{margin:.5rem 0}.filter input{font:inherit;padding:.2rem .4rem;min-width:18rem}
@media print{@page{size:A4;margin:14mm}body{max-width:none;padding:0;font-size:11px}.filter{display:none}
section.chart{break-inside:avoid}svg{max-width:100%}tr{break-inside:avoid}thead{display:table-header-group}
*{print-color-adjust:exact;-webkit-print-color-adjust:exact}}
</style>)";

// Sorting by a column (a button in each sortable header) and filtering rows by text. Without
// it the table reads as a plain table in the order written.
constexpr std::string_view kScript = R"(<script>
(function () {
  var table = document.getElementById("submissions");
  if (!table) return;
  var body = table.tBodies[0], heads = table.tHead.rows[0].cells;
  function key(row, i) {
    var cell = row.cells[i];
    return cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim().toLowerCase();
  }
  Array.prototype.forEach.call(heads, function (th, i) {
    var type = th.getAttribute("data-type");
    if (!type) return;
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    button.addEventListener("click", function () {
      var ascending = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a, i), y = key(b, i);
        var order = type === "number" ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
        if (order === 0) return a.getAttribute("data-order") - b.getAttribute("data-order");
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  var box = document.getElementById("filter-box"), input = document.getElementById("filter");
  var count = document.getElementById("filter-count");
  box.hidden = false;
  input.addEventListener("input", function () {
    var words = input.value.trim().toLowerCase(), shown = 0;
    Array.prototype.forEach.call(body.rows, function (row) {
      var text = "";
      for (var i = 0; i < 5; ++i) text += row.cells[i].textContent.toLowerCase() + " ";
      var hit = words === "" || text.indexOf(words) !== -1;
      row.hidden = !hit;
      if (hit) ++shown;
    });
    count.textContent = shown + " of " + body.rows.length + " shown";
  });
})();
</script>)";

// A bar of `part` out of `whole`, 160 px wide, beside the numbers it draws (which say the
// same to a screen reader; the bar is hidden from it).
void meter(html::Writer& page, int part, int whole, const char* fill) {
  const double width = whole == 0 ? 0 : 100.0 * part / whole;
  page.open("svg", {{"class", "meter"}, {"viewbox", "0 0 100 10"}, {"preserveaspectratio", "none"},
                    {"aria-hidden", "true"}})
      .open("rect", {{"class", "track"}, {"width", "100"}, {"height", "10"}})
      .close()
      .open("rect", {{"class", fill}, {"width", decimal_text(width)}, {"height", "10"}})
      .close()
      .close();
}

void summary_item(html::Writer& page, const std::string& id, const std::string& label,
                  const std::string& value) {
  page.open("li").element("strong", {{"id", id}}, value).text(label).close();
}

std::string bin_label(std::size_t bin) {
  return bin == 10 ? "100" : std::to_string(bin * 10) + "–" + std::to_string(bin * 10 + 9);
}

void write_histogram(html::Writer& page, const ClassSummary& summary) {
  page.open("section", {{"class", "chart"}, {"aria-labelledby", "h-distribution"}})
      .element("h2", {{"id", "h-distribution"}}, "Score distribution");
  constexpr int kBar = 52, kGap = 8, kLeft = 30, kTop = 20, kHeight = 160;
  const int most = std::max(1, *std::max_element(summary.histogram.begin(), summary.histogram.end()));
  const int width = kLeft + 11 * (kBar + kGap);
  page.open("svg", {{"class", "hist"}, {"id", "histogram"}, {"role", "img"},
                    {"viewbox", "0 0 " + std::to_string(width) + " " + std::to_string(kTop + kHeight + 40)},
                    {"aria-label", "Submissions by score, in percent of the maximum: the table below gives the counts"}});
  page.open("line", {{"x1", std::to_string(kLeft - 4)}, {"x2", std::to_string(width)},
                     {"y1", std::to_string(kTop + kHeight)}, {"y2", std::to_string(kTop + kHeight)},
                     {"stroke", "currentColor"}})
      .close();
  for (std::size_t bin = 0; bin < summary.histogram.size(); ++bin) {
    const int count = summary.histogram[bin];
    const int height = count * kHeight / most;
    const int x = kLeft + static_cast<int>(bin) * (kBar + kGap);
    page.open("rect", {{"class", bin == 10 ? "pass" : "fail"}, {"x", std::to_string(x)},
                       {"y", std::to_string(kTop + kHeight - height)}, {"width", std::to_string(kBar)},
                       {"height", std::to_string(height)}})
        .element("title", bin_label(bin) + " %: " + plural(count, "submission", "submissions"))
        .close();
    page.element("text", {{"x", std::to_string(x + kBar / 2)}, {"y", std::to_string(kTop + kHeight - height - 4)},
                          {"text-anchor", "middle"}},
                 std::to_string(count));
    page.element("text", {{"x", std::to_string(x + kBar / 2)}, {"y", std::to_string(kTop + kHeight + 16)},
                          {"text-anchor", "middle"}},
                 bin_label(bin));
  }
  page.element("text", {{"x", std::to_string(width / 2)}, {"y", std::to_string(kTop + kHeight + 34)},
                        {"text-anchor", "middle"}},
               "score, % of the maximum");
  page.close();  // svg
  page.open("details").element("summary", "The distribution as a table");
  page.open("table", {{"id", "histogram-table"}})
      .open("thead").open("tr").element("th", "score, %").element("th", {{"class", "num"}}, "submissions").close().close()
      .open("tbody");
  for (std::size_t bin = 0; bin < summary.histogram.size(); ++bin) {
    page.open("tr")
        .element("td", bin_label(bin))
        .element("td", {{"class", "num"}}, std::to_string(summary.histogram[bin]))
        .close();
  }
  page.close().close().close().close();  // tbody, table, details, section
}

void write_mistakes(html::Writer& page, const ClassSummary& summary) {
  page.open("section", {{"class", "chart"}, {"aria-labelledby", "h-mistakes"}})
      .element("h2", {{"id", "h-mistakes"}}, "Mistakes")
      .element("p", {{"class", "sub"}},
               "How many submissions made each known mistake of the lessons (one submission may "
               "make several), then the submissions that failed without one named.");
  page.open("table", {{"id", "mistakes"}})
      .open("thead").open("tr").element("th", "mistake").element("th", "submissions")
      .element("th", "the lesson's words").close().close()
      .open("tbody");
  const auto row = [&](const ClassSummary::Count& count, const char* fill, const char* cls) {
    page.open("tr", {{"class", cls}})
        .element("th", {{"scope", "row"}, {"class", "name"}}, count.look.name)
        .open("td", {{"class", "bar"}});
    meter(page, count.submissions, summary.submissions, fill);
    page.element("span", {{"class", "count"}}, std::to_string(count.submissions))
        .text(" of " + std::to_string(summary.submissions))
        .close();
    if (fill == std::string_view("fail")) page.element("td", count.about);
    page.close();
  };
  for (const ClassSummary::Count& count : summary.mistakes) row(count, "fail", "mistake");
  if (summary.mistakes.empty()) page.open("tr").element("td", {{"colspan", "3"}}, "No known mistake was named.").close();
  page.close().close();  // tbody, table
  page.element("h3", "No known mistake named");
  page.open("table", {{"id", "causes"}})
      .open("thead").open("tr").element("th", "cause").element("th", "submissions").close().close()
      .open("tbody");
  for (const ClassSummary::Count& count : summary.causes) row(count, "other", "cause");
  if (summary.causes.empty()) page.open("tr").element("td", {{"colspan", "2"}}, "None.").close();
  page.close().close().close();  // tbody, table, section
}

void write_cases(html::Writer& page, const ClassSummary& summary, const std::vector<CaseInfo>& infos) {
  page.open("section", {{"class", "chart"}, {"aria-labelledby", "h-cases"}})
      .element("h2", {{"id", "h-cases"}}, "Cases")
      .element("p", {{"class", "sub"}},
               "Pass rate of each case among the submissions that built, lowest first. A case's "
               "name links to its text.");
  page.open("table", {{"id", "cases"}})
      .open("thead").open("tr").element("th", "case").element("th", "lesson section")
      .element("th", {{"class", "num"}}, "points").element("th", "passed").close().close()
      .open("tbody");
  for (const ClassSummary::CaseRate& rate : summary.cases) {
    const auto info = std::find_if(infos.begin(), infos.end(), [&](const CaseInfo& i) { return i.id == rate.id; });
    const std::size_t index = static_cast<std::size_t>(info - infos.begin());
    page.open("tr").open("th", {{"scope", "row"}})
        .element("a", {{"href", "#case-" + std::to_string(index)}}, rate.id)
        .close()
        .element("td", info == infos.end() ? "" : info->section)
        .element("td", {{"class", "num"}}, info == infos.end() ? "" : std::to_string(info->points))
        .open("td", {{"class", "bar"}});
    meter(page, rate.passed, rate.graded, "pass");
    page.element("span", {{"class", "count"}}, std::to_string(rate.passed))
        .text(" of " + std::to_string(rate.graded) + " (" + percent_text(rate.passed, rate.graded) + ")")
        .close()
        .close();
  }
  page.close().close().close();  // tbody, table, section
}

// The failures a row shows, shared across rows: a block of the text report's lines is shown
// once, where it first appears, and a row whose failures are all another's, answer for answer,
// says so in one line. Many submissions make a mistake the same way; the page of 500 stays
// small because of it.
class Failures {
 public:
  // The text report's lines of a failed case (its summary for an older report without them).
  static std::string lines_of(const CaseOutcome& c) {
    std::string lines;
    for (const std::string& line : c.details) lines += line + "\n";
    return lines.empty() ? c.summary + "\n" : lines;
  }

  void write(html::Writer& page, const std::vector<const CaseOutcome*>& failing,
             const std::string& row, const std::string& submission) {
    std::vector<std::string> lines;  // each failure's, read once
    std::string all;
    for (const CaseOutcome* c : failing) {
      lines.push_back(lines_of(*c));
      all += c->name + '\0' + lines.back() + '\0';
    }
    const auto [same, fresh_set] = rows_.try_emplace(all, std::make_pair(row, submission));
    if (!fresh_set) {
      page.open("p")
          .text("The same failures, answer for answer, as ")
          .element("a", {{"href", "#" + same->second.first}}, same->second.second)
          .text(".")
          .close();
      return;
    }
    for (std::size_t i = 0; i < failing.size(); ++i) {
      const std::string& name = failing[i]->name;
      const std::string verdict(verdict_name(failing[i]->verdict));
      const auto [at, fresh] = blocks_.try_emplace(name + '\0' + lines[i], "f-" + std::to_string(blocks_.size()));
      if (fresh) {
        page.open("div", {{"class", "failure"}})
            .open("p").element("strong", name).text(" " + verdict).close()
            .element("pre", {{"id", at->second}}, lines[i])
            .close();
      } else {
        page.open("p", {{"class", "failure"}})
            .element("strong", name)
            .text(" " + verdict + ": ")
            .element("a", {{"href", "#" + at->second}}, "the same answer as another submission")
            .close();
      }
    }
  }

 private:
  std::map<std::string, std::string> blocks_;                     // case and lines -> id
  std::map<std::string, std::pair<std::string, std::string>> rows_;  // failures -> row id, submission
};

void write_submissions(html::Writer& page, const std::vector<SubmissionReport>& reports) {
  page.open("section", {{"aria-labelledby", "h-submissions"}})
      .element("h2", {{"id", "h-submissions"}}, "Submissions");
  page.open("p", {{"class", "filter"}, {"id", "filter-box"}, {"hidden", "hidden"}})
      .element("label", {{"for", "filter"}}, "Filter: ")
      .empty("input", {{"type", "search"}, {"id", "filter"}, {"placeholder", "id, status, mistake or case"}})
      .text(" ")
      .element("span", {{"id", "filter-count"}, {"aria-live", "polite"}}, "")
      .close();
  page.open("table", {{"id", "submissions"}})
      .open("thead").open("tr")
      .element("th", {{"data-type", "text"}}, "submission")
      .element("th", {{"data-type", "text"}}, "status")
      .element("th", {{"data-type", "number"}, {"class", "num"}}, "score")
      .element("th", {{"data-type", "text"}}, "looks like")
      .element("th", {{"data-type", "text"}}, "first failing case")
      .element("th", "failures")
      .close().close()
      .open("tbody");
  Failures failures;
  int order = 0;
  for (const SubmissionReport& report : reports) {
    std::string first_failing;
    std::vector<const CaseOutcome*> failing;
    for (const CaseOutcome& c : report.cases()) {
      if (c.verdict == Verdict::Passed) continue;
      if (first_failing.empty()) first_failing = c.name;
      failing.push_back(&c);
    }
    const std::string looks = looks_like_text(report);
    const double percent = report.max_score() == 0 ? 100 : 100.0 * report.score() / report.max_score();
    const std::string row = "sub-" + std::to_string(order);
    page.open("tr", {{"id", row}, {"data-order", std::to_string(order)}})
        .element("th", {{"scope", "row"}, {"class", "id"}}, report.submission)
        .element("td", {{"class", "status"}}, std::string(status_name(report.status())))
        .element("td", {{"class", "num score"}, {"data-sort", decimal_text(percent)}},
                 std::to_string(report.score()) + "/" + std::to_string(report.max_score()))
        .element("td", {{"class", "looks"}}, looks)
        .element("td", {{"class", "first"}}, first_failing)
        .open("td");
    ++order;
    if (report.status() == SubmissionStatus::NotCollected) {
      page.element("p", looks_like_text(report)).close().close();
      continue;
    }
    if (report.status() == SubmissionStatus::BuildFailed) {
      const BuildOutcome& build = report.outcome.build;
      const std::string output = build.output.value_or("");
      page.open("details")
          .element("summary", "the build failed")
          .element("p", build.summary.value_or(""))
          .element("pre", build_output_tail(output))
          .close()
          .close()
          .close();
      continue;
    }
    if (failing.empty()) {
      page.close().close();
      continue;
    }
    page.open("details").element("summary", plural(static_cast<int>(failing.size()), "failing case", "failing cases"));
    failures.write(page, failing, row, report.submission);
    page.close().close().close();  // details, td, tr
  }
  page.close().close().close();  // tbody, table, section
}

// What regrading found that the students' own workflow did not say: submissions whose workflow
// reported more points than the kit gives their public cases, and those whose protected paths
// differ from the template's. Only for submissions collected with that knowledge.
void write_flags(html::Writer& page, const std::vector<SubmissionReport>& reports) {
  std::vector<const SubmissionReport*> over;
  std::vector<const SubmissionReport*> changed;
  for (const SubmissionReport& report : reports) {
    if (!report.collected || report.status() == SubmissionStatus::NotCollected) continue;
    const Collected& collected = *report.collected;
    if (collected.workflow_points && *collected.workflow_points > report.public_score())
      over.push_back(&report);
    if (collected.protected_changed && !collected.protected_changed->empty())
      changed.push_back(&report);
  }
  if (over.empty() && changed.empty()) return;
  page.open("section", {{"aria-labelledby", "h-flags"}})
      .element("h2", {{"id", "h-flags"}}, "Flagged: the workflow's word against the kit's");
  if (!over.empty()) {
    page.element("h3", "Workflow points above the kit's public score")
        .open("table", {{"id", "flag-points"}})
        .open("thead")
        .open("tr")
        .element("th", "submission")
        .element("th", {{"class", "num"}}, "workflow")
        .element("th", {{"class", "num"}}, "kit, public cases")
        .close()
        .close()
        .open("tbody");
    for (const SubmissionReport* report : over) {
      page.open("tr")
          .element("th", {{"scope", "row"}}, report->submission)
          .element("td", {{"class", "num"}}, std::to_string(*report->collected->workflow_points))
          .element("td", {{"class", "num"}}, std::to_string(report->public_score()))
          .close();
    }
    page.close().close();  // tbody, table
  }
  if (!changed.empty()) {
    page.element("h3", "Protected paths changed since the template's commit")
        .open("table", {{"id", "flag-protected"}})
        .open("thead")
        .open("tr")
        .element("th", "submission")
        .element("th", "paths")
        .close()
        .close()
        .open("tbody");
    for (const SubmissionReport* report : changed) {
      std::string paths;
      for (const std::string& path : *report->collected->protected_changed)
        paths += (paths.empty() ? "" : " ") + path;
      page.open("tr")
          .element("th", {{"scope", "row"}}, report->submission)
          .element("td", paths)
          .close();
    }
    page.close().close();  // tbody, table
  }
  page.close();  // section
}

void write_case_texts(html::Writer& page, const std::vector<CaseInfo>& infos) {
  page.open("section", {{"aria-labelledby", "h-case-files"}})
      .element("h2", {{"id", "h-case-files"}}, "Case files");
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const CaseInfo& info = infos[i];
    page.open("h3", {{"id", "case-" + std::to_string(i)}}).text(info.id);
    if (info.hidden) page.element("span", {{"class", "muted"}}, " (hidden)");
    page.close().element("p", {{"class", "muted"}}, info.file);
    if (info.text) {
      // a newline right after <pre> is dropped by the parser: one more keeps a blank first line
      page.element("pre", (info.text->rfind('\n', 0) == 0 ? "\n" : "") + *info.text);
    } else {
      page.element("p", info.missing);
    }
  }
  page.close();
}

}  // namespace

std::string class_report_html(const std::vector<SubmissionReport>& reports,
                              const std::vector<CaseInfo>& cases, const std::string& title) {
  const ClassSummary summary = summarize(reports);
  html::Writer page;
  page.open("html", {{"lang", "en"}}).open("head")
      .empty("meta", {{"charset", "utf-8"}})
      .empty("meta", {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}})
      .empty("meta", {{"name", "color-scheme"}, {"content", "light dark"}})
      .element("title", title)
      .trusted(kStyle)
      .close()
      .open("body")
      .open("header")
      .element("h1", title)
      .element("p", {{"class", "sub"}}, what_was_graded(reports, cases))
      .close()
      .open("main");
  page.open("section", {{"aria-labelledby", "h-summary"}})
      .element("h2", {{"id", "h-summary"}}, "Summary")
      .open("ul", {{"class", "summary"}});
  summary_item(page, "sum-submissions", "submissions", std::to_string(summary.submissions));
  summary_item(page, "sum-passed", "passed every case", std::to_string(summary.passed));
  summary_item(page, "sum-median", "median score", decimal_text(summary.median_score));
  summary_item(page, "sum-mean", "mean score", decimal_text(summary.mean_score));
  summary_item(page, "sum-max", "maximum score", std::to_string(summary.max_score));
  summary_item(page, "sum-build-failed", "build failed", std::to_string(summary.build_failed));
  summary_item(page, "sum-timeouts", "timed out in a case", std::to_string(summary.with_timeout));
  summary_item(page, "sum-crashes", "crashed in a case", std::to_string(summary.with_crash));
  summary_item(page, "sum-memory", "ran out of memory in a case", std::to_string(summary.with_memory));
  page.close().close();  // ul, section
  write_histogram(page, summary);
  write_flags(page, reports);
  write_mistakes(page, summary);
  write_cases(page, summary, cases);
  write_submissions(page, reports);
  write_case_texts(page, cases);
  page.close()  // main
      .trusted(kScript);
  return page.finish();
}

}  // namespace grader
