// Fuzzes the protocol interpreter with any bytes as input lines. Invariants checked:
// - every response is one line (no LF) and no line crashes, leaks or hits undefined behaviour;
// - a line answered `error: ...` leaves the state as it was: a second interpreter that never
//   saw the bad lines answers FILTERLOAD exactly as the first one does.
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
  std::string probe_a;
  std::string probe_b;
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
    // after a bad line (only then: FILTERLOAD of a 36000-byte filter is 72 KB of hex)
    probe_a.clear();
    probe_b.clear();
    seen_everything.respond("FILTERLOAD", probe_a);
    seen_good_lines_only.respond("FILTERLOAD", probe_b);
    if (probe_a != probe_b) std::abort();  // the bad line changed the filter
  }
  return 0;
}
