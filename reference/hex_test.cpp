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

namespace {

// The plainest decoder there is, to hold the fast one against: a digit at a time, first bad
// digit, then odd length.
std::optional<bloom::HexError> plain_decode(std::string_view text,
                                            std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  if (text.empty()) return bloom::HexError{bloom::HexProblem::Empty, 0};
  const auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (value(text[i]) < 0) return bloom::HexError{bloom::HexProblem::BadDigit, i};
  }
  if (text.size() % 2 != 0) return bloom::HexError{bloom::HexProblem::OddLength, text.size()};
  for (std::size_t i = 0; i < text.size(); i += 2) {
    bytes.push_back(static_cast<std::uint8_t>(value(text[i]) << 4 | value(text[i + 1])));
  }
  return std::nullopt;
}

void check_against_plain(const std::string& text) {
  CAPTURE(text);
  std::vector<std::uint8_t> fast;
  std::vector<std::uint8_t> plain;
  const auto fast_error = bloom::decode_hex(text, fast);
  const auto plain_error = plain_decode(text, plain);
  REQUIRE(fast_error.has_value() == plain_error.has_value());
  if (fast_error) {
    CHECK(fast_error->problem == plain_error->problem);
    CHECK(fast_error->position == plain_error->position);
  }
  CHECK(fast == plain);
}

}  // namespace

TEST_CASE("every byte value in every position of a key decodes as a digit-at-a-time decoder does") {
  // 42 digits: five whole 8-digit words and a tail, so each path and each byte lane is hit
  const std::string valid = "0123456789abcdefABCDEF0f1e2d3c4b5a69788796";
  for (std::size_t length = 1; length <= valid.size(); ++length) {
    check_against_plain(valid.substr(0, length));
  }
  for (std::size_t position = 0; position < valid.size(); ++position) {
    for (int byte = 0; byte < 256; ++byte) {
      std::string text = valid;
      text[position] = static_cast<char>(byte);
      check_against_plain(text);
      check_against_plain(text.substr(0, 33));  // odd length too
    }
  }
}
