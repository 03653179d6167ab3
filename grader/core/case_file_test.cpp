#include "case_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include <doctest/doctest.h>

#include <string>

using grader::Case;
using grader::CaseFileError;
using grader::parse_case;

namespace {

std::string error_of(const std::string& text) {
  try {
    static_cast<void>(parse_case(text, "t", "t.case"));
  } catch (const CaseFileError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a case file reads as a transcript with directives and a description") {
  const Case c = parse_case(
      "# BIP 37 worked example\n# second line\n@points 2\n@timeout 1.5\n@hint read lesson 000\n"
      "> INIT 8 0.05 7 0\nbytes=6 hashes=4\n# a comment between\n> INSERT ab\nok\n>\n> FILTERLOAD\n"
      "0620\n\n",
      "bip37/x", "cases/bip37/x.case");
  CHECK(c.name == "bip37/x");
  CHECK(c.description == "BIP 37 worked example\nsecond line");
  CHECK(c.points == 2);
  CHECK(c.timeout_seconds == 1.5);
  CHECK_FALSE(c.hidden);
  REQUIRE(c.hints.size() == 1);
  CHECK(c.hints[0].command.empty());
  CHECK(c.hints[0].text == "read lesson 000");
  REQUIRE(c.steps.size() == 4);
  CHECK(c.steps[0].input == "INIT 8 0.05 7 0");
  CHECK(c.steps[0].case_line == 6);
  CHECK(c.steps[0].expected[0].text == "bytes=6 hashes=4");
  CHECK(c.steps[0].expected[0].case_line == 7);
  CHECK(c.steps[2].input.empty());  // "> " alone or ">" sends a blank line
  CHECK(c.steps[2].expected.empty());
  CHECK(c.steps[3].expected.size() == 1);  // the trailing blank line is layout
  CHECK(c.input_text() == "INIT 8 0.05 7 0\nINSERT ab\n\nFILTERLOAD\n");
  CHECK(c.expected_line_count() == 3);
}

TEST_CASE("@given lines write a hint's premise, and format_hint writes what parse_case reads") {
  const std::string directives =
      "@hint POSITIONS: check h_a, then the sum\n@given HASH\n@given hashing/empty-key\n"
      "@hint HASH: the block read, the block mix, then the h mix\n@given nothing\n@hint read "
      "lesson 002\n";
  const Case c = parse_case(
      "@needs hashing/empty-key\n" + directives + "> HASH 0 a\n1\n> POSITIONS 8 2 a\n1 2\n", "t",
      "t.case");
  REQUIRE(c.hints.size() == 3);
  CHECK(c.hints[0].given == std::vector<std::string>{"HASH", "hashing/empty-key"});
  CHECK(c.hints[1].premised);
  CHECK(c.hints[1].given.empty());  // claims no step right
  CHECK_FALSE(c.hints[2].premised);
  std::string written;
  for (const grader::Hint& hint : c.hints) written += grader::format_hint(hint);
  CHECK(written == directives);
  const Case again =
      parse_case("@needs hashing/empty-key\n" + written + "> HASH 0 a\n1\n> POSITIONS 8 2 a\n1 2\n",
                 "t", "t.case");
  CHECK(again.hints == c.hints);
  CHECK(error_of("@points 1\n@given HASH\n> HASH 0 a\n1\n") ==
        "t.case:2: error: @given follows the @hint whose premise it is");
  CHECK(error_of("@hint HASH: x\n@given HASH\n> HASH 0 a\n1\n") ==
        "t.case:2: error: @given HASH: a hint about HASH's answers cannot take them for granted");
  CHECK(error_of("@hint HASH: x\n@given nothing\n@given FNV\n> HASH 0 a\n1\n") ==
        "t.case:3: error: @given nothing stands alone: the hint claims no step right");
  CHECK(error_of("@hint HASH: x\n@given FNV\n> HASH 0 a\n1\n") ==
        "t.case:1: error: @given FNV: no line of this case sends FNV");
  CHECK(error_of("@hint HASH: x\n@given two words\n> HASH 0 a\n1\n") ==
        "t.case:2: error: @given takes nothing, one COMMAND or one case id FOLDER/NAME, got \"two "
        "words\"");
  CHECK(error_of("@hint HASH: x\n@given hashing/empty-key\n> HASH 0 a\n1\n") ==
        "t.case:1: error: @given hashing/empty-key: a case a hint takes for granted is one of the "
        "case's @needs");
}

TEST_CASE("@hint COMMAND: binds a hint to the lines that send that command") {
  const Case c = parse_case("@hint HASH: the tail is k*c1\n@hint N < 253 is one byte: fd after\n"
                            "> HASH 0 a\n1\n", "t", "t.case");
  REQUIRE(c.hints.size() == 2);
  CHECK(c.hints[0].command == "HASH");
  CHECK(c.hints[0].text == "the tail is k*c1");
  CHECK(c.hints[1].command.empty());  // not one word of capitals before ": "
  CHECK(c.hints[1].text == "N < 253 is one byte: fd after");
  CHECK(error_of("@hint POSITIONS: x\n> HASH 0 a\n1\n") ==
        "t.case:1: error: @hint POSITIONS: no line of this case sends POSITIONS");
  CHECK(error_of("@hint HASH: \n> HASH 0 a\n1\n") == "t.case:1: error: @hint needs a text");
  CHECK(grader::command_of("HASH 0 bloom\r") == "HASH");
  CHECK(grader::command_of("FILTERLOAD\r") == "FILTERLOAD");
}

TEST_CASE("CRLF case files read like LF ones, but a line to send keeps its CR") {
  const Case c = parse_case("@hidden\r\n> HASH 0 bloom\r\n48ad2c42\r\n", "t", "t.case");
  CHECK(c.hidden);
  CHECK(c.steps[0].input == "HASH 0 bloom\r");
  CHECK(c.steps[0].expected[0].text == "48ad2c42");
}

TEST_CASE("an answer that starts like a line to send, a comment or a directive reads back escaped") {
  // CHECK echoes its key, so an answer can start with any byte the key starts with.
  for (const std::string answer : {">x maybe [1]", "#x no [2]", "@x no [3]", "\\x no [4]", "x no [5]",
                                   "           no [6]"}) {
    CAPTURE(answer);
    const std::string line = grader::format_expected(answer);
    CHECK((line == answer) == (answer.front() != '>' && answer.front() != '#' &&
                               answer.front() != '@' && answer.front() != '\\'));
    const grader::Case kase = grader::parse_case("> CHECK x\n" + line + "\n", "t", "t.case");
    REQUIRE(kase.steps.size() == 1);
    REQUIRE(kase.steps[0].expected.size() == 1);
    CHECK(kase.steps[0].expected[0].text == answer);
  }
}

TEST_CASE("a malformed case file is reported as file:line: error: message") {
  CHECK(error_of("> A\n@points 2\n") ==
        "t.case:2: error: directives go at the top, before the first \"> \" line");
  CHECK(error_of("@points x\n> A\n") ==
        "t.case:1: error: @points needs a whole number from 0 to 1000000, got \"x\"");
  CHECK(error_of("@timeout 0\n> A\n").starts_with("t.case:1: error: @timeout needs"));
  CHECK(error_of("@frob\n> A\n").starts_with("t.case:1: error: unknown directive \"@frob\""));
  CHECK(error_of("@hidden yes\n> A\n") == "t.case:1: error: @hidden takes no value");
  CHECK(error_of("@hint\n> A\n") == "t.case:1: error: @hint needs a text");
  CHECK(error_of("# c\nok\n> A\n").starts_with("t.case:2: error: an expected line comes before"));
  CHECK(error_of(">A\n").starts_with("t.case:1: error: a line to send starts with \"> \""));
  CHECK(error_of("# nothing\n") == "t.case:1: error: no \"> \" line: the case sends nothing");
}

TEST_CASE("@timeout takes whole and decimal seconds, and nothing else") {
  // Parsed without floating-point from_chars, which libc++ before LLVM 20 lacks.
  const auto timeout = [](const std::string& value) {
    return parse_case("@timeout " + value + "\n> A\n", "t", "t.case").timeout_seconds.value();
  };
  CHECK(timeout("2") == 2.0);
  CHECK(timeout("0.25") == 0.25);
  CHECK(timeout("3600") == 3600.0);
  CHECK(timeout("007.5") == 7.5);
  for (const char* bad : {"3600.5", "0.0", "1e3", ".5", "5.", "-1", "1,5", "0x10", "inf", "nan",
                          "1.2.3", " 1 2"}) {
    INFO(bad);
    CHECK(error_of(std::string("@timeout ") + bad + "\n> A\n")
              .starts_with("t.case:1: error: @timeout needs a number of seconds above 0"));
  }
}

TEST_CASE("a folder of cases is searched recursively and each case is named FOLDER/NAME") {
  const auto cases = grader::load_cases({BLOOM_GRADER_TESTDATA "/suite"});
  REQUIRE(cases.size() == 3);
  CHECK(cases[0].name == "bip37/hidden-sizing");
  CHECK(cases[1].name == "bip37/worked-example");
  CHECK(cases[2].name == "suite/hash-bloom");
  const auto single = grader::load_cases({BLOOM_GRADER_TESTDATA "/hostile.case"});
  REQUIRE(single.size() == 1);
  CHECK(single[0].name == "testdata/hostile");
}

TEST_CASE("a case has the same id however its suite is given") {
  const std::string exercise = BLOOM_GRADER_TESTDATA "/suite/bip37";
  for (const std::string& path :
       {std::string(BLOOM_GRADER_TESTDATA "/suite"), exercise, exercise + "/",
        exercise + "/worked-example.case", exercise + "/../bip37/worked-example.case"}) {
    INFO(path);
    const auto cases = grader::load_cases({path});
    CHECK(std::any_of(cases.begin(), cases.end(),
                      [](const grader::Case& c) { return c.name == "bip37/worked-example"; }));
  }
}

TEST_CASE("two cases with one id are an error that names both files") {
  const std::string exercise = BLOOM_GRADER_TESTDATA "/suite/bip37";
  CHECK_THROWS_WITH_AS(
      static_cast<void>(grader::load_cases({exercise, exercise + "/worked-example.case"})),
      (exercise + "/worked-example.case: error: a second case with the id "
                  "\"bip37/worked-example\" (the first is " + exercise +
       "/worked-example.case): ids are FOLDER/NAME, so rename one, or give the same folder once")
          .c_str(),
      CaseFileError);
}

TEST_CASE("a missing path and a bad case file in a folder are errors with their place") {
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::load_cases({"/no/such/folder"})),
                       "/no/such/folder: error: no such case file or folder", CaseFileError);
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::load_cases({BLOOM_GRADER_TESTDATA "/bad"})),
                       BLOOM_GRADER_TESTDATA
                       "/bad/late-directive.case:3: error: directives go at the top, before the "
                       "first \"> \" line",
                       CaseFileError);
}

