#include "batch/precompiled_header.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>

#include "file_io.hpp"
#include "runner.hpp"
#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// `line` without the spaces and tabs (and a CR) around it.
std::string_view trimmed(std::string_view line) {
  const std::size_t from = line.find_first_not_of(" \t\r");
  if (from == std::string_view::npos) return {};
  return line.substr(from, line.find_last_not_of(" \t\r") - from + 1);
}

// The name of an #include line, "<name>" or "\"name\"", with nothing after it but a `//`
// comment; nullopt for any other line.
std::optional<std::string> include_of(std::string_view line) {
  if (line.empty() || line[0] != '#') return std::nullopt;
  line = trimmed(line.substr(1));
  if (line.substr(0, 7) != "include") return std::nullopt;
  line = trimmed(line.substr(7));
  if (line.empty() || (line[0] != '<' && line[0] != '"')) return std::nullopt;
  const std::size_t end = line.find(line[0] == '<' ? '>' : '"', 1);
  if (end == std::string_view::npos) return std::nullopt;
  const std::string_view rest = trimmed(line.substr(end + 1));
  if (!rest.empty() && rest.substr(0, 2) != "//") return std::nullopt;
  return std::string(line.substr(0, end + 1));
}

// The standard headers a given header brings: its own #include <...> lines and those of the
// given headers it includes by name, from its folder; nullopt when one of them holds another
// directive than `#pragma once` and #include (a macro or a condition could change what an
// #include does, and these are read as text, not preprocessed) or is not a regular file inside
// the project.
std::optional<std::vector<std::string>> brought_by(const fs::path& header, const fs::path& project,
                                                   std::set<fs::path>& seen) {
  const fs::path file = header.lexically_normal();
  const fs::path relative = file.lexically_relative(project);
  if (relative.empty() || *relative.begin() == ".." ||
      !fs::is_regular_file(fs::symlink_status(file)))
    return std::nullopt;
  if (!seen.insert(file).second) return std::vector<std::string>{};
  std::vector<std::string> brought;
  std::istringstream in(read_file(file));
  for (std::string line; std::getline(in, line);) {
    const std::string_view text = trimmed(line);
    if (text.empty() || text[0] != '#' || text == "#pragma once") continue;
    const std::optional<std::string> name = include_of(text);
    if (!name) return std::nullopt;
    if ((*name)[0] == '<') {
      brought.push_back(*name);
      continue;
    }
    const auto more =
        brought_by(file.parent_path() / name->substr(1, name->size() - 2), project, seen);
    if (!more) return std::nullopt;
    brought.insert(brought.end(), more->begin(), more->end());
  }
  return brought;
}

// The header's parts from the starter's file: its standard headers and its given headers, or
// nullopt when a leading include is neither (a header of the starter's beside no given one).
std::optional<PrecompiledHeader> parts_of(const fs::path& project, const std::string& source) {
  PrecompiledHeader pch;
  pch.source = source;
  const auto add = [&](const std::string& name) {
    if (std::find(pch.std_headers.begin(), pch.std_headers.end(), name) == pch.std_headers.end())
      pch.std_headers.push_back(name);
  };
  for (const std::string& name : leading_includes(read_file(project / source))) {
    if (name[0] == '<') {
      add(name);
      continue;
    }
    std::set<fs::path> seen;
    const fs::path header = (project / source).parent_path() / name.substr(1, name.size() - 2);
    const std::optional<std::vector<std::string>> brought = brought_by(header, project, seen);
    if (!brought) return std::nullopt;
    pch.given[name] = *brought;
    for (const std::string& std_header : *brought) add(std_header);
  }
  if (pch.std_headers.empty()) return std::nullopt;
  return pch;
}

// Whether the starter's compiler is GCC, from CMake's record of what it found.
bool compiler_is_gcc(const fs::path& build) {
  std::error_code error;
  for (fs::directory_iterator it(build / "CMakeFiles", error), end; !error && it != end;
       it.increment(error)) {
    const auto text = read_file_if_present(it->path() / "CMakeCXXCompiler.cmake");
    if (text) return text->find("set(CMAKE_CXX_COMPILER_ID \"GNU\")") != std::string::npos;
  }
  return false;
}

// `command` run by the shell in `folder`; its output when it failed, else "".
std::string failed_run(const std::string& command, const fs::path& folder) {
  Limits limits;
  limits.cpu = std::chrono::seconds(60);  // a header of the standard library: a second or two
  limits.wall = std::chrono::seconds(300);
  const RunResult run =
      run_program(Command{"/bin/sh", {"-c", command}, command, folder, {}}, "", limits);
  if (run.started && run.exit_code == 0 && run.signal == 0 && !run.timed_out) return "";
  return command + ": " + build_output_tail(run.out + run.err + run.start_error);
}

// The files a make rule (`-MD -MF`) names after its target.
std::set<std::string> files_of_rule(const std::string& rule) {
  std::set<std::string> files;
  std::istringstream words(rule.substr(rule.find(": ") + 2));
  for (std::string word; words >> word;) {
    if (word != "\\") files.insert(fs::path(word).lexically_normal().string());
  }
  return files;
}

