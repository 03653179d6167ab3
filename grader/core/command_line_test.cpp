#include "command_line.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

// A program with one option of each kind, and what they set.
struct Program {
  bool verbose = false;
  std::string out;
  std::optional<std::uint64_t> count;
  std::vector<std::string> ids;

  bloom::CommandLine line() {
    return {"prog",
            "[FILE...]",
            "Does what it does.\n",
            "exit status: 0, or 2 on a bad command line\n",
            {{"--verbose", "", "say more", bloom::flag(verbose), false, "-v"},
             {"--out", "DIR", "where the files go", bloom::text(out, "a folder")},
             {"--count", "K", "how many",
              bloom::whole_number(1, 100, [&](std::uint64_t n) { count = n; })},
             {"--id",
              "ID",
              "one more id, and a help long enough to be wrapped at ninety columns by the usage",
              {[&](std::string_view id) {
                 ids.emplace_back(id);
                 return id.starts_with("id-");
               },
               "an id that starts with id-"},
              true}}};
  }

  struct Result {
    std::optional<int> exit_status;
    std::vector<std::string> operands;
    std::string out;
    std::string err;
  };

  Result parse(std::vector<std::string> args) {
    args.insert(args.begin(), "prog");
    std::vector<const char*> argv;
    for (const std::string& arg : args) argv.push_back(arg.c_str());
    std::ostringstream out_stream;
    std::ostringstream err_stream;
    const bloom::ParsedCommandLine parsed = bloom::parse_command_line(
        line(), static_cast<int>(argv.size()), argv.data(), out_stream, err_stream);
    return {parsed.exit_status, parsed.operands, out_stream.str(), err_stream.str()};
  }
};

constexpr const char* kUsage =
    "usage: prog [--help] [--verbose] [--out DIR] [--count K] [--id ID]... [FILE...]\n"
    "\n"
    "Does what it does.\n"
    "\n"
    "  -v, --verbose  say more\n"
    "  --out DIR      where the files go\n"
    "  --count K      how many\n"
    "  --id ID        one more id, and a help long enough to be wrapped at ninety columns by\n"
    "                 the usage\n"
    "\n"
    "exit status: 0, or 2 on a bad command line\n";

}  // namespace

TEST_CASE("options come in any order, as --name VALUE or --name=VALUE, among the operands") {
  Program a;
  const Program::Result first = a.parse({"x.txt", "--count", "3", "-v", "--out=o", "y.txt"});
  CHECK_FALSE(first.exit_status.has_value());
  CHECK(first.operands == std::vector<std::string>{"x.txt", "y.txt"});
  CHECK(a.verbose);
  CHECK(a.out == "o");
  CHECK(a.count == 3);
  Program b;
  const Program::Result second =
      b.parse({"--out", "o", "x.txt", "y.txt", "--count=3", "--verbose"});
  CHECK(second.operands == first.operands);
  CHECK((b.verbose == a.verbose && b.out == a.out && b.count == a.count));
  CHECK((first.out + first.err + second.out + second.err).empty());
}

TEST_CASE("-- ends the options, a lone - is an operand, and a value may start with a dash") {
  Program p;
  const Program::Result result = p.parse({"--out", "-dir", "-", "--", "--count", "-v"});
  CHECK_FALSE(result.exit_status.has_value());
  CHECK(p.out == "-dir");
  CHECK(result.operands == std::vector<std::string>{"-", "--count", "-v"});
  CHECK_FALSE(p.count.has_value());
}

TEST_CASE("a repeated option adds each value; any other keeps the last") {
  Program p;
  CHECK_FALSE(p.parse({"--id", "id-a", "--out", "x", "--id=id-b", "--out", "y"}).exit_status);
  CHECK(p.ids == std::vector<std::string>{"id-a", "id-b"});
  CHECK(p.out == "y");
}

TEST_CASE("the usage is made from the table, and --help prints it and ends with 0") {
  Program p;
  CHECK(bloom::usage(p.line()) == kUsage);
  for (const char* help : {"--help", "-h"}) {
    // --help wins over everything else on the line, a mistake before it included
    const Program::Result result = p.parse({"--count", "0", help, "--frobnicate"});
    CHECK(result.exit_status == 0);
    CHECK(result.out == kUsage);
    CHECK(result.err.empty());
  }
  // after --, "--help" is a file's name
  CHECK_FALSE(p.parse({"--", "--help"}).exit_status.has_value());
}

