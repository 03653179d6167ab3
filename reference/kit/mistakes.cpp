// Each mistake is a slip in one function of the reference. A function's variants are one
// template over a set of slips, instantiated for every set, so that any mistakes of different
// steps combine into the program a student with all of them would write.
#include "mistakes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

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

// ---- MurmurHash3 with some of its steps slipped --------------------------------------------

// One bit per step a student gets wrong; a program may slip on several. Two slips of one step
// (the tail packed in the wrong order *and* from signed chars) have no one answer: how they
// combine depends on how the student wrote that line, so they are refused (kExclusive).
enum MurmurSlip : unsigned {
  kBigEndianBlocks = 1,
  kNoTruncation = 2,
  kTailAsBlock = 4,
  kTailByteOrder = 8,
  kCharacterCount = 16,
  kSignedChar = 32,
  kFinaliserSwapped = 64,
  kTailNoFallthrough = 128,
};
constexpr unsigned kMurmurSlips = kTailNoFallthrough << 1;  // every set of the slips above

__extension__ typedef unsigned __int128 Wide;  // wide enough for every product below
constexpr Wide kMask32 = 0xffffffff;

// A rotation written with shifts and a final mask, as in Python or JavaScript: bits above 32
// in x come back in through the right shift.
Wide rotl_masked(Wide x, int r) { return ((x << r) | (x >> (32 - r))) & kMask32; }

// MurmurHash3 x86_32 in wide arithmetic, cut to 32 bits after each product and sum unless it
// slips on that too; the seed may be wider than 32 bits (BIP 37's seed, never wrapped). With
// no slips and a 32-bit seed it is murmur3_32.
std::uint32_t murmur_slipped(Bytes key, Wide seed, unsigned slips) {
  const auto cut = [slips](Wide x) { return (slips & kNoTruncation) != 0 ? x : x & kMask32; };
  const auto mix_k = [&](Wide k) { return cut(rotl_masked(cut(k * kC1), 15) * kC2); };
  const auto mix_h = [&](Wide h) { return cut(rotl_masked(h, 13) * 5 + 0xe6546b64); };
  Wide h = seed;
  const std::size_t blocks = key.size() / 4;
  for (std::size_t i = 0; i < blocks; ++i) {
    const std::uint8_t* p = &key[4 * i];
    const std::uint32_t k = (slips & kBigEndianBlocks) != 0
                                ? std::uint32_t{p[3]} | std::uint32_t{p[2]} << 8 |
                                      std::uint32_t{p[1]} << 16 | std::uint32_t{p[0]} << 24
                                : std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 |
                                      std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
    h = mix_h(h ^ mix_k(k));
  }
  const Bytes tail = key.subspan(4 * blocks);
  if (!tail.empty()) {
    std::uint32_t k = 0;
    for (std::size_t i = 0; i < tail.size(); ++i) {
      if ((slips & kTailByteOrder) != 0) {
        k = k << 8 | tail[i];  // the first byte ends up highest
      } else if ((slips & kTailNoFallthrough) != 0) {
        // switch (len & 3) { case 3: k ^= tail[2] << 16; break; case 2: ... }: the last byte only
        if (i + 1 == tail.size()) k = std::uint32_t{tail[i]} << (8 * i);
      } else if ((slips & kSignedChar) != 0) {
        const auto as_char = static_cast<std::int8_t>(tail[i]);  // a plain char on x86
        k ^= static_cast<std::uint32_t>(static_cast<std::int32_t>(as_char)) << (8 * i);
      } else {
        k |= std::uint32_t{tail[i]} << (8 * i);
      }
    }
    h ^= mix_k(k);
    if ((slips & kTailAsBlock) != 0) h = mix_h(h);  // rotate-13 and multiply-add, as a block
  }
  std::uint32_t length = static_cast<std::uint32_t>(key.size());
  if ((slips & kCharacterCount) != 0) {
    length = 0;
    for (const std::uint8_t byte : key) length += (byte & 0xc0) != 0x80 ? 1 : 0;
  }
  h ^= length;
  const int first = (slips & kFinaliserSwapped) != 0 ? 13 : 16;
  const int second = (slips & kFinaliserSwapped) != 0 ? 16 : 13;
  h ^= h >> first;
  h = cut(h * 0x85ebca6b);
  h ^= h >> second;
  h = cut(h * 0xc2b2ae35);
  h ^= h >> first;
  return static_cast<std::uint32_t>(h & kMask32);  // printed as 8 hex digits
}

