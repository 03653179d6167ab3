// Each mistake replaces one function of the reference. MurmurHash3's variants share one
// skeleton whose steps a variant overrides; the two that keep high bits (no truncation, a wide
// seed) need wide arithmetic throughout and have their own.
#include "mistakes.hpp"

#include <bit>
#include <cmath>
#include <cstddef>

#include "murmur3.hpp"
#include "positions.hpp"

namespace bloom {

namespace {

constexpr std::uint32_t kC1 = 0xcc9e2d51;
constexpr std::uint32_t kC2 = 0x1b873593;
constexpr double kLn2Squared = 0.4804530139182014;
constexpr double kLn2 = 0.6931471805599453;
constexpr std::uint32_t kSeedStep = 0xFBA4C795;

using Bytes = std::span<const std::uint8_t>;

// ---- MurmurHash3 with one step replaced --------------------------------------------------

struct Correct {
  static std::uint32_t block(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
           std::uint32_t{p[3]} << 24;
  }
  static std::uint32_t tail(Bytes t) {
    std::uint32_t k = 0;
    for (std::size_t i = 0; i < t.size(); ++i) k |= std::uint32_t{t[i]} << (8 * i);
    return k;
  }
  static std::uint32_t mix_k(std::uint32_t k) { return std::rotl(k * kC1, 15) * kC2; }
  static std::uint32_t mix_block(std::uint32_t h, std::uint32_t k) {
    return std::rotl(h ^ mix_k(k), 13) * 5 + 0xe6546b64;
  }
  static std::uint32_t mix_tail(std::uint32_t h, std::uint32_t k) { return h ^ mix_k(k); }
  static std::uint32_t length(Bytes key) { return static_cast<std::uint32_t>(key.size()); }
  static std::uint32_t fmix(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6b;
    h ^= h >> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >> 16);
  }
};

template <typename Steps>
std::uint32_t murmur_with(Bytes key, std::uint32_t seed) {
  std::uint32_t h = seed;
  const std::size_t blocks = key.size() / 4;
  for (std::size_t i = 0; i < blocks; ++i) h = Steps::mix_block(h, Steps::block(&key[4 * i]));
  if (key.size() % 4 != 0) h = Steps::mix_tail(h, Steps::tail(key.subspan(4 * blocks)));
  return Steps::fmix(h ^ Steps::length(key));
}

struct BigEndianBlocks : Correct {
  static std::uint32_t block(const std::uint8_t* p) {
    return std::uint32_t{p[3]} | std::uint32_t{p[2]} << 8 | std::uint32_t{p[1]} << 16 |
           std::uint32_t{p[0]} << 24;
  }
};

struct TailAsBlock : Correct {
  static std::uint32_t mix_tail(std::uint32_t h, std::uint32_t k) { return mix_block(h, k); }
};

struct TailByteOrder : Correct {
  static std::uint32_t tail(Bytes t) {
    std::uint32_t k = 0;
    for (const std::uint8_t byte : t) k = k << 8 | byte;  // the first byte ends up highest
    return k;
  }
};

struct SignedChar : Correct {
  static std::uint32_t tail(Bytes t) {
    std::uint32_t k = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const auto as_char = static_cast<std::int8_t>(t[i]);  // a plain char on x86
      k ^= static_cast<std::uint32_t>(static_cast<std::int32_t>(as_char)) << (8 * i);
    }
    return k;
  }
};

struct CharacterCount : Correct {
  static std::uint32_t length(Bytes key) {
    std::uint32_t characters = 0;
    for (const std::uint8_t byte : key) characters += (byte & 0xc0) != 0x80 ? 1 : 0;
    return characters;
  }
};

struct FinaliserSwapped : Correct {
  static std::uint32_t fmix(std::uint32_t h) {
    h ^= h >> 13;
    h *= 0x85ebca6b;
    h ^= h >> 16;
    h *= 0xc2b2ae35;
    return h ^ (h >> 13);
  }
};

// ---- MurmurHash3 that keeps high bits ----------------------------------------------------

__extension__ typedef unsigned __int128 Wide;  // wide enough for every product below
constexpr Wide kMask32 = 0xffffffff;

// A rotation written with shifts and a final mask, as in Python or JavaScript: bits above 32
// in x come back in through the right shift.
Wide rotl_masked(Wide x, int r) { return ((x << r) | (x >> (32 - r))) & kMask32; }

// `truncate` says whether products and sums are cut to 32 bits, as they must be.
std::uint32_t murmur_wide(Bytes key, Wide seed, bool truncate) {
  const auto cut = [truncate](Wide x) { return truncate ? x & kMask32 : x; };
  Wide h = seed;
  const std::size_t blocks = key.size() / 4;
  const auto mix_k = [&](Wide k) { return cut(rotl_masked(cut(k * kC1), 15) * kC2); };
  for (std::size_t i = 0; i < blocks; ++i) {
    h ^= mix_k(Correct::block(&key[4 * i]));
    h = cut(rotl_masked(h, 13) * 5 + 0xe6546b64);
  }
  if (key.size() % 4 != 0) h ^= mix_k(Correct::tail(key.subspan(4 * blocks)));
  h ^= key.size();
  h ^= h >> 16;
  h = cut(h * 0x85ebca6b);
  h ^= h >> 13;
  h = cut(h * 0xc2b2ae35);
  h ^= h >> 16;
  return static_cast<std::uint32_t>(h & kMask32);  // printed as 8 hex digits
}

