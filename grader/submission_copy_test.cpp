#include "submission_copy.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <fstream>

#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kCapacity = 1 << 20;  // bytes: a scratch folder of 1 MiB

fs::path nested(fs::path folder, int depth) {
  for (int i = 0; i < depth; ++i) folder /= "d";
  fs::create_directories(folder);
  return folder;
}

void sparse(const fs::path& file, std::uintmax_t bytes) {
  std::ofstream{file};
  fs::resize_file(file, bytes);
}

}  // namespace

TEST_CASE("a submission of files, folders and links within the scratch's size is copied") {
  const testing_support::TempDir tmp;
  const fs::path submission = tmp.path() / "alice";
  std::ofstream(nested(submission, grader::kCopyDepth) / "deepest.txt") << "ok\n";
  sparse(submission / "data.bin", kCapacity - 3);  // with deepest.txt, exactly the capacity
  sparse(tmp.path() / "huge.bin", 100 * kCapacity);
  fs::create_symlink(tmp.path() / "huge.bin", submission / "huge.bin");  // a link: not followed
  fs::create_symlink("/nowhere", submission / "dangling");
  CHECK(grader::copy_refusal(submission, kCapacity) == "");
}

TEST_CASE("a submission the copy cannot take is refused with what and where") {
  const testing_support::TempDir tmp;
  const fs::path submission = tmp.path() / "bob";
  fs::create_directories(submission / "src");

  SUBCASE("a FIFO") {
    REQUIRE(::mkfifo((submission / "src" / "pipe").c_str(), 0600) == 0);
    CHECK(
        grader::copy_refusal(submission, kCapacity) ==
        "src/pipe: a FIFO (named pipe); a submission holds only files, folders and symbolic links");
  }
  SUBCASE("folders one deeper than kCopyDepth") {
    nested(submission / "src", grader::kCopyDepth);
    const std::string said = grader::copy_refusal(submission, kCapacity);
    CHECK(said.find(": folders nested more than 100 deep") != std::string::npos);
    CHECK(said.rfind("src/d/d/", 0) == 0);
  }
  SUBCASE("more bytes than the scratch holds, sparse or not") {
    sparse(submission / "src" / "a.bin", kCapacity / 2);
    sparse(submission / "src" / "b.bin", kCapacity / 2 + 1);
    CHECK(
        grader::copy_refusal(submission, kCapacity) ==
        "its files hold 2 MiB (src/b.bin alone 1 MiB), more than the 1 MiB its copy in the sandbox "
        "may take");
  }
  SUBCASE("a submission folder that is a symbolic link") {
    fs::create_symlink(submission, tmp.path() / "linked");
    CHECK(grader::copy_refusal(tmp.path() / "linked", kCapacity) ==
          "the submission folder linked is a symbolic link: a submission is a folder of its own, "
          "and no "
          "link of it is followed");
  }
}
