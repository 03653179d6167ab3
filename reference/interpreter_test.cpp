#include "interpreter.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Exchange {
  std::string line;
  std::optional<std::string> response;  // nullopt: the line gets no response
};

// Feeds the lines to one interpreter and checks every response.
void check_transcript(const std::vector<Exchange>& transcript) {
  bloom::Interpreter interpreter;
  for (const Exchange& exchange : transcript) {
    CAPTURE(exchange.line);
    CHECK(interpreter.respond(exchange.line).value_or("<no response>") ==
          exchange.response.value_or("<no response>"));
  }
}

// True when `line` answers an error line that starts "error: " and says more.
bool is_error(const std::optional<std::string>& response) {
  return response && response->starts_with("error: ") && response->size() > 8;
}

// Sends `bad` to an interpreter that holds the worked example's filter, then checks that the
// answer is an error and that the filter and the next good line are as if it had not come.
void check_rejected_without_trace(const std::string& bad) {
  CAPTURE(bad);
  bloom::Interpreter interpreter;
  REQUIRE(interpreter.respond("INIT 8 0.05 7 0") == "bytes=6 hashes=4");
  REQUIRE(interpreter.respond("INSERT ab") == "ok");
  const bloom::Interpreter before = interpreter;
  const std::optional<std::string> response = interpreter.respond(bad);
  CHECK(is_error(response));
  CHECK(interpreter == before);
  CHECK(interpreter.respond("INSERT cafe") == "ok");
  CHECK(interpreter.respond("FILTERLOAD") == "06202010844440040000000700000000");
}

}  // namespace

TEST_CASE("the lesson's BIP 37 worked example, line by line") {
  // Lesson 000, "Worked example", as the protocol sends it.
  check_transcript({
      {"INIT 8 0.05 7 0", "bytes=6 hashes=4"},
      {"INSERT ab", "ok"},
      {"INSERT cafe", "ok"},
      {"INDEXES ab", "31 5 13 34"},
      {"INDEXES cafe", "20 38 46 26"},
      {"CONTAINS ab", "maybe"},
      {"FILTERLOAD", "06202010844440040000000700000000"},
  });
}

TEST_CASE("HASH and POSITIONS answer the lesson's examples") {
  // Lesson 002: the trace of "bloom", and its positions at m = 1000, k = 4.
  check_transcript({
      {"HASH 0 bloom", "48ad2c42"},
      {"HASH 0x9747b28c bloom", "049e1471"},  // h_b = 77468785 in the lesson
      {"POSITIONS 1000 4 bloom", "610 395 180 965"},
      {"POSITIONS 1000 8 wrap0", "707 950 193 436 679 922 165 408"},
  });
}

TEST_CASE("a text key is the whole rest of the line, spaces and all, and may be empty") {
  check_transcript({
      {"HASH 0x9747b28c Hello, world!", "24884cba"},
      {"HASH 0", "00000000"},
      {"HASH 0 ", "00000000"},
      {"HASH 1", "514e28b7"},
      {"HASH 0x9747b28c  a", "39ead2c5"},  // the key is " a", two bytes
      {"HASH 0xffffffff", "81f16f39"},
      {"POSITIONS 1 1", "0"},
  });
}

TEST_CASE("blank and comment lines get no response, and CRLF input works") {
  check_transcript({
      {"", std::nullopt},
      {"\r", std::nullopt},
      {"# a comment", std::nullopt},
      {"#INIT 8 0.05", std::nullopt},
      {"HASH 0 bloom\r", "48ad2c42"},
      {"INIT 8 0.05 7 0\r", "bytes=6 hashes=4"},
      {"FILTERLOAD\r", "06000000000000040000000700000000"},
  });
}

TEST_CASE("INIT's tweak and flags are optional and default to 0") {
  check_transcript({
      {"INIT 3 0.01", "bytes=3 hashes=5"},
      {"FILTERLOAD", "03000000050000000000000000"},
      {"INIT 3 0.01 0x80000001", "bytes=3 hashes=5"},
      {"FILTERLOAD", "03000000050000000100008000"},
      {"INIT 3 1e-2 2147483649 1", "bytes=3 hashes=5"},
      {"FILTERLOAD", "03000000050000000100008001"},
  });
}

TEST_CASE("a filter of 0 bytes or 0 hashes answers as Bitcoin Core does") {
  check_transcript({
      {"INIT 10 0.9", "bytes=0 hashes=0"},
      {"INSERT ab", "ok"},
      {"CONTAINS ab", "maybe"},
      {"INDEXES ab", "none"},
      {"FILTERLOAD", "00000000000000000000"},
  });
}

