// The manifest (exercises.tsv) as the kit reads it, and the case folders that grade each
// exercise, hidden suite included.
#include "manifest.hpp"

#include <doctest/doctest.h>

#include "file_io.hpp"
#include "kit_root.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

std::string problem(const std::string& text) {
  try {
    static_cast<void>(grader::parse_manifest(text, "m.tsv"));
  } catch (const grader::FileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("the manifest lists each exercise once with its four fields, and bad lines name their line") {
  const std::vector<grader::Exercise> list = grader::read_manifest(BLOOM_SOURCE_DIR);
  REQUIRE(list.size() == 4);
  CHECK(list[0].name == "bip37");  // lesson order
  CHECK(list[1].name == "basics");
  CHECK(list[2].name == "hashing");
  CHECK(list[3].name == "guava");
  CHECK(list[2].answers == "48ad2c42\n610 395 180 965");
  CHECK(list[2].try_it == "printf 'HASH 0 bloom\\nPOSITIONS 1000 4 bloom\\n' | build/bloom");
  for (const grader::Exercise& e : list) CHECK(fs::is_directory(fs::path(BLOOM_SOURCE_DIR) / "cases" / e.name));
  CHECK(problem("# only a comment\n") == "m.tsv: error: lists no exercise");
  CHECK(problem("a\tb\tc\n") ==
        "m.tsv:1: error: a line has four tab-separated fields (name, lesson, try it, answers), this one has 3");
  CHECK(problem("#\nBad\tb\tc\td\n") ==
        "m.tsv:2: error: an exercise's name is lower-case letters and digits, got \"Bad\"");
  CHECK(problem("a\tb\tc\td\na\tb\tc\td\n") == "m.tsv:2: error: exercise \"a\" is listed twice");
}

TEST_CASE("an exercise is graded on the protocol suite, its public cases and its hidden suite when there is one") {
  testing_support::TempDir kit;
  grader::write_file(kit.path() / "exercises.tsv", "# the exercises\nfirst\tl\tt\ta\nsecond\tl\tt\ta\n");
  CHECK(grader::exercise_suites(kit.path(), "second") ==
        std::vector<fs::path>{kit.path() / "cases/protocol", kit.path() / "cases/second"});
  fs::create_directories(kit.path() / "hidden" / "second");
  CHECK(grader::exercise_suites(kit.path(), "second") ==
        std::vector<fs::path>{kit.path() / "cases/protocol", kit.path() / "cases/second",
                              kit.path() / "hidden/second"});
  CHECK(grader::exercise_suites(kit.path(), "first").size() == 2);  // another exercise's is not its
  try {
    static_cast<void>(grader::exercise_suites(kit.path(), "third"));
    FAIL("an exercise the manifest does not list");
  } catch (const grader::FileError& e) {
    CHECK(std::string(e.what()) == (kit.path() / "exercises.tsv").string() +
                                       ": error: no exercise \"third\" (it lists first, second)");
  }
}

TEST_CASE("the kit is the nearest folder at or above that holds the manifest") {
  testing_support::TempDir kit;
  grader::write_file(kit.path() / "exercises.tsv", "one\tl\tt\ta\n");
  fs::create_directories(kit.path() / "a" / "b");
  CHECK(grader::kit_holding_manifest(kit.path() / "a" / "b") == kit.path());
  CHECK(grader::kit_holding_manifest(kit.path()) == kit.path());
  CHECK(grader::kit_holding_manifest("/proc/self").empty());
}
