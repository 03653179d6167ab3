#include "report/submission_report.hpp"

#include <algorithm>

#include "file_io.hpp"
#include "report/json.hpp"

namespace grader {

namespace fs = std::filesystem;

int SubmissionReport::public_score() const {
  return score() - hidden_score();
}

int SubmissionReport::hidden_score() const {
  int points = 0;
  for (const CaseOutcome& c : cases()) points += c.hidden ? c.points : 0;
  return points;
}

int SubmissionReport::final_score() const {
  return collected ? collected->after_penalty(score()) : score();
}

SubmissionReport submission_report_of(const Report& run, std::string submission,
                                      BuildOutcome build) {
  Outcome outcome = outcome_of(run);
  outcome.build = std::move(build);
  return {std::move(submission), std::move(outcome)};
}

namespace {

// Every case of `cases` not run, for `why`, under `command`.
Outcome not_run(const std::vector<Case>& cases, const std::string& why, std::string command) {
  Report report;
  report.command = std::move(command);
  for (const Case& kase : cases) {
    CaseResult result;
    result.kase = &kase;
    result.summary = why;
    report.results.push_back(std::move(result));
  }
  return outcome_of(report);
}

}  // namespace

SubmissionReport build_failed_report(const std::vector<Case>& cases, std::string submission,
                                     BuildOutcome build) {
  Outcome outcome = not_run(cases, "not run: the build failed", build.command.value_or(""));
  outcome.status = SubmissionStatus::BuildFailed;
  outcome.build = std::move(build);
  return {std::move(submission), std::move(outcome)};
}

SubmissionReport not_collected_report(const std::vector<Case>& cases, Collected collected) {
  Outcome outcome = not_run(
      cases, "not run: not collected, " + std::string(collect_state_name(collected.state)), "");
  outcome.status = SubmissionStatus::NotCollected;
  outcome.build = {std::nullopt, false, std::nullopt, std::nullopt, std::nullopt};
  std::string id = collected.id;
  return {std::move(id), std::move(outcome), std::move(collected)};
}

std::vector<SubmissionReport::Look> SubmissionReport::looks_like() const {
  using Cause = Look::Cause;
  if (status() == SubmissionStatus::NotCollected) {
    const std::string reason(collected ? collect_state_name(collected->state) : "no record");
    return {{Cause::NotCollected, {}, std::nullopt, "not collected", "not collected: " + reason}};
  }
  if (status() == SubmissionStatus::BuildFailed) {
    return {{Cause::BuildFailed, {}, std::nullopt, "build failed", "build failed"}};
  }
  if (status() == SubmissionStatus::Passed) return {};
  std::vector<Look> terms;
  for (const NamedMistakes& named : outcome.summary.diagnosis) {
    terms.push_back({Cause::Mistake, named.mistakes, std::nullopt, named.name(), named.name()});
  }
  std::vector<std::string> missing;
  std::vector<std::pair<Verdict, int>> verdicts;  // not a wrong answer, in order of first case
  bool wrong_answer = false;
  int debug_cases = 0;
  for (const CaseOutcome& c : cases()) {
    if (c.mismatch && c.mismatch->actual) {
      const std::string_view name = not_implemented_function(*c.mismatch->actual);
      if (!name.empty() && std::find(missing.begin(), missing.end(), name) == missing.end()) {
        missing.emplace_back(name);
      }
    }
    if (c.verdict == Verdict::Passed) continue;
    if (c.verdict == Verdict::WrongOutput) {
      // a right answer after lines too many is debug output, not a wrong answer
      if (c.extra_lines_before > 0) {
        ++debug_cases;
      } else {
        wrong_answer = true;
      }
      continue;
    }
    const auto it = std::find_if(verdicts.begin(), verdicts.end(),
                                 [&](const auto& v) { return v.first == c.verdict; });
    if (it == verdicts.end()) {
      verdicts.emplace_back(c.verdict, 1);
    } else {
      ++it->second;
    }
  }
  if (!missing.empty()) {
    std::string names;
    for (const std::string& name : missing) names += (names.empty() ? "" : ", ") + name;
    terms.push_back(
        {Cause::NotImplemented, {}, std::nullopt, "not implemented", "not implemented: " + names});
  }
  for (const auto& [verdict, count] : verdicts) {
    const std::string name(verdict_name(verdict));
    terms.push_back({Cause::Verdict,
                     {},
                     verdict,
                     name,
                     name + " in " + std::to_string(count) + (count == 1 ? " case" : " cases")});
  }
  if (debug_cases > 0) {
    terms.push_back({Cause::DebugOutput,
                     {},
                     std::nullopt,
                     "debug output",
                     "debug lines on standard output in " + std::to_string(debug_cases) +
                         (debug_cases == 1 ? " case" : " cases")});
  }
  if (terms.empty() && wrong_answer) {
    terms.push_back({Cause::NoKnownMistake,
                     {},
                     std::nullopt,
                     "wrong output, no known mistake",
                     "wrong output, no known mistake"});
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
  nlohmann::json json = to_json(report.outcome);
  json["submission"] = report.submission;
  json["status"] = status_name(report.status());
  json["build"] = to_json(report.outcome.build);
  if (!report.build_path.empty()) json["build"]["path"] = report.build_path;
  if (report.build_cpu_ms) json["build"]["cpu_ms"] = *report.build_cpu_ms;
  if (report.collected) json["collection"] = collected_json(*report.collected);
  return json_text(json);
}

namespace {

constexpr const char* kNotAReport = "not a submission report";

nlohmann::json parse_json(const std::string& text, const fs::path& where) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& error) {
    throw FileError(where, 0, std::string(kNotAReport) + ": " + error.what());
  }
}

SubmissionReport from_json(const nlohmann::json& json, const fs::path& where) {
  using Type = nlohmann::json::value_t;
  SubmissionReport report;
  report.submission = need(json, "submission", Type::string, "", where, kNotAReport);
  const std::string status = need(json, "status", Type::string, "", where, kNotAReport);
  const std::optional<SubmissionStatus> known = parse_submission_status(status);
  if (!known) {
    throw FileError(where, 0,
                    std::string(kNotAReport) + ": status \"" + status +
                        "\" is none of passed, failed, build-failed, not-collected");
  }
  BuildOutcome build = build_from_json(json, where, kNotAReport);
  report.outcome = outcome_from_json(json, where, kNotAReport);
  report.outcome.status = *known;
  report.outcome.build = std::move(build);
  if (json.contains("collection"))
    report.collected = collected_from_json(json["collection"], where);
  const nlohmann::json& written = json["build"];
  if (written.contains("path") && written["path"].is_string()) report.build_path = written["path"];
  if (written.contains("cpu_ms") && written["cpu_ms"].is_number_integer()) {
    report.build_cpu_ms = written["cpu_ms"].get<std::int64_t>();
  }
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
        reports.push_back(from_json(json, entry.path()));
      }
    }
  }
  std::sort(reports.begin(), reports.end(),
            [](const SubmissionReport& a, const SubmissionReport& b) { return a.submission < b.submission; });
  return reports;
}

}  // namespace grader
