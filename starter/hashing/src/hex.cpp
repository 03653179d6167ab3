#include "hex.hpp"

namespace bloom {

namespace {

// -1 for a byte that is not a hex digit.
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<HexError> decode_hex(std::string_view text, std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  if (text.empty()) return HexError{HexProblem::Empty, 0};
  // Digits are checked before the length so that "xyz" is called not-hex, its real problem.
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (hex_value(text[i]) < 0) return HexError{HexProblem::BadDigit, i};
  }
  if (text.size() % 2 != 0) return HexError{HexProblem::OddLength, text.size()};
  bytes.resize(text.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = static_cast<std::uint8_t>(hex_value(text[2 * i]) << 4 | hex_value(text[2 * i + 1]));
  }
  return std::nullopt;
}

void append_hex(std::span<const std::uint8_t> bytes, std::string& out) {
  static constexpr char kDigits[] = "0123456789abcdef";
  const std::size_t start = out.size();
  out.resize(start + 2 * bytes.size());
  char* p = out.data() + start;
  for (const std::uint8_t b : bytes) {
    *p++ = kDigits[b >> 4];
    *p++ = kDigits[b & 0xf];
  }
}

}  // namespace bloom
