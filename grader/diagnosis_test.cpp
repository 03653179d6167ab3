// Known mistakes in case files: how .mistakes and mistakes.tsv are read, and how a failed
// case names the mistake whose recorded answer the program gave.
#include <doctest/doctest.h>

#include "spawn.hpp"
#include "case_file.hpp"
#include "judge.hpp"
#include "report.hpp"

namespace {

using testing_support::TempDir;
using testing_support::write_file;

constexpr const char* kCase =
    "# nine elements at 1%\n"
    "> INIT 9 0.01\n"
    "bytes=10 hashes=5\n";
constexpr const char* kCatalogue =
    "# comment\n"
    "float-division\tbip37\tlesson 000, Common mistakes\tbytes * 8 / n is divided in floating point\n"
    "no-byte-cap\tbip37\tlesson 000, Sizing\tthe 36000-byte cap is missing\n";

std::string load_error(const TempDir& dir) {
  try {
    static_cast<void>(grader::load_case(dir.path() / "x.case", "x"));
  } catch (const grader::CaseFileError& e) {
    return e.what();
  }
  return "no error";
}

grader::RunResult answered(const std::string& out) {
  grader::RunResult run;
  run.started = true;
  run.out = out;
  return run;
}

}  // namespace

TEST_CASE("a failed line whose answer is a known mistake's names it in every report") {
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.case", kCase);
  write_file(dir.path() / "x.mistakes", "# recorded\n3\tfloat-division\tbytes=10 hashes=6\n");
  const grader::Case kase = grader::load_case(dir.path() / "x.case", "x");
  REQUIRE(kase.mistakes.size() == 1);
  CHECK(kase.mistakes[0].case_line == 3);
  CHECK(kase.mistakes[0].info.source == "lesson 000, Common mistakes");

  // compared as the grader compares lines: case and spacing do not matter
  const grader::CaseResult wrong = grader::judge(kase, answered("BYTES=10  hashes=6\n"), {});
  REQUIRE(wrong.diagnosis.size() == 1);
  CHECK(wrong.diagnosis[0]->info.id == "float-division");
  const std::vector<std::string> details = grader::failure_details(wrong);
  CHECK(std::find(details.begin(), details.end(),
                  "diagnosis: this is what you get when bytes * 8 / n is divided in floating "
                  "point (lesson 000, Common mistakes) [float-division]") != details.end());
  grader::Report report;
  report.results.push_back(wrong);
  REQUIRE(report.diagnoses().size() == 1);
  CHECK(report.diagnoses()[0].cases == 1);

  // another wrong answer, a right one and a missing one name nothing
  CHECK(grader::judge(kase, answered("bytes=10 hashes=7\n"), {}).diagnosis.empty());
  CHECK(grader::judge(kase, answered("bytes=10 hashes=5\n"), {}).diagnosis.empty());
  CHECK(grader::judge(kase, answered(""), {}).diagnosis.empty());
}

TEST_CASE("a hidden case still names the mistake, and shows nothing else") {
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.case", std::string("@hidden\n") + kCase);
  // @hidden moved the expected line down by one: line 4 now
  write_file(dir.path() / "x.mistakes", "4\tfloat-division\tbytes=10 hashes=6\n");
  const grader::Case kase = grader::load_case(dir.path() / "x.case", "x");
  const std::vector<std::string> details =
      grader::failure_details(grader::judge(kase, answered("bytes=10 hashes=6\n"), {}));
  REQUIRE(details.size() == 2);
  CHECK(details[0] == "hidden case: wrong-output");
  CHECK(details[1].rfind("diagnosis: ", 0) == 0);
}

TEST_CASE("bad .mistakes files and catalogues are reported with file and line") {
  const TempDir dir;
  write_file(dir.path() / "x.case", kCase);
  write_file(dir.path() / "x.mistakes", "3\tfloat-division\tbytes=10 hashes=6\n");
  CHECK(load_error(dir) == (dir.path() / "x.mistakes").string() +
                               ":1: error: no mistakes.tsv in this folder or above it names the "
                               "mistakes");
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.mistakes", "\n2\tfloat-division\tbytes=10 hashes=6\n");
  CHECK(load_error(dir) == (dir.path() / "x.mistakes").string() +
                               ":2: error: \"2\" is not the line of an expected answer in x.case");
  write_file(dir.path() / "x.mistakes", "3\tfloat-divison\tbytes=10 hashes=6\n");
  CHECK(load_error(dir) == (dir.path() / "x.mistakes").string() +
                               ":1: error: mistake \"float-divison\" is not in " +
                               (dir.path() / "mistakes.tsv").string());
  write_file(dir.path() / "x.mistakes", "3 float-division bytes=10\n");
  CHECK(load_error(dir) == (dir.path() / "x.mistakes").string() +
                               ":1: error: a line is CASE-LINE, a tab, ID, a tab, ANSWER, and perhaps a tab and common");
  write_file(dir.path() / "mistakes.tsv", "float-division\tbip37\n");
  CHECK(load_error(dir) == (dir.path() / "mistakes.tsv").string() +
                               ":1: error: a line is ID, EXERCISE, SOURCE and MESSAGE, "
                               "tab-separated");
}
