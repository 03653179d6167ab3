#include "batch/fast_build.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <system_error>

#include "file_io.hpp"
#include "runner.hpp"
#include "submission_build.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

// The target grading runs, as submission_build_command() builds it.
constexpr const char* kTarget = "bloom";

// The lines of `command` run in `folder`; nullopt when it failed.
std::optional<std::vector<std::string>> lines_of(const std::vector<std::string>& argv,
                                                 const fs::path& folder) {
  Limits limits;
  limits.cpu = std::chrono::seconds(20);  // ninja reads its log: milliseconds
  limits.wall = std::chrono::seconds(60);
  limits.output_bytes = 64 << 20;
  const std::optional<fs::path> program = find_program(argv[0]);
  if (!program) return std::nullopt;
  const RunResult run = run_program(
      Command{*program, {argv.begin() + 1, argv.end()}, argv[0], folder, {}}, "", limits);
  if (!run.started || run.exit_code != 0 || run.signal != 0 || run.timed_out) return std::nullopt;
  std::vector<std::string> lines;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A path the script may hold unquoted: the starter's copy is the grader's own folder.
bool plain_path(const std::string& path) {
  return std::all_of(path.begin(), path.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("/._+-").find(c) != std::string_view::npos;
  });
}

// `path` relative to `project` when it lies inside it (absolute, or relative to build/).
std::optional<std::string> inside(const std::string& path, const fs::path& project) {
  const fs::path absolute =
      fs::path(path).is_absolute() ? fs::path(path) : project / "build" / path;
  const fs::path relative = absolute.lexically_normal().lexically_relative(project);
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  return relative.generic_string();
}

// Each object's files from Ninja's deps log (`ninja -t deps`): those inside the project, relative
// to it, and the others (the standard library's), as the compiler named them.
struct Reads {
  std::vector<std::string> mine;
  std::vector<std::string> system;
};

std::map<std::string, Reads> deps_of(const std::vector<std::string>& lines,
                                     const fs::path& project) {
  std::map<std::string, Reads> deps;
  Reads* current = nullptr;
  for (const std::string& line : lines) {
    if (line.empty()) continue;
    if (line[0] != ' ') {
      current = &deps[line.substr(0, line.find(": #deps"))];
    } else if (current != nullptr) {
      const std::string path = line.substr(line.find_first_not_of(' '));
      if (const std::optional<std::string> mine = inside(path, project)) {
        current->mine.push_back(*mine);
      } else {
        current->system.push_back(path);
      }
    }
  }
  return deps;
}

// The entries of the project's include folders, recursively, each "d NAME" or "f NAME".
std::vector<std::string> listing_of(const std::set<std::string>& folders, const fs::path& project) {
  std::vector<std::string> listing;
  for (const std::string& folder : folders) {
    std::error_code error;
    for (fs::recursive_directory_iterator it(project / folder, error), end; !error && it != end;
         it.increment(error)) {
      const fs::file_status status = it->symlink_status(error);
      const char* kind = fs::is_directory(status)      ? "d "
                         : fs::is_regular_file(status) ? "f "
                                                       : "o ";
      listing.push_back(kind + it->path().lexically_relative(project).generic_string());
    }
  }
  std::sort(listing.begin(), listing.end());
  return listing;
}

// The compile of compile_commands.json whose object a Ninja command line makes, if any.
struct Compile {
  std::string object;
  std::string source;  // absolute
};

std::vector<Compile> compiles_of(const fs::path& build) {
  std::vector<Compile> compiles;
  const nlohmann::json entries = nlohmann::json::parse(read_file(build / "compile_commands.json"));
  for (const nlohmann::json& entry : entries) {
    const std::string command = entry.at("command").get<std::string>();
    const std::size_t at = command.find(" -o ");
    if (at == std::string::npos) continue;
    const std::size_t from = at + 4;
    compiles.push_back({command.substr(from, command.find(' ', from) - from),
                        entry.at("file").get<std::string>()});
  }
  return compiles;
}

// A compile without ccache before it: a unit compiled here read a file the student changed, so
// the read-only cache, which holds what the starter's builds compiled, never has it, and a
// miss costs ccache's own preprocessing, a tenth of the compile (docs/performance.md). The
// compiler and its flags are the same.
std::string without_launcher(const std::string& command) {
  const std::size_t space = command.find(' ');
  if (space == std::string::npos || fs::path(command.substr(0, space)).filename() != "ccache")
    return command;
  return command.substr(space + 1);
}

