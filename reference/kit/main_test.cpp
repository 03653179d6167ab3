// bloom-reference's command line (kit/main.cpp), run as a real process.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "case_file.hpp"
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
  CHECK(listed.out == testing_support::read_file(fs::path(BLOOM_SOURCE_DIR) / "cases" / "mistakes.tsv"));
  const std::vector<grader::MistakeInfo> read = grader::parse_catalogue(listed.out, "--list-mistakes");
  REQUIRE(read.size() == bloom::mistakes().size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    const bloom::Mistake& m = bloom::mistakes()[i];
    CHECK(read[i].id == m.id);
    CHECK(read[i].exercise == m.exercise);
    CHECK(read[i].source == m.source);
    CHECK(read[i].message == m.message);
  }
}
