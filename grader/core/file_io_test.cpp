#include "file_io.hpp"

#include <doctest/doctest.h>

#include "spawn.hpp"

namespace fs = std::filesystem;

TEST_CASE("a file written is read back byte for byte, and no temporary file is left") {
  const testing_support::TempDir dir;
  const fs::path file = dir.path() / "a.case";
  const std::string text("> HASH 0 \xff\r\n\0x", 15);
  grader::write_file(file, text);
  CHECK(grader::read_file(file) == text);
  grader::write_file(file, "new\n");  // over an old one
  CHECK(grader::read_file(file) == "new\n");
  CHECK(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()) == 1);
  grader::remove_file(file);
  CHECK_FALSE(grader::read_file_if_present(file).has_value());
  grader::remove_file(file);  // already gone: nothing to do
}

TEST_CASE("every file error names the file, and the line when one is at fault") {
  const testing_support::TempDir dir;
  const fs::path missing = dir.path() / "none.case";
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::read_file(missing)),
                       (missing.string() + ": error: cannot read: no such file").c_str(),
                       grader::FileError);
  const fs::path nowhere = dir.path() / "no-folder" / "x.json";
  CHECK_THROWS_WITH_AS(grader::write_file(nowhere, "x"),
                       (nowhere.string() + ": error: cannot write: No such file or directory").c_str(),
                       grader::FileError);
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::read_file(dir.path())),
                       (dir.path().string() + ": error: cannot read: it is a folder").c_str(),
                       grader::FileError);
  CHECK(std::string(grader::FileError("x.case", 3, "bad").what()) == "x.case:3: error: bad");
  CHECK(std::string(grader::FileError("x.case", 0, "bad").what()) == "x.case: error: bad");
}
