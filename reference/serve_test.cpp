// End-to-end tests: the built bloom-reference binary, run as a real process on real files, and
// serve() on files.
#include "serve.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter.hpp"
#include "murmur3.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

using testing_support::read_file;
using testing_support::TempDir;

// Runs `argv` with stdin from `in`; returns what it wrote and how it ended.
testing_support::Finished run(const std::vector<std::string>& argv, const fs::path& in) {
  return testing_support::run_file_input(argv, in);
}

// serve() over files opened in binary: writes `input` to a file, serves it, returns what was
// answered.
std::string serve_text(const std::string& input) {
  TempDir dir;
  const fs::path in_path = dir.path() / "in";
  const fs::path out_path = dir.path() / "out";
  std::ofstream(in_path, std::ios::binary) << input;
  {
    std::ifstream in(in_path, std::ios::binary);
    std::ofstream out(out_path, std::ios::binary);
    REQUIRE(in);
    REQUIRE(out);
    bloom::Interpreter interpreter;
    CHECK(bloom::serve(interpreter, in, out, "test") == 0);
  }
  return read_file(out_path);
}

std::string hex32(std::uint32_t value) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", value);
  return text;
}

}  // namespace

TEST_CASE("bloom-reference answers the lessons' examples file byte for byte and exits 0") {
  const auto finished = run({BLOOM_REFERENCE_BINARY}, fs::path(BLOOM_TEST_DATA) / "lessons.in");
  CHECK(finished.exit_code == 0);
  CHECK(finished.out == read_file(fs::path(BLOOM_TEST_DATA) / "lessons.out"));
}

TEST_CASE("bloom-reference --help prints its usage and exits 0, and a bad option exits 2") {
  auto finished = testing_support::run_text_input({BLOOM_REFERENCE_BINARY, "--help"}, "");
  CHECK(finished.exit_code == 0);
  CHECK(finished.out.starts_with("usage: "));
  finished = testing_support::run_text_input({BLOOM_REFERENCE_BINARY, "--frobnicate"}, "");
  CHECK(finished.exit_code == 2);
  CHECK(
      finished.err.starts_with(BLOOM_REFERENCE_BINARY ": error: unknown option \"--frobnicate\""));
}

TEST_CASE("an empty input gets no output, and a last line without newline is answered") {
  CHECK(serve_text("").empty());
  CHECK(serve_text("HASH 0 bloom") == "48ad2c42\n");
  CHECK(serve_text("\n\n# c\nHASH 0 bloom\r\n") == "48ad2c42\n");
}

TEST_CASE("a 10 MB line is read whole, as a key and as hex") {
  const std::string key(10 * 1000 * 1000, 'k');
  const std::uint32_t expected =
      bloom::murmur3_32({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()}, 7);
  CHECK(serve_text("HASH 7 " + key + "\nHASH 0 bloom\n") == hex32(expected) + "\n48ad2c42\n");
  const std::string hex(10 * 1000 * 1000, 'a');
  CHECK(serve_text("INIT 8 0.05\nINSERT " + hex + "\nCONTAINS " + hex + "\n") ==
        "bytes=6 hashes=4\nok\nmaybe\n");
}

TEST_CASE("a 100 MB input streams through with one answer per line") {
  const std::string key(1000, 'x');
  const std::uint32_t expected =
      bloom::murmur3_32({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()}, 1);
  std::string input;
  const std::string line = "HASH 1 " + key + "\n";
  constexpr int kLines = 100 * 1000;  // 100,000 lines of 1008 bytes: 100.8 MB
  input.reserve(line.size() * kLines);
  for (int i = 0; i < kLines; ++i) input += line;
  const std::string output = serve_text(input);
  CHECK(output.size() == 9 * static_cast<std::size_t>(kLines));
  CHECK(output.substr(output.size() - 9) == hex32(expected) + "\n");
}

