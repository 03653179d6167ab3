#include "batch/shell_words.hpp"

#include <sstream>
#include <string_view>

#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

std::optional<std::vector<std::string>> plain_words(const std::string& command, const fs::path& dir) {
  constexpr std::string_view kPlain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./-+,:@%{}";
  if (command.find_first_not_of(kPlain) != std::string::npos) return std::nullopt;
  std::vector<std::string> words;
  std::istringstream split(command);
  for (std::string word; split >> word;) {
    for (std::size_t at = word.find("{dir}"); at != std::string::npos; at = word.find("{dir}", at)) {
      word.replace(at, 5, dir.string());
      at += dir.string().size();
    }
    words.push_back(word);
  }
  if (words.empty()) return std::nullopt;
  return words;
}

std::string expand_dir(const std::string& command, const fs::path& dir) {
  std::string out;
  const std::string quoted = shell_quote(dir.string());
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (command.compare(i, 5, "{dir}") == 0) {
      out += quoted;
      i += 4;
    } else {
      out += command[i];
    }
  }
  return out;
}

}  // namespace grader
