#include "positions.hpp"

#include <doctest/doctest.h>

#include <array>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "functions.hpp"

namespace {

std::vector<std::uint32_t> positions_of(std::string_view key, std::uint32_t m, std::size_t k) {
  std::vector<std::uint32_t> out(k);
  bloom::double_hash_positions({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()}, m,
                               out);
  return out;
}

}  // namespace

TEST_CASE("the lesson's worked example: bloom at m = 1000, k = 4 gives 610 395 180 965") {
  // Lesson 002, "Why two hashes are enough": h_a = 1219308610, h_b = 77468785.
  CHECK(bloom::double_hash_position(1219308610, 77468785, 0, 1000) == 610);
  CHECK(bloom::double_hash_position(1219308610, 77468785, 3, 1000) == 965);
  CHECK(positions_of("bloom", 1000, 4) == std::vector<std::uint32_t>{610, 395, 180, 965});
}

TEST_CASE("i * h_b is computed in 64 bits: wrap0 at m = 1000, k = 8") {
  // Lesson 002, "Common mistakes": POSITIONS 1000 8 wrap0 exposes a 32-bit product. wrap0 has
  // h_b = 3347936243, so 2 * h_b already exceeds 2^32; a wrapped product would give
  // 707 950 897 844 791 34 981 928.
  CHECK(positions_of("wrap0", 1000, 8) ==
        std::vector<std::uint32_t>{707, 950, 193, 436, 679, 922, 165, 408});
}

TEST_CASE("positions stay below m at the extremes of m") {
  CHECK(positions_of("bloom", 1, 50) == std::vector<std::uint32_t>(50, 0));
  // The largest m: 4294967294 is -1 mod m, so h_a + 49 * h_b = 50 * (-1) = m - 50.
  CHECK(bloom::double_hash_position(4294967294, 4294967294, 49, 4294967295) == 4294967245U);
  CHECK(positions_of("bloom", 4294967295, 1) == std::vector<std::uint32_t>{1219308610});
}

namespace {

std::uint32_t past_the_end(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t m) {
  return m;
}

}  // namespace

TEST_CASE(
    "a position function that gives one not below m is heard of, as basics' given code does") {
  bloom::Functions functions = bloom::reference_functions();
  functions.double_hash_position = past_the_end;
  std::array<std::uint32_t, 2> out{};
  const std::string_view key = "bloom";
  CHECK_THROWS_WITH_AS(
      bloom::double_hash_positions({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()},
                                   64, out, functions),
      "double_hash_position gave 64 for i = 0, not below m = 64", std::out_of_range);
}