template <unsigned Slips>
std::uint32_t murmur_as(Bytes key, std::uint32_t seed) {
  return murmur_slipped(key, seed, Slips);
}

// ---- the other functions, each with its slips --------------------------------------------

// Two forms of the same slip, with different answers, so both are named: everything in 32
// bits, and the sum widened to 64 bits too late, after the product has wrapped. One line
// cannot be both.
enum PositionSlip : unsigned { kAll32Bit = 1, k32BitProduct = 2 };
constexpr unsigned kPositionSlips = k32BitProduct << 1;

template <unsigned Slips>
std::uint32_t position_as(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i, std::uint32_t m) {
  if constexpr ((Slips & kAll32Bit) != 0) {
    return (h_a + i * h_b) % m;  // the product and the sum wrap at 2^32
  } else if constexpr ((Slips & k32BitProduct) != 0) {
    const std::uint32_t product = i * h_b;  // wraps at 2^32
    return static_cast<std::uint32_t>((std::uint64_t{h_a} + product) % m);
  } else {
    return static_cast<std::uint32_t>((std::uint64_t{h_a} + std::uint64_t{i} * h_b) % m);
  }
}

enum SizeSlip : unsigned { kFloatDivision = 1, kNoByteCap = 2, kNoHashCap = 4, kCapInBits = 8 };
constexpr unsigned kSizeSlips = kCapInBits << 1;

template <unsigned Slips>
FilterSize size_as(std::uint32_t n, double p) {
  double bits = std::trunc(-1 / kLn2Squared * static_cast<double>(n) * std::log(p));
  if constexpr ((Slips & kCapInBits) != 0) {
    bits = std::min(bits, double{kMaxFilterBytes});  // 36000 bits: the cap's unit mistaken
  } else if constexpr ((Slips & kNoByteCap) == 0) {
    bits = std::min(bits, double{kMaxFilterBytes} * 8);
  }
  // without the cap, a 32-bit bit count is the most a program can hold
  const auto bytes = static_cast<std::uint32_t>(std::min(bits, 4294967295.0) / 8);
  const double per_element =
      (Slips & kFloatDivision) != 0 ? bytes * 8.0 / n : static_cast<double>(bytes * 8 / n);
  double hashes = std::trunc(per_element * kLn2);
  if ((Slips & kNoHashCap) == 0) hashes = std::min(hashes, double{kMaxHashFuncs});
  return {bytes, static_cast<std::uint32_t>(hashes)};
}

enum BitIndexSlip : unsigned { kWideSeed = 1, kModBytes = 2, kSumNotWrapped = 4 };
constexpr unsigned kBitIndexSlips = kSumNotWrapped << 1;

template <unsigned Slips>
std::uint32_t bit_index_as(Bytes element, std::uint32_t hash_index, std::uint32_t tweak,
                           std::uint32_t bit_count) {
  Wide seed = Wide{static_cast<std::uint32_t>(hash_index * kSeedStep + tweak)};
  if constexpr ((Slips & kWideSeed) != 0) {
    seed = Wide{hash_index} * kSeedStep + tweak;  // up to 2^38, never wrapped
  } else if constexpr ((Slips & kSumNotWrapped) != 0) {
    seed = Wide{hash_index * kSeedStep} + tweak;  // the product wraps, the sum does not
  }
  return murmur_slipped(element, seed, 0) % ((Slips & kModBytes) != 0 ? bit_count / 8 : bit_count);
}

