#include "record.hpp"

namespace grader {

std::string rerecord(const std::string& text, const Case& kase,
                     const std::vector<std::string_view>& answers, AnswerRule gets_answer) {
  std::size_t wanted = 0;
  for (const Step& step : kase.steps) wanted += gets_answer(step.input) ? 1U : 0U;
  if (wanted != answers.size()) {
    throw CaseFileError(kase.file, 0,
                        "the program answered " + std::to_string(answers.size()) +
                            " lines where one per sent line (" + std::to_string(wanted) +
                            ") was expected");
  }
  // Driven by the parser's positions: each step's line is kept and followed by its answers,
  // its old expected lines are dropped, and every other line stays where it stands.
  const std::vector<std::string_view> lines = case_file_lines(text);
  std::vector<const Step*> step_at(lines.size() + 1, nullptr);
  std::vector<bool> expected_at(lines.size() + 1, false);
  for (const Step& step : kase.steps) {
    step_at[static_cast<std::size_t>(step.case_line)] = &step;
    for (const ExpectedLine& line : step.expected) expected_at[static_cast<std::size_t>(line.case_line)] = true;
  }
  std::string out;
  std::size_t next_answer = 0;
  for (std::size_t number = 1; number <= lines.size(); ++number) {
    if (expected_at[number]) continue;
    out.append(lines[number - 1]).push_back('\n');
    if (const Step* step = step_at[number]) {
      if (gets_answer(step->input)) out.append(format_expected(answers[next_answer++])).push_back('\n');
    }
  }
  return out;
}

}  // namespace grader