std::uint32_t murmur_not_truncated(Bytes key, std::uint32_t seed) {
  return murmur_wide(key, seed, false);
}

// ---- the other functions -----------------------------------------------------------------

// Two forms of the same slip, with different answers, so both are named: everything in 32
// bits, and the sum widened to 64 bits too late, after the product has wrapped.
std::uint32_t position_all_32_bit(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i,
                                  std::uint32_t m) {
  return (h_a + i * h_b) % m;  // the product and the sum wrap at 2^32
}

std::uint32_t position_32_bit_product(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i,
                                      std::uint32_t m) {
  const std::uint32_t product = i * h_b;  // wraps at 2^32
  return static_cast<std::uint32_t>((std::uint64_t{h_a} + product) % m);
}

FilterSize sizing(std::uint32_t n, double p, bool float_division, bool byte_cap, bool hash_cap) {
  double bits = std::trunc(-1 / kLn2Squared * static_cast<double>(n) * std::log(p));
  if (byte_cap) bits = std::min(bits, double{kMaxFilterBytes} * 8);
  // without the cap, a 32-bit bit count is the most a program can hold
  const auto bytes = static_cast<std::uint32_t>(std::min(bits, 4294967295.0) / 8);
  const double per_element =
      float_division ? bytes * 8.0 / n : static_cast<double>(bytes * 8 / n);
  double hashes = std::trunc(per_element * kLn2);
  if (hash_cap) hashes = std::min(hashes, double{kMaxHashFuncs});
  return {bytes, static_cast<std::uint32_t>(hashes)};
}

FilterSize size_float_division(std::uint32_t n, double p) { return sizing(n, p, true, true, true); }
FilterSize size_no_byte_cap(std::uint32_t n, double p) { return sizing(n, p, false, false, true); }
FilterSize size_no_hash_cap(std::uint32_t n, double p) { return sizing(n, p, false, true, false); }

std::uint32_t bit_index_wide_seed(Bytes element, std::uint32_t hash_index, std::uint32_t tweak,
                                  std::uint32_t bit_count) {
  const Wide seed = Wide{hash_index} * kSeedStep + tweak;  // up to 2^38, never wrapped
  return murmur_wide(element, seed, true) % bit_count;
}

std::uint32_t bit_index_mod_bytes(Bytes element, std::uint32_t hash_index, std::uint32_t tweak,
                                  std::uint32_t bit_count) {
  return murmur3_32(element, hash_index * kSeedStep + tweak) % (bit_count / 8);
}

