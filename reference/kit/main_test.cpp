// bloom-reference's command line (kit/main.cpp), run as a real process.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "interpreter.hpp"
#include "mistakes.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

testing_support::Finished reference(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {BLOOM_REFERENCE_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return testing_support::run_text_input(argv, "");
}

}  // namespace

TEST_CASE("--list-mistakes prints mistakes.tsv as record commits it, read back as the catalogue") {
  const testing_support::Finished listed = reference({"--list-mistakes"});
  CHECK(listed.exit_code == 0);
  // the committed catalogue is what record wrote from this output: the same bytes
  CHECK(listed.out ==
        testing_support::read_file(fs::path(BLOOM_SOURCE_DIR) / "cases" / "mistakes.tsv"));
  const std::vector<grader::MistakeInfo> read =
      grader::parse_catalogue(listed.out, "--list-mistakes");
  REQUIRE(read.size() == bloom::mistakes().size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    const bloom::Mistake& m = bloom::mistakes()[i];
    CHECK(read[i].id == m.id);
    CHECK(read[i].exercise == m.exercise);
    CHECK(read[i].source == m.source);
    CHECK(read[i].message == m.message);
  }
}

TEST_CASE(
    "--list-commands prints commands.tsv as record commits it: the command table, read back") {
  const testing_support::Finished listed = reference({"--list-commands"});
  CHECK(listed.exit_code == 0);
  CHECK(listed.out ==
        testing_support::read_file(fs::path(BLOOM_SOURCE_DIR) / "cases" / "commands.tsv"));
  const std::vector<grader::CommandInfo> read =
      grader::parse_command_table(listed.out, "--list-commands");
  const std::vector<bloom::Interpreter::CommandRow> rows = bloom::Interpreter::command_rows();
  REQUIRE(read.size() == rows.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].name == rows[i].name);
    CHECK(read[i].usage == rows[i].usage);
    REQUIRE(read[i].functions.size() == rows[i].steps.size());
    for (std::size_t j = 0; j < rows[i].steps.size(); ++j)
      CHECK(read[i].functions[j] == bloom::row_of(rows[i].steps[j]).name);
  }
  // as the protocol says them: HASH's answer is the hash, printed; INSERT works on any filter
  CHECK(read[0].functions == std::vector<std::string>{"murmur3_32", "print_hash"});
  CHECK(read[3].name == "INSERT");
  CHECK(read[3].functions.size() == 7);
}

namespace {

// The first line of what `args` wrote to stderr, having exited 2 with the usage after it.
std::string refused(const std::vector<std::string>& args) {
  const testing_support::Finished finished = reference(args);
  CHECK(finished.exit_code == 2);
  CHECK(finished.out.empty());
  const std::size_t newline = finished.err.find('\n');
  CHECK(finished.err.substr(newline + 1).starts_with("usage: " BLOOM_REFERENCE_BINARY " [--help]"));
  return finished.err.substr(0, newline);
}

}  // namespace

TEST_CASE("--generate's options are read in any order, and write the same cases") {
  testing_support::TempDir dir;
  const fs::path first = dir.path() / "first";
  const fs::path second = dir.path() / "second";
  const testing_support::Finished a =
      reference({"--generate", "bip37", "--seed", "2027", "--count", "3", "--out", first.string(),
                 "--cases", BLOOM_SOURCE_DIR "/cases"});
  const testing_support::Finished b =
      reference({"--cases=" BLOOM_SOURCE_DIR "/cases", "--out=" + second.string(), "--count", "3",
                 "--seed=2027", "--generate", "bip37"});
  CHECK(a.exit_code == 0);
  CHECK(b.exit_code == 0);
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(first / "bip37")) {
    names.push_back(entry.path().filename().string());
    CHECK(testing_support::read_file(entry.path()) ==
          testing_support::read_file(second / "bip37" / entry.path().filename()));
  }
  CHECK(names.size() == 3);
}

TEST_CASE("--mistake, --scramble and --unwritten are read in any order") {
  const std::string fnv_1 =
      testing_support::run_text_input({BLOOM_REFERENCE_BINARY, "--mistake", "fnv-1"}, "FNV bloom\n")
          .out;
  CHECK(fnv_1 != testing_support::run_text_input({BLOOM_REFERENCE_BINARY}, "FNV bloom\n").out);
  // a program with known mistakes has every function written
  CHECK(reference({"--unwritten", "--mistake", "fnv-1"}).out.empty());
  CHECK(reference({"--mistake=fnv-1", "--unwritten"}).exit_code == 0);
  const std::string scrambled =
      testing_support::run_text_input({BLOOM_REFERENCE_BINARY, "--scramble=fnv1a_64:3"},
                                      "FNV bloom\n")
          .out;
  CHECK(scrambled.size() == 17);  // 16 hex digits and a newline, of some other hash
  CHECK(scrambled != fnv_1);
}

TEST_CASE("a mistake on bloom-reference's command line is said in one shape, with the usage") {
  const std::string program = BLOOM_REFERENCE_BINARY;
  CHECK(refused({"--seed", "x", "--generate", "bip37"}) ==
        program + ": error: --seed needs a whole number, got \"x\"");
  CHECK(refused({"--generate", "bip37", "--count", "0"}) ==
        program + ": error: --count needs a whole number from 1 to 100000, got \"0\"");
  CHECK(refused({"--count", "2", "--generate", "bip37", "--seed", "1"}) ==
        program + ": error: --generate needs --seed, --count and --out");
  CHECK(refused({"--seed", "1"}) ==
        program + ": error: --seed, --count, --out and --cases go with --generate");
  CHECK(refused({"--mistake", "nope"}) ==
        program +
            ": error: --mistake needs the id of a known mistake (--list-mistakes lists them), "
            "got \"nope\"");
  CHECK(refused({"--mistake", "tail-byte-order", "--mistake", "signed-char"}) ==
        program +
            ": error: tail-byte-order and signed-char are two ways to write one line: a "
            "program makes one or the other");
  CHECK(refused({"--scramble", "fnv1a_64:1", "--mistake", "fnv-1"}) ==
        program + ": error: --mistake and --scramble do not go together");
  CHECK(refused({"--scramble", "print_hash:1"}) ==
        program +
            ": error: --scramble needs FUNCTION:SEED, FUNCTION one of --list-scrambled and "
            "SEED a whole number, got \"print_hash:1\"");
  CHECK(refused({"--list-scrambled", "--list-mistakes"}) ==
        program + ": error: --list-mistakes and --list-scrambled do not go together");
  CHECK(refused({"--frobnicate"}) == program + ": error: unknown option \"--frobnicate\"");
  CHECK(refused({"cases"}) == program + ": error: unexpected argument \"cases\"");
}
