// Known mistakes in case files: how .mistakes and mistakes.tsv are read, and how a failed
// case names the mistake whose recorded answer the program gave.
#include <doctest/doctest.h>

#include "case_file.hpp"
#include "compare.hpp"
#include "judge.hpp"
#include "report.hpp"
#include "spawn.hpp"

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

// Two lines of one case, where float-division answers both otherwise: evidence enough.
constexpr const char* kTwoLines =
    "> INIT 9 0.01\n"
    "bytes=10 hashes=5\n"
    "> INIT 5 0.01\n"
    "bytes=6 hashes=5\n";
constexpr const char* kTwoRows =
    "# recorded\n2\tfloat-division\tbytes=10 hashes=6\n4\tfloat-division\tbytes=6 hashes=6\n";

TEST_CASE("a case whose answers are a known mistake's, line for line, names it in every report") {
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.case", kTwoLines);
  write_file(dir.path() / "x.mistakes", kTwoRows);
  const grader::Case kase = grader::load_case(dir.path() / "x.case", "x");
  REQUIRE(kase.mistakes.size() == 2);
  CHECK(kase.mistakes[0].case_line == 2);
  CHECK(kase.mistakes[0].info.source == "lesson 000, Common mistakes");

  // compared as the grader compares lines: case and spacing do not matter
  const grader::CaseResult wrong =
      grader::judge(kase, answered("BYTES=10  hashes=6\nbytes=6 hashes=6\n"), {});
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

  // another wrong answer, a right one, a missing one and a line too many name nothing
  CHECK(
      grader::judge(kase, answered("bytes=10 hashes=7\nbytes=6 hashes=6\n"), {}).diagnosis.empty());
  CHECK(
      grader::judge(kase, answered("bytes=10 hashes=6\nbytes=6 hashes=5\n"), {}).diagnosis.empty());
  CHECK(grader::judge(kase, answered("bytes=10 hashes=6\n"), {}).diagnosis.empty());
  CHECK(grader::judge(kase, answered("debug\nbytes=10 hashes=6\nbytes=6 hashes=6\n"), {})
            .diagnosis.empty());
}

TEST_CASE("one line of a small answer names nothing by itself; one of five differing digits does") {
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.case", kTwoLines);
  // float-division as if it answered the second line right: its one wrong answer differs in one
  // digit
  write_file(dir.path() / "x.mistakes", "2\tfloat-division\tbytes=10 hashes=6\n");
  CHECK(grader::judge(grader::load_case(dir.path() / "x.case", "x"),
                      answered("bytes=10 hashes=6\nbytes=6 hashes=5\n"), {})
            .diagnosis.empty());
  write_file(dir.path() / "x.mistakes", "2\tfloat-division\tbytes=10 hashes=65536\n");
  CHECK(grader::judge(grader::load_case(dir.path() / "x.case", "x"),
                      answered("bytes=10 hashes=65536\nbytes=6 hashes=5\n"), {})
            .diagnosis.size() == 1);
  // the digits counted: those of the numbers that differ from the expected line's, in place
  CHECK(grader::evidence_digits("bits=9585 hashes=7", "bits=9586 hashes=7") == 4);
  CHECK(grader::evidence_digits("bits=2 hashes=1", "bits=0 hashes=1") == 1);
  CHECK(grader::evidence_digits("48ad2c42", "422cad48") == 8);
  CHECK(grader::evidence_digits("yes", "no") == 0);
  CHECK(grader::evidence_digits("dragon     no    [30, 1]", "dragon     no    [8, 21]") == 3);
  CHECK(grader::evidence_digits("1 2", "1 2 3") == 1);
}

TEST_CASE("a long answer is kept as its digest, which a line that matches it has too") {
  const std::string payload(600, 'a');
  const std::string stored = grader::stored_answer(std::string(600, 'b'), payload);
  CHECK(stored == "#digest 600 " + grader::line_digest(payload));
  grader::KnownMistake row{2, stored, {"float-division", "bip37", "s", "m"}};
  CHECK(grader::row_matches(row, std::string(600, 'A') + " \r"));  // letter case and trailing space
  CHECK_FALSE(grader::row_matches(row, std::string(599, 'a') + "b"));
  CHECK(grader::stored_answer("bits=1", "bits=2") == "bits=2");  // short: kept as it is
}

