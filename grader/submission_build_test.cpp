#include "submission_build.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

void touch(const fs::path& file) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "project(x)\n";
}

}  // namespace

TEST_CASE("a submission's project is its shallowest CMakeLists.txt, outside build/ and hidden folders") {
  const testing_support::TempDir tmp;
  const fs::path submission = tmp.path() / "alice";
  fs::create_directories(submission);
  CHECK_FALSE(grader::find_submission_build(submission).has_value());

  touch(submission / "build" / "CMakeLists.txt");  // a shipped build folder's copy
  touch(submission / ".git" / "CMakeLists.txt");
  touch(submission / "a" / "b" / "c" / "d" / "CMakeLists.txt");  // four folders down: too deep
  CHECK_FALSE(grader::find_submission_build(submission).has_value());

  touch(submission / "zipped" / "starter" / "CMakeLists.txt");
  touch(submission / "zipped" / "starter" / "tests" / "CMakeLists.txt");
  touch(submission / "other" / "bip37" / "CMakeLists.txt");
  auto found = grader::find_submission_build(submission);
  REQUIRE(found.has_value());
  CHECK(found->relative == fs::path("other/bip37"));  // two down, first by path
  CHECK(found->project == submission / "other" / "bip37");

  touch(submission / "CMakeLists.txt");
  found = grader::find_submission_build(submission);
  REQUIRE(found.has_value());
  CHECK(found->relative == fs::path("."));
}

TEST_CASE("the build removes a shipped build/, configures in Release and builds only bloom") {
  CHECK(grader::submission_build_command() ==
        "rm -rf build && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target bloom");
  CHECK(grader::submission_program() == std::filesystem::path("build/bloom"));
  CHECK(grader::shell_quote("it's") == "'it'\\''s'");
}