TEST_CASE("filter commands before INIT are errors") {
  for (const char* line : {"INSERT ab", "CONTAINS ab", "INDEXES ab", "FILTERLOAD", "WRITETO"}) {
    bloom::Interpreter interpreter;
    CAPTURE(line);
    CHECK(is_error(interpreter.respond(line)));
    CHECK(interpreter.respond("INIT 8 0.05 7 0") == "bytes=6 hashes=4");
  }
}

TEST_CASE("an unknown command is an error that names it") {
  bloom::Interpreter interpreter;
  CHECK(interpreter.respond("FROB 1") ==
        std::optional<std::string>("error: unknown command \"FROB\" (known: HASH "
                                   "POSITIONS INIT INSERT CONTAINS INDEXES FILTERLOAD "
                                   "FNV SIZE BLOOM ADD CHECK VERIFY BITS HASH128 CRC32 "
                                   "GUAVA GOLANG WRITETO)"));
  CHECK(interpreter.respond("insert ab") ==
        std::optional<std::string>(
            "error: unknown command \"insert\" (commands are upper case: INSERT)"));
  CHECK(interpreter.respond("HASH 0 bloom") == "48ad2c42");
}

TEST_CASE("each command of the table reaches its own handler, and the table is the known list") {
  std::string known;
  for (const std::string& usage : bloom::Interpreter::usages()) {
    CAPTURE(usage);
    const std::string name(usage.substr(0, usage.find(' ')));
    known += (known.empty() ? "" : " ") + name;
    bloom::Interpreter interpreter;
    if (usage.find(' ') == std::string_view::npos) {  // no arguments: an extra one is refused
      CHECK(interpreter.respond(name + " x") ==
            "error: " + name + " takes no more arguments (usage: " + std::string(usage) +
                "), got extra \"x\"");
    } else if (usage == name + " <key>") {  // an absent key is the empty key: each answers its way
      REQUIRE(interpreter.respond("BLOOM 8 1") == "ok");
      const std::map<std::string, std::string> answer = {{"FNV", "cbf29ce484222325"},
                                                         {"ADD", "ok"},
                                                         {"CHECK", "           no    [5]"},
                                                         {"VERIFY", "no"},
                                                         {"CRC32", "00000000"}};
      CHECK(interpreter.respond(name) == answer.at(name));
    } else {  // the handler asks for its own first argument, quoting its own usage
      const std::string first =
          usage.substr(usage.find('<'), usage.find('>') - usage.find('<') + 1);
      CHECK(interpreter.respond(name) == "error: " + name + " needs " + std::string(first) +
                                             " (usage: " + std::string(usage) + ")");
    }
  }
  CHECK(known ==
        "HASH POSITIONS INIT INSERT CONTAINS INDEXES FILTERLOAD FNV SIZE BLOOM ADD CHECK "
        "VERIFY BITS HASH128 CRC32 GUAVA GOLANG WRITETO");
  CHECK(bloom::Interpreter().respond("FROB") ==
        "error: unknown command \"FROB\" (known: " + known + ")");
}

