// Fuzzes the protocol interpreter with any bytes as input lines. Invariants checked:
// - every response is one line (no LF) and no line crashes, leaks or hits undefined behaviour;
// - a line answered `error: ...` leaves the state as it was: a second interpreter that never
//   saw the bad lines is equal to the first after each of them (the same functions and
//   filters, the current one of INIT, GUAVA or GOLANG and the classic one, compared directly:
//   cheaper than the two FILTERLOADs of up to 72 KB of hex that this check once made per bad
//   line), answers every good line alike, and answers FILTERLOAD, WRITETO and BITS alike at the
//   end.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "interpreter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  bloom::Interpreter seen_everything;
  bloom::Interpreter seen_good_lines_only;
  std::string response;
  std::size_t start = 0;
  while (start <= input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    response.clear();
    if (!seen_everything.respond(line, response)) continue;
    if (response.find('\n') != std::string::npos) std::abort();
    if (response.rfind("error", 0) != 0) {
      std::string other;
      seen_good_lines_only.respond(line, other);
      if (other != response) std::abort();  // the same good lines give the same answers
      continue;
    }
    if (seen_everything != seen_good_lines_only) std::abort();  // the bad line changed it
  }
  for (const char* last : {"FILTERLOAD", "WRITETO", "BITS"}) {
    std::string a;
    std::string b;
    seen_everything.respond(last, a);
    seen_good_lines_only.respond(last, b);
    if (a != b) std::abort();
  }
  return 0;
}
