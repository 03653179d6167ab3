#include "scrambled.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

TEST_CASE("the functions --scramble takes are those that compute, in the table's order") {
  std::vector<std::string_view> computing;
  for (const bloom::FunctionRow& row : bloom::kFunctionTable) {
    if (row.role == bloom::Role::Computes) computing.push_back(row.name);
  }
  CHECK(bloom::scrambled_names() == computing);
  CHECK(computing.size() == 16);  // docs/mistakes.md, "Evidence": 16 functions, 8 seeds each
  CHECK_FALSE(bloom::functions_scrambled("print_hash", 1).has_value());
  CHECK_FALSE(bloom::functions_scrambled("murmur3", 1).has_value());
}

TEST_CASE("a scrambled function is the named one alone, and the same for the same seed") {
  const bloom::Functions& reference = bloom::reference_functions();
  for (const bloom::FunctionRow& row : bloom::kFunctionTable) {
    if (row.role != bloom::Role::Computes) continue;
    INFO(row.name);
    const std::optional<bloom::Functions> scrambled = bloom::functions_scrambled(row.name, 7);
    REQUIRE(scrambled.has_value());
    CHECK(bloom::steps_that_differ(*scrambled, reference) == std::vector<bloom::Step>{row.step});
  }
  // FNV-1a 64 of "bloom" scrambled with seed 1, twice: one answer, not the right one
  const std::vector<std::uint8_t> key = {'b', 'l', 'o', 'o', 'm'};
  const std::uint64_t first = bloom::functions_scrambled("fnv1a_64", 1)->fnv1a_64(key);
  CHECK(bloom::functions_scrambled("fnv1a_64", 1)->fnv1a_64(key) == first);
  CHECK(first != bloom::fnv1a_64(key));
  CHECK(bloom::functions_scrambled("fnv1a_64", 2)->fnv1a_64(key) != first);
}
