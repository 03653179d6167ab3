#include "manifest.hpp"

#include <sstream>

#include "file_io.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

std::vector<Exercise> parse_manifest(const std::string& text, const std::string& where) {
  std::vector<Exercise> list;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const auto fail = [&](const std::string& problem) { throw FileError(where, number, problem); };
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const std::size_t tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (fields.size() != 4) {
      fail("a line has four tab-separated fields (name, lesson, try it, answers), this one has " +
           std::to_string(fields.size()));
    }
    if (fields[0].empty() ||
        fields[0].find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos) {
      fail("an exercise's name is lower-case letters and digits, got \"" + fields[0] + "\"");
    }
    for (const Exercise& seen : list) {
      if (seen.name == fields[0]) fail("exercise \"" + fields[0] + "\" is listed twice");
    }
    list.push_back({fields[0], fields[1], fields[2], replace_all(fields[3], "\\n", "\n")});
  }
  if (list.empty()) throw FileError(where, 0, "lists no exercise");
  return list;
}

std::vector<Exercise> read_manifest(const fs::path& kit) {
  const fs::path file = kit / kManifest;
  return parse_manifest(read_file(file), file.string());
}

Exercise find_exercise(const fs::path& kit, std::string_view name) {
  const std::vector<Exercise> list = read_manifest(kit);
  std::string known;
  for (const Exercise& exercise : list) {
    if (exercise.name == name) return exercise;
    known += (known.empty() ? "" : ", ") + exercise.name;
  }
  throw FileError(kit / kManifest, 0, "no exercise \"" + std::string(name) + "\" (it lists " + known + ")");
}

std::vector<fs::path> exercise_suites(const fs::path& kit, std::string_view exercise) {
  const std::string name = find_exercise(kit, exercise).name;
  std::vector<fs::path> folders = {kit / "cases" / "protocol", kit / "cases" / name};
  const fs::path hidden = kit / kHiddenSuites / name;
  std::error_code ignored;
  if (fs::is_directory(hidden, ignored)) folders.push_back(hidden);
  return folders;
}

}  // namespace grader
