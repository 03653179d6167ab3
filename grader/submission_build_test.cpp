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

TEST_CASE("the build makes build/bloom, and shell words are quoted") {
  CHECK(grader::submission_program() == std::filesystem::path("build/bloom"));
  CHECK(grader::shell_quote("it's") == "'it'\\''s'");
}

TEST_CASE("the build removes a shipped build/ and builds only bloom, in Release: with Ninja where installed, else Makefiles") {
  const testing_support::TempDir tmp;
  const fs::path project = tmp.path() / "project";
  fs::create_directories(project / "build");
  testing_support::write_file(project / "build" / "CMakeCache.txt", "CMAKE_HOME_DIRECTORY:INTERNAL=/elsewhere\n");
  testing_support::write_file(project / "CMakeLists.txt",
                              "cmake_minimum_required(VERSION 3.16)\nproject(x LANGUAGES NONE)\n"
                              "add_custom_target(bloom COMMAND ${CMAKE_COMMAND} -E touch bloom)\n"
                              "add_custom_target(check ALL COMMAND ${CMAKE_COMMAND} -E touch check)\n");
  // Two PATHs of the programs the recipe calls: one without ninja, one with it.
  for (const bool with_ninja : {false, true}) {
    const fs::path bin = tmp.path() / (with_ninja ? "with-ninja" : "without-ninja");
    fs::create_directories(bin);
    for (const char* program : {"cmake", "make", "rm", "ninja"}) {
      if (std::string(program) == "ninja" && !with_ninja) continue;
      const fs::path found = fs::path("/usr/bin") / program;
      REQUIRE_MESSAGE(fs::exists(found), found.string(), " is needed by this test");
      fs::create_symlink(found, bin / program);
    }
    const testing_support::Finished built = testing_support::run_text_input(
        {"/bin/sh", "-c",
         "unset CMAKE_GENERATOR; PATH=" + bin.string() + "; cd " + grader::shell_quote(project.string()) + " && " +
             grader::submission_build_command()},
        "");
    INFO(built.out, built.err);
    REQUIRE(built.exit_code == 0);
    CHECK(fs::exists(project / "build" / "bloom"));
    const std::string cache = testing_support::read_file(project / "build" / "CMakeCache.txt");
    const std::size_t type = cache.find("\nCMAKE_BUILD_TYPE:");  // :STRING, or :UNINITIALIZED here
    REQUIRE(type != std::string::npos);
    CHECK(cache.substr(cache.find('=', type), 9) == "=Release\n");
    CHECK_FALSE(fs::exists(project / "build" / "check"));  // only what grading runs
    CHECK(fs::exists(project / "build" / "build.ninja") == with_ninja);
    CHECK(fs::exists(project / "build" / "Makefile") == !with_ninja);
  }
}
