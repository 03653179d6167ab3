#include "submission_build.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "report/formats.hpp"
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

TEST_CASE("a build that fails, or a run that cannot grade, still leaves Gradescope a results.json") {
  // Gradescope scores a submission from results.json alone: every way the grader can stop
  // before a case runs writes one with score 0, saying whose fault it is.
  const testing_support::TempDir tmp;
  const fs::path results = tmp.path() / "results.json";
  const std::string report = "gradescope:" + results.string();
  const auto grader = [](std::vector<std::string> args) {
    args.insert(args.begin(), BLOOM_GRADER_BINARY);
    return testing_support::run_text_input(args, "");
  };
  const auto read_results = [&] { return nlohmann::json::parse(testing_support::read_file(results)); };

  fs::create_directories(tmp.path() / "empty");
  CHECK(grader({"build", "--report", report, (tmp.path() / "empty").string()}).exit_code == 1);
  CHECK(read_results() == grader::gradescope_not_graded(grader::no_project_message("the starter")));

  const fs::path broken = tmp.path() / "broken";
  fs::create_directories(broken);
  testing_support::write_file(broken / "CMakeLists.txt",
                              "cmake_minimum_required(VERSION 3.16)\nproject(x LANGUAGES NONE)\n"
                              "message(FATAL_ERROR \"this is not a project\")\n");
  const testing_support::Finished built = grader({"build", "--report", report, broken.string()});
  INFO(built.err);
  CHECK(built.exit_code == 1);
  const nlohmann::json failed = read_results();
  CHECK(failed["score"] == 0);
  CHECK(failed["tests"].empty());
  const std::string output = failed["output"];
  CHECK(output.starts_with("Your submission did not build, so no case could run. The compiler said:\n\n"));
  CHECK(output.find("this is not a project") != std::string::npos);

  // a folder or a case folder that is not there: the grader's trouble, not the student's
  const std::string not_ours =
      "this is not about your code: the instructor finds why in the autograder's log.";
  CHECK(grader({"build", "--report", report, (tmp.path() / "gone").string()}).exit_code == 2);
  CHECK(read_results()["output"] == "The autograder could not build your submission, and " + not_ours);
  fs::remove(results);
  const testing_support::Finished run =
      grader({"run", "--cases", (tmp.path() / "no-cases").string(), "--report", report, "--", "/bin/cat"});
  CHECK(run.exit_code == 2);
  CHECK(read_results()["output"] == "The autograder could not grade your program, and " + not_ours);

  // the control: a format without a word for a failed build is refused, and writes nothing
  const testing_support::Finished json =
      grader({"build", "--report", "json:" + (tmp.path() / "x.json").string(), broken.string()});
  CHECK(json.exit_code == 2);
  CHECK(json.err.find("build writes only FORMAT:FILE") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp.path() / "x.json"));
}

TEST_CASE("a cache primed in one locale answers a build in another, as the sandbox's builds are") {
  // ccache hashes LANG, LC_ALL, LC_CTYPE and LC_MESSAGES: the grader primes batch --starter's
  // cache in its own environment, and a sandboxed build runs in the sandbox's (LC_ALL set).
  REQUIRE_MESSAGE(fs::exists("/usr/bin/ccache"), "ccache is needed by this test");
  const testing_support::TempDir tmp;
  const fs::path cache = tmp.path() / "cache";
  for (const char* name : {"starter", "submission"}) {
    fs::create_directories(tmp.path() / name);
    testing_support::write_file(tmp.path() / name / "CMakeLists.txt",
                                "cmake_minimum_required(VERSION 3.16)\nproject(x CXX)\n"
                                "add_executable(bloom a.cpp)\n");
    testing_support::write_file(tmp.path() / name / "a.cpp", "int main() { return 0; }\n");
  }
  const auto build = [&](const char* name, const std::string& locale, bool read_only) {
    const fs::path log = tmp.path() / (std::string(name) + ".log");
    return testing_support::run_text_input(
        {"/usr/bin/env", "-u", "LC_ALL", "-u", "LANG", "-u", "LC_CTYPE", "-u", "LC_MESSAGES", "/bin/sh", "-c",
         locale + " cd " + grader::shell_quote((tmp.path() / name).string()) + " && " +
             // statistics on: ccache 4.11 (Debian 13) logs a lookup's result only with them
             grader::cache_environment(cache, read_only) + "unset CCACHE_NOSTATS && export CCACHE_LOGFILE=" +
             grader::shell_quote(log.string()) + " && " + grader::submission_build_command()},
        "");
  };
  const auto results = [&](const char* name) {
    const std::string log = testing_support::read_file(tmp.path() / (std::string(name) + ".log"));
    int hits = 0;
    int misses = 0;
    for (std::size_t at = log.find("Result: "); at != std::string::npos; at = log.find("Result: ", at + 1)) {
      hits += log.compare(at, 24, "Result: direct_cache_hit") == 0 ? 1 : 0;
      misses += log.compare(at, 25, "Result: direct_cache_miss") == 0 ? 1 : 0;
    }
    return std::pair{hits, misses};
  };
  const testing_support::Finished primed = build("starter", "export LANG=de_DE.UTF-8 LC_CTYPE=de_DE.UTF-8;", false);
  INFO(primed.err);
  REQUIRE(primed.exit_code == 0);
  const testing_support::Finished built = build("submission", "export LANG=C.UTF-8 LC_ALL=C.UTF-8;", true);
  INFO(built.err);
  REQUIRE(built.exit_code == 0);
  const auto [primed_hits, primed_misses] = results("starter");
  const auto [hits, misses] = results("submission");
  CHECK(primed_hits == 0);  // compiled once, into the cache
  CHECK(primed_misses > 0);
  CHECK(hits == primed_misses);  // and every compile found there, whatever the locale
  CHECK(misses == 0);
}

TEST_CASE("a file at fault is named first, once: merge, report and run say it as a compiler does") {
  // one shape on screen: "FILE: error: ..." for a file, "bloom-grader: error: ..." for the rest
  const testing_support::TempDir tmp;
  const fs::path reports = tmp.path() / "grades";
  fs::create_directories(reports);
  testing_support::write_file(reports / "a.json", "{bad");
  const std::string a = (reports / "a.json").string();
  const auto said = [](std::vector<std::string> args) {
    args.insert(args.begin(), BLOOM_GRADER_BINARY);
    const testing_support::Finished done = testing_support::run_text_input(args, "");
    CHECK(done.exit_code == 2);
    return done.err.substr(0, done.err.find('\n'));
  };
  CHECK(said({"merge", reports.string(), "--out", (tmp.path() / "g.csv").string()})
            .starts_with(a + ": error: not a submission report: "));
  CHECK(said({"report", reports.string()}).starts_with(a + ": error: not a submission report: "));
  const std::string gone = (tmp.path() / "gone").string();
  CHECK(said({"run", "--cases", gone, "--", "/bin/cat"}) == gone + ": error: no such case file or folder");
  // the control: what is no file's fault keeps the program's name
  CHECK(said({"build", gone}) == "bloom-grader: error: " + gone + ": no such folder");
}
