#include "batch/fast_build.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "batch/build_cache.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// A starter of one student's file (src/mine.cpp) and one given (src/given.cpp), both reading
// src/shared.hpp, as make_fast_build would have read its build.
grader::FastBuild fake_starter(const fs::path& project) {
  write(project / "CMakeLists.txt", "project(x)\n");
  write(project / "src" / "mine.cpp", "int mine() { return 0; }\n");
  write(project / "src" / "given.cpp", "int given() { return 1; }\n");
  write(project / "src" / "shared.hpp", "int mine();\n");
  grader::FastBuild fast;
  fast.project = project;
  fast.student_files = {"src/mine.cpp"};
  fast.units = {{"mine.o", {"src/mine.cpp", "src/shared.hpp"}},
                {"given.o", {"src/given.cpp", "src/shared.hpp"}}};
  fast.compared = {"CMakeLists.txt", "src/given.cpp", "src/mine.cpp", "src/shared.hpp"};
  fast.include_folders = {"src"};
  fast.listing = {"f src/given.cpp", "f src/mine.cpp", "f src/shared.hpp"};
  return fast;
}

}  // namespace

TEST_CASE("a starter's student files are those its README's table of functions names") {
  const std::string readme =
      "# x\n\n| a | b |\n|---|---|\n| `not` | `this.cpp` |\n\n## What you write\n\n| function | "
      "file |\n"
      "|---|---|\n| `f` | `src/a.cpp` |\n| `g` | `src/a.cpp` |\n| `h` | `src/b.cpp` |\n\nGiven "
      "(`src/c.cpp`).\n"
      "## Next\n| `k` | `src/d.cpp` |\n";
  CHECK(grader::student_files_of(readme) == std::vector<std::string>{"src/a.cpp", "src/b.cpp"});
  CHECK(grader::student_files_of("# nothing\n").empty());
}

TEST_CASE(
    "a submission shaped like the starter compiles the units that read the student's changed "
    "files") {
  const testing_support::TempDir tmp;
  const grader::FastBuild fast = fake_starter(tmp.path() / "starter");
  const fs::path project = tmp.path() / "alice";
  fake_starter(project);
  CHECK(grader::fast_objects(fast, project) == std::vector<std::string>{});  // the starter itself
  write(project / "src" / "mine.cpp", "int mine() { return 42; }\n");
  CHECK(grader::fast_objects(fast, project) == std::vector<std::string>{"mine.o"});
  write(project / "README.md", "mine\n");  // a file no build reads
  CHECK(grader::fast_objects(fast, project) == std::vector<std::string>{"mine.o"});
}

TEST_CASE("a submission not shaped like the starter gets no fast path") {
  const testing_support::TempDir tmp;
  const grader::FastBuild fast = fake_starter(tmp.path() / "starter");
  int n = 0;
  const auto variant = [&](const auto& change) {
    const fs::path project = tmp.path() / ("s" + std::to_string(n++));
    fake_starter(project);
    change(project);
    return grader::fast_objects(fast, project);
  };
  CHECK_FALSE(variant(
      [](const fs::path& p) { write(p / "src" / "given.cpp", "int given() { return 2; }\n"); }));
  CHECK_FALSE(
      variant([](const fs::path& p) { write(p / "src" / "shared.hpp", "int mine(); // mine\n"); }));
  CHECK_FALSE(variant([](const fs::path& p) { write(p / "CMakeLists.txt", "project(y)\n"); }));
  // a new file where #include looks could stand for a system header the given files include
  CHECK_FALSE(variant([](const fs::path& p) { write(p / "src" / "vector", "\n"); }));
  CHECK_FALSE(variant([](const fs::path& p) { write(p / "src" / "bits" / "c++config.h", "\n"); }));
  CHECK_FALSE(variant([](const fs::path& p) { fs::remove(p / "src" / "mine.cpp"); }));
  CHECK_FALSE(variant([](const fs::path& p) {  // the include folder a link, to the same files
    fs::rename(p / "src", p / "real");
    fs::create_directory_symlink(p / "real", p / "src");
  }));
  CHECK_FALSE(variant([](const fs::path& p) {  // a link, even to the same text
    fs::rename(p / "src" / "mine.cpp", p / "mine.cpp");
    fs::create_symlink(p / "mine.cpp", p / "src" / "mine.cpp");
  }));
}

TEST_CASE("the fast build's command runs the starter build's script with the objects quoted") {
  grader::FastBuild fast;
  fast.script = "/var/tmp/cache/starter-1/fast-build.sh";
  CHECK(grader::fast_build_command(fast, {"CMakeFiles/a.o", "b c.o"}) ==
        "/bin/sh '/var/tmp/cache/starter-1/fast-build.sh' 'CMakeFiles/a.o' 'b c.o'");
}

TEST_CASE("the starter build's key changes with a starter's file, not with its build folder") {
  const testing_support::TempDir tmp;
  const fs::path starter = tmp.path() / "starter";
  fake_starter(starter);
  const std::string key = grader::starter_build_key(starter);
  CHECK(key.size() == 16);
  write(starter / "build" / "CMakeCache.txt", "a shipped build\n");
  CHECK(grader::starter_build_key(starter) == key);
  write(starter / "src" / "given.cpp", "int given() { return 1; } \n");
  CHECK(grader::starter_build_key(starter) != key);
}
