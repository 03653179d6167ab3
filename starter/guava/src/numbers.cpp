#include "numbers.hpp"

#include <cstdlib>
#include <string>

namespace bloom {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Accumulates digits in `base`; nullopt past 2^32 - 1 (checked per digit, so it never wraps).
std::optional<std::uint32_t> accumulate(std::string_view digits, std::uint32_t base) {
  if (digits.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (const char c : digits) {
    std::uint32_t digit = 0;
    if (is_digit(c)) {
      digit = static_cast<std::uint32_t>(c - '0');
    } else if (base == 16 && c >= 'a' && c <= 'f') {
      digit = static_cast<std::uint32_t>(c - 'a' + 10);
    } else if (base == 16 && c >= 'A' && c <= 'F') {
      digit = static_cast<std::uint32_t>(c - 'A' + 10);
    } else {
      return std::nullopt;
    }
    value = value * base + digit;
    if (value > 0xffffffff) return std::nullopt;
  }
  return static_cast<std::uint32_t>(value);
}

}  // namespace

std::optional<std::uint32_t> parse_whole(std::string_view text) { return accumulate(text, 10); }

std::optional<std::uint32_t> parse_u32(std::string_view text) {
  if (text.starts_with("0x")) {
    const std::string_view digits = text.substr(2);
    if (digits.size() > 8) return std::nullopt;
    return accumulate(digits, 16);
  }
  return accumulate(text, 10);
}

std::optional<double> parse_decimal(std::string_view text) {
  // The grammar is checked here, because strtod also takes signs, spaces, hex, inf and nan.
  std::size_t i = 0;
  std::size_t mantissa_digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++mantissa_digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i, ++mantissa_digits;
  }
  if (mantissa_digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t exponent_start = i;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i == exponent_start) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;

  // strtod needs a terminated string; glibc's strtod rounds correctly to nearest, and it runs
  // in the "C" locale because the program never calls setlocale.
  const std::string terminated(text);
  return std::strtod(terminated.c_str(), nullptr);
}

}  // namespace bloom
