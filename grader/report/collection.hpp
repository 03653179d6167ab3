// The collection record: what `bloom-grader classroom --collect` took of each student of the
// roster, written as SUBMISSIONS/collection.json beside their folders. `batch` reads it from
// its --submissions folder and keeps each student's entry in their report (ID.json, under
// "collection"), and gives every student of the roster who has no folder a report of their
// own, status not-collected, so that the gradebook has a row per student. The writer and the
// reader live here side by side, with a round-trip test (collection_test.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grader {

// The record's file name in a submissions folder.
inline constexpr std::string_view kCollectionFile = "collection.json";

// What became of a student of the roster. Every state but Collected means no folder: the
// student's report is not-collected, 0 points, this state its reason.
enum class CollectState { Collected, NeverAccepted, CloneFailed, PushedNothing, NothingInTime };
// "collected", "never accepted", "clone failed", "pushed nothing", "no commit in time": the
// reason as the gradebook and the closing line say it; parse_collect_state's inverse.
[[nodiscard]] std::string_view collect_state_name(CollectState state);
[[nodiscard]] std::optional<CollectState> parse_collect_state(std::string_view name);

struct Collected {
  std::string id;   // the submission's folder, or what it would have been
  std::string url;  // what git clone took; "" for a student who never accepted
  CollectState state = CollectState::Collected;
  std::string commit;  // the commit taken, full hash; "" for none
  // The newest committer time of its history (deadlines.hpp's seconds): its own, or a later
  // ancestor's when it was dated back, for it holds that ancestor's files.
  std::optional<std::int64_t> commit_time;
  std::optional<std::int64_t> deadline;  // the student's own, extension included; none
                                         // without --deadline
  int days_late = 0;                     // days begun after the deadline
  int penalty_percent = 0;               // the late policy's, for those days
  std::optional<int> workflow_points;    // Classroom's points_awarded, when the list had it
  // The protected paths (.github/, the cases, check/, the starter's CMake files) whose files
  // differ from the template's commit; none when no template was given to compare with.
  std::optional<std::vector<std::string>> protected_changed;

  // A score after the penalty, rounded half up.
  [[nodiscard]] int after_penalty(int score) const;
  bool operator==(const Collected&) const = default;
};

[[nodiscard]] nlohmann::json collected_json(const Collected& collected);
// Throws FileError naming `where` and the field that is missing or wrong.
[[nodiscard]] Collected collected_from_json(const nlohmann::json& json,
                                            const std::filesystem::path& where);

// The file's text: {"students": [...]}, one entry a student, in the roster's order.
[[nodiscard]] std::string format_collection(const std::vector<Collected>& students);
// Reads what format_collection wrote; throws FileError.
[[nodiscard]] std::vector<Collected> parse_collection(const std::string& text,
                                                      const std::filesystem::path& where);

}  // namespace grader
