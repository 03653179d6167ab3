// Solution regions (CONTRIBUTING.md, "Solution regions"): the parts of the reference a student
// writes, each followed by the stub that replaces it in that exercise's starter.
//
//   // BEGIN SOLUTION <exercise>
//   ...the reference's code...
//   // STUB                         (optional: a region without one is simply removed)
//   //| ...a stub line, written without the "//| "...
//   // END SOLUTION
//
// and the kit's own code, which no starter gets, solved or not:
//
//   // BEGIN KIT ONLY
//   ...
//   // END KIT ONLY
#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace starter {

// A malformed region, reported as `file:line: error: message`.
class RegionError : public std::runtime_error {
 public:
  RegionError(const std::string& file, int line, const std::string& message);
};

enum class Keep {
  Stubs,      // the exercise's regions become their stubs: what a student receives
  Solutions,  // every region keeps its code: the starter with the reference's functions back
};

struct Stripped {
  std::string text;                          // the file without markers
  std::vector<std::string> stubbed;          // NotImplemented("name") names, in file order
  bool has_region_of_exercise = false;
};

// Removes every marker. Regions of `exercise` become their stubs (or keep their code with
// Keep::Solutions); regions of the other exercises keep their code. `exercises` are the names
// a region may carry; any other name is an error.
[[nodiscard]] Stripped strip_solutions(std::string_view text, const std::string& file,
                                       const std::string& exercise, Keep keep,
                                       const std::set<std::string>& exercises);

}  // namespace starter