// The script: each unit compiled when its object is an argument, else linked to the
// starter's; then the starter's other commands (the archive, the link) as they ran.
std::string script_of(const fs::path& project, const std::vector<std::string>& commands,
                      const std::vector<Compile>& compiles,
                      const std::vector<PrecompiledHeader>& headers) {
  const std::string starter = project.string();
  std::set<std::string> folders;
  for (const Compile& compile : compiles)
    folders.insert(fs::path(compile.object).parent_path().string());
  std::string script =
      "# bloom-grader batch's fast path (grader/batch/fast_build.hpp), made from the starter's "
      "own\n"
      "# build in " +
      starter +
      "/build: run in a submission's project, with the objects to\n"
      "# compile as arguments.\nset -e\nP=$PWD\nW=\" $* \"\nrm -rf build\nmkdir -p build";
  for (const std::string& folder : folders) script += " build/" + folder;
  script += "\ncd build\n";
  for (const std::string& command : commands) {
    const auto compile = std::find_if(compiles.begin(), compiles.end(), [&](const Compile& c) {
      return command.find(" -o " + c.object + " ") != std::string::npos;
    });
    const std::string mine = replace_all(command, starter + "/", "\"$P\"/");
    if (compile == compiles.end()) {
      script += mine + "\n";
      continue;
    }
    script += "case \"$W\" in *\" " + compile->object + " \"*) " + without_launcher(mine) + " ;;\n";
    for (const PrecompiledHeader& pch : headers) {
      if (pch.object == compile->object)
        script += "  *\" " + compile->object + "+pch \"*) " +
                  with_header(without_launcher(mine), pch) + " ;;\n";
    }
    script += "  *) ln -s " + starter + "/build/" + compile->object + " " + compile->object +
              " ;;\nesac\n";
  }
  return script;
}

// The precompiled header of each unit whose source is a student's file (precompiled_header.hpp),
// in pch/ beside the script, or why it has none.
void make_headers(FastBuild& fast, const std::vector<std::string>& commands,
                  const std::vector<Compile>& compiles, const std::map<std::string, Reads>& reads) {
  for (const Compile& compile : compiles) {
    const std::optional<std::string> source = inside(compile.source, fast.project);
    if (!source || std::find(fast.student_files.begin(), fast.student_files.end(), *source) ==
                       fast.student_files.end())
      continue;
    const auto command = std::find_if(commands.begin(), commands.end(), [&](const std::string& c) {
      return c.find(" -o " + compile.object + " ") != std::string::npos;
    });
    std::string why_not = "the starter's build ran no compile of it";
    std::optional<PrecompiledHeader> pch;
    if (command != commands.end()) {
      pch = make_precompiled_header(fast.project, compile.object, *source,
                                    without_launcher(*command), reads.at(compile.object).system,
                                    fast.script.parent_path() / "pch", why_not);
    }
    if (pch) {
      fast.headers.push_back(*pch);
    } else {
      fast.no_header.push_back(*source + ": " + why_not);
    }
  }
}

// The file's text, or nullopt when it cannot be read.
std::optional<std::string> readable(const fs::path& file) {
  try {
    return read_file(file);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::vector<std::string> student_files_of(const std::string& readme) {
  std::vector<std::string> files;
  std::istringstream in(readme);
  bool in_table = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) in_table = line == "## What you write";
    if (!in_table || line.rfind("| `", 0) != 0) continue;
    const std::size_t second = line.find("| `", 3);
    if (second == std::string::npos) continue;
    const std::size_t end = line.find('`', second + 3);
    const std::string file = line.substr(second + 3, end - second - 3);
    if (end != std::string::npos && std::find(files.begin(), files.end(), file) == files.end()) {
      files.push_back(file);
    }
  }
  return files;
}

