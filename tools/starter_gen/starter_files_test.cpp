// The starters computed from the real reference: what each exercise's student gets and what
// they must not get.
#include "starter_files.hpp"

#include <doctest/doctest.h>
#include <fstream>
#include <regex>
#include <set>

#include "functions.hpp"
#include "spawn.hpp"

namespace {

starter::Exercise exercise(const std::string& name) {
  return grader::find_exercise(BLOOM_SOURCE_DIR, name);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the hashing starter lacks MurmurHash3 and the position function, and has the rest") {
  const starter::FileMap files =
      starter::starter_files(BLOOM_SOURCE_DIR, exercise("hashing"), starter::Keep::Stubs);
  const std::string& murmur = files.at("src/murmur3.cpp");
  CHECK_FALSE(contains(murmur, "0xe6546b64"));  // the body's multiply-add
  CHECK_FALSE(contains(murmur, "uint32_t fmix32("));  // the helper region goes with it
  CHECK(contains(murmur, "throw NotImplemented(\"murmur3_32\");"));
  CHECK_FALSE(contains(files.at("src/positions.cpp"), "% m"));
  // bip37's solution is not given: this exercise does not need it
  CHECK_FALSE(contains(files.at("src/bip37.cpp"), "kSeedStep"));
  CHECK(contains(files.at("src/bip37.cpp"), "throw NotImplemented(\"bip37_bit_index\");"));
  CHECK(contains(files.at("README.md"), "`bip37_bit_index`"));
  CHECK(contains(files.at("README.md"), "belong to another exercise of the course"));
  CHECK_FALSE(contains(files.at("README.md"), "**Given:"));
  for (const auto& file : files) {  // not a structured binding: Clang 14 cannot capture one
    INFO(file.first);
    CHECK_FALSE(contains(file.second, "BEGIN SOLUTION"));
    CHECK_FALSE(contains(file.second, "//| "));
  }
  CHECK(contains(files.at("README.md"), "| `murmur3_32` | `src/murmur3.cpp` |"));
  CHECK(contains(files.at("README.md"), "| `double_hash_position` | `src/positions.cpp` |"));
  CHECK(files.count("cases/protocol/bad-arguments.case") == 1);
  CHECK(files.count("cases/hashing/bloom-trace.case") == 1);
  CHECK(files.count("cases/bip37/worked-example.case") == 0);
  CHECK(files.count("check/runner_fork.cpp") == 1);
  CHECK(files.count("check/runner_posix.cpp") == 0);  // Boost stays in the kit
  CHECK(files.count("src/murmur3_test.cpp") == 0);
}

TEST_CASE("the bip37 starter lacks the sizing, the bit index and the serialisation") {
  const starter::FileMap files =
      starter::starter_files(BLOOM_SOURCE_DIR, exercise("bip37"), starter::Keep::Stubs);
  const std::string& bip37 = files.at("src/bip37.cpp");
  CHECK_FALSE(contains(bip37, "kLn2Squared"));
  CHECK_FALSE(contains(bip37, "kSeedStep"));
  CHECK_FALSE(contains(bip37, "append_compact_size"));
  CHECK(contains(files.at("src/murmur3.cpp"), "0xe6546b64"));  // MurmurHash3 is given
  CHECK_FALSE(contains(files.at("src/positions.cpp"), "% m"));  // hashing's positions are not
  CHECK(contains(files.at("README.md"),
                 "**Given: part of the hashing exercise's solution.** This exercise needs working "
                 "code from the hashing exercise, so that code is here, complete "
                 "(`src/murmur3.cpp`)."));
  const std::string& readme = files.at("README.md");
  CHECK(contains(readme, "| `bip37_filter_size` | `src/bip37.cpp` |"));
  CHECK(contains(readme, "| `bip37_bit_index` | `src/bip37.cpp` |"));
  CHECK(contains(readme, "| `filterload_payload` | `src/bip37.cpp` |"));
  CHECK(files.count("cases/hashing/bloom-trace.case") == 0);
}

TEST_CASE("each exercise's student writes the functions the table gives that exercise") {
  // the solution regions say what a starter stubs; functions.hpp's table says it again, for
  // --unwritten and the known mistakes: the two must agree
  for (const starter::Exercise& e : grader::read_manifest(BLOOM_SOURCE_DIR)) {
    const starter::FileMap files = starter::starter_files(BLOOM_SOURCE_DIR, e, starter::Keep::Stubs);
    std::smatch found;
    const std::string& cmake = files.at("CMakeLists.txt");
    REQUIRE(std::regex_search(cmake, found, std::regex("BLOOM_STUDENT_FUNCTIONS=\"([^\"]*)\"")));
    std::set<std::string> stubbed;
    std::istringstream words(found[1].str());
    for (std::string name; words >> name;) stubbed.insert(name);
    std::set<std::string> in_table;
    for (const bloom::FunctionRow& row : bloom::kFunctionTable) {
      if (row.exercise == e.name) in_table.emplace(row.name);
    }
    INFO(e.name);
    CHECK(stubbed == in_table);
  }
}

TEST_CASE("the solved starter differs from the starter only in the student's files") {
  const starter::FileMap stubs =
      starter::starter_files(BLOOM_SOURCE_DIR, exercise("bip37"), starter::Keep::Stubs);
  const starter::FileMap solved =
      starter::starter_files(BLOOM_SOURCE_DIR, exercise("bip37"), starter::Keep::Solutions);
  REQUIRE(stubs.size() == solved.size());
  std::vector<std::string> changed;
  for (const auto& [path, text] : stubs) {
    if (solved.at(path) != text) changed.push_back(path);
  }
  // the README's table comes from the stubs, which the solved starter does not have; beside
  // bip37's own file, the solved starter fills in the other exercises' stubbed functions
  // (basics' classic.cpp and fnv1a.cpp, hashing's positions.cpp, guava's crc32.cpp,
  // golang.cpp, guava.cpp and murmur3_128.cpp), never the given murmur3.cpp
  CHECK(changed == std::vector<std::string>{"README.md", "src/bip37.cpp", "src/classic.cpp",
                                            "src/crc32.cpp", "src/fnv1a.cpp", "src/golang.cpp",
                                            "src/guava.cpp", "src/murmur3_128.cpp",
                                            "src/positions.cpp"});
}

TEST_CASE("a written starter is up to date until a file changes, appears or goes") {
  const testing_support::TempDir dir;
  const starter::FileMap files =
      starter::starter_files(BLOOM_SOURCE_DIR, exercise("hashing"), starter::Keep::Stubs);
  starter::write_files(files, dir.path());
  CHECK(starter::differences(files, dir.path()).empty());

  std::filesystem::create_directories(dir.path() / "build" / "CMakeFiles");
  testing_support::write_file(dir.path() / "build" / "bloom", "a student's build");
  CHECK(starter::differences(files, dir.path()).empty());

  testing_support::write_file(dir.path() / "src" / "murmur3.cpp", "edited");
  testing_support::write_file(dir.path() / "src" / "extra.cpp", "new");
  std::filesystem::remove(dir.path() / "cases" / "hashing" / "bloom-trace.case");
  CHECK(starter::differences(files, dir.path()) ==
        std::vector<std::string>{"cases/hashing/bloom-trace.case is missing",
                                 "src/extra.cpp should not be there", "src/murmur3.cpp differs"});

  starter::write_files(files, dir.path());  // regenerating mends all three, and keeps build/
  CHECK(starter::differences(files, dir.path()).empty());
  CHECK(std::filesystem::exists(dir.path() / "build" / "bloom"));
}

