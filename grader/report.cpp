#include "report.hpp"

#include <algorithm>
#include <sstream>

namespace grader {

int Report::score() const {
  int total = 0;
  for (const CaseResult& r : results) total += r.points;
  return total;
}

int Report::max_score() const {
  int total = 0;
  for (const CaseResult& r : results) total += r.kase->points;
  return total;
}

int Report::passed() const {
  return static_cast<int>(std::count_if(results.begin(), results.end(), [](const CaseResult& r) {
    return r.verdict == Verdict::Passed;
  }));
}

int Report::failed() const { return static_cast<int>(results.size()) - passed(); }

namespace {

constexpr std::size_t kStderrLines = 5;    // lines of the program's stderr shown
constexpr std::size_t kContextAnswers = 2;  // answered lines shown before the mismatch

// The (input, actual answer) pairs just before output line `index`.
std::vector<std::string> context_before(const CaseResult& result, std::size_t index) {
  const std::vector<std::string_view> lines = output_lines(result.run.out);
  std::vector<std::string> context;
  std::size_t line = 0;
  for (const Step& step : result.kase->steps) {
    for (std::size_t j = 0; j < step.expected.size(); ++j, ++line) {
      if (line >= index) break;
      if (line + kContextAnswers >= index && line < lines.size()) {
        context.push_back("> " + visible(step.input, 60) + "  ->  " + visible(lines[line], 60));
      }
    }
  }
  return context;
}

}  // namespace

std::vector<std::string> failure_details(const CaseResult& result) {
  std::vector<std::string> out;
  const Case& kase = *result.kase;
  if (kase.hidden) {
    out.push_back("hidden case: " + std::string(verdict_name(result.verdict)));
    return out;
  }
  out.push_back(kase.file.string() + ":" +
                std::to_string(result.mismatch ? result.mismatch->case_line : 1) + ": " +
                std::string(verdict_name(result.verdict)) + ": " + result.summary);
  if (result.mismatch) {
    const Mismatch& m = *result.mismatch;
    for (const std::string& line : context_before(result, m.output_line)) {
      out.push_back("  " + line);
    }
    if (m.extra_output) {
      out.push_back("  unexpected: " + visible(*m.actual));
    } else {
      out.push_back("  sent:     > " + visible(m.step->input));
      out.push_back("  expected: " + visible(m.expected));
      if (m.actual) {
        out.push_back("  actual:   " + visible(*m.actual));
        out.push_back("            " + std::string(first_difference(m.expected, *m.actual), ' ') +
                      "^");
      } else {
        out.push_back("  actual:   (nothing: the output ended)");
      }
    }
  }
  for (const std::string& hint : kase.hints) out.push_back("hint: " + hint);
  if (!result.run.err.empty()) {
    const std::vector<std::string_view> lines = output_lines(result.run.err);
    out.push_back("stderr" + std::string(lines.size() > kStderrLines ? " (first lines)" : "") +
                  ":");
    for (std::size_t i = 0; i < lines.size() && i < kStderrLines; ++i) {
      out.push_back("  | " + visible(lines[i], 160));
    }
  }
  return out;
}

void write_text(const Report& report, std::ostream& out, const TextStyle& style) {
  const auto paint = [&](const char* code, const std::string& text) {
    return style.color ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
  };
  for (const CaseResult& result : report.results) {
    const std::string time = " (" + std::to_string(result.run.elapsed.count()) + " ms)";
    if (result.verdict == Verdict::Passed) {
      out << paint("32", "PASS") << "  " << result.kase->name << time << "\n";
      continue;
    }
    out << paint("31;1", "FAIL") << "  " << result.kase->name << time << ": "
        << verdict_name(result.verdict) << "\n";
    for (const std::string& line : failure_details(result)) out << "      " << line << "\n";
  }
  if (report.interrupted) out << "interrupted: cases not run count as failed\n";
  out << "score " << report.score() << "/" << report.max_score() << "\n";
  out << report.passed() << " passed, " << report.failed() << " failed\n";
}

nlohmann::json to_json(const Report& report) {
  nlohmann::json cases = nlohmann::json::array();
  for (const CaseResult& r : report.results) {
    const bool hidden = r.kase->hidden;
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
        {"hidden", hidden},
        {"time_ms", r.run.elapsed.count()},
        {"exit_code", r.run.signal == 0 ? nlohmann::json(r.run.exit_code) : nullptr},
        {"signal", r.run.signal ? nlohmann::json(signal_name(r.run.signal)) : nullptr},
        {"mismatch", mismatch},
        {"hints", r.verdict == Verdict::Passed || hidden ? nlohmann::json::array()
                                                         : nlohmann::json(r.kase->hints)},
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
            {"interrupted", report.interrupted}}},
          {"cases", cases}};
}

nlohmann::json to_gradescope(const Report& report) {
  nlohmann::json tests = nlohmann::json::array();
  for (const CaseResult& r : report.results) {
    std::string output;
    if (r.verdict == Verdict::Passed) {
      output = "passed";
    } else {
      for (const std::string& line : failure_details(r)) output += line + "\n";
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
    for (const std::string& line : failure_details(r)) details += line + "\n";
    xml << ">\n      <failure type=\"" << verdict_name(r.verdict) << "\" message=\""
        << xml_escape(std::string(verdict_name(r.verdict)) +
                      (r.kase->hidden ? "" : ": " + visible(r.summary)))
        << "\">" << xml_escape(details) << "</failure>\n    </testcase>\n";
  }
  xml << "  </testsuite>\n</testsuites>\n";
  return xml.str();
}

}  // namespace grader
