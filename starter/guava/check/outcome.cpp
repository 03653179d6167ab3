#include "outcome.hpp"

namespace grader {

std::string_view status_name(SubmissionStatus status) {
  switch (status) {
    case SubmissionStatus::Passed:
      return "passed";
    case SubmissionStatus::Failed:
      return "failed";
    case SubmissionStatus::BuildFailed:
      return "build-failed";
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

std::string NamedMistakes::name() const {
  if (mistakes.size() == 1) return mistakes.front();
  std::string text = "one of:";
  for (std::size_t i = 0; i < mistakes.size(); ++i) text += (i == 0 ? " " : ", ") + mistakes[i];
  return text;
}

std::string NamedMistakes::message() const {
  std::string text;
  for (const std::string& line : messages) text += (text.empty() ? "" : "; or ") + line;
  return text;
}

}  // namespace grader