std::optional<HexError> hex_text_as_element(std::string_view text,
                                            std::vector<std::uint8_t>& bytes) {
  if (std::optional<HexError> error = decode_hex(text, bytes)) return error;
  bytes.assign(text.begin(), text.end());  // the digits' ASCII codes, not the bytes they spell
  return std::nullopt;
}

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value, bool big_endian) {
  for (int i = 0; i < 4; ++i) {
    const int shift = big_endian ? 24 - 8 * i : 8 * i;
    out.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

// The payload with each piece's writer chosen: `size_bytes` 1 writes the count as one byte.
std::vector<std::uint8_t> payload(const Bip37Filter& filter, bool big_endian, bool one_byte_size,
                                  bool msb_first) {
  std::vector<std::uint8_t> out;
  const std::size_t n = filter.data().size();
  if (n < 253 || one_byte_size) {
    out.push_back(static_cast<std::uint8_t>(n));
  } else {
    out.push_back(0xfd);
    const auto low = static_cast<std::uint8_t>(n);
    const auto high = static_cast<std::uint8_t>(n >> 8);
    out.push_back(big_endian ? high : low);
    out.push_back(big_endian ? low : high);
  }
  for (std::uint8_t byte : filter.data()) {
    // bits numbered from the most significant end: bit x lands where bit 7 - x should be
    out.push_back(msb_first ? static_cast<std::uint8_t>(
                                  (byte * 0x0202020202ULL & 0x010884422010ULL) % 1023)
                            : byte);
  }
  append_u32(out, filter.hashes(), big_endian);
  append_u32(out, filter.tweak(), big_endian);
  out.push_back(filter.flags());
  return out;
}

std::vector<std::uint8_t> payload_big_endian(const Bip37Filter& f) { return payload(f, true, false, false); }
std::vector<std::uint8_t> payload_one_byte_size(const Bip37Filter& f) { return payload(f, false, true, false); }
std::vector<std::uint8_t> payload_msb_first(const Bip37Filter& f) { return payload(f, false, false, true); }

Functions with_murmur(std::uint32_t (*murmur)(Bytes, std::uint32_t)) {
  Functions f = reference_functions();
  f.murmur3_32 = murmur;
  return f;
}

template <typename Member, typename Value>
Functions with(Member member, Value value) {
  Functions f = reference_functions();
  f.*member = value;
  return f;
}

}  // namespace

const std::vector<Mistake>& mistakes() {
  static const std::vector<Mistake> list = {
      {"big-endian-blocks", "hashing", "lesson 002, Common mistakes",
       "each 4-byte block is read big-endian (bloo must become 0x6f6f6c62)",
       with_murmur(murmur_with<BigEndianBlocks>)},
      {"no-32-bit-truncation", "hashing", "lesson 002, Common mistakes",
       "products and sums are not truncated to 32 bits (mask with & 0xffffffff after each)",
       with_murmur(murmur_not_truncated)},
      {"tail-as-block", "hashing", "lesson 002, Common mistakes",
       "the tail is mixed like a block, with rotate-13 and multiply-by-5",
       with_murmur(murmur_with<TailAsBlock>)},
      {"tail-byte-order", "hashing", "lesson 002, Common mistakes",
       "the tail bytes are packed in the wrong order (the first leftover byte is the lowest)",
       with_murmur(murmur_with<TailByteOrder>)},
      {"character-count", "hashing", "lesson 002, Common mistakes",
       "the length step uses the character count instead of the byte count (cafe with an "
       "accent is 5 bytes)",
       with_murmur(murmur_with<CharacterCount>)},
      {"signed-char", "hashing", "lesson 002, step 3 (an instructor's addition)",
       "tail bytes above 0x7f are sign-extended from a signed char (read them as unsigned)",
       with_murmur(murmur_with<SignedChar>)},
      {"finaliser-swapped", "hashing", "lesson 002, step 5 (an instructor's addition)",
       "the final mixer's shifts are swapped (it is 16, 13, 16)",
       with_murmur(murmur_with<FinaliserSwapped>)},
      {"all-32-bit", "hashing", "lesson 002, Common mistakes",
       "h_a + i * h_b is computed in 32 bits, so the product and the sum wrap (widen to 64 bits "
       "before multiplying: std::uint64_t{i} * h_b)",
       with(&Functions::double_hash_position, position_all_32_bit)},
      {"32-bit-product", "hashing", "lesson 002, Common mistakes",
       "i * h_b is multiplied in 32 bits and wraps before the sum is widened to 64 bits (widen "
       "before multiplying: std::uint64_t{i} * h_b)",
       with(&Functions::double_hash_position, position_32_bit_product)},
      {"float-division", "bip37", "lesson 000, Common mistakes",
       "bytes * 8 / n is divided in floating point (it is an integer division)",
       with(&Functions::bip37_filter_size, size_float_division)},
      {"no-byte-cap", "bip37", "lesson 000, Sizing (an instructor's addition)",
       "the 36000-byte cap on the filter is missing",
       with(&Functions::bip37_filter_size, size_no_byte_cap)},
      {"no-hash-cap", "bip37", "lesson 000, Sizing (an instructor's addition)",
       "the cap of 50 hash functions is missing",
       with(&Functions::bip37_filter_size, size_no_hash_cap)},
      {"seed-not-wrapped", "bip37", "lesson 000, Common mistakes",
       "the seed i * 0xFBA4C795 + tweak is computed in 64 bits and not wrapped to 32",
       with(&Functions::bip37_bit_index, bit_index_wide_seed)},
      {"byte-modulus", "bip37", "lesson 000, Common mistakes",
       "bit indexes are taken mod the byte count (positions are mod bytes * 8)",
       with(&Functions::bip37_bit_index, bit_index_mod_bytes)},
      {"hex-text-hashed", "bip37", "lesson 000, Common mistakes",
       "the hex text is hashed instead of the bytes it spells",
       with(&Functions::decode_element, hex_text_as_element)},
      {"big-endian-fields", "bip37", "lesson 000, Common mistakes",
       "the length, hash count and tweak are written big-endian (they are little-endian)",
       with(&Functions::filterload_payload, payload_big_endian)},
      {"compact-size-one-byte", "bip37", "lesson 000, The filterload payload (an instructor's addition)",
       "the byte count is always written as one byte (from 253 it is fd and 2 bytes)",
       with(&Functions::filterload_payload, payload_one_byte_size)},
      {"msb-bit-order", "bip37", "lesson 000, Where the bits go (an instructor's addition)",
       "bits are numbered from the most significant end of each byte (bit x is 1 << (x % 8))",
       with(&Functions::filterload_payload, payload_msb_first)},
  };
  return list;
}

const Mistake* find_mistake(std::string_view id) {
  for (const Mistake& mistake : mistakes()) {
    if (mistake.id == id) return &mistake;
  }
  return nullptr;
}

}  // namespace bloom
