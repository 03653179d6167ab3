#include "classic.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

using Positions = std::vector<std::uint32_t>;

TEST_CASE("the lesson's table: 64 bits, 3 hashes, five passwords in") {
  // Lesson 001, "Where false positives come from". The lesson does not print its five words;
  // these five light the 14 bits it reports.
  bloom::ClassicFilter filter(64, 3);
  for (const char* word : {"password", "qwerty", "dragon", "letmein", "monkey"}) filter.add(word);
  CHECK(filter.positions("dragon") == Positions{30, 1, 36});
  CHECK(filter.positions("sunshine") == Positions{32, 39, 46});
  CHECK(filter.positions("Qwerty") == Positions{25, 52, 15});
  CHECK(filter.positions("letmein") == Positions{15, 52, 25});
  CHECK(filter.maybe_contains("dragon"));
  CHECK_FALSE(filter.maybe_contains("sunshine"));
  CHECK(filter.maybe_contains("Qwerty"));  // a false positive: letmein's bits in another order
  CHECK_FALSE(filter.was_added("Qwerty"));
  CHECK(filter.was_added("letmein"));
  CHECK(filter.bits_set() == 14);
}

TEST_CASE("h1 is the low half, h2 the high half made odd, and the sum is 64-bit") {
  // dragon: FNV-1a 64 = 0x710493a21d69315e, so h1 = 0x1d69315e = 493433182 and
  // h2 = 0x710493a2 | 1 = 1896125347.
  constexpr std::uint64_t dragon = 0x710493a21d69315e;
  CHECK(bloom::classic_position(dragon, 0, 1000) == 182);
  CHECK(bloom::classic_position(dragon, 1, 1000) == 529);
  // i = 3: h1 + 3 h2 = 6181809223 is above 2^32; wrapped to 32 bits it would give 927.
  CHECK(bloom::classic_position(dragon, 3, 1000) == 223);
  CHECK(bloom::classic_position(0xfffffffe00000000, 1, 7) == 4294967295U % 7);  // h2 odd
}

TEST_CASE("the lesson's sizing, m rounded up and k to the nearest: 10000 at 1% is 95851 and 7") {
  // -10000 ln 0.01 / (ln 2)^2 = 95850.58..., so m = 95851; (m / n) ln 2 = 6.6439, so k = 7
  // (6 when truncated).
  const bloom::ClassicSize size = bloom::classic_filter_size(10000, 0.01);
  CHECK(size.bits == 95851);
  CHECK(size.hashes == 7);
  // the smallest: one key at p = 0.5 needs 1.44 bits, so 2, and (2 / 1) ln 2 = 1.39 gives 1
  CHECK(bloom::classic_filter_size(1, 0.5).bits == 2);
  CHECK(bloom::classic_filter_size(1, 0.5).hashes == 1);
  // the largest: n = 2^32 - 1 at the smallest double above 0
  CHECK(bloom::classic_filter_size(4294967295, 5e-324).bits == 6654856290556);
  CHECK(bloom::classic_filter_size(4294967295, 5e-324).hashes == 1074);
}

TEST_CASE("a position function that leaves the filter is refused, and nothing is set") {
  const auto outside = [](std::uint64_t, std::uint32_t, std::uint32_t m) { return m; };
  bloom::ClassicFilter filter(64, 3, bloom::fnv1a_64, outside);
  CHECK_THROWS_AS(filter.add("x"), std::out_of_range);
  CHECK(filter.bits_set() == 0);
  CHECK_FALSE(filter.was_added("x"));
}
