// Hex text to bytes and back, as the protocol writes elements and the filterload payload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloom {

enum class HexProblem { Empty, OddLength, BadDigit };

struct HexError {
  HexProblem problem;
  std::size_t position;  // 0-based offset of the first bad digit (BadDigit only)
};

// Decodes `text` (an even number, at least 2, of hex digits in either case) into `bytes`,
// replacing its contents. `bytes` is an out-parameter so that a caller decoding line after line
// reuses one buffer. On error `bytes` is left empty.
[[nodiscard]] std::optional<HexError> decode_hex(std::string_view text,
                                                 std::vector<std::uint8_t>& bytes);

// Appends the lower-case hex of `bytes` to `out`.
void append_hex(std::span<const std::uint8_t> bytes, std::string& out);

// Appends the low `bits` bits of a hash as lower-case hex digits, the most significant first
// (`bits` a multiple of 4): how HASH and FNV print one (docs/protocol.md).
void append_hash_hex(std::uint64_t hash, int bits, std::string& out);

}  // namespace bloom
