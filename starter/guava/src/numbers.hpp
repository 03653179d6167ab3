// The protocol's number arguments. Each parser takes the whole argument and answers nullopt
// when it is not exactly of the protocol's form or outside the type's range; the caller checks
// the command's own range and names the argument in its message.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bloom {

// Decimal digits, no sign, no space; the value must fit in 32 bits.
[[nodiscard]] std::optional<std::uint32_t> parse_whole(std::string_view text);

// Decimal digits, or "0x" and 1 to 8 hex digits of either case; 0 to 4294967295.
[[nodiscard]] std::optional<std::uint32_t> parse_u32(std::string_view text);

// A decimal number: digits with an optional fraction and an optional exponent (`0.01`, `.5`,
// `1e-3`, `5E-2`), read as the nearest IEEE double. No sign, no hex float, no inf or nan. The
// caller checks the range, because "out of range" is its message to give.
[[nodiscard]] std::optional<double> parse_decimal(std::string_view text);

}  // namespace bloom