enum PayloadSlip : unsigned { kBigEndianFields = 1, kOneByteSize = 2, kMsbFirst = 4 };
constexpr unsigned kPayloadSlips = kMsbFirst << 1;

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value, bool big_endian) {
  for (int i = 0; i < 4; ++i) {
    const int shift = big_endian ? 24 - 8 * i : 8 * i;
    out.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

template <unsigned Slips>
std::vector<std::uint8_t> payload_as(const Bip37Filter& filter) {
  constexpr bool big_endian = (Slips & kBigEndianFields) != 0;
  std::vector<std::uint8_t> out;
  const std::size_t n = filter.data().size();
  if (n < 253 || (Slips & kOneByteSize) != 0) {
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
    out.push_back((Slips & kMsbFirst) != 0
                      ? static_cast<std::uint8_t>((byte * 0x0202020202ULL & 0x010884422010ULL) % 1023)
                      : byte);
  }
  append_u32(out, filter.hashes(), big_endian);
  append_u32(out, filter.tweak(), big_endian);
  out.push_back(filter.flags());
  return out;
}

enum DecodeSlip : unsigned { kHexTextHashed = 1 };
constexpr unsigned kDecodeSlips = kHexTextHashed << 1;

template <unsigned Slips>
std::optional<HexError> decode_as(std::string_view text, std::vector<std::uint8_t>& bytes) {
  if (std::optional<HexError> error = decode_hex(text, bytes)) return error;
  // the digits' ASCII codes, not the bytes they spell
  if constexpr ((Slips & kHexTextHashed) != 0) bytes.assign(text.begin(), text.end());
  return std::nullopt;
}

// ---- lesson 001: FNV-1a 64, the sizing formulas, the halves ---------------------------------

enum FnvSlip : unsigned { kFnv1 = 1, kFnv32Constants = 2, kCodePoints = 4 };
constexpr unsigned kFnvSlips = kCodePoints << 1;

// The code points of well-formed UTF-8 in `key`; a byte that starts no well-formed sequence
// stands for itself. What a loop over a string's characters sees, where the bytes are due.
std::vector<std::uint32_t> code_points(Bytes key) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < key.size();) {
    const std::uint8_t lead = key[i];
    const std::size_t length = lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1;
    bool whole = lead < 0xf5 && i + length <= key.size();
    std::uint32_t point = length == 1 ? lead : lead & (0x7fU >> length);
    for (std::size_t j = 1; whole && j < length; ++j) {
      whole = (key[i + j] & 0xc0) == 0x80;
      point = point << 6 | (key[i + j] & 0x3fU);
    }
    if (length == 1 || !whole) {
      out.push_back(lead);
      ++i;
    } else {
      out.push_back(point);
      i += length;
    }
  }
  return out;
}

template <unsigned Slips>
std::uint64_t fnv_as(Bytes key) {
  // FNV-32's offset basis and prime where FNV-64's are due, in 64-bit arithmetic
  const std::uint64_t basis = (Slips & kFnv32Constants) != 0 ? 0x811c9dc5 : 0xcbf29ce484222325;
  const std::uint64_t prime = (Slips & kFnv32Constants) != 0 ? 0x01000193 : 0x100000001b3;
  std::vector<std::uint32_t> units(key.begin(), key.end());
  if constexpr ((Slips & kCodePoints) != 0) units = code_points(key);
  std::uint64_t h = basis;
  for (const std::uint32_t unit : units) {
    if constexpr ((Slips & kFnv1) != 0) {
      h = (h * prime) ^ unit;  // FNV-1: multiply, then xor
    } else {
      h = (h ^ unit) * prime;
    }
  }
  return h;
}

enum ClassicSizeSlip : unsigned { kLog10 = 1, kLn2NotSquared = 2, kTruncatedK = 4 };
constexpr unsigned kClassicSizeSlips = kTruncatedK << 1;

template <unsigned Slips>
ClassicSize classic_size_as(std::uint32_t n, double p) {
  const double log_p = (Slips & kLog10) != 0 ? std::log10(p) : std::log(p);
  const double divisor = (Slips & kLn2NotSquared) != 0 ? kLn2 : kLn2Squared;
  const double bits = std::max(1.0, std::ceil(-static_cast<double>(n) * log_p / divisor));
  const double per_key = bits / static_cast<double>(n) * kLn2;
  const double hashes = std::max(1.0, (Slips & kTruncatedK) != 0 ? std::trunc(per_key) : std::round(per_key));
  return {static_cast<std::uint64_t>(bits), static_cast<std::uint32_t>(hashes)};
}

enum ClassicPositionSlip : unsigned { kStepNotOdd = 1, kHalvesSwapped = 2, kSum32 = 4 };
constexpr unsigned kClassicPositionSlips = kSum32 << 1;

