// Solution regions (CONTRIBUTING.md, "Solution regions"): the parts of the reference a student
// writes, each followed by the stub that replaces it in that exercise's starter.
//
//   // BEGIN SOLUTION <exercise>[, given to <exercise>[, <exercise>...]]
//   ...the reference's code...
//   // STUB                         (optional: a region without one is simply removed)
//   //| ...a stub line, written without the "//| "...
//   // END SOLUTION
//
// A region is its exercise's solution: every starter but the solved ones gets its stub, the
// other exercises' starters too, unless the region is "given to" them (bip37's starter needs
// MurmurHash3 working, so hashing's murmur3 regions are given to bip37). No starter holds the
// solution of another exercise it does not need.
//
// And the kit's own code, which no starter gets, solved or not:
//
//   // BEGIN KIT ONLY
//   ...
//   // END KIT ONLY
//
// In Markdown the same markers are HTML comments, on lines of their own: `<!-- BEGIN KIT ONLY -->`
// and `<!-- END KIT ONLY -->` (the kit's documents keep their recording sections that way).
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
  std::vector<std::string> stubbed;          // NotImplemented("name") names of its regions, in file order (solved or not)
  std::vector<std::string> others_stubbed;   // the same, of other exercises' regions
  std::set<std::string> given_from;          // exercises whose regions were given as code
  bool has_region_of_exercise = false;
};

// Removes every marker. Regions of `exercise`, and regions of other exercises not given to it,
// become their stubs; regions given to it keep their code; with Keep::Solutions every region
// keeps its code. `exercises` are the names a region may carry; any other name is an error.
[[nodiscard]] Stripped strip_solutions(std::string_view text, const std::string& file,
                                       const std::string& exercise, Keep keep,
                                       const std::set<std::string>& exercises);

}  // namespace starter