// The compile's words with its dependency file, output and input taken out (`-MD`, `-MT X`,
// `-MF X`, `-o X`, `-c X`), its input in `input`.
std::vector<std::string> flags_of(const std::vector<std::string>& words, std::string& input) {
  std::vector<std::string> flags;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "-MD") continue;
    if (word == "-MT" || word == "-MF" || word == "-o" || word == "-c") {
      if (word == "-c" && i + 1 < words.size()) input = words[i + 1];
      ++i;
      continue;
    }
    flags.push_back(word);
  }
  return flags;
}

std::string joined(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) line += (line.empty() ? "" : " ") + word;
  return line;
}

// Compiles the header and checks it: it reads the unit's files outside the project and no
// other, and the starter's file compiled through it gives the starter build's object byte for
// byte. "" or why not.
std::string compile_and_check(const PrecompiledHeader& pch, const fs::path& project,
                              const std::string& command,
                              const std::vector<std::string>& system_files) {
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string word; in >> word;) words.push_back(word);
  std::string input;
  const std::vector<std::string> flags = flags_of(words, input);
  const std::string header = pch.header.string();
  const fs::path build = project / "build";
  std::string failed = failed_run(
      joined(flags) + " -x c++-header -MD -MF " + header + ".d -o " + header + ".gch -c " + header,
      build);
  if (!failed.empty()) return "its compile failed: " + failed;
  std::set<std::string> wanted;
  for (const std::string& file : system_files)
    wanted.insert(fs::path(file).lexically_normal().string());
  std::set<std::string> read = files_of_rule(read_file(header + ".d"));
  read.erase(fs::path(header).lexically_normal().string());
  if (read != wanted) return "it reads other files than the starter's compile of " + pch.source;
  const fs::path check = header + ".check.o";
  failed =
      failed_run(with_header(joined(flags), pch) + " -o " + check.string() + " -c " + input, build);
  if (!failed.empty()) return "the starter's file did not compile through it: " + failed;
  const bool same = read_file(check) == read_file(build / pch.object);
  fs::remove(check);
  return same ? "" : "the starter's file compiled through it gives another object";
}

}  // namespace

std::vector<std::string> leading_includes(const std::string& text) {
  std::vector<std::string> names;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::string_view text_line = trimmed(line);
    if (!text_line.empty() && text_line.back() == '\\') break;  // continues onto the next line
    if (text_line.empty() || text_line.substr(0, 2) == "//") continue;
    const std::optional<std::string> name = include_of(text_line);
    if (!name) break;
    names.push_back(*name);
  }
  return names;
}

bool takes_header(const PrecompiledHeader& pch, const std::string& text) {
  std::set<std::string> brought;
  for (const std::string& name : leading_includes(text)) {
    if (name[0] == '<') {
      if (std::find(pch.std_headers.begin(), pch.std_headers.end(), name) == pch.std_headers.end())
        return false;
      brought.insert(name);
      continue;
    }
    const auto given = pch.given.find(name);
    if (given == pch.given.end()) return false;
    brought.insert(given->second.begin(), given->second.end());
  }
  return brought.size() == pch.std_headers.size();
}

std::optional<PrecompiledHeader> make_precompiled_header(
    const fs::path& project, const std::string& object, const std::string& source,
    const std::string& command, const std::vector<std::string>& system_files,
    const fs::path& folder, std::string& why_not) {
  if (!compiler_is_gcc(project / "build")) {
    why_not = "the starter's compiler is not GCC, whose precompiled headers the fast path makes";
    return std::nullopt;
  }
  if (command.find_first_of("'\"\\$`") != std::string::npos) {
    why_not = "its compile of " + source + " is not plain words";
    return std::nullopt;
  }
  std::optional<PrecompiledHeader> pch = parts_of(project, source);
  if (!pch) {
    why_not = source + " does not begin with includes of standard and plain given headers";
    return std::nullopt;
  }
  pch->object = object;
  pch->header = folder / (replace_all(object, "/", "_") + ".hpp");
  std::string text = "// the standard headers " + source + " reads (fast_build.hpp)\n";
  for (const std::string& name : pch->std_headers) text += "#include " + name + "\n";
  const fs::path done = pch->header.string() + ".checked";
  if (read_file_if_present(done) == text) return pch;  // made by an earlier batch
  fs::create_directories(folder);  // read by the builds of --sandbox-users' slot uids
  fs::permissions(folder, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  write_file(pch->header, text);
  why_not = compile_and_check(*pch, project, command, system_files);
  if (!why_not.empty()) return std::nullopt;
  write_file(done, text);
  for (const char* made : {"", ".gch", ".d", ".checked"}) {
    fs::permissions(pch->header.string() + made, fs::perms::owner_read | fs::perms::owner_write |
                                                     fs::perms::group_read |
                                                     fs::perms::others_read);
  }
  return pch;
}

std::string with_header(const std::string& command, const PrecompiledHeader& pch) {
  const std::size_t space = command.find(' ');
  return command.substr(0, space) + " -include " + pch.header.string() + " -Winvalid-pch" +
         (space == std::string::npos ? "" : command.substr(space));
}

}  // namespace grader