template <unsigned Slips>
std::uint32_t classic_position_as(std::uint64_t hash, std::uint32_t i, std::uint32_t m) {
  std::uint64_t h1 = hash & 0xffffffff;
  std::uint64_t h2 = hash >> 32;
  if constexpr ((Slips & kHalvesSwapped) != 0) std::swap(h1, h2);
  if constexpr ((Slips & kStepNotOdd) == 0) h2 |= 1;
  if constexpr ((Slips & kSum32) != 0) {
    return static_cast<std::uint32_t>(h1 + i * h2) % m;  // the sum wraps at 2^32
  } else {
    return static_cast<std::uint32_t>((h1 + i * h2) % m);
  }
}

// Each function's variants, indexed by its slips: table[slips].
template <typename Pointer, std::size_t... Slips, typename Make>
constexpr std::array<Pointer, sizeof...(Slips)> variants(std::index_sequence<Slips...>, Make make) {
  return {make(std::integral_constant<unsigned, Slips>{})...};
}

constexpr auto kMurmur = variants<decltype(Functions::murmur3_32)>(
    std::make_index_sequence<kMurmurSlips>{}, [](auto s) { return &murmur_as<s()>; });
constexpr auto kPosition = variants<decltype(Functions::double_hash_position)>(
    std::make_index_sequence<kPositionSlips>{}, [](auto s) { return &position_as<s()>; });
constexpr auto kSize = variants<decltype(Functions::bip37_filter_size)>(
    std::make_index_sequence<kSizeSlips>{}, [](auto s) { return &size_as<s()>; });
constexpr auto kBitIndex = variants<decltype(Functions::bip37_bit_index)>(
    std::make_index_sequence<kBitIndexSlips>{}, [](auto s) { return &bit_index_as<s()>; });
constexpr auto kPayload = variants<decltype(Functions::filterload_payload)>(
    std::make_index_sequence<kPayloadSlips>{}, [](auto s) { return &payload_as<s()>; });
constexpr auto kDecode = variants<decltype(Functions::decode_element)>(
    std::make_index_sequence<kDecodeSlips>{}, [](auto s) { return &decode_as<s()>; });
constexpr auto kFnv = variants<decltype(Functions::fnv1a_64)>(
    std::make_index_sequence<kFnvSlips>{}, [](auto s) { return &fnv_as<s()>; });
constexpr auto kClassicSize = variants<decltype(Functions::classic_filter_size)>(
    std::make_index_sequence<kClassicSizeSlips>{}, [](auto s) { return &classic_size_as<s()>; });
constexpr auto kClassicPosition = variants<decltype(Functions::classic_position)>(
    std::make_index_sequence<kClassicPositionSlips>{},
    [](auto s) { return &classic_position_as<s()>; });

// Slips of one step that have no one combined answer: one line written two ways.
constexpr std::array<std::pair<Step, unsigned>, 6> kExclusive{{
    {Step::Murmur, kTailByteOrder | kSignedChar},
    {Step::Murmur, kTailByteOrder | kTailNoFallthrough},
    {Step::Murmur, kSignedChar | kTailNoFallthrough},
    {Step::Position, kAll32Bit | k32BitProduct},
    {Step::FilterSize, kNoByteCap | kCapInBits},
    {Step::BitIndex, kWideSeed | kSumNotWrapped},
}};

}  // namespace