std::optional<FastBuild> make_fast_build(const fs::path& project, const fs::path& script,
                                         std::string& why_not) {
  FastBuild fast{project, script, {}, {}, {}, {}, {}, {}, {}};
  const fs::path build = project / "build";
  if (!plain_path(project.string())) {
    why_not = "its folder's path " + project.string() +
              " holds characters other than letters, digits and /._+-";
    return std::nullopt;
  }
  if (!fs::is_regular_file(build / "build.ninja") ||
      !fs::is_regular_file(build / "compile_commands.json")) {
    why_not = "the starter was not built with Ninja (Debian package ninja-build)";
    return std::nullopt;
  }
  fast.student_files = student_files_of(read_file_if_present(project / "README.md").value_or(""));
  if (fast.student_files.empty()) {
    why_not = "its README.md names no student's file (a table under \"## What you write\")";
    return std::nullopt;
  }
  const std::optional<std::vector<std::string>> commands =
      lines_of({"ninja", "-t", "commands", kTarget}, build);
  const std::optional<std::vector<std::string>> deps = lines_of({"ninja", "-t", "deps"}, build);
  if (!commands || !deps) {
    why_not = "ninja could not list its build's commands";
    return std::nullopt;
  }
  const std::vector<Compile> compiles = compiles_of(build);
  const std::map<std::string, Reads> reads = deps_of(*deps, project);
  std::set<std::string> compared{"CMakeLists.txt"};
  std::set<std::string> include_folders;
  for (const Compile& compile : compiles) {
    const auto found = reads.find(compile.object);
    if (found == reads.end()) continue;  // not one of bloom's (check's)
    fast.units.push_back({compile.object, found->second.mine});
    compared.insert(found->second.mine.begin(), found->second.mine.end());
  }
  for (const std::string& command : *commands) {
    std::istringstream words(command);
    for (std::string word; words >> word;) {
      if (word.rfind("-I", 0) != 0) continue;
      if (const std::optional<std::string> folder = inside(word.substr(2), project))
        include_folders.insert(*folder);
    }
  }
  fast.include_folders.assign(include_folders.begin(), include_folders.end());
  fast.listing = listing_of(include_folders, project);
  for (const std::string& entry : fast.listing) {
    if (entry[0] == 'f') compared.insert(entry.substr(2));
  }
  fast.compared.assign(compared.begin(), compared.end());
  std::vector<Compile> mine;
  for (const Compile& compile : compiles) {
    if (reads.count(compile.object) != 0) mine.push_back(compile);
  }
  make_headers(fast, *commands, mine, reads);
  write_file(script, script_of(project, *commands, mine, fast.headers));
  fs::permissions(script, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                              fs::perms::others_read);
  return fast;
}

std::optional<std::vector<std::string>> fast_objects(const FastBuild& fast,
                                                     const fs::path& project) {
  for (const std::string& folder : fast.include_folders) {
    std::error_code error;  // a link would take the listing elsewhere
    if (!fs::is_directory(fs::symlink_status(project / folder, error))) return std::nullopt;
  }
  const std::set<std::string> folders(fast.include_folders.begin(), fast.include_folders.end());
  if (listing_of(folders, project) != fast.listing) return std::nullopt;
  std::map<std::string, std::string> changed;  // each file changed, its text
  for (const std::string& file : fast.compared) {
    const fs::path theirs = project / file;
    std::error_code error;
    if (!fs::is_regular_file(fs::symlink_status(theirs, error))) return std::nullopt;
    const std::optional<std::string> text = readable(theirs);
    if (!text) return std::nullopt;  // CMake's build says why
    if (*text == read_file(fast.project / file)) continue;
    if (std::find(fast.student_files.begin(), fast.student_files.end(), file) ==
        fast.student_files.end()) {
      return std::nullopt;  // a given file, changed
    }
    changed.emplace(file, *text);
  }
  std::vector<std::string> objects;
  for (const FastBuild::Unit& unit : fast.units) {
    const auto changes = std::count_if(unit.reads.begin(), unit.reads.end(),
                                       [&](const std::string& f) { return changed.count(f) != 0; });
    if (changes == 0) continue;
    const auto pch =
        std::find_if(fast.headers.begin(), fast.headers.end(),
                     [&](const PrecompiledHeader& h) { return h.object == unit.object; });
    const bool through_header = pch != fast.headers.end() && changes == 1 &&
                                changed.count(pch->source) != 0 &&
                                takes_header(*pch, changed.at(pch->source));
    objects.push_back(unit.object + (through_header ? "+pch" : ""));
  }
  return objects;
}

std::string fast_build_command(const FastBuild& fast, const std::vector<std::string>& objects) {
  // appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false positive) on
  // `const char* + std::string&&`, and the static grader's build is -O3
  std::string command = "/bin/sh ";
  command += shell_quote(fast.script.string());
  for (const std::string& object : objects) {
    command += ' ';
    command += shell_quote(object);
  }
  return command;
}

}  // namespace grader