TEST_CASE("a negative index reads as its unsigned 32-bit form, to name a mistake only") {
  CHECK(grader::as_unsigned_32("-454 7\t-1 \r") == "4294966842 7 4294967295");
  // not a 32-bit negative number: kept as it is
  CHECK(grader::as_unsigned_32("- -0 --5 -4294967296 -12x -0x5 5") ==
        "- -0 --5 -4294967296 -12x -0x5 5");
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv",
             "negative-positions\thashing\ts\tpositions are negative\n"
             "signed-hash\thashing\ts\tthe hash is signed\n");
  // POSITIONS answers indexes, HASH does not (commands.tsv's last column)
  write_file(
      dir.path() / "commands.tsv",
      "POSITIONS\tPOSITIONS <m> <k> <key>\tf\tPOSITIONS <m:u32> <k:u32> <key:text>\tindexes\n"
      "HASH\tHASH <seed> <key>\tg\tHASH <seed:u32> <key:text>\tother\n");
  write_file(dir.path() / "x.case",
             "> POSITIONS 4294967295 2 k\n3093702707 2146671655\n> HASH 0 k\n4294967040\n");
  write_file(dir.path() / "x.mistakes",
             "2\tnegative-positions\t4294967040 4294967041\n4\tsigned-hash\t4294967041\n");
  const grader::Case kase = grader::load_case(dir.path() / "x.case", "x");
  REQUIRE(kase.commands.size() == 2);
  const auto named = [&](const std::string& out) {
    std::vector<std::string> ids;
    for (const grader::KnownMistake* known : grader::judge(kase, answered(out), {}).diagnosis)
      ids.push_back(known->info.id);
    return ids;
  };
  // a Java program's -256 -255 is the C++ program's 4294967040 4294967041: the one mistake
  CHECK(named("-256 -255\n4294967040\n") == std::vector<std::string>{"negative-positions"});
  CHECK(named("4294967040 4294967041\n4294967040\n") ==
        std::vector<std::string>{"negative-positions"});
  CHECK(named("-256 -254\n4294967040\n").empty());
  // no signed reading of an answer that is not indexes
  CHECK(named("3093702707 2146671655\n4294967041\n") == std::vector<std::string>{"signed-hash"});
  CHECK(named("3093702707 2146671655\n-255\n").empty());
  // nor of an expected line: a negative index is wrong, always
  const grader::CaseResult right =
      grader::judge(kase, answered("3093702707 2146671655\n-256\n"), {});
  CHECK(right.verdict == grader::Verdict::WrongOutput);
  CHECK(grader::judge(kase, answered("-1201264589 2146671655\n4294967040\n"), {}).verdict ==
        grader::Verdict::WrongOutput);
  // a digested row reads so too
  const std::string long_answer = std::string(600, '7') + " 4294967295";
  const grader::KnownMistake digested{2, grader::stored_answer("1", long_answer), {}};
  CHECK(grader::row_matches(digested, std::string(600, '7') + " -1", grader::AnswerKind::Indexes));
  CHECK_FALSE(grader::row_matches(digested, std::string(600, '7') + " -1"));
}

TEST_CASE("a hidden case still names the mistake, and shows nothing else") {
  const TempDir dir;
  write_file(dir.path() / "mistakes.tsv", kCatalogue);
  write_file(dir.path() / "x.case", std::string("@hidden\n") + kTwoLines);
  // @hidden moved the expected lines down by one: lines 3 and 5 now
  write_file(dir.path() / "x.mistakes",
             "3\tfloat-division\tbytes=10 hashes=6\n5\tfloat-division\tbytes=6 hashes=6\n");
  const grader::Case kase = grader::load_case(dir.path() / "x.case", "x");
  const std::vector<std::string> details = grader::failure_details(
      grader::judge(kase, answered("bytes=10 hashes=6\nbytes=6 hashes=6\n"), {}));
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
