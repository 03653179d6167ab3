#include "report/collection.hpp"

#include "deadlines.hpp"
#include "file_io.hpp"
#include "report/json.hpp"

namespace grader {

namespace {

constexpr CollectState kCollectStates[] = {CollectState::Collected, CollectState::NeverAccepted,
                                           CollectState::CloneFailed, CollectState::PushedNothing,
                                           CollectState::NothingInTime};

// A time as the file keeps it: ISO 8601 in UTC, for a reader as much as for the kit.
nlohmann::json time_json(const std::optional<std::int64_t>& time) {
  return time ? nlohmann::json(iso_time(*time)) : nlohmann::json(nullptr);
}

}  // namespace

std::string_view collect_state_name(CollectState state) {
  switch (state) {
    case CollectState::Collected:
      return "collected";
    case CollectState::NeverAccepted:
      return "never accepted";
    case CollectState::CloneFailed:
      return "clone failed";
    case CollectState::PushedNothing:
      return "pushed nothing";
    case CollectState::NothingInTime:
      return "no commit in time";
  }
  return "collected";
}

std::optional<CollectState> parse_collect_state(std::string_view name) {
  for (const CollectState state : kCollectStates) {
    if (collect_state_name(state) == name) return state;
  }
  return std::nullopt;
}

int Collected::after_penalty(int score) const {
  return (score * (100 - penalty_percent) * 2 + 100) / 200;
}

nlohmann::json collected_json(const Collected& c) {
  return {{"id", c.id},
          {"url", c.url},
          {"state", collect_state_name(c.state)},
          {"commit", c.commit},
          {"commit_time", time_json(c.commit_time)},
          {"deadline", time_json(c.deadline)},
          {"days_late", c.days_late},
          {"penalty_percent", c.penalty_percent},
          {"workflow_points",
           c.workflow_points ? nlohmann::json(*c.workflow_points) : nlohmann::json(nullptr)},
          {"protected_changed",
           c.protected_changed ? nlohmann::json(*c.protected_changed) : nlohmann::json(nullptr)}};
}

Collected collected_from_json(const nlohmann::json& json, const std::filesystem::path& where) {
  const auto fail = [&](const std::string& what) -> FileError {
    return FileError(where, 0, "not a collection record: " + what);
  };
  if (!json.is_object()) throw fail("a student is not an object");
  const auto text = [&](const char* key) {
    if (!json.contains(key) || !json[key].is_string())
      throw fail(std::string(key) + " is missing or not a string");
    return json[key].get<std::string>();
  };
  const auto number = [&](const char* key) {
    if (!json.contains(key) || !json[key].is_number_integer()) {
      throw fail(std::string(key) + " is missing or not a whole number");
    }
    return json[key].get<int>();
  };
  const auto time = [&](const char* key) -> std::optional<std::int64_t> {
    if (!json.contains(key) || json[key].is_null()) return std::nullopt;
    const std::optional<std::int64_t> parsed =
        json[key].is_string() ? parse_iso_time(json[key].get<std::string>()) : std::nullopt;
    if (!parsed) throw fail(std::string(key) + " is not a time as ISO 8601");
    return parsed;
  };
  Collected c;
  c.id = text("id");
  c.url = text("url");
  const std::optional<CollectState> state = parse_collect_state(text("state"));
  if (!state) throw fail("state \"" + text("state") + "\" is none the kit writes");
  c.state = *state;
  c.commit = text("commit");
  c.commit_time = time("commit_time");
  c.deadline = time("deadline");
  c.days_late = number("days_late");
  c.penalty_percent = number("penalty_percent");
  if (json.contains("workflow_points") && !json["workflow_points"].is_null())
    c.workflow_points = number("workflow_points");
  if (json.contains("protected_changed") && !json["protected_changed"].is_null()) {
    const nlohmann::json& paths = json["protected_changed"];
    if (!paths.is_array()) throw fail("protected_changed is not a list");
    c.protected_changed.emplace();
    for (const nlohmann::json& path : paths) {
      if (!path.is_string()) throw fail("protected_changed holds a path that is not a string");
      c.protected_changed->push_back(path.get<std::string>());
    }
  }
  return c;
}

std::string format_collection(const std::vector<Collected>& students) {
  nlohmann::json list = nlohmann::json::array();
  for (const Collected& student : students) list.push_back(collected_json(student));
  return json_text({{"students", list}});
}

std::vector<Collected> parse_collection(const std::string& text,
                                        const std::filesystem::path& where) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& error) {
    throw FileError(where, 0, std::string("not a collection record: ") + error.what());
  }
  if (!json.is_object() || !json.contains("students") || !json["students"].is_array()) {
    throw FileError(where, 0, "not a collection record: no list of students");
  }
  std::vector<Collected> students;
  for (const nlohmann::json& student : json["students"])
    students.push_back(collected_from_json(student, where));
  return students;
}

}  // namespace grader
