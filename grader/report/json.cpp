#include "report/json.hpp"

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
        // lines too many before a right answer (debug lines on standard output): a count, which
        // tells nothing of a hidden case's text
        {"extra_lines_before", r.mismatch ? r.mismatch->extra_lines : 0},
        {"diagnosis",
         [&] {
           nlohmann::json ids = nlohmann::json::array();
           for (const KnownMistake* known : r.diagnosis) {
             for (const MistakeInfo* mistake : known->named()) ids.push_back(mistake->id);
           }
           return ids;
         }()},
        {"hints", hidden ? nlohmann::json::array() : nlohmann::json(shown_hints(r))},
        // the text report's lines for this case (failure_details), for pages that show them
        {"details", r.verdict == Verdict::Passed
                        ? nlohmann::json::array()
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

}  // namespace grader
