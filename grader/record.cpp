#include "record.hpp"

namespace grader {

std::size_t answers_expected(std::string_view sent) {
  if (sent.ends_with('\r')) sent.remove_suffix(1);
  return sent.empty() || sent.front() == '#' ? 0 : 1;
}

std::string rerecord(const std::string& text, const Case& kase,
                     const std::vector<std::string_view>& answers) {
  std::size_t wanted = 0;
  for (const Step& step : kase.steps) wanted += answers_expected(step.input);
  if (wanted != answers.size()) {
    throw CaseFileError(kase.file, 0,
                        "the program answered " + std::to_string(answers.size()) +
                            " lines where one per sent line (" + std::to_string(wanted) +
                            ") was expected");
  }
  std::string out;
  std::size_t next_answer = 0;
  std::size_t step = 0;
  bool in_expectations = false;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t newline = rest.find('\n');
    std::string_view line = rest.substr(0, newline);
    rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
    if (line.ends_with('\r') && !line.starts_with(">")) line.remove_suffix(1);

    if (line.starts_with(">")) {
      out.append(line).push_back('\n');
      for (std::size_t i = 0; i < answers_expected(kase.steps[step].input); ++i) {
        out.append(answers[next_answer++]).push_back('\n');
      }
      ++step;
      in_expectations = true;
      continue;
    }
    const bool layout = line.empty() || line.starts_with("#") || line.starts_with("@");
    if (in_expectations && !layout) continue;  // an old expected line: replaced above
    out.append(line).push_back('\n');
  }
  return out;
}

}  // namespace grader
