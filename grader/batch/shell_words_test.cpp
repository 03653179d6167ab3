// batch's command lines: how {dir} and {project} are put into --build and --run, and when a
// shell reads them.
#include "batch/shell_words.hpp"

#include <doctest/doctest.h>

using Words = std::vector<std::string>;

TEST_CASE("a --run of plain words starts the program itself, and shell syntax goes to /bin/sh") {
  const grader::Placeholders alice{"/s/alice", std::nullopt};
  CHECK(grader::plain_words("{dir}/build/bloom", alice) == Words{"/s/alice/build/bloom"});
  CHECK(grader::plain_words("python3  {dir}/bloom.py --fast", {"/s/a", std::nullopt}) ==
        Words{"python3", "/s/a/bloom.py", "--fast"});
  for (const char* shell : {"exec {dir}/p $(cat {dir}/ARGS)", "{dir}/p > out", "a | b", "a && b",
                            "'{dir}/p'", "~/p", "X=1 p", "p *", "p; q", ""}) {
    CAPTURE(shell);
    CHECK_FALSE(grader::plain_words(shell, {"/s/a", std::nullopt}).has_value());
  }
  // {dir} is quoted for the shell where the shell reads the command
  CHECK(grader::expand("exec {dir}/p", {"/s/it's", std::nullopt}) == "exec '/s/it'\\''s'/p");
}

TEST_CASE("{dir} and {project} become their paths byte for byte, whatever the paths hold") {
  // spaces, quotes, $, a glob, a newline: still one word each, with no shell to read them
  const std::string odd = "/s/ann o'neil \"$HOME\" *\nx";
  const grader::Placeholders paths{odd, odd + "/starter/bip37"};
  CHECK(grader::plain_words("{project}/build/bloom --seed {dir}", paths) ==
        Words{odd + "/starter/bip37/build/bloom", "--seed", odd});
  // the Classroom layout's documented --run is plain words once {project} is known
  CHECK(grader::plain_words("{project}/build/bloom", {"/s/a", "/s/a/starter/bip37"}) ==
        Words{"/s/a/starter/bip37/build/bloom"});
  // without a project, {project} is nobody's path: not plain words, and left as written
  CHECK_FALSE(grader::plain_words("{project}/build/bloom", {"/s/a", std::nullopt}).has_value());
  CHECK(grader::expand("{project}/b", {"/s/a", std::nullopt}) == "{project}/b");
  CHECK(grader::names_project("cd {project} && make"));
  CHECK_FALSE(grader::names_project("{dir}/project/bloom"));
  // the shell reads the quoted path back as the path: checked by the shell itself in batch_test
  CHECK(grader::expand("{project}/b", paths) ==
        "'/s/ann o'\\''neil \"$HOME\" *\nx/starter/bip37'/b");
}

TEST_CASE("a shell line of one simple command gets exec, so that a signal stays a signal") {
  const grader::Placeholders paths{"/s/a b", "/s/a b/starter"};
  const auto line = [&](const char* command) { return grader::shell_line(command, paths); };
  CHECK(line("{dir}/p > out") == "exec '/s/a b'/p > out");
  CHECK(line("python3 {dir}/p.py $(cat {dir}/ARGS)") ==
        "exec python3 '/s/a b'/p.py $(cat '/s/a b'/ARGS)");
  CHECK(line("X=1 Y='a b' {project}/p") == "X=1 Y='a b' exec '/s/a b/starter'/p");
  CHECK(line("2>/dev/null {dir}/p 'a;b' \"c|d\" $(x; y) a\\;b # c && d") ==
        "exec 2>/dev/null '/s/a b'/p 'a;b' \"c|d\" $(x; y) a\\;b # c && d");
  CHECK(line("{dir}/p \"$(printf '%s)' x)\"") == "exec '/s/a b'/p \"$(printf '%s)' x)\"");
  // lines the shell must wait on, or that already exec: as written, the shell's status
  for (const char* kept :
       {"a && b", "a; b", "a | b", "a & b", "a\nb", "(a)", "f() { a; }", "if a; then b; fi",
        "{ a; }", "! a", "for x in 1; do a; done", "exec a", "X=1", "`a`", "a 'b", "a $(b"}) {
    CAPTURE(kept);
    CHECK(grader::shell_line(kept, paths) == kept);
  }
}
