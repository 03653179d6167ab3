// The functions a student writes, the hex decoding of elements and the printing of a hash, as
// one table. The
// interpreter calls them only through it, so that a known mistake (the kit's catalogue of
// them) is exactly one replaced function and the rest of the program stays the reference's.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bip37.hpp"
#include "classic.hpp"
#include "fnv1a.hpp"
#include "hex.hpp"

namespace bloom {

struct Functions {
  std::uint32_t (*murmur3_32)(std::span<const std::uint8_t> key, std::uint32_t seed);
  std::uint32_t (*double_hash_position)(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i,
                                        std::uint32_t m);
  FilterSize (*bip37_filter_size)(std::uint32_t n, double p);
  BitIndexFunction bip37_bit_index;
  std::vector<std::uint8_t> (*filterload_payload)(const Bip37Filter& filter);
  // The bytes of a <hex> element: decode_hex in the reference.
  std::optional<HexError> (*decode_element)(std::string_view text,
                                            std::vector<std::uint8_t>& bytes);
  Fnv1aFunction fnv1a_64;
  // How HASH and FNV print a hash of `bits` bits: append_hash_hex in the reference. Given code
  // in every starter, but a program written from scratch prints its own.
  void (*print_hash)(std::uint64_t hash, int bits, std::string& out);
  ClassicSize (*classic_filter_size)(std::uint32_t n, double p);
  ClassicPositionFunction classic_position;
};

// The reference's own functions.
[[nodiscard]] const Functions& reference_functions();

// The names of the functions of `functions` still to be written: each is called once with
// small arguments, and those that throw NotImplemented are named, in the table's order. A
// starter's check asks for them (`bloom --unwritten`), so that "still to write" lists every
// one from the first run, not only those a case happened to reach.
[[nodiscard]] std::vector<std::string> unwritten(const Functions& functions);

}  // namespace bloom