TEST_CASE("each argument's kind in the table is what its handler reads") {
  using Kind = bloom::Interpreter::ArgumentKind;
  // a value each kind takes, and one just outside it with the start of its error
  const auto good = [](const bloom::Interpreter::Argument& a) -> std::string {
    switch (a.kind) {
      case Kind::U32:
        return "4294967295";
      case Kind::Whole:
        return std::to_string(a.high);
      case Kind::Probability:
        return "0.5";
      case Kind::Hex:
        return "ab";
      case Kind::Text:
        return "a key";
    }
    return "";
  };
  int arguments = 0;
  for (const bloom::Interpreter::CommandRow& row : bloom::Interpreter::command_rows()) {
    CAPTURE(row.grammar);
    std::string usage;  // the usage is the grammar's names
    for (const bloom::Interpreter::Argument& a : row.arguments)
      usage += std::string(a.optional ? " [" : " ") + a.name;
    usage.append(
        std::string(static_cast<std::size_t>(std::count(usage.begin(), usage.end(), '[')), ']'));
    CHECK(row.usage == std::string(row.name) + usage);
    std::string before = std::string(row.name);
    for (const bloom::Interpreter::Argument& a : row.arguments) {
      ++arguments;
      CAPTURE(a.name);
      bloom::Interpreter interpreter;
      REQUIRE(interpreter.respond("BLOOM 8 1") == "ok");
      const auto answer = [&](const std::string& value) {
        return interpreter.respond(before + " " + value).value_or("(no answer)");
      };
      const std::string refused = "error: " + a.name + " must be";
      CHECK(answer(good(a)).find(refused) == std::string::npos);
      switch (a.kind) {
        case Kind::U32:
          CHECK(answer("4294967296").starts_with(refused + " a number from 0 to 4294967295"));
          break;
        case Kind::Whole: {
          const std::string range = " a whole number from " + std::to_string(a.low) + " to " +
                                    std::to_string(a.high) + ", got";
          CHECK(answer(std::to_string(std::uint64_t{a.high} + 1)).starts_with(refused + range));
          if (a.low > 0) CHECK(answer(std::to_string(a.low - 1)).starts_with(refused + range));
          CHECK(answer(std::to_string(a.low)).find(refused) == std::string::npos);
          break;
        }
        case Kind::Probability:
          CHECK(answer("1").starts_with(refused + " a decimal number above 0 and below 1"));
          break;
        case Kind::Hex:
          CHECK(answer("zz") == "error: " + std::string(row.name) +
                                    " needs hex bytes, got \"zz\" (not a hex digit at offset 0)");
          break;
        case Kind::Text:
          CHECK(answer("two words").find("error") == std::string::npos);
          break;
      }
      before += " " + good(a);
    }
  }
  CHECK(arguments == 27);
}

TEST_CASE("an error message names the problem") {
  bloom::Interpreter interpreter;
  REQUIRE(interpreter.respond("INIT 8 0.05") == "bytes=6 hashes=4");
  CHECK(interpreter.respond("INSERT xyz") ==
        std::optional<std::string>(
            "error: INSERT needs hex bytes, got \"xyz\" (not a hex digit at offset 0)"));
  CHECK(interpreter.respond("CONTAINS abc") ==
        std::optional<std::string>("error: CONTAINS needs an even number of hex digits, got 3"));
  CHECK(interpreter.respond("INIT 0 0.5") ==
        std::optional<std::string>("error: <n> must be a whole number from 1 to 4294967295, "
                                   "got \"0\""));
  CHECK(interpreter.respond("POSITIONS 10 51 x") ==
        std::optional<std::string>("error: <k> must be a whole number from 1 to 50, got \"51\""));
  CHECK(interpreter.respond("INSERT") ==
        std::optional<std::string>("error: INSERT needs <hex> (usage: INSERT <hex>)"));
  CHECK(interpreter.respond("INSERT ab cd") ==
        std::optional<std::string>(
            "error: INSERT takes no more arguments (usage: INSERT <hex>), got extra \"cd\""));
}

TEST_CASE("a long bad argument gives a short one-line message") {
  bloom::Interpreter interpreter;
  const std::optional<std::string> response =
      interpreter.respond("HASH " + std::string(100000, 'z') + " key");
  REQUIRE(is_error(response));
  CHECK(response->size() < 200);
  CHECK(response->find('\n') == std::string::npos);
  const std::optional<std::string> control = interpreter.respond("HASH 1\x01 key");
  REQUIRE(is_error(control));
  CHECK(control->find("\\x01") != std::string::npos);
}

