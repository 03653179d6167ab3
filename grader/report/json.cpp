#include "report/json.hpp"

#include "file_io.hpp"

namespace grader {

namespace fs = std::filesystem;
using Type = nlohmann::json::value_t;

std::string json_text(const nlohmann::json& json) {
  // a folder name or a command line may hold any bytes; dump() would throw at the first that
  // is not UTF-8
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

const nlohmann::json& need(const nlohmann::json& object, const char* key, Type type,
                           std::string_view at, const fs::path& where, std::string_view what) {
  const bool number = type == Type::number_integer;
  if (!object.is_object() || !object.contains(key) ||
      (number ? !object[key].is_number_integer() : object[key].type() != type)) {
    throw FileError(where, 0,
                    std::string(what) + ": " + std::string(at) + key + " is missing or not " +
                        (number ? "a whole number" : nlohmann::json(type).type_name()));
  }
  return object[key];
}

namespace {

// A case's diagnosis as claims: {"mistake": ID} for one mistake, {"one_of": [ID, ...]} for
// mistakes the case cannot tell apart.
nlohmann::json claim_json(const Claim& claim) {
  if (claim.one_of()) return {{"one_of", claim.mistakes}};
  return {{"mistake", claim.mistakes.empty() ? "" : claim.mistakes.front()}};
}

nlohmann::json case_json(const CaseOutcome& c) {
  nlohmann::json mismatch = nullptr;
  if (c.mismatch) {
    const MismatchOutcome& m = *c.mismatch;
    mismatch = {{"command", m.command},
                {"case_line", m.case_line},
                {"output_line", m.output_line},
                {"expected", m.expected},
                {"actual", m.actual ? nlohmann::json(*m.actual) : nlohmann::json(nullptr)},
                {"extra_output", m.extra_output}};
  }
  nlohmann::json ids = nlohmann::json::array();  // every mistake named, flat: the older field
  nlohmann::json claims = nlohmann::json::array();
  for (const Claim& claim : c.diagnosis) {
    for (const std::string& id : claim.mistakes) ids.push_back(id);
    claims.push_back(claim_json(claim));
  }
  return {
      {"name", c.name},
      {"file", c.file},
      {"verdict", verdict_name(c.verdict)},
      {"summary", c.summary},
      {"points", c.points},
      {"max_points", c.max_points},
      {"hidden", c.hidden},
      {"time_ms", c.time_ms},
      {"cpu_ms", c.cpu_ms},
      {"exit_code", c.exit_code ? nlohmann::json(*c.exit_code) : nullptr},
      {"signal", c.signal ? nlohmann::json(*c.signal) : nullptr},
      {"mismatch", mismatch},
      {"extra_lines_before", c.extra_lines_before},
      {"diagnosis", ids},
      {"claims", claims},
      {"hints", c.hints},
      {"details", c.details},
      {"stderr", c.err},
  };
}

template <typename T>
T value_or(const nlohmann::json& object, const char* key, T fallback) {
  return object.contains(key) && !object[key].is_null() ? object[key].get<T>() : fallback;
}

template <typename T>
std::optional<T> optional_of(const nlohmann::json& object, const char* key) {
  if (!object.contains(key) || object[key].is_null()) return std::nullopt;
  return object[key].get<T>();
}

CaseOutcome case_from_json(const nlohmann::json& c, const fs::path& where,
                           const std::string& what) {
  CaseOutcome outcome;
  outcome.name = need(c, "name", Type::string, "cases[].", where, what);
  outcome.points = need(c, "points", Type::number_integer, "cases[].", where, what);
  const std::string verdict = need(c, "verdict", Type::string, "cases[].", where, what);
  const std::optional<Verdict> known = parse_verdict(verdict);
  if (!known)
    throw FileError(where, 0, what + ": cases[].verdict \"" + verdict + "\" is no verdict");
  outcome.verdict = *known;
  outcome.file = value_or<std::string>(c, "file", "");
  outcome.summary = value_or<std::string>(c, "summary", "");
  outcome.max_points = value_or(c, "max_points", 0);
  outcome.hidden = value_or(c, "hidden", false);
  outcome.time_ms = value_or<std::int64_t>(c, "time_ms", 0);
  outcome.cpu_ms = value_or<std::int64_t>(c, "cpu_ms", 0);
  outcome.exit_code = optional_of<int>(c, "exit_code");
  outcome.signal = optional_of<std::string>(c, "signal");
  if (c.contains("mismatch") && c["mismatch"].is_object()) {
    const nlohmann::json& m = c["mismatch"];
    outcome.mismatch = MismatchOutcome{
        value_or<std::string>(m, "command", ""),    value_or(m, "case_line", 0),
        value_or<std::size_t>(m, "output_line", 0), value_or<std::string>(m, "expected", ""),
        optional_of<std::string>(m, "actual"),      value_or(m, "extra_output", false)};
  }
  outcome.extra_lines_before = value_or(c, "extra_lines_before", 0);
  if (c.contains("claims")) {
    for (const nlohmann::json& claim : c["claims"]) {
      if (claim.contains("one_of")) {
        outcome.diagnosis.push_back({claim["one_of"].get<std::vector<std::string>>()});
      } else {
        outcome.diagnosis.push_back(
            {{need(claim, "mistake", Type::string, "cases[].claims[].", where, what)}});
      }
    }
  } else {
    // a report written before claims: its flat list cannot tell "one of" from "both"
    for (const std::string& id : value_or(c, "diagnosis", std::vector<std::string>{})) {
      outcome.diagnosis.push_back({{id}});
    }
  }
  outcome.hints = value_or(c, "hints", std::vector<std::string>{});
  outcome.details = value_or(c, "details", std::vector<std::string>{});
  outcome.err = value_or<std::string>(c, "stderr", "");
  return outcome;
}

// "this is what you get when ... [A]; or this is what you get when ... [B]": the message of
// "one of", cut back into each mistake's line at the "; or " after each id but the last. A
// message that does not read so stays whole.
std::vector<std::string> messages_of(const std::string& message,
                                     const std::vector<std::string>& ids) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
    const std::string end = "[" + ids[i] + "]; or ";
    const std::size_t at = message.find(end, from);
    if (at == std::string::npos) return {message};
    lines.push_back(message.substr(from, at + end.size() - 5 - from));
    from = at + end.size();
  }
  lines.push_back(message.substr(from));
  return lines;
}

Outcome run_from_json(const nlohmann::json& json, const fs::path& where, const std::string& what);

}  // namespace