TEST_CASE("a peer that waits for each answer gets it before sending the next line") {
  // A driver that writes one line and reads the answer before the next (as a coprocess does)
  // would hang if bloom-reference held its output until the end of input.
  int to_child[2];
  int from_child[2];
  REQUIRE(::pipe(to_child) == 0);
  REQUIRE(::pipe(from_child) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  posix_spawn_file_actions_addclose(&actions, to_child[1]);
  posix_spawn_file_actions_addclose(&actions, from_child[0]);
  char binary[] = BLOOM_REFERENCE_BINARY;
  char* argv[] = {binary, nullptr};
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, binary, &actions, nullptr, argv, environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(to_child[0]);
  ::close(from_child[1]);

  for (const char* request : {"HASH 0 bloom\n", "POSITIONS 1000 4 bloom\n"}) {
    REQUIRE(::write(to_child[1], request, std::strlen(request)) > 0);
    pollfd ready{from_child[0], POLLIN, 0};
    REQUIRE(::poll(&ready, 1, 5000) == 1);  // 5 s: an answer held back never comes
    char answer[64] = {};
    CHECK(::read(from_child[0], answer, sizeof answer - 1) > 0);
  }
  ::close(to_child[1]);
  ::close(from_child[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
}

TEST_CASE("an output that cannot be written ends bloom-reference with status 2 and a message") {
  const fs::path full = "/dev/full";  // every write fails with ENOSPC
  REQUIRE(fs::exists(full));
  const auto finished = testing_support::run_file_input(
      {BLOOM_REFERENCE_BINARY}, fs::path(BLOOM_TEST_DATA) / "lessons.in", {}, full);
  CHECK(finished.exit_code == 2);
  CHECK(finished.err == BLOOM_REFERENCE_BINARY
        ": could not write an answer (output closed or full)\n");
}

namespace {

// What the hooks below see: the file serve() writes to, and the stream it writes through.
fs::path g_out_path;
std::ostream* g_out = nullptr;
std::string g_seen;  // the output file's contents when the hook ran

// A murmur3_32 that, for the key "look", reads what has reached the output file so far (as a
// grader would, while the program is still working on this command), and for "debug" writes a
// debug line to the program's own output stream, as a student's std::cout << ... does.
std::uint32_t looking_murmur(std::span<const std::uint8_t> key, std::uint32_t seed) {
  const std::string_view text(reinterpret_cast<const char*>(key.data()), key.size());
  if (text == "look") g_seen = read_file(g_out_path);
  if (text == "debug") *g_out << "debug: hashing " << text << "\n";
  return bloom::murmur3_32(key, seed);
}

std::string serve_with_hook(const std::string& input) {
  TempDir dir;
  const fs::path in_path = dir.path() / "in";
  g_out_path = dir.path() / "out";
  std::ofstream(in_path, std::ios::binary) << input;
  {
    std::ifstream in(in_path, std::ios::binary);
    std::ofstream out(g_out_path, std::ios::binary);
    g_out = &out;
    bloom::Functions functions = bloom::reference_functions();
    functions.murmur3_32 = looking_murmur;
    bloom::Interpreter interpreter(functions);
    CHECK(bloom::serve(interpreter, in, out, "test") == 0);
  }
  g_out = nullptr;
  return read_file(g_out_path);
}

}  // namespace

TEST_CASE("while a command is being answered, every answer before it has been delivered") {
  // the whole input is there at once, as a grader sends a case: nothing waits to be read
  g_seen.clear();
  CHECK(serve_with_hook("HASH 0 bloom\nBITS\nHASH 0 look\n") ==
        "48ad2c42\nerror: no classic filter yet: send BLOOM <m> <k> first\n" +
            hex32(bloom::murmur3_32({reinterpret_cast<const std::uint8_t*>("look"), 4}, 0)) + "\n");
  CHECK(g_seen == "48ad2c42\nerror: no classic filter yet: send BLOOM <m> <k> first\n");
}

TEST_CASE("a line the program writes to its output while answering comes just before that answer") {
  const std::string debug_hash =
      hex32(bloom::murmur3_32({reinterpret_cast<const std::uint8_t*>("debug"), 5}, 0));
  CHECK(serve_with_hook("HASH 0 bloom\nHASH 0 debug\nHASH 0 bloom\n") ==
        "48ad2c42\ndebug: hashing debug\n" + debug_hash + "\n48ad2c42\n");
}

TEST_CASE("past the first 64 KiB of input, answers go out in blocks, not one by one") {
  // 70,000 lines of 12 bytes: the answers to the last few thousand are not yet in the file when
  // the last command is made, while those to the first 64 KiB are
  std::string input;
  for (int i = 0; i < 70000; ++i) input += "HASH 0 abcd\n";
  input += "HASH 0 look\n";
  g_seen.clear();
  const std::string output = serve_with_hook(input);
  CHECK(output.size() == 9 * 70001U);
  CHECK(g_seen.size() >= 9 * (64 * 1024 / 12));
  CHECK(g_seen.size() < 9 * 70000U);
}