namespace {

// A bad line of every kind the interpreter refuses.
const char* const kBadLines[] = {
    // unknown commands, and spacing
    "FROB",
    "insert ab",
    "INIT\t8 0.05",
    "   ",
    " ",
    " INSERT ab",
    "INSERT  ab",
    "INSERT ab ",
    "FILTERLOAD ",
    "FILTERLOAD x",
    // missing or extra arguments
    "INIT",
    "INIT 8",
    "INIT 8 0.05 7 0 1",
    "INSERT",
    "CONTAINS",
    "INDEXES",
    "HASH",
    "POSITIONS",
    "POSITIONS 1000",
    "INSERT ab cd",
    // bad hex: odd length, a non-hex digit, 0x prefix
    "INSERT abc",
    "INSERT xyz",
    "INSERT 0xab",
    "CONTAINS a",
    "INDEXES zz",
    // numbers out of range or not numbers
    "INIT 0 0.5",
    "INIT 8 0",
    "INIT 8 1",
    "INIT 8 nan",
    "INIT 8 inf",
    "INIT 8 1e999",
    "INIT 8 1e-400",
    "INIT 8 0.99999999999999999999",
    "INIT 8 -0.5",
    "INIT 8 0x0.1p0",
    "INIT 8 0,5",
    "INIT -1 0.5",
    "INIT 4294967296 0.5",
    "INIT 8 0.05 4294967296",
    "INIT 8 0.05 0x100000000",
    "INIT 8 0.05 -1",
    "INIT 8 0.05 0 256",
    "INIT 8 0.05 0 -1",
    "POSITIONS 0 4 key",
    "POSITIONS 1000 0 key",
    "POSITIONS 1000 51 key",
    "POSITIONS 4294967296 4 key",
    "POSITIONS 1000 4x key",
    "HASH x key",
    "HASH 0x key",
    "HASH 0x123456789 key",
    "HASH -1 key",
    "HASH  key",
    // lesson 004: its arguments, Guava's refusals, and WRITETO on a BIP 37 filter
    "HASH128",
    "HASH128 x key",
    "HASH128 0x123456789 key",
    "GUAVA",
    "GUAVA 8",
    "GUAVA -1 0.5",
    "GUAVA 4294967296 0.5",
    "GUAVA 8 1",
    "GUAVA 8 0.5 1",
    "GUAVA 1 0.99",
    "GUAVA 1 1e-100",
    "GUAVA 4294967295 1e-62",
    "GOLANG",
    "GOLANG 0 0.5",
    "GOLANG 8 0",
    "GOLANG 8 0.5 x",
    "WRITETO",
};

}  // namespace

TEST_CASE("every kind of bad line is an error and leaves the filter as it was") {
  for (const char* bad : kBadLines) check_rejected_without_trace(bad);
}

TEST_CASE("interpreters are equal exactly when their functions and filters are") {
  bloom::Interpreter a;
  bloom::Interpreter b;
  CHECK(a == b);  // both without a filter
  REQUIRE(a.respond("INIT 8 0.05 7 0") == "bytes=6 hashes=4");
  CHECK_FALSE(a == b);
  REQUIRE(b.respond("INIT 8 0.05 7 0") == "bytes=6 hashes=4");
  CHECK(a == b);
  REQUIRE(a.respond("INSERT ab") == "ok");
  CHECK_FALSE(a == b);  // one bit differs
  REQUIRE(b.respond("INSERT ab") == "ok");
  CHECK(a == b);
  REQUIRE(a.respond("CONTAINS cafe") == "no");  // answers change nothing
  CHECK(a == b);
  for (const char* other : {"INIT 8 0.05 8 0", "INIT 8 0.05 7 1", "INIT 9 0.05 7 0"}) {
    bloom::Interpreter c;
    REQUIRE(c.respond(other));
    REQUIRE(c.respond("INSERT ab") == "ok");
    CHECK_FALSE(a == c);  // another tweak, flags or size
  }
  const bloom::Functions copy = bloom::reference_functions();
  CHECK_FALSE(bloom::Interpreter(copy) == bloom::Interpreter());  // other functions
}

TEST_CASE("p = 1e-320 is a legal subnormal and .01 a legal decimal") {
  check_transcript({{"INIT 1 1e-320", "bytes=191 hashes=50"}, {"INIT 9 .01", "bytes=10 hashes=5"}});
}

TEST_CASE("the classic filter's commands: the lesson 001 table, word for word") {
  bloom::Interpreter interpreter;
  CHECK(interpreter.respond("CHECK dragon") ==
        "error: no classic filter yet: send BLOOM <m> <k> first");
  CHECK(interpreter.respond("BITS") == "error: no classic filter yet: send BLOOM <m> <k> first");
  CHECK(interpreter.respond("BLOOM 64 3") == "ok");
  for (const char* word : {"password", "qwerty", "dragon", "letmein", "monkey"}) {
    CHECK(interpreter.respond(std::string("ADD ") + word) == "ok");
  }
  CHECK(interpreter.respond("CHECK dragon") == "dragon     maybe [30, 1, 36]");
  CHECK(interpreter.respond("CHECK sunshine") == "sunshine   no    [32, 39, 46]");
  CHECK(interpreter.respond("CHECK Qwerty") == "Qwerty     maybe [25, 52, 15]");
  CHECK(interpreter.respond("CHECK letmein") == "letmein    maybe [15, 52, 25]");
  CHECK(interpreter.respond("BITS") == "bits set: 14 of 64");
  CHECK(interpreter.respond("VERIFY Qwerty") == "false positive");
  CHECK(interpreter.respond("VERIFY letmein") == "member");
  CHECK(interpreter.respond("VERIFY sunshine") == "no");
  // a key longer than the column keeps one space before the answer
  CHECK(interpreter.respond("CHECK correct horse") == "correct horse no    [28, 9, 54]");
}