const std::vector<Mistake>& mistakes() {
  static const std::vector<Mistake> list = {
      {"big-endian-blocks", "hashing", "lesson 002, Common mistakes",
       "each 4-byte block is read big-endian (bloo must become 0x6f6f6c62)", Step::Murmur,
       kBigEndianBlocks},
      {"no-32-bit-truncation", "hashing", "lesson 002, Common mistakes",
       "products and sums are not truncated to 32 bits (mask with & 0xffffffff after each)",
       Step::Murmur, kNoTruncation},
      {"tail-as-block", "hashing", "lesson 002, Common mistakes",
       "the tail is mixed like a block, with rotate-13 and multiply-by-5", Step::Murmur,
       kTailAsBlock},
      {"tail-byte-order", "hashing", "lesson 002, Common mistakes",
       "the tail bytes are packed in the wrong order (the first leftover byte is the lowest)",
       Step::Murmur, kTailByteOrder},
      {"character-count", "hashing", "lesson 002, Common mistakes",
       "the length step uses the character count instead of the byte count (cafe with an "
       "accent is 5 bytes)",
       Step::Murmur, kCharacterCount},
      {"signed-char", "hashing", "lesson 002, step 3 (an instructor's addition)",
       "tail bytes above 0x7f are sign-extended from a signed char (read them as unsigned)",
       Step::Murmur, kSignedChar},
      {"finaliser-swapped", "hashing", "lesson 002, step 5 (an instructor's addition)",
       "the final mixer's shifts are swapped (it is 16, 13, 16)", Step::Murmur, kFinaliserSwapped},
      {"tail-no-fallthrough", "hashing", "lesson 002, step 3 (an instructor's addition)",
       "the tail's switch breaks after each case, so only the last leftover byte is packed "
       "(cases 3, 2 and 1 fall through: every leftover byte goes into k)",
       Step::Murmur, kTailNoFallthrough},
      {"all-32-bit", "hashing", "lesson 002, Common mistakes",
       "h_a + i * h_b is computed in 32 bits, so the product and the sum wrap (widen to 64 bits "
       "before multiplying: std::uint64_t{i} * h_b)",
       Step::Position, kAll32Bit},
      {"32-bit-product", "hashing", "lesson 002, Common mistakes",
       "i * h_b is multiplied in 32 bits and wraps before the sum is widened to 64 bits (widen "
       "before multiplying: std::uint64_t{i} * h_b)",
       Step::Position, k32BitProduct},
      {"fnv-1", "basics", "lesson 001, Code (an instructor's addition)",
       "each byte is multiplied in before it is xored: that is FNV-1 (FNV-1a xors, then "
       "multiplies)",
       Step::Fnv, kFnv1},
      {"fnv-32-bit-constants", "basics", "lesson 001, Code (an instructor's addition)",
       "the hash starts from FNV-32's offset basis and multiplies by its prime (FNV-1a 64 "
       "starts at 0xcbf29ce484222325 and multiplies by 0x100000001b3)",
       Step::Fnv, kFnv32Constants},
      {"characters-hashed", "basics", "lesson 001, Code (an instructor's addition)",
       "the key's characters are hashed instead of its UTF-8 bytes (cafe with an accent is 5 "
       "bytes, each xored in on its own)",
       Step::Fnv, kCodePoints},
      {"step-not-odd", "basics", "lesson 001, Code (an instructor's addition)",
       "h2 is not forced odd (set its lowest bit: h2 | 1, so the step is never 0)",
       Step::ClassicPosition, kStepNotOdd},
      {"halves-swapped", "basics", "lesson 001, Code (an instructor's addition)",
       "the halves are swapped (h1 is the low 32 bits of the hash, h2 the high 32)",
       Step::ClassicPosition, kHalvesSwapped},
      {"position-sum-32-bit", "basics", "lesson 001, Code (an instructor's addition)",
       "h1 + i * h2 wraps at 32 bits before mod m (compute it in 64 bits)",
       Step::ClassicPosition, kSum32},
      {"log-base-10", "basics", "lesson 001, How many errors (an instructor's addition)",
       "m uses log base 10 (the formulas' ln is the natural log)", Step::ClassicSize, kLog10},
      {"ln2-not-squared", "basics", "lesson 001, How many errors (an instructor's addition)",
       "m divides by ln 2 instead of (ln 2)^2", Step::ClassicSize, kLn2NotSquared},
      {"k-truncated", "basics", "lesson 001, How many errors (an instructor's addition)",
       "k is truncated instead of rounded to the nearest (10000 keys at 1% need 7 hashes, not "
       "6)",
       Step::ClassicSize, kTruncatedK},
      {"float-division", "bip37", "lesson 000, Common mistakes",
       "bytes * 8 / n is divided in floating point (it is an integer division)", Step::FilterSize,
       kFloatDivision},
      {"no-byte-cap", "bip37", "lesson 000, Sizing (an instructor's addition)",
       "the 36000-byte cap on the filter is missing", Step::FilterSize, kNoByteCap},
      {"no-hash-cap", "bip37", "lesson 000, Sizing (an instructor's addition)",
       "the cap of 50 hash functions is missing", Step::FilterSize, kNoHashCap},
      {"cap-in-bits", "bip37", "lesson 000, Sizing (an instructor's addition)",
       "the 36000 cap is applied to the bit count (it caps bytes: the bits are capped at "
       "36000 * 8)",
       Step::FilterSize, kCapInBits},
      {"seed-not-wrapped", "bip37", "lesson 000, Common mistakes",
       "the seed i * 0xFBA4C795 + tweak is computed in 64 bits and not wrapped to 32",
       Step::BitIndex, kWideSeed},
      {"seed-sum-not-wrapped", "bip37", "lesson 000, Common mistakes",
       "the seed's product i * 0xFBA4C795 wraps in 32 bits, but + tweak is added in 64 bits "
       "(wrap the whole seed: (i * 0xFBA4C795 + tweak) mod 2^32)",
       Step::BitIndex, kSumNotWrapped},
      {"byte-modulus", "bip37", "lesson 000, Common mistakes",
       "bit indexes are taken mod the byte count (positions are mod bytes * 8)", Step::BitIndex,
       kModBytes},
      {"hex-text-hashed", "bip37", "lesson 000, Common mistakes",
       "the hex text is hashed instead of the bytes it spells", Step::Decode, kHexTextHashed},
      {"big-endian-fields", "bip37", "lesson 000, Common mistakes",
       "the length, hash count and tweak are written big-endian (they are little-endian)",
       Step::Payload, kBigEndianFields},
      {"compact-size-one-byte", "bip37", "lesson 000, The filterload payload (an instructor's addition)",
       "the byte count is always written as one byte (from 253 it is fd and 2 bytes)",
       Step::Payload, kOneByteSize},
      {"msb-bit-order", "bip37", "lesson 000, Where the bits go (an instructor's addition)",
       "bits are numbered from the most significant end of each byte (bit x is 1 << (x % 8))",
       Step::Payload, kMsbFirst},
  };
  return list;
}

