// Fuzzes the case-file parser: any text either parses or is rejected with a CaseFileError
// (never another exception, a crash or undefined behaviour); a parsed case compares against
// any output, its own expected lines included, without failing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "case_file.hpp"
#include "compare.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  grader::Case kase;
  try {
    kase = grader::parse_case(text, "fuzz", "fuzz.case");
  } catch (const grader::CaseFileError&) {
    return 0;
  }
  std::string own;
  for (const grader::Step& step : kase.steps) {
    for (const grader::ExpectedLine& line : step.expected) own += line.text + "\n";
  }
  if (grader::compare_output(kase, own).has_value()) std::abort();  // its own lines pass
  static_cast<void>(grader::compare_output(kase, text));
  static_cast<void>(kase.input_text());
  return 0;
}
