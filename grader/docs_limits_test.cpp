// The docs state each limit and default as grader/core/limits.hpp holds it: the time-limit
// rule, its fallback and wall-clock companion, the memory default and the jobs default. A
// number changed in the header and not in the docs fails here.
#include <doctest/doctest.h>

#include <string>

#include "file_io.hpp"
#include "limits.hpp"

namespace {

// The doc's text with each run of spaces and line breaks as one space: a sentence may wrap.
std::string doc(const char* name) {
  std::string flat;
  for (const char c : grader::read_file(std::string(BLOOM_SOURCE_DIR "/docs/") + name)) {
    const bool space = c == ' ' || c == '\n';
    if (!(space && !flat.empty() && flat.back() == ' ')) flat += space ? ' ' : c;
  }
  return flat;
}

std::string whole(double value) { return std::to_string(static_cast<long long>(value)); }

}  // namespace

TEST_CASE("the docs give the time-limit rule, its fallback and the wall clock as limits.hpp does") {
  const std::string format = doc("case-format.md");
  const std::string rule = whole(grader::kTimeMultiplier) + " times the reference's own CPU time on the case, and at least " +
                           grader::limit_text(grader::kTimeFloor);
  CHECK_MESSAGE(format.find(rule) != std::string::npos, "case-format.md lacks: " << rule);
  const std::string fallback = grader::limit_text(grader::kUntimedLimit) + ", for a case that `times.tsv` does not name";
  CHECK_MESSAGE(format.find(fallback) != std::string::npos, "case-format.md lacks: " << fallback);
  const std::string wall = "Wall-clock time, " + std::to_string(grader::kWallPerCpu) + " times the CPU time's";
  CHECK_MESSAGE(format.find(wall) != std::string::npos, "case-format.md lacks: " << wall);
}

TEST_CASE("the docs give the memory and jobs defaults as limits.hpp does") {
  const std::string memory = "default " + std::to_string(grader::kMemoryMib) + " MiB";
  CHECK_MESSAGE(doc("grader.md").find(memory) != std::string::npos, "grader.md lacks: " << memory);
  const std::string jobs = std::string("its default is ") + grader::kJobsRule;
  CHECK_MESSAGE(doc("batch.md").find(jobs) != std::string::npos, "batch.md lacks: " << jobs);
}
