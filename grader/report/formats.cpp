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

nlohmann::json to_gradescope(const Report& report) {
  nlohmann::json tests = nlohmann::json::array();
  for (const CaseResult& r : report.results) {
    std::string output;
    if (r.verdict == Verdict::Passed) {
      output = "passed";
    } else {
      // never the instructor's view: what Gradescope holds is the student's result
      for (const std::string& line : failure_details(r, false, true)) output += line + "\n";
    }
    tests.push_back({{"name", r.kase->name},
                     {"score", r.points},
                     {"max_score", r.kase->points},
                     {"status", r.verdict == Verdict::Passed ? "passed" : "failed"},
                     {"output", output},
                     {"visibility", r.kase->hidden ? "hidden" : "visible"}});
  }
  std::ostringstream summary;
  summary << "score " << report.score() << "/" << report.max_score() << ": " << report.passed()
          << " passed, " << report.failed() << " failed";
  for (const Diagnosed& diagnosed : report.diagnoses()) {
    for (const std::string& line : diagnosed_lines(diagnosed)) summary << "\n" << line;
  }
  return {{"score", report.score()},
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

std::string to_junit(const Report& report) {
  std::chrono::milliseconds total{0};
  for (const CaseResult& r : report.results) total += r.run.elapsed;
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"bloom-grader\" tests=\"" << report.results.size() << "\" failures=\""
      << report.failed() << "\" errors=\"0\" time=\"" << seconds_text(total) << "\">\n"
      << "  <testsuite name=\"bloom-grader\" tests=\"" << report.results.size()
      << "\" failures=\"" << report.failed() << "\" errors=\"0\" skipped=\"0\" time=\""
      << seconds_text(total) << "\">\n";
  for (const CaseResult& r : report.results) {
    // classname is the case's folder, name its file: together the unique case name
    const std::string& name = r.kase->name;
    const std::size_t slash = name.rfind('/');
    std::string classname = "cases";  // appended: GCC 12's -Wrestrict misreads "." + substr
    if (slash != std::string::npos) classname.append(".").append(name, 0, slash);
    const std::string short_name = slash == std::string::npos ? name : name.substr(slash + 1);
    xml << "    <testcase classname=\"" << xml_escape(classname) << "\" name=\""
        << xml_escape(short_name) << "\" time=\"" << seconds_text(r.run.elapsed) << "\"";
    if (r.verdict == Verdict::Passed) {
      xml << "/>\n";
      continue;
    }
    std::string details;
    for (const std::string& line : failure_details(r, report.show_hidden)) details += line + "\n";
    xml << ">\n      <failure type=\"" << verdict_name(r.verdict) << "\" message=\""
        << xml_escape(std::string(verdict_name(r.verdict)) +
                      (report.masks(*r.kase) ? "" : ": " + visible(r.summary)))
        << "\">" << xml_escape(details) << "</failure>\n    </testcase>\n";
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
         out << json_text(to_json(report));
       }},
      {"gradescope", "Gradescope's results.json",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         out << json_text(to_gradescope(report));
       },
       [](std::string_view why, std::ostream& out) { out << json_text(gradescope_not_graded(why)); }},
      {"junit", "JUnit XML, for CI",
       [](const Report& report, std::ostream& out, const TextStyle&) { out << to_junit(report); }},
      {"html", "the class report's page for this one program: its cases, failures and diagnoses",
       [](const Report& report, std::ostream& out, const TextStyle&) {
         const std::vector<SubmissionReport> one = {submission_report_of(
             report, report.command.empty() ? "program" : report.command, {{"command", nullptr}, {"ok", true}})};
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