TEST_CASE("the classic filter's commands refuse what is out of range, and change nothing") {
  bloom::Interpreter interpreter;
  REQUIRE(interpreter.respond("BLOOM 64 3") == "ok");
  REQUIRE(interpreter.respond("ADD dragon") == "ok");
  const bloom::Interpreter before = interpreter;
  for (const char* line : {"BLOOM 0 3", "BLOOM 100000001 3", "BLOOM 64 0", "BLOOM 64 51",
                           "BLOOM 64", "BLOOM 64 3 1", "BLOOM -1 3", "SIZE 0 0.01", "SIZE 10000 1",
                           "SIZE 10000 0", "SIZE 10000", "SIZE 1 0.5 x", "BITS x", "BITS "}) {
    CAPTURE(line);
    CHECK(is_error(interpreter.respond(line)));
    CHECK(interpreter == before);
  }
  CHECK(interpreter.respond("BLOOM 100000000 50") == "ok");  // the largest filter
  CHECK(interpreter.respond("SIZE 10000 0.01") == "bits=95851 hashes=7");
  CHECK(interpreter.respond("SIZE 4294967295 5e-324") == "bits=6654856290556 hashes=1074");
  CHECK(interpreter.respond("FNV foobar") == "85944171f73967e8");
  CHECK(interpreter.respond("FNV") == "cbf29ce484222325");
}

TEST_CASE("lesson 004: each filter command works on the last filter made, and only its own") {
  check_transcript({
      {"GUAVA 3 0.1", "bits=14 words=1 hashes=3"},
      {"HASH128 0 dog", "11bca2eb4d97eb30ab36d4b6a7150a93"},
      {"INDEXES 646f67", "17 60 39"},
      {"INSERT 646f67", "ok"},
      {"CONTAINS 646f67", "maybe"},
      {"CONTAINS 636174", "no"},
      {"WRITETO", "0103000000011000008000020000"},
      {"FILTERLOAD",
       "error: FILTERLOAD needs a BIP 37 filter (INIT <n> <p>) as the current "
       "filter, and the current one is another kind"},
      {"GOLANG 1000 0.01", "bits=9585 hashes=6"},
      {"CRC32 dog", "812c397d"},
      {"INDEXES 646f67", "4563 8876 3604 7917 2645 6958"},
      {"CONTAINS 646f67", "no"},  // a new filter: the Guava one is gone
      {"WRITETO",
       "error: WRITETO needs Guava's filter (GUAVA <n> <p>) as the current filter, "
       "and the current one is another kind"},
      {"GOLANG 1 0.5", "bits=1 hashes=0"},
      {"CONTAINS 646f67", "maybe"},  // no hashes: everything is in it
      {"INDEXES 646f67", "none"},
      {"INIT 8 0.05 7 0", "bytes=6 hashes=4"},
      {"INSERT ab", "ok"},
      {"FILTERLOAD", "06202000800400040000000700000000"},
  });
}

TEST_CASE("lesson 004: a refused GUAVA or GOLANG leaves the current filter as it was") {
  for (const char* bad :
       {"GUAVA 1 0.99", "GUAVA 1 1e-100", "GUAVA 8 2", "GOLANG 0 0.5", "WRITETO x"}) {
    CAPTURE(bad);
    bloom::Interpreter interpreter;
    REQUIRE(interpreter.respond("GUAVA 3 0.1") == "bits=14 words=1 hashes=3");
    REQUIRE(interpreter.respond("INSERT 646f67") == "ok");
    const bloom::Interpreter before = interpreter;
    CHECK(is_error(interpreter.respond(bad)));
    CHECK(interpreter == before);
    CHECK(interpreter.respond("WRITETO") == "0103000000011000008000020000");
  }
  // more words than a Java array holds: sized, refused, and nothing allocated
  bloom::Interpreter interpreter;
  CHECK(interpreter.respond("GUAVA 4294967295 1e-62") ==
        "error: Guava's filter holds at most 2147483647 words (a Java array), and this one needs "
        "19940513747");
  CHECK(interpreter.respond("GUAVA 1000000 0.01") == "bits=9585058 words=149767 hashes=7");
  CHECK(is_error(interpreter.respond("WRITETO")));  // more than 65536 words
}
