#include "starter_files.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "case_file.hpp"
#include "file_io.hpp"

namespace starter {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDocs[] = {"protocol.md", "case-format.md"};

using grader::read_file;  // the kit's files, one error shape (grader/core/file_io.hpp)

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

bool is_reference_source(const fs::path& path) {
  const std::string name = path.filename().string();
  const std::string ext = path.extension().string();
  if (ext != ".cpp" && ext != ".hpp") return false;
  return name != "test_main.cpp" && name.find("_test.cpp") == std::string::npos;
}

// The option reader of grader/core/, with which bloom reads its options as well as check: it
// goes into src/, since a starter's bloom is built from src/ alone (on Windows too, where
// check is not built), and check takes it from bloom_core.
bool is_shared_with_program(const fs::path& path) {
  return path.stem() == "command_line" &&
         (path.extension() == ".cpp" || path.extension() == ".hpp");
}

std::vector<fs::path> sorted_files(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool is_hidden_case(const fs::path& path, const std::string& text) {
  return grader::parse_case(text, path.stem().string(), path).hidden;
}

bool in_build_folder(const fs::path& relative) {
  return relative.begin() != relative.end() && relative.begin()->string().rfind("build", 0) == 0;
}

}  // namespace

FileMap starter_files(const fs::path& root, const Exercise& exercise, Keep keep) {
  std::set<std::string> names;
  for (const Exercise& e : grader::read_manifest(root)) names.insert(e.name);

  FileMap files;
  std::string library_sources;
  std::string functions_table;
  std::string student_functions;  // their names, space-separated, for build/check
  std::set<std::string> theirs;   // the same, as a set
  std::map<std::string, std::string> given_files;  // exercise -> "`src/a.cpp`, ..."
  std::vector<std::string> others_stubbed;
  std::vector<fs::path> program_sources;  // src/: the reference's, and the option reader
  for (const fs::path& path : sorted_files(root / "reference")) {
    if (is_reference_source(path)) program_sources.push_back(path);
  }
  for (const fs::path& path : sorted_files(root / "grader" / "core")) {
    if (is_shared_with_program(path)) program_sources.push_back(path);
  }
  std::sort(program_sources.begin(), program_sources.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
  for (const fs::path& path : program_sources) {
    const std::string name = path.filename().string();
    const std::string shown = fs::relative(path, root).generic_string();
    const Stripped stripped = strip_solutions(read_file(path), shown, exercise.name, keep, names);
    files["src/" + name] = stripped.text;
    if (path.extension() == ".cpp" && name != "main.cpp") library_sources += "  src/" + name + "\n";
    for (const std::string& function : stripped.stubbed) {
      functions_table += "| `" + function + "` | `src/" + name + "` |\n";
      student_functions += (student_functions.empty() ? "" : " ") + function;
      theirs.insert(function);
    }
    for (const std::string& from : stripped.given_from) {
      std::string& list = given_files[from];
      list += (list.empty() ? "`src/" : ", `src/") + name + "`";
    }
    for (const std::string& function : stripped.others_stubbed) {
      others_stubbed.push_back("`" + function + "`");
    }
  }
  if (keep == Keep::Stubs && functions_table.empty()) {
    throw std::runtime_error("no solution region of exercise " + exercise.name +
                             " has a stub in reference/");
  }

  // the self-check: the grader's core (no Boost, no JSON, no CLI11), copied whole but for its
  // kit-only sections (the options only the kit's grader takes) and the option reader, which is
  // in src/
  std::string check_sources;
  for (const fs::path& path : sorted_files(root / "grader" / "core")) {
    const std::string name = path.filename().string();
    if (name.find("_test.cpp") != std::string::npos || is_shared_with_program(path)) continue;
    files["check/" + name] =
        strip_solutions(read_file(path), "grader/core/" + name, exercise.name, keep, names).text;
    if (path.extension() == ".cpp") check_sources += "  check/" + name + "\n";
  }
  for (const char* name : kDocs) {
    const std::string shown = std::string("docs/") + name;
    files[shown] = strip_solutions(read_file(root / shown), shown, exercise.name, keep, names).text;
  }
  for (const std::string& suite : {std::string("protocol"), exercise.name}) {
    // the reference's times on the cases copied, from which build/check takes their limits
    const fs::path times_file = root / "cases" / suite / "times.tsv";
    const std::map<std::string, double> times =
        fs::is_regular_file(times_file) ? grader::parse_reference_times(read_file(times_file), times_file)
                                        : std::map<std::string, double>{};
    std::map<std::string, double> copied_times;
    for (const fs::path& path : sorted_files(root / "cases" / suite)) {
      if (path.extension() != ".case") continue;
      const std::string text = read_file(path);
      if (is_hidden_case(path, text)) continue;
      files["cases/" + suite + "/" + path.filename().string()] = text;
      if (const auto time = times.find(path.stem().string()); time != times.end()) copied_times.insert(*time);
      // the known mistakes' answers to it, so that build/check names a student's mistake
      fs::path mistakes = path;
      mistakes.replace_extension(".mistakes");
      if (fs::is_regular_file(mistakes)) {
        files["cases/" + suite + "/" + mistakes.filename().string()] = read_file(mistakes);
      }
    }
    if (!copied_times.empty()) files["cases/" + suite + "/times.tsv"] = grader::format_reference_times(copied_times);
  }

  // the catalogue of this exercise's known mistakes: what build/check names a mistake by
  if (const fs::path catalogue = root / "cases" / "mistakes.tsv"; fs::is_regular_file(catalogue)) {
    std::vector<grader::MistakeInfo> mine = grader::parse_catalogue(read_file(catalogue), catalogue);
    std::erase_if(mine, [&](const grader::MistakeInfo& m) { return m.exercise != exercise.name; });
    files["cases/mistakes.tsv"] = grader::format_catalogue(mine);
  }

  // the command table with the functions the student writes alone: where build/check says a
  // program that hangs on a command is working (given code does not hang)
  if (const fs::path table_file = root / "cases" / "commands.tsv";
      fs::is_regular_file(table_file)) {
    std::vector<grader::CommandInfo> table =
        grader::parse_command_table(read_file(table_file), table_file);
    for (grader::CommandInfo& command : table) {
      std::erase_if(command.functions, [&](const std::string& f) { return theirs.count(f) == 0; });
    }
    files["cases/commands.tsv"] = grader::format_command_table(table);
  }

  // What the starter holds of the other exercises, said plainly (README.md, and the bundle).
  std::string other_exercises;
  for (const auto& [from, where] : given_files) {
    other_exercises += "\n**Given: part of the " + from + " exercise's solution.** This exercise " +
                       "needs working code from the " + from + " exercise, so that code is " +
                       "here, complete (" + where + "). This starter is handed out " +
                       "once the " + from + " exercise is over.\n";
  }
  if (!others_stubbed.empty()) {
    std::string list;
    for (std::size_t i = 0; i < others_stubbed.size(); ++i) {
      list += (i == 0 ? "" : i + 1 == others_stubbed.size() ? " and " : ", ") + others_stubbed[i];
    }
    const bool one = others_stubbed.size() == 1;
    other_exercises += "\n" + list + (one ? " belongs" : " belong") +
                       " to another exercise of the course and " + (one ? "answers" : "answer") +
                       " `error: not implemented` here; no case of this exercise needs " +
                       (one ? "it" : "them") + ".\n";
  }

  const auto fill = [&](std::string text) {
    text = replace_all(std::move(text), "@EXERCISE@", exercise.name);
    text = replace_all(std::move(text), "@LESSON@", exercise.lesson);
    text = replace_all(std::move(text), "@TRY_IT@", exercise.try_it);
    text = replace_all(std::move(text), "@ANSWERS@", exercise.answers);
    text = replace_all(std::move(text), "@LIBRARY_SOURCES@", library_sources);
    text = replace_all(std::move(text), "@CHECK_SOURCES@", check_sources);
    text = replace_all(std::move(text), "@FUNCTIONS@", functions_table);
    text = replace_all(std::move(text), "@STUDENT_FUNCTIONS@", student_functions);
    text = replace_all(std::move(text), "@OTHER_EXERCISES@", other_exercises);
    return text;
  };
  const fs::path templates = root / "tools" / "starter_gen" / "templates";
  files["CMakeLists.txt"] = fill(read_file(templates / "CMakeLists.txt.in"));
  files["README.md"] = fill(read_file(templates / "README.md.in"));
  files[".gitignore"] = "build*/\n";
  return files;
}

std::vector<std::string> differences(const FileMap& files, const fs::path& folder) {
  std::vector<std::string> found;
  for (const auto& [relative, text] : files) {
    const fs::path path = folder / relative;
    if (!fs::is_regular_file(path)) {
      found.push_back(relative + " is missing");
    } else if (read_file(path) != text) {
      found.push_back(relative + " differs");
    }
  }
  if (fs::is_directory(folder)) {
    for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator(); ++it) {
      const fs::path relative = fs::relative(it->path(), folder);
      if (in_build_folder(relative)) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && files.count(relative.generic_string()) == 0) {
        found.push_back(relative.generic_string() + " should not be there");
      }
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

void write_files(const FileMap& files, const fs::path& folder) {
  if (fs::is_directory(folder)) {
    std::vector<fs::path> stale;
    for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator(); ++it) {
      const fs::path relative = fs::relative(it->path(), folder);
      if (in_build_folder(relative)) {
        it.disable_recursion_pending();
      } else if (it->is_regular_file() && files.count(relative.generic_string()) == 0) {
        stale.push_back(it->path());
      }
    }
    for (const fs::path& path : stale) fs::remove(path);
  }
  for (const auto& [relative, text] : files) {
    const fs::path path = folder / relative;
    fs::create_directories(path.parent_path());
    grader::write_file(path, text);
  }
}

}  // namespace starter
