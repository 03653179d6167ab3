#include "hex.hpp"

#include <doctest/doctest.h>

TEST_CASE("hex digits of either case decode to bytes and encode back lower-case") {
  std::vector<std::uint8_t> bytes;
  REQUIRE_FALSE(bloom::decode_hex("00aBcDeF", bytes));
  CHECK(bytes == std::vector<std::uint8_t>{0x00, 0xab, 0xcd, 0xef});
  std::string text = "x";
  bloom::append_hex(bytes, text);
  CHECK(text == "x00abcdef");
}

TEST_CASE("bad hex is refused with its problem and position, and leaves no bytes") {
  std::vector<std::uint8_t> bytes{1, 2, 3};
  auto error = bloom::decode_hex("", bytes);
  REQUIRE(error);
  CHECK(error->problem == bloom::HexProblem::Empty);
  error = bloom::decode_hex("abc", bytes);
  REQUIRE(error);
  CHECK(error->problem == bloom::HexProblem::OddLength);
  error = bloom::decode_hex("abzz", bytes);
  REQUIRE(error);
  CHECK(error->problem == bloom::HexProblem::BadDigit);
  CHECK(error->position == 2);
  CHECK(bytes.empty());
}
