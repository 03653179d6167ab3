#include "report/submission_report.hpp"

#include <algorithm>

#include "file_io.hpp"
#include "report/json.hpp"

namespace grader {

namespace fs = std::filesystem;

std::string_view status_name(SubmissionStatus status) {
  switch (status) {
    case SubmissionStatus::Passed: return "passed";
    case SubmissionStatus::Failed: return "failed";
    case SubmissionStatus::BuildFailed: return "build-failed";
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

std::vector<SubmissionReport::CaseOutcome> SubmissionReport::cases() const {
  std::vector<CaseOutcome> outcomes;
  for (const nlohmann::json& c : run["cases"]) {
    // parse_submission_report checked that each verdict is one
    outcomes.push_back({c["name"], c["points"],
                        parse_verdict(c["verdict"].get<std::string>()).value(),
                        c.value("hidden", false)});
  }
  return outcomes;
}

int SubmissionReport::public_score() const {
  return score() - hidden_score();
}

int SubmissionReport::hidden_score() const {
  int points = 0;
  for (const CaseOutcome& outcome : cases()) points += outcome.hidden ? outcome.points : 0;
  return points;
}

int SubmissionReport::final_score() const {
  return collected ? collected->after_penalty(score()) : score();
}

SubmissionReport submission_report_of(const Report& run, std::string submission, nlohmann::json build) {
  return {std::move(submission), run.failed() == 0 ? SubmissionStatus::Passed : SubmissionStatus::Failed,
          std::move(build), to_json(run)};
}

SubmissionReport build_failed_report(const std::vector<Case>& cases, std::string submission,
                                     nlohmann::json build) {
  Report report;
  report.command = build["command"].is_string() ? build["command"].get<std::string>() : "";
  for (const Case& kase : cases) {
    CaseResult result;
    result.kase = &kase;
    result.summary = "not run: the build failed";
    report.results.push_back(std::move(result));
  }
  return {std::move(submission), SubmissionStatus::BuildFailed, std::move(build), to_json(report)};
}

SubmissionReport not_collected_report(const std::vector<Case>& cases, Collected collected) {
  Report report;
  const std::string reason =
      "not run: not collected, " + std::string(collect_state_name(collected.state));
  for (const Case& kase : cases) {
    CaseResult result;
    result.kase = &kase;
    result.summary = reason;
    report.results.push_back(std::move(result));
  }
  std::string id = collected.id;
  return {std::move(id),
          SubmissionStatus::NotCollected,
          {{"command", nullptr}, {"ok", false}},
          to_json(report),
          std::move(collected)};
}

std::vector<SubmissionReport::Look> SubmissionReport::looks_like() const {
  if (status == SubmissionStatus::NotCollected) {
    const std::string reason(collected ? collect_state_name(collected->state) : "no record");
    return {{"not collected", "not collected: " + reason, false}};
  }
  if (status == SubmissionStatus::BuildFailed) return {{"build failed", "build failed", false}};
  if (status == SubmissionStatus::Passed) return {};
  std::vector<Look> terms;
  for (const nlohmann::json& d : run["summary"]["diagnosis"]) terms.push_back({d["id"], d["id"], true});
  std::vector<std::string> missing;
  std::vector<std::pair<Verdict, int>> verdicts;  // not a wrong answer, in order of first case
  bool wrong_answer = false;
  int debug_cases = 0;
  for (const nlohmann::json& c : run["cases"]) {
    const Verdict verdict = parse_verdict(c["verdict"].get<std::string>()).value();
    const nlohmann::json mismatch = c.value("mismatch", nlohmann::json());
    if (mismatch.is_object() && mismatch["actual"].is_string()) {
      const std::string actual = mismatch["actual"];  // the name below points into it
      const std::string_view name = not_implemented_function(actual);
      if (!name.empty() && std::find(missing.begin(), missing.end(), name) == missing.end()) {
        missing.emplace_back(name);
      }
    }
    if (verdict == Verdict::Passed) continue;
    if (verdict == Verdict::WrongOutput) {
      // a right answer after lines too many is debug output, not a wrong answer
      if (c.value("extra_lines_before", 0) > 0) {
        ++debug_cases;
      } else {
        wrong_answer = true;
      }
      continue;
    }
    const auto it = std::find_if(verdicts.begin(), verdicts.end(), [&](const auto& v) { return v.first == verdict; });
    if (it == verdicts.end()) {
      verdicts.emplace_back(verdict, 1);
    } else {
      ++it->second;
    }
  }
  if (!missing.empty()) {
    std::string names;
    for (const std::string& name : missing) names += (names.empty() ? "" : ", ") + name;
    terms.push_back({"not implemented", "not implemented: " + names, false});
  }
  for (const auto& [verdict, count] : verdicts) {
    const std::string name(verdict_name(verdict));
    terms.push_back({name, name + " in " + std::to_string(count) + (count == 1 ? " case" : " cases"), false});
  }
  if (debug_cases > 0) {
    terms.push_back({"debug output",
                     "debug lines on standard output in " + std::to_string(debug_cases) +
                         (debug_cases == 1 ? " case" : " cases"),
                     false});
  }
  if (terms.empty() && wrong_answer) {
    terms.push_back({"wrong output, no known mistake", "wrong output, no known mistake", false});
  }
  return terms;
}

std::string looks_like_text(const SubmissionReport& report) {
  std::string text;
  for (const SubmissionReport::Look& term : report.looks_like()) {
    text += (text.empty() ? "" : "; ") + term.text;
  }
  return text;
}

std::string format_submission_report(const SubmissionReport& report) {
  nlohmann::json json = report.run;
  json["submission"] = report.submission;
  json["status"] = status_name(report.status);
  json["build"] = report.build;
  if (report.collected) json["collection"] = collected_json(*report.collected);
  return json_text(json);
}

namespace {

nlohmann::json parse_json(const std::string& text, const fs::path& where) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& error) {
    throw FileError(where, 0, std::string("not a submission report: ") + error.what());
  }
}

SubmissionReport from_json(nlohmann::json json, const fs::path& where) {
  // A field the kit reads: there, and of its type, or a message that says which.
  const auto need = [&](const nlohmann::json& object, const char* key, nlohmann::json::value_t type,
                        const std::string& at) -> const nlohmann::json& {
    const bool number = type == nlohmann::json::value_t::number_integer;
    if (!object.is_object() || !object.contains(key) ||
        (number ? !object[key].is_number_integer() : object[key].type() != type)) {
      throw FileError(where, 0, "not a submission report: " + at + key + " is missing or not " +
                                    (number ? "a whole number" : nlohmann::json(type).type_name()));
    }
    return object[key];
  };
  using type = nlohmann::json::value_t;
  SubmissionReport report;
  report.submission = need(json, "submission", type::string, "");
  const std::string status = need(json, "status", type::string, "");
  const std::optional<SubmissionStatus> known = parse_submission_status(status);
  if (!known) {
    throw FileError(where, 0,
                    "not a submission report: status \"" + status +
                        "\" is none of passed, failed, build-failed, not-collected");
  }
  report.status = *known;
  report.build = need(json, "build", type::object, "");
  const nlohmann::json& summary = need(json, "summary", type::object, "");
  for (const char* key : {"score", "max_score", "passed", "failed"}) {
    need(summary, key, type::number_integer, "summary.");
  }
  for (const nlohmann::json& d : need(summary, "diagnosis", type::array, "summary.")) {
    need(d, "id", type::string, "summary.diagnosis[].");
  }
  for (const nlohmann::json& c : need(json, "cases", type::array, "")) {
    need(c, "name", type::string, "cases[].");
    need(c, "points", type::number_integer, "cases[].");
    const std::string verdict = need(c, "verdict", type::string, "cases[].");
    if (!parse_verdict(verdict)) {
      throw FileError(where, 0, "not a submission report: cases[].verdict \"" + verdict + "\" is no verdict");
    }
  }
  if (json.contains("collection"))
    report.collected = collected_from_json(json["collection"], where);
  json.erase("collection");
  json.erase("submission");
  json.erase("status");
  json.erase("build");
  report.run = std::move(json);
  return report;
}

}  // namespace

SubmissionReport parse_submission_report(const std::string& text, const fs::path& where) {
  return from_json(parse_json(text, where), where);
}

std::vector<SubmissionReport> read_submission_reports(const std::vector<fs::path>& folders) {
  std::vector<SubmissionReport> reports;
  for (const fs::path& folder : folders) {
    if (!fs::is_directory(folder)) throw FileError(folder, 0, "no such folder");
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() != ".json") continue;
      nlohmann::json json = parse_json(read_file(entry.path()), entry.path());
      // another tool's JSON beside the reports is not one of them
      if (json.is_object() && json.contains("submission")) {
        reports.push_back(from_json(std::move(json), entry.path()));
      }
    }
  }
  std::sort(reports.begin(), reports.end(),
            [](const SubmissionReport& a, const SubmissionReport& b) { return a.submission < b.submission; });
  return reports;
}

}  // namespace grader
