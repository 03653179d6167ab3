#include "batch/shell_words.hpp"

#include <array>
#include <cctype>
#include <sstream>
#include <string_view>

#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kDir = "{dir}";
constexpr std::string_view kProject = "{project}";

// `text` with each placeholder replaced by `shown(path)`.
template <typename Shown>
std::string substitute(std::string_view text, const Placeholders& paths, Shown shown) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i, kDir.size()) == kDir) {
      out += shown(paths.dir);
      i += kDir.size() - 1;
    } else if (paths.project && text.substr(i, kProject.size()) == kProject) {
      out += shown(*paths.project);
      i += kProject.size() - 1;
    } else {
      out += text[i];
    }
  }
  return out;
}

// Whether the word at the start of `word` is an assignment, NAME=...
bool assignment(std::string_view word) {
  std::size_t i = 0;
  while (i < word.size() && (std::isalpha(static_cast<unsigned char>(word[i])) || word[i] == '_' ||
                             (i > 0 && std::isdigit(static_cast<unsigned char>(word[i]))))) {
    ++i;
  }
  return i > 0 && i < word.size() && word[i] == '=';
}

// The first word, up to a blank or the end.
std::string_view first_word(std::string_view text) {
  return text.substr(0, text.find_first_of(" \t"));
}

// Where the command of `line` starts (after leading assignments) when the line is one simple
// command, as sh's grammar reads it; nullopt for anything else, or when it cannot be sure.
// Quotes and $( ) are followed so that an operator inside them is not taken for the line's.
std::optional<std::size_t> simple_command_start(std::string_view line) {
  constexpr std::array<std::string_view, 17> kNotACommand = {
      "if",    "then",  "else", "elif", "fi", "do", "done", "case", "esac",
      "while", "until", "for",  "{",    "}",  "!",  "in",   "exec"};  // exec: already there
  std::string stack;  // open contexts, innermost last: ' " or (
  std::optional<std::size_t> start;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    const char top = stack.empty() ? '\0' : stack.back();
    if (top == '\'') {
      if (c == '\'') stack.pop_back();
      continue;
    }
    if (top == '\0') {  // the line's own words, where its command is
      if (c == ' ' || c == '\t') {
        in_word = false;
        continue;
      }
      if (!in_word) {
        in_word = true;
        if (c == '#') break;  // a comment runs to the end of the line
        if (!start && !assignment(line.substr(i))) {
          for (const std::string_view word : kNotACommand) {
            if (first_word(line.substr(i)) == word) return std::nullopt;
          }
          start = i;
        }
      }
    }
    if (c == '\\') {
      ++i;  // the next byte is quoted, whatever it is
    } else if (c == '`') {
      return std::nullopt;  // a command substitution not followed here
    } else if (c == '$' && i + 1 < line.size() && line[i + 1] == '(') {
      stack += '(';
      ++i;
    } else if (top == '"') {
      if (c == '"') stack.pop_back();
    } else if (c == '\'' || c == '"') {
      stack += c;
    } else if (c == '(' || c == ')') {
      if (top != '(') return std::nullopt;  // a subshell or a function, on the line's level
      if (c == '(') {
        stack += c;
      } else {
        stack.pop_back();
      }
    } else if (top == '\0' && (c == ';' || c == '&' || c == '|' || c == '\n')) {
      return std::nullopt;  // a list or a pipeline
    }
  }
  if (!stack.empty()) return std::nullopt;  // unbalanced: the shell will say so
  return start;
}

}  // namespace

bool names_project(const std::string& command) {
  return command.find(kProject) != std::string::npos;
}

std::string expand(const std::string& command, const Placeholders& paths) {
  return substitute(command, paths,
                    [](const fs::path& path) { return shell_quote(path.string()); });
}

std::optional<std::vector<std::string>> plain_words(const std::string& command,
                                                    const Placeholders& paths) {
  constexpr std::string_view kPlain =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./-+,:@%{}";
  if (command.find_first_not_of(kPlain) != std::string::npos) return std::nullopt;
  if (!paths.project && names_project(command)) return std::nullopt;
  std::vector<std::string> words;
  std::istringstream split(command);
  for (std::string word; split >> word;) {
    words.push_back(substitute(word, paths, [](const fs::path& path) { return path.string(); }));
  }
  if (words.empty()) return std::nullopt;
  return words;
}

std::string shell_line(const std::string& command, const Placeholders& paths) {
  const std::optional<std::size_t> start = simple_command_start(command);
  if (!start) return expand(command, paths);
  return expand(command.substr(0, *start), paths) + "exec " + expand(command.substr(*start), paths);
}

}  // namespace grader
