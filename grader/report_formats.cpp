#include "report_formats.hpp"

#include <sstream>

#include "class_report.hpp"

namespace grader {

std::string json_text(const nlohmann::json& json) {
  // a folder name or a command line may hold any bytes; dump() would throw at the first that
  // is not UTF-8
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

nlohmann::json to_json(const Report& report) {
  nlohmann::json cases = nlohmann::json::array();
  for (const CaseResult& r : report.results) {
    const bool hidden = report.masks(*r.kase);
    nlohmann::json mismatch = nullptr;
    if (r.mismatch && !hidden) {
      mismatch = {{"command", r.mismatch->step ? r.mismatch->step->input : ""},
                  {"case_line", r.mismatch->case_line},
                  {"output_line", r.mismatch->output_line + 1},
                  {"expected", r.mismatch->expected},
                  {"actual", r.mismatch->actual ? nlohmann::json(visible(*r.mismatch->actual))
                                                : nlohmann::json(nullptr)},
                  {"extra_output", r.mismatch->extra_output}};
    }
    cases.push_back({
        {"name", r.kase->name},
        {"file", r.kase->file.string()},
        {"verdict", verdict_name(r.verdict)},
        {"summary", hidden ? "" : r.summary},
        {"points", r.points},
        {"max_points", r.kase->points},
        {"hidden", r.kase->hidden},
        {"time_ms", r.run.elapsed.count()},
        {"cpu_ms", r.run.cpu.count()},  // what the time limit counts (limits.hpp)
        {"exit_code", r.run.signal == 0 ? nlohmann::json(r.run.exit_code) : nullptr},
        {"signal", r.run.signal ? nlohmann::json(signal_name(r.run.signal)) : nullptr},
        {"mismatch", mismatch},
        {"diagnosis", [&] {
           nlohmann::json ids = nlohmann::json::array();
           for (const KnownMistake* known : r.diagnosis) {
             for (const MistakeInfo* mistake : known->named()) ids.push_back(mistake->id);
           }
           return ids;
         }()},
        {"hints", hidden ? nlohmann::json::array() : nlohmann::json(shown_hints(r))},
        // the text report's lines for this case (failure_details), for pages that show them
        {"details", r.verdict == Verdict::Passed ? nlohmann::json::array()
                                                 : nlohmann::json(failure_details(r, report.show_hidden))},
        {"stderr", hidden ? "" : visible(r.run.err, r.run.err.size())},
    });
  }
  return {{"summary",
           {{"cases", report.results.size()},
            {"passed", report.passed()},
            {"failed", report.failed()},
            {"score", report.score()},
            {"max_score", report.max_score()},
            {"command", report.command},
            {"interrupted", report.interrupted},
            {"diagnosis", [&] {
               nlohmann::json named = nlohmann::json::array();
               for (const Diagnosed& diagnosed : report.diagnoses()) {
                 // "one of" is one entry, its id the words a report shows, its mistakes listed
                 nlohmann::json ids = nlohmann::json::array();
                 std::string message;
                 for (const MistakeInfo* mistake : diagnosed.mistakes) {
                   ids.push_back(mistake->id);
                   message += (message.empty() ? "" : "; or ") + diagnosis_line(*mistake);
                 }
                 named.push_back({{"id", diagnosed.name()},
                                  {"one_of", ids},
                                  {"cases", diagnosed.cases},
                                  {"message", message}});
               }
               return named;
             }()}}},
          {"cases", cases}};
}

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

// Escapes text for XML 1.0: markup characters as entities; the control characters XML cannot
// hold at all were already made visible by visible().
std::string xml_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
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
    const std::string classname =
        "cases" + (slash == std::string::npos ? "" : "." + name.substr(0, slash));
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
         const std::vector<SubmissionReport> one = {
             {report.command.empty() ? "program" : report.command, report.failed() == 0 ? "passed" : "failed",
              {{"command", nullptr}, {"ok", true}}, to_json(report)}};
         out << class_report_html(one, case_infos(one, report.show_hidden), "Report: " + one[0].submission);
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
