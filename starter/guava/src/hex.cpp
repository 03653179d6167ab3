#include "hex.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace bloom {

namespace {

// The value of each byte as a hex digit, -1 when it is not one. A table, not comparisons:
// random hex digits make the branches of a comparison chain mispredict, and decoding was
// three quarters of the program's time (measured in the kit's bench/).
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

// Eight hex digits at a time in one 64-bit word (SWAR), for the long keys of INSERT and
// CONTAINS, where the table alone was still a sixth of the program's time.
constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// The high bit of each byte of `x` whose value is in [lo, hi]. Every byte must be below 0x80,
// so that no sum carries into the next byte.
constexpr std::uint64_t bytes_in_range(std::uint64_t x, unsigned lo, unsigned hi) {
  const std::uint64_t at_least_lo = x + kOnes * (0x80 - lo);
  const std::uint64_t above_hi = x + kOnes * (0x7f - hi);
  return at_least_lo & ~above_hi & kHighBits;
}

// Decodes the 8 digits at `text` into 4 bytes at `out`; false when one is not a hex digit.
bool decode_8_digits(const char* text, std::uint8_t* out) {
  std::uint64_t x = 0;
  std::memcpy(&x, text, sizeof x);  // little-endian: the first digit is the lowest byte
  if ((x & kHighBits) != 0) return false;
  // OR 0x20 lower-cases 'A'..'F' and moves no other byte into 'a'..'f'
  const std::uint64_t letters = bytes_in_range(x | (kOnes * 0x20), 'a', 'f');
  if ((bytes_in_range(x, '0', '9') | letters) != kHighBits) return false;
  // a digit's value is its low nibble, a letter's its low nibble + 9 ('a' = 0x61 -> 10)
  const std::uint64_t values = (x & (kOnes * 0x0f)) + (letters >> 7) * 9;
  // pairs of nibbles into bytes 0, 2, 4, 6, then those bytes side by side
  std::uint64_t packed = ((values << 4) | (values >> 8)) & 0x00ff00ff00ff00ffULL;
  packed = (packed | (packed >> 8)) & 0x0000ffff0000ffffULL;
  packed = (packed | (packed >> 16)) & 0xffffffffULL;
  const auto four = static_cast<std::uint32_t>(packed);
  std::memcpy(out, &four, sizeof four);
  return true;
}

}  // namespace

std::optional<HexError> decode_hex(std::string_view text, std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  if (text.empty()) return HexError{HexProblem::Empty, 0};
  // One pass decodes and checks at once, eight digits at a time and then by the table: -1 has
  // every bit set, so the OR of every digit's value is negative exactly when some byte is not
  // a digit. Only then is the text searched for the first bad digit, which is reported before
  // an odd length ("xyz" is not-hex).
  bytes.resize(text.size() / 2);
  int any_bad = 0;
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 4 <= bytes.size(); i += 4) {
      if (!decode_8_digits(text.data() + 2 * i, bytes.data() + i)) {
        any_bad = -1;
        break;
      }
    }
  }
  for (; any_bad >= 0 && i < bytes.size(); ++i) {
    const int high = hex_value(text[2 * i]);
    const int low = hex_value(text[2 * i + 1]);
    any_bad |= high | low;
    bytes[i] = static_cast<std::uint8_t>((high & 0xf) << 4 | (low & 0xf));
  }
  if (text.size() % 2 != 0) any_bad |= hex_value(text.back());
  if (any_bad < 0) {
    bytes.clear();
    std::size_t bad = 0;
    while (hex_value(text[bad]) >= 0) ++bad;
    return HexError{HexProblem::BadDigit, bad};
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

void append_hash_hex(std::uint64_t hash, int bits, std::string& out) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int shift = bits - 4; shift >= 0; shift -= 4) out += kDigits[(hash >> shift) & 0xf];
}

}  // namespace bloom