nlohmann::json to_json(const Outcome& outcome) {
  nlohmann::json cases = nlohmann::json::array();
  for (const CaseOutcome& c : outcome.cases) cases.push_back(case_json(c));
  nlohmann::json named = nlohmann::json::array();
  for (const NamedMistakes& mistakes : outcome.summary.diagnosis) {
    // "one of" is one entry, its id the words a report shows, its mistakes listed
    named.push_back({{"id", mistakes.name()},
                     {"one_of", mistakes.mistakes},
                     {"cases", mistakes.cases},
                     {"message", mistakes.message()}});
  }
  const RunSummary& s = outcome.summary;
  return {{"summary",
           {{"cases", s.cases},
            {"passed", s.passed},
            {"failed", s.failed},
            {"score", s.score},
            {"max_score", s.max_score},
            {"command", s.command},
            {"interrupted", s.interrupted},
            {"diagnosis", named}}},
          {"cases", cases}};
}

Outcome outcome_from_json(const nlohmann::json& json, const fs::path& where,
                          const std::string& what) {
  try {
    return run_from_json(json, where, what);
  } catch (const nlohmann::json::exception& error) {  // a field of another type than written
    throw FileError(where, 0, what + ": " + error.what());
  }
}

namespace {

Outcome run_from_json(const nlohmann::json& json, const fs::path& where, const std::string& what) {
  Outcome outcome;
  RunSummary& s = outcome.summary;
  const nlohmann::json& summary = need(json, "summary", Type::object, "", where, what);
  s.score = need(summary, "score", Type::number_integer, "summary.", where, what);
  s.max_score = need(summary, "max_score", Type::number_integer, "summary.", where, what);
  s.passed = need(summary, "passed", Type::number_integer, "summary.", where, what);
  s.failed = need(summary, "failed", Type::number_integer, "summary.", where, what);
  for (const nlohmann::json& d : need(summary, "diagnosis", Type::array, "summary.", where, what)) {
    NamedMistakes named;
    const std::string id = need(d, "id", Type::string, "summary.diagnosis[].", where, what);
    named.mistakes = value_or(d, "one_of", std::vector<std::string>{id});
    named.cases = value_or(d, "cases", 0);
    if (d.contains("message"))
      named.messages = messages_of(d["message"].get<std::string>(), named.mistakes);
    s.diagnosis.push_back(std::move(named));
  }
  for (const nlohmann::json& c : need(json, "cases", Type::array, "", where, what)) {
    outcome.cases.push_back(case_from_json(c, where, what));
  }
  s.cases = value_or(summary, "cases", static_cast<int>(outcome.cases.size()));
  s.command = value_or<std::string>(summary, "command", "");
  s.interrupted = value_or(summary, "interrupted", false);
  outcome.status = s.failed == 0 ? SubmissionStatus::Passed : SubmissionStatus::Failed;
  return outcome;
}

}  // namespace

nlohmann::json to_json(const BuildOutcome& build) {
  nlohmann::json json = {{"command", build.command ? nlohmann::json(*build.command) : nullptr},
                         {"ok", build.ok}};
  if (build.time_ms) json["time_ms"] = *build.time_ms;
  if (build.output) json["output"] = *build.output;
  if (build.summary) json["summary"] = *build.summary;
  return json;
}

BuildOutcome build_from_json(const nlohmann::json& json, const fs::path& where,
                             const std::string& what) {
  const nlohmann::json& build = need(json, "build", Type::object, "", where, what);
  BuildOutcome outcome;
  outcome.command = optional_of<std::string>(build, "command");
  outcome.ok = value_or(build, "ok", false);
  outcome.time_ms = optional_of<std::int64_t>(build, "time_ms");
  outcome.output = optional_of<std::string>(build, "output");
  outcome.summary = optional_of<std::string>(build, "summary");
  return outcome;
}

}  // namespace grader
