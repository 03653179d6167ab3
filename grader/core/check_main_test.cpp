// The starters' check (check_main.cpp) as a student runs it: its command line, a real process.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "spawn.hpp"

namespace {

using testing_support::Finished;

const std::string kCases = BLOOM_SOURCE_DIR "/cases/protocol";

Finished check(std::vector<std::string> args) {
  args.insert(args.begin(), BLOOM_STARTER_CHECK);
  return testing_support::run_text_input(args, "");
}

std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end - start);
}

// The first line of what check wrote to stderr, having exited 2 with its usage after it.
std::string refused(const std::vector<std::string>& args) {
  const Finished finished = check(args);
  CHECK(finished.exit_code == 2);
  CHECK(finished.out.empty());
  const std::size_t newline = finished.err.find('\n');
  CHECK(finished.err.substr(newline + 1).starts_with("usage: check [--help] [--verbose]"));
  return finished.err.substr(0, newline);
}

}  // namespace

TEST_CASE("check takes its options and cases in any order") {
  // --memory 0: an ASan-built bloom-reference needs terabytes of address space
  const Finished a = check(
      {"--program", BLOOM_REFERENCE_BINARY, "--memory", "0", "--timeout", "60", "-v", kCases});
  const Finished b = check(
      {kCases, "--timeout=60", "--verbose", "--memory=0", "--program=" BLOOM_REFERENCE_BINARY});
  CHECK(a.exit_code == 0);
  CHECK(b.exit_code == 0);
  CHECK(last_line(a.out).ends_with(" passed, 0 failed"));
  CHECK(last_line(a.out) == last_line(b.out));
}

TEST_CASE("check --help prints its usage and exits 0") {
  const Finished finished = check({"--timeout", "x", "--help"});
  CHECK(finished.exit_code == 0);
  CHECK(finished.out.starts_with(
      "usage: check [--help] [--verbose] [--timeout SECONDS] [--memory MIB]"));
  CHECK(finished.out.find("  --program PATH     the program to grade") != std::string::npos);
  CHECK(finished.err.empty());
}

TEST_CASE("a mistake on check's command line is said in one shape, with the usage") {
  CHECK(refused({"--timeout", "x"}) ==
        "check: error: --timeout needs a number of seconds from 0 to 3600, got \"x\"");
  CHECK(refused({kCases, "--timeout=0"}) ==
        "check: error: --timeout needs a number of seconds from 0 to 3600, got \"0\"");
  CHECK(refused({"--memory", "-1"}) ==
        "check: error: --memory needs a whole number of MiB from 0 to 1073741824, got \"-1\"");
  CHECK(refused({"--program"}) == "check: error: --program needs a path");
  CHECK(refused({"--verbose=1"}) == "check: error: --verbose takes no value, got \"1\"");
  CHECK(refused({"--frobnicate", kCases}) == "check: error: unknown option \"--frobnicate\"");
}