TEST_CASE("commands.tsv reads back what was written, and a case keeps the commands it sends") {
  namespace fs = std::filesystem;
  const std::vector<grader::CommandInfo> table = {
      {"HASH",
       "HASH <seed> <key>",
       {"murmur3_32", "print_hash"},
       "HASH <seed:u32> <key:text>",
       grader::AnswerKind::Other},
      {"BITS", "BITS", {}, "BITS", grader::AnswerKind::Other},
      {"SIZE",
       "SIZE <n> <p>",
       {"classic_filter_size"},
       "SIZE <n:1..4294967295> <p:p>",
       grader::AnswerKind::Other},
      {"PLACES", "PLACES <key>", {"place"}, "PLACES <key:text>", grader::AnswerKind::Indexes}};
  const std::string text = grader::format_command_table(table);
  CHECK(text.ends_with("PLACES\tPLACES <key>\tplace\tPLACES <key:text>\tindexes\n"));
  CHECK(grader::parse_command_table(text, "commands.tsv") == table);
  const fs::path folder =
      fs::temp_directory_path() / ("bloom-commands-" + std::to_string(::getpid()));
  fs::create_directories(folder / "hashing");
  std::ofstream(folder / "commands.tsv", std::ios::binary) << text;
  std::ofstream(folder / "hashing" / "one.case", std::ios::binary)
      << "> HASH 0 bloom\n48ad2c42\n> BITS\nx\n";
  const Case loaded = grader::load_case(folder / "hashing" / "one.case", "hashing/one");
  CHECK(loaded.commands == std::vector<grader::CommandInfo>{table[0], table[1]});
  fs::remove_all(folder);
  // a bad line says where and what
  const auto error_of = [](const std::string& bad) {
    try {
      static_cast<void>(grader::parse_command_table(bad, "commands.tsv"));
    } catch (const grader::CaseFileError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_of("# c\nHASH\tSIZE <n>\tf\tSIZE <n:u32>\tother\n") ==
        "commands.tsv:2: error: a line is NAME, a tab, USAGE (starting with NAME), a tab, "
        "FUNCTIONS, a tab, GRAMMAR, a tab, ANSWER");
  CHECK(error_of("HASH\tHASH <seed>\tf\tHASH <seed:u32>\n") ==
        "commands.tsv:1: error: a line is NAME, a tab, USAGE (starting with NAME), a tab, "
        "FUNCTIONS, a tab, GRAMMAR, a tab, ANSWER");
  CHECK(error_of("HASH\tHASH <seed>\tf\tHASH <key:u32>\tother\n") ==
        "commands.tsv:1: error: the grammar \"HASH <key:u32>\" is not the usage \"HASH <seed>\" "
        "with each argument's kind");
  CHECK(error_of("HASH\tHASH <seed>\tf,,g\tHASH <seed:u32>\tother\n") ==
        "commands.tsv:1: error: an empty function name among \"f,,g\"");
  CHECK(error_of("HASH\tHASH <seed>\tf\tHASH <seed:u32>\tsigned\n") ==
        "commands.tsv:1: error: the answer of HASH is \"indexes\" or \"other\", got \"signed\"");
}

TEST_CASE("the catalogue and a case's .mistakes file read back what was written") {
  namespace fs = std::filesystem;
  const std::vector<grader::MistakeInfo> catalogue = {
      {"big-endian-blocks", "hashing", "lesson 002, Common mistakes", "blocks read big-endian"},
      {"float-division", "bip37", "lesson 000, Common mistakes", "bytes * 8 / n in floating point"},
  };
  const std::string text = grader::format_catalogue(catalogue);
  const std::vector<grader::MistakeInfo> read = grader::parse_catalogue(text, "mistakes.tsv");
  REQUIRE(read.size() == 2);
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].id == catalogue[i].id);
    CHECK(read[i].exercise == catalogue[i].exercise);
    CHECK(read[i].source == catalogue[i].source);
    CHECK(read[i].message == catalogue[i].message);
  }

  const fs::path folder = fs::temp_directory_path() / ("bloom-roundtrip-" + std::to_string(::getpid()));
  fs::create_directories(folder / "hashing");
  const fs::path case_file = folder / "hashing" / "one.case";
  const auto write = [](const fs::path& path, const std::string& content) {
    std::ofstream(path, std::ios::binary) << content;
  };
  write(folder / "mistakes.tsv", text);
  write(case_file, "# one\n> HASH 0 bloom\n48ad2c42\n> HASH 1 bloom\nabcdef01\n");
  std::vector<grader::KnownMistake> answers = {{3, "6f6f6c62", catalogue[0]},
                                               {5, "00000001", catalogue[1]},
                                               {5, "no", catalogue[0], {catalogue[1]}}};
  answers[2].common = true;  // a pair's answer that wrong programs give anyway
  write(grader::mistakes_file_of(case_file), grader::format_mistake_answers(case_file, answers));
  const Case loaded = grader::load_case(case_file, "hashing/one");
  REQUIRE(loaded.mistakes.size() == 3);
  for (std::size_t i = 0; i < answers.size(); ++i) {
    CHECK(loaded.mistakes[i].case_line == answers[i].case_line);
    CHECK(loaded.mistakes[i].answer == answers[i].answer);
    CHECK(loaded.mistakes[i].info.id == answers[i].info.id);
    CHECK(loaded.mistakes[i].info.message == answers[i].info.message);
    CHECK(loaded.mistakes[i].with.size() == answers[i].with.size());
    CHECK(loaded.mistakes[i].common == answers[i].common);
  }
  write(grader::mistakes_file_of(case_file), "3\tbig-endian-blocks\t6f6f6c62\trare\n");
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::load_case(case_file, "hashing/one")),
                       doctest::Contains("perhaps a tab and common"), grader::CaseFileError);
  CHECK(grader::format_mistake_answers(case_file, {}).empty());
  fs::remove_all(folder);
}