TEST_CASE("a long synopsis wraps under the program's name, and a long option's help below it") {
  bool flag = false;
  const bloom::CommandLine line{
      "prog",
      "",
      "",
      "",
      {{"--first-option-of-several", "VALUE", "the first", bloom::flag(flag)},
       {"--second-option-of-several", "VALUE", "the second", bloom::flag(flag)},
       {"--third", "", "the third", bloom::flag(flag)}}};
  CHECK(
      bloom::usage(line) ==
      "usage: prog [--help] [--first-option-of-several VALUE] [--second-option-of-several VALUE]\n"
      "            [--third]\n"
      "\n"
      "  --first-option-of-several VALUE\n"
      "                        the first\n"
      "  --second-option-of-several VALUE\n"
      "                        the second\n"
      "  --third               the third\n");
}

TEST_CASE("every mistake has one shape: PROGRAM: error: what, then the usage, and exit 2") {
  const struct {
    std::vector<std::string> args;
    const char* error;
  } kMistakes[] = {
      {{"--frobnicate"}, "unknown option \"--frobnicate\""},
      {{"--frobnicate=3"}, "unknown option \"--frobnicate\""},
      {{"-x"}, "unknown option \"-x\""},
      {{"--count"}, "--count needs a whole number from 1 to 100"},
      {{"--count", "x"}, "--count needs a whole number from 1 to 100, got \"x\""},
      {{"--count=0"}, "--count needs a whole number from 1 to 100, got \"0\""},
      {{"--count", "101"}, "--count needs a whole number from 1 to 100, got \"101\""},
      {{"--count", "+5"}, "--count needs a whole number from 1 to 100, got \"+5\""},
      {{"--count", "-5"}, "--count needs a whole number from 1 to 100, got \"-5\""},
      {{"--count", " 5"}, "--count needs a whole number from 1 to 100, got \" 5\""},
      {{"--count", "5 "}, "--count needs a whole number from 1 to 100, got \"5 \""},
      {{"--count", "0x5"}, "--count needs a whole number from 1 to 100, got \"0x5\""},
      {{"--count", "99999999999999999999999"},
       "--count needs a whole number from 1 to 100, got \"99999999999999999999999\""},
      {{"--count="}, "--count needs a whole number from 1 to 100, got \"\""},
      {{"--out"}, "--out needs a folder"},
      {{"--out="}, "--out needs a folder, got \"\""},
      {{"--out", ""}, "--out needs a folder, got \"\""},
      {{"--verbose=yes"}, "--verbose takes no value, got \"yes\""},
      {{"--id", "x"}, "--id needs an id that starts with id-, got \"x\""},
  };
  for (const auto& mistake : kMistakes) {
    Program p;
    INFO(mistake.error);
    const Program::Result result = p.parse(mistake.args);
    CHECK(result.exit_status == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "prog: error: " + std::string(mistake.error) + "\n" + kUsage);
  }
  bool flag = false;
  const bloom::CommandLine no_operands{"prog", "", "", "", {{"--x", "", "x", bloom::flag(flag)}}};
  const char* argv[] = {"prog", "--x", "stray"};
  std::ostringstream out;
  std::ostringstream err;
  CHECK(bloom::parse_command_line(no_operands, 3, argv, out, err).exit_status == 2);
  CHECK(err.str().starts_with(
      "prog: error: unexpected argument \"stray\"\nusage: prog [--help] [--x]\n"));
}

TEST_CASE("usage_error prints the program's error and usage for what only it can check") {
  Program p;
  std::ostringstream err;
  CHECK(bloom::usage_error(p.line(), "--out goes with --count", err) == 2);
  CHECK(err.str() == std::string("prog: error: --out goes with --count\n") + kUsage);
}

TEST_CASE("a whole number may be any 64-bit one when unbounded") {
  std::uint64_t seed = 0;
  const bloom::Setter setter = bloom::whole_number(0, std::numeric_limits<std::uint64_t>::max(),
                                                   [&](std::uint64_t n) { seed = n; });
  CHECK(setter.needs == "a whole number");
  CHECK(setter.store("18446744073709551615"));
  CHECK(seed == 18446744073709551615ULL);
  CHECK_FALSE(setter.store("18446744073709551616"));
  CHECK(bloom::whole_number(
            0, 1024, [](std::uint64_t) {}, "MiB")
            .needs == "a whole number of MiB from 0 to 1024");
}