const Mistake* find_mistake(std::string_view id) {
  for (const Mistake& mistake : mistakes()) {
    if (mistake.id == id) return &mistake;
  }
  return nullptr;
}

std::optional<Functions> functions_with(std::span<const Mistake* const> made,
                                        std::string* why_not) {
  std::array<unsigned, kSteps> slips{};  // by Step
  for (const Mistake* mistake : made) slips[static_cast<std::size_t>(mistake->step)] |= mistake->slip;
  for (const auto& [step, exclusive] : kExclusive) {
    if ((slips[static_cast<std::size_t>(step)] & exclusive) == exclusive) {
      if (why_not != nullptr) {
        std::string names;
        for (const Mistake& m : mistakes()) {
          if (m.step == step && (m.slip & exclusive) != 0) names += (names.empty() ? "" : " and ") + std::string(m.id);
        }
        *why_not = names + " are two ways to write one line: a program makes one or the other";
      }
      return std::nullopt;
    }
  }
  Functions f = reference_functions();
  const auto at = [&](Step step) { return slips[static_cast<std::size_t>(step)]; };
  // .at(): a slip whose bit is above its table's size is a bug to hear of, not to read past
  if (at(Step::Murmur) != 0) f.murmur3_32 = kMurmur.at(at(Step::Murmur));
  if (at(Step::Position) != 0) f.double_hash_position = kPosition.at(at(Step::Position));
  if (at(Step::FilterSize) != 0) f.bip37_filter_size = kSize.at(at(Step::FilterSize));
  if (at(Step::BitIndex) != 0) f.bip37_bit_index = kBitIndex.at(at(Step::BitIndex));
  if (at(Step::Payload) != 0) f.filterload_payload = kPayload.at(at(Step::Payload));
  if (at(Step::Decode) != 0) f.decode_element = kDecode.at(at(Step::Decode));
  if (at(Step::Fnv) != 0) f.fnv1a_64 = kFnv.at(at(Step::Fnv));
  if (at(Step::ClassicSize) != 0) f.classic_filter_size = kClassicSize.at(at(Step::ClassicSize));
  if (at(Step::ClassicPosition) != 0) {
    f.classic_position = kClassicPosition.at(at(Step::ClassicPosition));
  }
  return f;
}

}  // namespace bloom
