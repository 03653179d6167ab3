// batch's command lines: how {dir} is put into --build and --run, and when a shell reads them.
#include "batch/shell_words.hpp"

#include <doctest/doctest.h>

TEST_CASE("a --run of plain words starts the program itself; shell syntax goes to /bin/sh") {
  using Words = std::vector<std::string>;
  CHECK(grader::plain_words("{dir}/build/bloom", "/s/alice") == Words{"/s/alice/build/bloom"});
  CHECK(grader::plain_words("python3  {dir}/bloom.py --fast", "/s/a") ==
        Words{"python3", "/s/a/bloom.py", "--fast"});
  for (const char* shell : {"exec {dir}/p $(cat {dir}/ARGS)", "{dir}/p > out", "a | b", "a && b",
                            "'{dir}/p'", "~/p", "X=1 p", "p *", "p; q", ""}) {
    CAPTURE(shell);
    CHECK_FALSE(grader::plain_words(shell, "/s/a").has_value());
  }
  // {dir} is quoted for the shell where the shell reads the command
  CHECK(grader::expand_dir("exec {dir}/p", "/s/it's") == "exec '/s/it'\\''s'/p");
}