TEST_CASE("times.tsv reads back what was written, in whole milliseconds rounded up") {
  namespace fs = std::filesystem;
  const std::map<std::string, double> times = {{"bad-hex", 0.0021}, {"big", 1.5}, {"tiny", 0.0000004}};
  const std::string text = grader::format_reference_times(times);
  CHECK(text.substr(text.find("bad-hex")) == "bad-hex\t0.003\nbig\t1.500\ntiny\t0.001\n");
  const std::map<std::string, double> read = grader::parse_reference_times(text, "times.tsv");
  CHECK(read == std::map<std::string, double>{{"bad-hex", 0.003}, {"big", 1.5}, {"tiny", 0.001}});
  CHECK(grader::format_reference_times(read) == text);  // a second round trip changes nothing

  const fs::path folder = fs::temp_directory_path() / ("bloom-times-" + std::to_string(::getpid()));
  fs::create_directories(folder / "bip37");
  std::ofstream(folder / "bip37" / "big.case") << "> INIT 8 0.05\nbytes=6 hashes=4\n";
  std::ofstream(folder / "bip37" / "other.case") << "> INIT 8 0.05\nbytes=6 hashes=4\n";
  std::ofstream(grader::reference_times_file_of(folder / "bip37" / "big.case")) << text;
  const std::vector<Case> loaded = grader::load_cases({folder / "bip37"});
  REQUIRE(loaded.size() == 2);
  CHECK(loaded[0].reference_seconds == 1.5);
  CHECK_FALSE(loaded[1].reference_seconds.has_value());  // not in times.tsv: recorded without
  fs::remove_all(folder);
}

TEST_CASE("a bad line of times.tsv is an error that names it") {
  const auto error = [](const std::string& text) {
    try {
      static_cast<void>(grader::parse_reference_times(text, "cases/bip37/times.tsv"));
    } catch (const CaseFileError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(error("# comment\nbad-hex 0.003\n") == "cases/bip37/times.tsv:2: error: a line is CASE, a tab, SECONDS");
  CHECK(error("bad-hex\tfast\n") ==
        "cases/bip37/times.tsv:1: error: the time of bad-hex needs a number of seconds above 0 and at most 3600, "
        "got \"fast\"");
  CHECK(error("x\t0\n") ==
        "cases/bip37/times.tsv:1: error: the time of x needs a number of seconds above 0 and at most 3600, got \"0\"");
  CHECK(error("x\t0.002\n\nx\t0.003\n") == "cases/bip37/times.tsv:3: error: x has a time already, on an earlier line");
  CHECK(error("x\t0.002\r\n") == "(no error)");
}
