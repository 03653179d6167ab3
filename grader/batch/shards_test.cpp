// Which submissions a batch grades: its shard, less those already graded.
#include "batch/shards.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "spawn.hpp"

namespace fs = std::filesystem;

TEST_CASE("--shard I/N is read strictly, and says what it needs") {
  int index = 0;
  int count = 0;
  CHECK(grader::parse_shard("3/8", index, count).empty());
  CHECK(index == 3);
  CHECK(count == 8);
  CHECK(grader::parse_shard("3", index, count) == "--shard needs I/N, for example 3/8, got \"3\"");
  CHECK(grader::parse_shard("3/8x", index, count) == "--shard needs I/N, for example 3/8, got \"3/8x\"");
  CHECK(grader::parse_shard("9/8", index, count) == "--shard I/N needs 1 <= I <= N, got \"9/8\"");
  CHECK(grader::parse_shard("0/8", index, count) == "--shard I/N needs 1 <= I <= N, got \"0/8\"");
}

TEST_CASE("shards split the submission folders by name, each once; a rerun grades only the rest") {
  const testing_support::TempDir root;
  for (const char* id : {"e", "a", "d", "b", "c"}) fs::create_directory(root.path() / id);
  fs::create_directory(root.path() / ".git");   // hidden: no submission
  std::ofstream(root.path() / "notes.txt") << "x";  // a file: no submission
  CHECK(grader::shard_of(root.path(), 1, 2) ==
        std::vector<fs::path>{root.path() / "a", root.path() / "c", root.path() / "e"});
  CHECK(grader::shard_of(root.path(), 2, 2) == std::vector<fs::path>{root.path() / "b", root.path() / "d"});
  CHECK(grader::shard_of(root.path(), 1, 1).size() == 5);

  const testing_support::TempDir out;
  const std::vector<fs::path> shard = grader::shard_of(root.path(), 1, 2);
  CHECK(grader::still_to_grade(shard, out.path(), false) == shard);
  std::ofstream(grader::report_path(out.path(), root.path() / "c")) << "{}";
  CHECK(grader::report_path(out.path(), root.path() / "c") == out.path() / "c.json");
  CHECK(grader::still_to_grade(shard, out.path(), false) ==
        std::vector<fs::path>{root.path() / "a", root.path() / "e"});
  CHECK(grader::still_to_grade(shard, out.path(), true) == shard);  // --regrade
}
