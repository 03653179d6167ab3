#include "hex.hpp"

#include <array>
#include <cstdint>

namespace bloom {

namespace {

// The value of each byte as a hex digit, -1 when it is not one. A table, not comparisons:
// random hex digits make the branches of a comparison chain mispredict, and decoding was
// three quarters of bloom-reference's time (docs/performance.md).
constexpr std::array<std::int8_t, 256> kHexValue = [] {
  std::array<std::int8_t, 256> table{};
  table.fill(-1);
  for (int i = 0; i < 10; ++i) table[static_cast<std::size_t>('0' + i)] = static_cast<std::int8_t>(i);
  for (int i = 0; i < 6; ++i) {
    table[static_cast<std::size_t>('a' + i)] = static_cast<std::int8_t>(10 + i);
    table[static_cast<std::size_t>('A' + i)] = static_cast<std::int8_t>(10 + i);
  }
  return table;
}();

int hex_value(char c) { return kHexValue[static_cast<unsigned char>(c)]; }

}  // namespace

std::optional<HexError> decode_hex(std::string_view text, std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  if (text.empty()) return HexError{HexProblem::Empty, 0};
  // One pass decodes and checks at once: -1 has every bit set, so the OR of every digit's
  // value is negative exactly when some byte is not a digit. Only then is the text searched
  // for the first bad digit, which is reported before an odd length ("xyz" is not-hex).
  bytes.resize(text.size() / 2);
  int any_bad = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int high = hex_value(text[2 * i]);
    const int low = hex_value(text[2 * i + 1]);
    any_bad |= high | low;
    bytes[i] = static_cast<std::uint8_t>((high & 0xf) << 4 | (low & 0xf));
  }
  if (text.size() % 2 != 0) any_bad |= hex_value(text.back());
  if (any_bad < 0) {
    bytes.clear();
    std::size_t i = 0;
    while (hex_value(text[i]) >= 0) ++i;
    return HexError{HexProblem::BadDigit, i};
  }
  if (text.size() % 2 != 0) {
    bytes.clear();
    return HexError{HexProblem::OddLength, text.size()};
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
