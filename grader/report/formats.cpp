#include "report/formats.hpp"

#include <sstream>

#include "inert.hpp"
#include "report/class_report.hpp"
#include "report/json.hpp"

namespace grader {

nlohmann::json gradescope_not_graded(std::string_view why) {
  return {{"score", 0},
          {"output", std::string(why)},
          {"visibility", "visible"},
          {"stdout_visibility", "hidden"},
          {"tests", nlohmann::json::array()}};
}

nlohmann::json to_gradescope(const Outcome& outcome) {
  nlohmann::json tests = nlohmann::json::array();
  for (const CaseOutcome& c : outcome.cases) {
    std::string output;
    if (c.verdict == Verdict::Passed) {
      output = "passed";
    } else {
      for (const std::string& line : c.details) output += line + "\n";
    }
    tests.push_back({{"name", c.name},
                     {"score", c.points},
                     {"max_score", c.max_points},
                     {"status", c.verdict == Verdict::Passed ? "passed" : "failed"},
                     {"output", output},
                     {"visibility", c.hidden ? "hidden" : "visible"}});
  }
  const RunSummary& s = outcome.summary;
  std::ostringstream summary;
  summary << "score " << s.score << "/" << s.max_score << ": " << s.passed << " passed, "
          << s.failed << " failed";
  for (const NamedMistakes& named : s.diagnosis) {
    for (const std::string& line : diagnosed_lines(named)) summary << "\n" << line;
  }
  return {{"score", s.score},
          {"output", summary.str()},
          {"visibility", "visible"},
          {"stdout_visibility", "hidden"},
          {"tests", tests}};
}

namespace {

// Text for XML 1.0, whatever its bytes: what XML cannot hold at all (C0 controls but tab, LF
// and CR; surrogates; U+FFFE and U+FFFF; bytes that are not UTF-8) made visible by the one
// sanitiser, inert_lines(), which shows no other character XML refuses; then the markup
// characters as entities.
std::string xml_escape(const std::string& text) {
  std::string out;
  for (const char c : inert_lines(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string seconds_text(std::chrono::milliseconds ms) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(3);
  text << static_cast<double>(ms.count()) / 1000.0;
  return text.str();
}

}  // namespace

std::string to_junit(const Outcome& outcome) {
  std::int64_t total_ms = 0;
  for (const CaseOutcome& c : outcome.cases) total_ms += c.time_ms;
  const std::chrono::milliseconds total(total_ms);
  const std::size_t count = outcome.cases.size();
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"bloom-grader\" tests=\"" << count << "\" failures=\""
      << outcome.summary.failed << "\" errors=\"0\" time=\"" << seconds_text(total) << "\">\n"
      << "  <testsuite name=\"bloom-grader\" tests=\"" << count << "\" failures=\""
      << outcome.summary.failed << "\" errors=\"0\" skipped=\"0\" time=\"" << seconds_text(total)
      << "\">\n";
  for (const CaseOutcome& c : outcome.cases) {
    // classname is the case's folder, name its file: together the unique case name
    const std::string& name = c.name;
    const std::size_t slash = name.rfind('/');
    std::string classname = "cases";  // appended: GCC 12's -Wrestrict misreads "." + substr
    if (slash != std::string::npos) classname.append(".").append(name, 0, slash);
    const std::string short_name = slash == std::string::npos ? name : name.substr(slash + 1);
    xml << "    <testcase classname=\"" << xml_escape(classname) << "\" name=\""
        << xml_escape(short_name) << "\" time=\""
        << seconds_text(std::chrono::milliseconds(c.time_ms)) << "\"";
    if (c.verdict == Verdict::Passed) {
      xml << "/>\n";
      continue;
    }
    std::string details;
    for (const std::string& line : c.details) details += line + "\n";
    // a hidden case out of the instructor's view has no summary (outcome.hpp)
    const std::string verdict(verdict_name(c.verdict));
    const bool masked = c.hidden && c.summary.empty();
    xml << ">\n      <failure type=\"" << verdict << "\" message=\""
        << xml_escape(verdict + (masked ? "" : ": " + visible(c.summary))) << "\">"
        << xml_escape(details) << "</failure>\n    </testcase>\n";
  }
  xml << "  </testsuite>\n</testsuites>\n";
  return xml.str();
}

std::span<const ReportFormat> report_formats() {
  static constexpr ReportFormat kFormats[] = {
      {"text", "what a student reads (the default, to standard output)",
       [](const Report& report, std::ostream& out, const TextStyle& style) {
         write_text(report, out, style);
       }},
      {"json", "every field of every case, for tools",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         out << json_text(to_json(outcome_of(report)));
       }},
      {"gradescope", "Gradescope's results.json",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         // never the instructor's view: what Gradescope holds is the student's result, each
         // case named by its id, not by a folder of the grading machine
         out << json_text(to_gradescope(outcome_of(report, {.show_hidden = false, .by_id = true})));
       },
       [](std::string_view why, std::ostream& out) {
         out << json_text(gradescope_not_graded(why));
       }},
      {"junit", "JUnit XML, for CI",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         out << to_junit(outcome_of(report));
       }},
      {"html", "the class report's page for this one program: its cases, failures and diagnoses",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         const std::vector<SubmissionReport> one = {
             submission_report_of(report, report.command.empty() ? "program" : report.command, {})};
         out << class_report_html(one, case_infos(report), "Report: " + one[0].submission);
       }},
  };
  return kFormats;
}

const ReportFormat* find_report_format(std::string_view name) {
  for (const ReportFormat& format : report_formats()) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

std::string report_format_names(std::string_view separator) {
  std::string names;
  for (const ReportFormat& format : report_formats()) {
    names.append(names.empty() ? "" : separator).append(format.name);
  }
  return names;
}

}  // namespace grader
