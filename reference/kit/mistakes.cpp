// Each mistake is a slip in one function of the reference. A function's variants are one
// template over a set of slips, instantiated for every set, so that any mistakes of different
// steps combine into the program a student with all of them would write.
#include "mistakes.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "golang.hpp"
#include "guava.hpp"
#include "murmur3.hpp"
#include "murmur3_128.hpp"
#include "positions.hpp"

namespace bloom {

namespace {

constexpr std::uint32_t kC1 = 0xcc9e2d51;
constexpr std::uint32_t kC2 = 0x1b873593;
constexpr double kLn2Squared = 0.4804530139182014;
constexpr double kLn2 = 0.6931471805599453;
constexpr std::uint32_t kSeedStep = 0xFBA4C795;

using Bytes = std::span<const std::uint8_t>;

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

// The UTF-16 code units of the text `key` spells: a code point above U+FFFF is two (a
// surrogate pair).
std::vector<std::uint32_t> utf16_units(Bytes key) {
  std::vector<std::uint32_t> out;
  for (const std::uint32_t point : code_points(key)) {
    if (point < 0x10000) {
      out.push_back(point);
    } else {
      out.push_back(0xd800 + ((point - 0x10000) >> 10));
      out.push_back(0xdc00 + ((point - 0x10000) & 0x3ff));
    }
  }
  return out;
}

// The low byte of each UTF-16 code unit of the text `key` spells: what charCodeAt(i) & 0xff
// reads, one per unit, so that the length counts units too (a code point above U+FFFF is two).
std::vector<std::uint8_t> utf16_low_bytes(Bytes key) {
  std::vector<std::uint8_t> out;
  for (const std::uint32_t unit : utf16_units(key)) out.push_back(static_cast<std::uint8_t>(unit));
  return out;
}

// The text `key` spells as UTF-16LE, two bytes per code unit, the low byte first: what Guava's
// hashUnencodedChars(key) hashes (tests/guava_test.py runs it).
std::vector<std::uint8_t> utf16le_bytes(Bytes key) {
  std::vector<std::uint8_t> out;
  for (const std::uint32_t unit : utf16_units(key)) {
    out.push_back(static_cast<std::uint8_t>(unit));
    out.push_back(static_cast<std::uint8_t>(unit >> 8));
  }
  return out;
}

// The low byte of each code point of the text `key` spells, one per code point: ord(c) & 0xff
// over a Python 3 str (a port of the JavaScript loop, charCodeAt(i) & 0xff, to a language whose
// strings are code points), so a character above U+FFFF is one unit, not a surrogate pair.
std::vector<std::uint8_t> code_point_low_bytes(Bytes key) {
  std::vector<std::uint8_t> out;
  for (const std::uint32_t point : code_points(key))
    out.push_back(static_cast<std::uint8_t>(point));
  return out;
}

// Each byte of `key` read as a Latin-1 character, and that text encoded as UTF-8: a byte above
// 0x7f becomes two. What a library that encodes its string input as UTF-8 (npm's murmurhash)
// hashes when the program read its input as Latin-1 ("binary") text.
std::vector<std::uint8_t> utf8_of_latin1(Bytes key) {
  std::vector<std::uint8_t> out;
  for (const std::uint8_t byte : key) {
    if (byte < 0x80) {
      out.push_back(byte);
    } else {
      out.push_back(static_cast<std::uint8_t>(0xc0 | byte >> 6));
      out.push_back(static_cast<std::uint8_t>(0x80 | (byte & 0x3f)));
    }
  }
  return out;
}

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
  kUtf16Units = 256,
  kUtf16Le = 512,
  kCodePointUnits = 1024,
  kUtf8Twice = 2048,
};
constexpr unsigned kMurmurSlips = kUtf8Twice << 1;  // every set of the slips above

__extension__ typedef unsigned __int128 Wide;  // wide enough for every product below
constexpr Wide kMask32 = 0xffffffff;

// A rotation written with shifts and a final mask, as in Python or JavaScript: bits above 32
// in x come back in through the right shift.
Wide rotl_masked(Wide x, int r) { return ((x << r) | (x >> (32 - r))) & kMask32; }

// MurmurHash3 x86_32 in wide arithmetic, cut to 32 bits after each product and sum unless it
// slips on that too; the seed may be wider than 32 bits (BIP 37's seed, never wrapped). With
// no slips and a 32-bit seed it is murmur3_32.
std::uint32_t murmur_slipped(Bytes bytes, Wide seed, unsigned slips) {
  // The key as other bytes than its own (one way at most: kExclusive): a JavaScript string
  // hashed by charCodeAt(i) & 0xff, one "byte" per UTF-16 code unit; its UTF-16LE bytes; a
  // byte per code point; or its bytes as Latin-1 text, encoded as UTF-8
  std::vector<std::uint8_t> units;
  if ((slips & kUtf16Units) != 0) units = utf16_low_bytes(bytes);
  if ((slips & kUtf16Le) != 0) units = utf16le_bytes(bytes);
  if ((slips & kCodePointUnits) != 0) units = code_point_low_bytes(bytes);
  if ((slips & kUtf8Twice) != 0) units = utf8_of_latin1(bytes);
  const bool recoded = (slips & (kUtf16Units | kUtf16Le | kCodePointUnits | kUtf8Twice)) != 0;
  const Bytes key = recoded ? Bytes(units) : bytes;
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
// cannot be both. Signed hashes are reduced one way: floored (Python's %) or truncated (the %
// of Java, Go and C), which leaves a negative sum's position negative.
enum PositionSlip : unsigned {
  kAll32Bit = 1,
  k32BitProduct = 2,
  kSignedHashes = 4,
  kTruncatedSigned = 8,
};
constexpr unsigned kPositionSlips = kTruncatedSigned << 1;

template <unsigned Slips>
std::uint32_t position_as(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i, std::uint32_t m) {
  if constexpr ((Slips & (kSignedHashes | kTruncatedSigned)) != 0) {
    // Python's mmh3.hash() gives signed 32-bit values by default, and Python's % is a floor
    // modulus: (h_a + i * h_b) % m with h_a and h_b as -2^31 .. 2^31 - 1. Guava's
    // hashBytes(key).asInt() is as signed, and Java's % truncates: a negative sum leaves a
    // negative position, which a uint32_t holds as 2^32 minus it
    const auto signed_a = static_cast<std::int64_t>(static_cast<std::int32_t>(h_a));
    const auto signed_b = static_cast<std::int64_t>(static_cast<std::int32_t>(h_b));
    std::int64_t sum = signed_a + std::int64_t{i} * signed_b;
    if constexpr ((Slips & kAll32Bit) != 0) {
      sum = static_cast<std::int32_t>(static_cast<std::uint32_t>(sum));  // wraps as an int32
    } else if constexpr ((Slips & k32BitProduct) != 0) {
      sum = signed_a + static_cast<std::int32_t>(static_cast<std::uint32_t>(std::int64_t{i} * signed_b));
    }
    const std::int64_t rest = sum % std::int64_t{m};  // C++'s % truncates, as Java's
    if constexpr ((Slips & kTruncatedSigned) != 0) return static_cast<std::uint32_t>(rest);
    return static_cast<std::uint32_t>(rest < 0 ? rest + m : rest);
  } else if constexpr ((Slips & kAll32Bit) != 0) {
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

enum BitIndexSlip : unsigned {
  kWideSeed = 1,
  kModBytes = 2,
  kSumNotWrapped = 4,
  kSignedFloorMod = 8,
  kAbsSigned = 16,
};
constexpr unsigned kBitIndexSlips = kAbsSigned << 1;

template <unsigned Slips>
std::uint32_t bit_index_as(Bytes element, std::uint32_t hash_index, std::uint32_t tweak,
                           std::uint32_t bit_count) {
  Wide seed = Wide{static_cast<std::uint32_t>(hash_index * kSeedStep + tweak)};
  if constexpr ((Slips & kWideSeed) != 0) {
    seed = Wide{hash_index} * kSeedStep + tweak;  // up to 2^38, never wrapped
  } else if constexpr ((Slips & kSumNotWrapped) != 0) {
    seed = Wide{hash_index * kSeedStep} + tweak;  // the product wraps, the sum does not
  }
  const std::uint32_t hash = murmur_slipped(element, seed, 0);
  const std::uint32_t modulus = (Slips & kModBytes) != 0 ? bit_count / 8 : bit_count;
  if constexpr ((Slips & kSignedFloorMod) != 0) {
    // Python's mmh3.hash(element, seed) % bits: a signed hash, and % floors (never negative)
    const std::int64_t rest = std::int64_t{static_cast<std::int32_t>(hash)} % std::int64_t{modulus};
    return static_cast<std::uint32_t>(rest < 0 ? rest + modulus : rest);
  } else if constexpr ((Slips & kAbsSigned) != 0) {
    // Java's Math.abs(h) % bits on an int hash. Math.abs(Integer.MIN_VALUE) is MIN_VALUE, and
    // Java's % keeps the sign: that one hash gives a negative index (an error, as in Java)
    const auto signed_hash = static_cast<std::int32_t>(hash);
    const std::int64_t wide = signed_hash;
    const std::int64_t magnitude =
        wide < 0 && signed_hash != std::numeric_limits<std::int32_t>::min() ? -wide : wide;
    return static_cast<std::uint32_t>(magnitude % std::int64_t{modulus});
  } else {
    return hash % modulus;
  }
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

enum DecodeSlip : unsigned { kHexTextHashed = 1, kAsUtf8Text = 2 };
constexpr unsigned kDecodeSlips = kAsUtf8Text << 1;

// `bytes` decoded as UTF-8 text and encoded again, as the WHATWG decoder (Node's
// Buffer.toString(), TextDecoder) and Python's bytes.decode(errors="replace") do it: each
// maximal part of an ill-formed sequence becomes U+FFFD, whose UTF-8 is ef bf bd.
std::vector<std::uint8_t> through_utf8_text(Bytes bytes) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < bytes.size();) {
    const std::uint8_t lead = bytes[i];
    const std::size_t length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2
                               : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    std::size_t good = length == 0 ? 0 : 1;  // bytes of a well-formed prefix
    for (; good > 0 && good < length && i + good < bytes.size(); ++good) {
      // the second byte's range depends on the lead (no overlongs, surrogates or > U+10FFFF)
      const std::uint8_t low = good == 1 && lead == 0xe0 ? 0xa0 : good == 1 && lead == 0xf0 ? 0x90 : 0x80;
      const std::uint8_t high = good == 1 && lead == 0xed ? 0x9f : good == 1 && lead == 0xf4 ? 0x8f : 0xbf;
      if (bytes[i + good] < low || bytes[i + good] > high) break;
    }
    if (length != 0 && good == length) {
      out.insert(out.end(), bytes.begin() + static_cast<std::ptrdiff_t>(i),
                 bytes.begin() + static_cast<std::ptrdiff_t>(i + length));
    } else {
      out.insert(out.end(), {0xef, 0xbf, 0xbd});
    }
    i += std::max<std::size_t>(good, 1);
  }
  return out;
}

template <unsigned Slips>
std::optional<HexError> decode_as(std::string_view text, std::vector<std::uint8_t>& bytes) {
  if (std::optional<HexError> error = decode_hex(text, bytes)) return error;
  // the digits' ASCII codes, not the bytes they spell
  if constexpr ((Slips & kHexTextHashed) != 0) bytes.assign(text.begin(), text.end());
  if constexpr ((Slips & kAsUtf8Text) != 0) bytes = through_utf8_text(bytes);
  return std::nullopt;
}

// ---- lesson 001: FNV-1a 64, the sizing formulas, the halves ---------------------------------

enum FnvSlip : unsigned {
  kFnv1 = 1,
  kFnv32Constants = 2,
  kCodePoints = 4,
  kFnv32Bit = 8,
  kStrTerminator = 16,
};
constexpr unsigned kFnvSlips = kStrTerminator << 1;

template <unsigned Slips>
std::uint64_t fnv_as(Bytes key) {
  // FNV-32's offset basis and prime where FNV-64's are due, in 64-bit arithmetic
  const std::uint64_t basis = (Slips & kFnv32Constants) != 0 ? 0x811c9dc5 : 0xcbf29ce484222325;
  const std::uint64_t prime = (Slips & kFnv32Constants) != 0 ? 0x01000193 : 0x100000001b3;
  std::vector<std::uint32_t> units(key.begin(), key.end());
  if constexpr ((Slips & kCodePoints) != 0) units = code_points(key);
  // Rust's `impl Hash for str` writes the bytes, then one 0xff byte (Hasher::write_str), so
  // key.hash(&mut FnvHasher) hashes one byte more than FnvHasher::write(key.as_bytes())
  if constexpr ((Slips & kStrTerminator) != 0) units.push_back(0xff);
  if constexpr ((Slips & kFnv32Bit) != 0) {
    std::uint32_t h = 0x811c9dc5;  // FNV-1a 32 as it is meant: 32-bit arithmetic throughout
    for (const std::uint32_t unit : units) {
      h = (Slips & kFnv1) != 0 ? (h * 0x01000193U) ^ unit : (h ^ unit) * 0x01000193U;
    }
    return h;
  } else {
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
}

enum ClassicSizeSlip : unsigned {
  kLog10 = 1,
  kLn2NotSquared = 2,
  kTruncatedK = 4,
  kRoundedUpK = 8,
  kNoLowerBound = 16,
  kIntegerRatio = 32,
  kTruncatedM = 64,
  kBip37Sizing = 128,
};
constexpr unsigned kClassicSizeSlips = kBip37Sizing << 1;

template <unsigned Slips>
ClassicSize classic_size_as(std::uint32_t n, double p) {
  const double log_p = (Slips & kLog10) != 0 ? std::log10(p) : std::log(p);
  const double divisor = (Slips & kLn2NotSquared) != 0 ? kLn2 : kLn2Squared;
  const auto whole = [](double x) { return static_cast<double>(static_cast<std::uint64_t>(x)); };
  if constexpr ((Slips & kBip37Sizing) != 0) {
    // lesson 000's BIP 37 sizing (whole bytes, the 36000-byte cap, k truncated from an integer
    // m / n and capped at 50) where lesson 001's is due
    const double bits = std::min(std::trunc(-1 / divisor * static_cast<double>(n) * log_p), 36000.0 * 8);
    const double bytes = whole(bits / 8);
    const double per_key = whole(bytes * 8 / n);
    return {static_cast<std::uint64_t>(bytes * 8),
            static_cast<std::uint32_t>(std::min(std::trunc(per_key * kLn2), 50.0))};
  }
  // Guava's BloomFilter.optimalNumOfBits: (long) (-n * Math.log(p) / (Math.log(2) * Math.log(2)))
  const double exact = -static_cast<double>(n) * log_p / divisor;
  const double bits = (Slips & kTruncatedM) != 0 ? std::trunc(exact) : std::max(1.0, std::ceil(exact));
  const double ratio = (Slips & kIntegerRatio) != 0 ? whole(bits / n) : bits / static_cast<double>(n);
  const double per_key = ratio * kLn2;
  const double rounded = (Slips & kTruncatedK) != 0   ? std::trunc(per_key)
                         : (Slips & kRoundedUpK) != 0 ? std::ceil(per_key)
                                                      : std::round(per_key);
  const double hashes = (Slips & kNoLowerBound) != 0 ? rounded : std::max(1.0, rounded);
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

// ---- how a hash is printed (given code in the starters; a program of one's own prints its own)

enum PrintSlip : unsigned { kReversed32 = 1, kReversed64 = 2, kSigned32 = 4 };
constexpr unsigned kPrintSlips = kSigned32 << 1;

template <unsigned Slips>
void print_as(std::uint64_t hash, int bits, std::string& out) {
  if ((bits == 32 && (Slips & kReversed32) != 0) || (bits == 64 && (Slips & kReversed64) != 0)) {
    // the bytes of a little-endian word, in memory order: Guava's HashCode.toString(), C#'s
    // BitConverter.ToString(BitConverter.GetBytes(h)), Node's writeUInt32LE(h).toString("hex")
    std::uint64_t reversed = 0;
    for (int i = 0; i < bits / 8; ++i) reversed = reversed << 8 | ((hash >> (8 * i)) & 0xff);
    hash = reversed;
  }
  if (bits == 32 && (Slips & kSigned32) != 0 && hash >= 0x80000000) {
    // Python's format(h, "08x") of mmh3.hash(), a signed 32-bit value by default: "-" and the
    // magnitude, zero-padded to 8 characters in all
    const std::uint64_t magnitude = 0x100000000 - hash;
    std::string digits;
    append_hash_hex(magnitude, 32, digits);  // 8 digits; with the sign, 7 are due
    out += "-" + digits.substr(digits[0] == '0' ? 1 : 0);
    return;
  }
  append_hash_hex(hash, bits, out);
}

// ---- lesson 004: Guava's filter and the lesson's Go filter ----------------------------------

enum Murmur128Slip : unsigned { kSignedTail128 = 1, kNoFinalSum = 2 };
constexpr unsigned kMurmur128Slips = kNoFinalSum << 1;

template <unsigned Slips>
Hash128 murmur128_as(Bytes key, std::uint32_t seed) {
  if constexpr (Slips == 0) {
    return murmur3_x64_128(key, seed);
  } else {
    constexpr std::uint64_t c1 = 0x87c37b91114253d5;
    constexpr std::uint64_t c2 = 0x4cf5ad432745937f;
    const auto fmix = [](std::uint64_t k) {
      k ^= k >> 33;
      k *= 0xff51afd7ed558ccd;
      k ^= k >> 33;
      k *= 0xc4ceb9fe1a85ec53;
      return k ^ (k >> 33);
    };
    // a byte of the tail, as Java's (long) data[i] reads it without & 0xff when it slips
    const auto byte = [&](std::size_t i) -> std::uint64_t {
      if constexpr ((Slips & kSignedTail128) != 0) {
        return static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::int8_t>(key[i])));
      } else {
        return key[i];
      }
    };
    const auto block = [&](std::size_t at) {
      std::uint64_t v = 0;
      for (std::size_t i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(key[at + i]) << (8 * i);
      return v;
    };
    std::uint64_t h1 = seed;
    std::uint64_t h2 = seed;
    const std::size_t blocks = key.size() / 16;
    for (std::size_t b = 0; b < blocks; ++b) {
      std::uint64_t k1 = block(16 * b);
      std::uint64_t k2 = block(16 * b + 8);
      h1 ^= std::rotl(k1 * c1, 31) * c2;
      h1 = (std::rotl(h1, 27) + h2) * 5 + 0x52dce729;
      h2 ^= std::rotl(k2 * c2, 33) * c1;
      h2 = (std::rotl(h2, 31) + h1) * 5 + 0x38495ab5;
    }
    const std::size_t tail = 16 * blocks;
    const std::size_t rest = key.size() & 15;
    // each byte xored in at its place, as Appleby's switch does; a sign-extended one sets
    // every bit above its own
    std::uint64_t k1 = 0;
    std::uint64_t k2 = 0;
    for (std::size_t i = rest; i > 8; --i) k2 ^= byte(tail + i - 1) << (8 * (i - 9));
    for (std::size_t i = std::min<std::size_t>(rest, 8); i > 0; --i)
      k1 ^= byte(tail + i - 1) << (8 * (i - 1));
    if (rest > 8) h2 ^= std::rotl(k2 * c2, 33) * c1;
    if (rest > 0) h1 ^= std::rotl(k1 * c1, 31) * c2;
    h1 ^= key.size();
    h2 ^= key.size();
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    if constexpr ((Slips & kNoFinalSum) == 0) {
      h1 += h2;
      h2 += h1;
    }
    return {h1, h2};
  }
}

enum GuavaSizeSlip : unsigned { kGuavaTruncatedK = 1, kGuavaRoundedUpM = 2, kKFromP = 4 };
constexpr unsigned kGuavaSizeSlips = kKFromP << 1;

template <unsigned Slips>
GuavaSize guava_size_as(std::uint32_t n, double p) {
  const std::int64_t count = n == 0 ? 1 : n;
  const double ln2 = std::log(2.0);
  const double bits = static_cast<double>(-count) * std::log(p) / (ln2 * ln2);
  std::uint64_t m = 0;
  if constexpr ((Slips & kGuavaRoundedUpM) != 0) {
    m = static_cast<std::uint64_t>(std::ceil(bits));
  } else {
    m = static_cast<std::uint64_t>(bits);
  }
  // later Guava's optimalNumOfHashFunctions(p): -ln p / ln 2, from p alone, not from m and n
  const double x = (Slips & kKFromP) != 0 ? -std::log(p) / ln2 : static_cast<double>(m) / static_cast<double>(count) * ln2;
  if constexpr ((Slips & kGuavaTruncatedK) != 0) {
    return {m, static_cast<std::uint32_t>(x)};  // the lesson's int(): no rounding, no floor
  } else {
    double k = std::floor(x);
    if (x - k >= 0.5) k += 1;
    return {m, k < 1 ? 1u : static_cast<std::uint32_t>(k)};
  }
}

enum GuavaIndexSlip : unsigned { kComplemented = 1, kModBits = 2, kFromOne = 4, kMitz32 = 8 };
constexpr unsigned kGuavaIndexSlips = kMitz32 << 1;

template <unsigned Slips>
std::uint64_t guava_index_as(Hash128 hash, std::uint32_t i, std::uint64_t bits) {
  const std::uint64_t modulus = (Slips & kModBits) != 0 ? bits : whole_words(bits) * 64;
  const std::uint64_t step = (Slips & kFromOne) != 0 ? std::uint64_t{i} + 1 : i;
  if constexpr ((Slips & kMitz32) != 0) {
    // Guava's older strategy, MURMUR128_MITZ_32: the two int halves of the hash's first 8
    // bytes, hash1 + i * hash2 for i = 1 .. k in int arithmetic, complemented when negative
    const auto hash1 = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash.h1));
    const auto hash2 = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash.h1 >> 32));
    auto combined = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash1) +
                                              (i + 1) * static_cast<std::uint32_t>(hash2));
    if (combined < 0) combined = ~combined;
    return static_cast<std::uint64_t>(combined) % modulus;
  } else {
    std::uint64_t combined = hash.h1 + step * hash.h2;
    if constexpr ((Slips & kComplemented) != 0) {
      if (static_cast<std::int64_t>(combined) < 0) combined = ~combined;  // the lesson's way
    } else {
      combined &= 0x7fffffffffffffff;
    }
    return combined % modulus;
  }
}

enum WriteToSlip : unsigned { kLittleEndianNumbers = 1, kHashesAsInt = 2 };
constexpr unsigned kWriteToSlips = kHashesAsInt << 1;

template <unsigned Slips>
std::vector<std::uint8_t> write_to_as(std::uint32_t hashes, std::span<const std::uint64_t> words) {
  std::vector<std::uint8_t> out{1};
  const auto append = [&](std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) {
      const int shift = (Slips & kLittleEndianNumbers) != 0 ? 8 * i : 8 * (bytes - 1 - i);
      out.push_back(static_cast<std::uint8_t>(value >> shift));
    }
  };
  append(hashes, (Slips & kHashesAsInt) != 0 ? 4 : 1);
  append(words.size(), 4);
  for (const std::uint64_t word : words) append(word, 8);
  return out;
}

enum Crc32Slip : unsigned { kCastagnoli = 1, kNoFinalXor = 2, kSprintfBytes = 4 };
constexpr unsigned kCrc32Slips = kSprintfBytes << 1;

// fmt.Sprintf("%v", b) of a Go []byte: its numbers in decimal, space-separated, in brackets
std::vector<std::uint8_t> go_v_text(Bytes bytes) {
  std::string text = "[";
  for (std::size_t i = 0; i < bytes.size(); ++i)
    text += (i == 0 ? "" : " ") + std::to_string(bytes[i]);
  text += "]";
  return {text.begin(), text.end()};
}

template <unsigned Slips>
std::uint32_t crc32_as(Bytes key) {
  // Castagnoli's polynomial, reflected: Go's crc32.MakeTable(crc32.Castagnoli), CRC-32C
  constexpr std::uint32_t kPolynomial = (Slips & kCastagnoli) != 0 ? 0x82f63b78 : 0xedb88320;
  const std::vector<std::uint8_t> text =
      (Slips & kSprintfBytes) != 0 ? go_v_text(key) : std::vector<std::uint8_t>{};
  const Bytes bytes = (Slips & kSprintfBytes) != 0 ? Bytes(text) : key;
  std::uint32_t c = 0xffffffff;
  for (const std::uint8_t byte : bytes) {
    c ^= byte;
    for (int bit = 0; bit < 8; ++bit) c = (c >> 1) ^ ((c & 1) != 0 ? kPolynomial : 0);
  }
  return (Slips & kNoFinalXor) != 0 ? c : c ^ 0xffffffff;
}

enum GoSizeSlip : unsigned { kGoRoundedK = 1, kProductDivisor = 2 };
constexpr unsigned kGoSizeSlips = kProductDivisor << 1;

template <unsigned Slips>
GoSize go_size_as(std::uint32_t n, double p) {
  // Java's or C's Math.log(2) * Math.log(2), a product of doubles, where Go's is a constant
  const double divisor = (Slips & kProductDivisor) != 0 ? kLn2 * kLn2 : 0.48045301391820144;
  const auto m = static_cast<std::uint64_t>(-(static_cast<double>(n) * std::log(p) / divisor));
  const double x = static_cast<double>(m) * kLn2 / static_cast<double>(n);
  if constexpr ((Slips & kGoRoundedK) != 0) {
    double k = std::floor(x);  // Guava's: Math.round, at least 1
    if (x - k >= 0.5) k += 1;
    return {m, k < 1 ? 1u : static_cast<std::uint32_t>(k)};
  } else {
    return {m, static_cast<std::uint32_t>(x)};
  }
}

enum GoIndexSlip : unsigned { kFromZero = 1, kInt32 = 2, kModWords = 4 };
constexpr unsigned kGoIndexSlips = kModWords << 1;

template <unsigned Slips>
std::uint64_t go_index_as(std::uint32_t crc, std::uint32_t i, std::uint64_t bits) {
  const std::uint64_t modulus = (Slips & kModWords) != 0 ? whole_words(bits) * 64 : bits;
  const std::int64_t step = (Slips & kFromZero) != 0 ? std::int64_t{i} - 1 : i;
  if constexpr ((Slips & kInt32) != 0) {
    // the lesson's code with Java's or C's 32-bit int: (int) crc.getValue() may be negative,
    // and -v of -2^31 stays negative; >> 16 keeps the sign; the sum wraps at 2^32
    auto v = static_cast<std::int32_t>(crc);
    if (v < 0) v = static_cast<std::int32_t>(0U - static_cast<std::uint32_t>(v));
    const std::int32_t hash2 = v >> 16;
    auto combined = static_cast<std::int32_t>(static_cast<std::uint32_t>(v) +
                                              static_cast<std::uint32_t>(step) *
                                                  static_cast<std::uint32_t>(hash2));
    if (combined < 0) combined = ~combined;
    return static_cast<std::uint64_t>(combined) % modulus;
  } else {
    const std::int64_t hash1 = crc;
    std::int64_t combined = hash1 + step * (hash1 >> 16);
    if (combined < 0) combined = ~combined;
    return static_cast<std::uint64_t>(combined) % modulus;
  }
}

// A function's variants, indexed by its slips: table[slips].
template <unsigned Count, typename Make>
constexpr auto variants(Make make) {
  using Pointer = decltype(make(std::integral_constant<unsigned, 0>{}));
  return [make]<unsigned... Slips>(std::integer_sequence<unsigned, Slips...>) {
    return std::array<Pointer, Count>{make(std::integral_constant<unsigned, Slips>{})...};
  }(std::make_integer_sequence<unsigned, Count>{});
}

// Each step's variants (functions.hpp's table): Variants<step>::table[slips]. A step without
// its own does not build: a new function of the table says here what its slips are.
template <Step>
struct Variants;
#define BLOOM_VARIANTS(step, count, slipped)                   \
  template <>                                                  \
  struct Variants<Step::step> {                                \
    static constexpr auto table =                              \
        variants<count>([](auto s) { return &slipped<s()>; }); \
  };
BLOOM_VARIANTS(Murmur, kMurmurSlips, murmur_as)
BLOOM_VARIANTS(Position, kPositionSlips, position_as)
BLOOM_VARIANTS(FilterSize, kSizeSlips, size_as)
BLOOM_VARIANTS(BitIndex, kBitIndexSlips, bit_index_as)
BLOOM_VARIANTS(Payload, kPayloadSlips, payload_as)
BLOOM_VARIANTS(Decode, kDecodeSlips, decode_as)
BLOOM_VARIANTS(Fnv, kFnvSlips, fnv_as)
BLOOM_VARIANTS(ClassicSize, kClassicSizeSlips, classic_size_as)
BLOOM_VARIANTS(ClassicPosition, kClassicPositionSlips, classic_position_as)
BLOOM_VARIANTS(PrintHash, kPrintSlips, print_as)
BLOOM_VARIANTS(Murmur128, kMurmur128Slips, murmur128_as)
BLOOM_VARIANTS(GuavaSize, kGuavaSizeSlips, guava_size_as)
BLOOM_VARIANTS(GuavaIndex, kGuavaIndexSlips, guava_index_as)
BLOOM_VARIANTS(WriteTo, kWriteToSlips, write_to_as)
BLOOM_VARIANTS(Crc32, kCrc32Slips, crc32_as)
BLOOM_VARIANTS(GoSize, kGoSizeSlips, go_size_as)
BLOOM_VARIANTS(GoIndex, kGoIndexSlips, go_index_as)
#undef BLOOM_VARIANTS

// Slips of one step that have no one combined answer: one line written two ways, or one way
// that already holds the other (BIP 37's sizing truncates, from an integer m / n).
constexpr std::array<std::pair<Step, unsigned>, 31> kExclusive{{
    {Step::Murmur, kTailByteOrder | kSignedChar},
    {Step::Murmur, kTailByteOrder | kTailNoFallthrough},
    {Step::Murmur, kSignedChar | kTailNoFallthrough},
    {Step::Murmur, kUtf16Units | kCharacterCount},
    // the key becomes bytes one way, and with it the length
    {Step::Murmur, kUtf16Le | kCharacterCount},
    {Step::Murmur, kCodePointUnits | kCharacterCount},
    {Step::Murmur, kUtf8Twice | kCharacterCount},
    {Step::Murmur, kUtf16Units | kUtf16Le},
    {Step::Murmur, kUtf16Units | kCodePointUnits},
    {Step::Murmur, kUtf16Units | kUtf8Twice},
    {Step::Murmur, kUtf16Le | kCodePointUnits},
    {Step::Murmur, kUtf16Le | kUtf8Twice},
    {Step::Murmur, kCodePointUnits | kUtf8Twice},
    {Step::Position, kAll32Bit | k32BitProduct},
    {Step::Position, kSignedHashes | kTruncatedSigned},  // a signed sum is reduced one way
    {Step::FilterSize, kNoByteCap | kCapInBits},
    {Step::BitIndex, kWideSeed | kSumNotWrapped},
    {Step::BitIndex, kSignedFloorMod | kAbsSigned},  // a signed hash is made an index one way
    {Step::Decode, kHexTextHashed | kAsUtf8Text},
    {Step::Fnv, kFnv32Constants | kFnv32Bit},
    {Step::ClassicSize, kTruncatedK | kRoundedUpK},
    {Step::ClassicSize, kRoundedUpK | kNoLowerBound},
    {Step::ClassicSize, kBip37Sizing | kTruncatedK},
    {Step::ClassicSize, kBip37Sizing | kRoundedUpK},
    {Step::ClassicSize, kBip37Sizing | kNoLowerBound},
    {Step::ClassicSize, kBip37Sizing | kIntegerRatio},
    {Step::ClassicSize, kBip37Sizing | kTruncatedM},
    {Step::PrintHash, kReversed32 | kSigned32},
    {Step::GuavaSize, kGuavaTruncatedK | kKFromP},  // k is computed one way
    {Step::GuavaIndex, kMitz32 | kFromOne},         // MITZ_32 counts from 1 already
    {Step::GuavaIndex, kMitz32 | kComplemented},    // and complements already
}};

}  // namespace

const std::vector<Mistake>& mistakes() {
  static const std::vector<Mistake> list = {
      {"big-endian-blocks", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 2",
       "each 4-byte block is read big-endian (bloo must become 0x6f6f6c62)", Step::Murmur,
       kBigEndianBlocks},
      {"no-32-bit-truncation", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\"",
       "products and sums are not truncated to 32 bits (mask with & 0xffffffff after each)",
       Step::Murmur, kNoTruncation},
      {"tail-as-block", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 3",
       "the tail is mixed like a block, with rotate-13 and multiply-by-5", Step::Murmur,
       kTailAsBlock},
      {"tail-byte-order", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 3",
       "the tail bytes are packed in the wrong order (the first leftover byte is the lowest)",
       Step::Murmur, kTailByteOrder},
      {"character-count", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 4",
       "the length step uses the character count instead of the byte count (cafe with an "
       "accent is 5 bytes)",
       Step::Murmur, kCharacterCount},
      {"signed-char", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 3",
       "tail bytes above 0x7f are sign-extended from a signed char (read them as unsigned)",
       Step::Murmur, kSignedChar},
      {"finaliser-swapped", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 5",
       "the final mixer's shifts are swapped (it is 16, 13, 16)", Step::Murmur, kFinaliserSwapped},
      {"tail-no-fallthrough", "hashing", "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\", step 3",
       "the tail's switch breaks after each case, so only the last leftover byte is packed "
       "(cases 3, 2 and 1 fall through: every leftover byte goes into k)",
       Step::Murmur, kTailNoFallthrough},
      {"utf16-code-units", "hashing", "docs/protocol.md, \"Arguments\"",
       "each UTF-16 code unit of the key is hashed as one byte (charCodeAt(i) & 0xff, as the npm "
       "packages murmurhash3js, murmurhash-js and imurmurhash do), and the length counts code "
       "units: hash the key's UTF-8 bytes (new TextEncoder().encode(key)), and use their count",
       Step::Murmur, kUtf16Units},
      {"utf16le-bytes", "hashing", "docs/protocol.md, \"Arguments\"",
       "the key is hashed as UTF-16LE, two bytes per UTF-16 code unit, and the length counts "
       "those bytes (as Guava's hashUnencodedChars(key) does): hash "
       "the key's UTF-8 bytes, and use their count",
       Step::Murmur, kUtf16Le},
      {"code-point-units", "hashing", "docs/protocol.md, \"Arguments\"",
       "each character (code point) of the key is hashed as one byte, its lowest, and the "
       "length counts characters (ord(c) & 0xff over a Python str): a character above U+FFFF is "
       "4 UTF-8 bytes, and every key is hashed as its UTF-8 bytes",
       Step::Murmur, kCodePointUnits},
      {"utf8-twice", "hashing", "docs/protocol.md, \"Arguments\"",
       "the key's bytes are encoded as UTF-8 a second time: read as Latin-1 text (one character "
       "per byte) and handed to a hash that encodes its text as UTF-8, so every byte above 0x7f "
       "becomes two (read the key as UTF-8 text, or hash its bytes as they are)",
       Step::Murmur, kUtf8Twice},
      {"hash-bytes-reversed", "hashing", "docs/protocol.md, \"Commands\"",
       "the hash's bytes are printed in little-endian order (Guava's HashCode.toString(), or "
       "Buffer.writeUInt32LE(h).toString(\"hex\")): print the 32-bit number itself, the most "
       "significant digit first (48ad2c42, not 422cad48)",
       Step::PrintHash, kReversed32},
      {"signed-hash", "hashing", "docs/protocol.md, \"Commands\"",
       "the hash is printed as a signed 32-bit number, as Python's mmh3.hash() returns it by "
       "default (pass signed=False, or mask with & 0xffffffff)",
       Step::PrintHash, kSigned32},
      {"signed-hashes-in-positions", "hashing", "docs/protocol.md, \"Double hashing (POSITIONS)\"",
       "h_a and h_b are signed 32-bit numbers in the positions, as Python's mmh3.hash() returns "
       "them by default (use mmh3.hash(key, seed, signed=False): both are 0 to 2^32 - 1)",
       Step::Position, kSignedHashes},
      {"negative-positions", "hashing", "docs/protocol.md, \"Double hashing (POSITIONS)\"",
       "h_a and h_b are signed 32-bit numbers in the positions and % truncates, so a negative "
       "sum gives a negative position (Guava's hashBytes(key).asInt() is a signed Java int, and "
       "Java's, Go's and C's % keep the sign): both hashes are 0 to 2^32 - 1 (in Java, "
       "Integer.toUnsignedLong(h); in Go, uint32), and a position 0 to m - 1",
       Step::Position, kTruncatedSigned},
      {"all-32-bit", "hashing", "docs/protocol.md, \"Double hashing (POSITIONS)\"",
       "h_a + i * h_b is computed in 32 bits, so the product and the sum wrap (widen to 64 bits "
       "before multiplying: std::uint64_t{i} * h_b)",
       Step::Position, kAll32Bit},
      {"32-bit-product", "hashing", "docs/protocol.md, \"Double hashing (POSITIONS)\"",
       "i * h_b is multiplied in 32 bits and wraps before the sum is widened to 64 bits (widen "
       "before multiplying: std::uint64_t{i} * h_b)",
       Step::Position, k32BitProduct},
      {"fnv-1", "basics", "docs/protocol.md, \"FNV-1a 64\"",
       "each byte is multiplied in before it is xored: that is FNV-1 (FNV-1a xors, then "
       "multiplies)",
       Step::Fnv, kFnv1},
      {"fnv-32-bit-constants", "basics", "docs/protocol.md, \"FNV-1a 64\"",
       "the hash starts from FNV-32's offset basis and multiplies by its prime (FNV-1a 64 "
       "starts at 0xcbf29ce484222325 and multiplies by 0x100000001b3)",
       Step::Fnv, kFnv32Constants},
      {"characters-hashed", "basics", "docs/protocol.md, \"FNV-1a 64\"",
       "the key's characters are hashed instead of its UTF-8 bytes (cafe with an accent is 5 "
       "bytes, each xored in on its own)",
       Step::Fnv, kCodePoints},
      {"fnv-1a-32", "basics", "docs/protocol.md, \"FNV-1a 64\"",
       "the hash is FNV-1a 32, in 32-bit arithmetic (FNV-1a 64 starts at 0xcbf29ce484222325 "
       "and multiplies by 0x100000001b3, mod 2^64)",
       Step::Fnv, kFnv32Bit},
      {"str-hash-terminator", "basics", "docs/protocol.md, \"FNV-1a 64\"",
       "a 0xff byte is hashed after the key's bytes: Rust's key.hash(&mut FnvHasher) writes one "
       "after every str (call hasher.write(key.as_bytes()) instead)",
       Step::Fnv, kStrTerminator},
      {"fnv-bytes-reversed", "basics", "docs/protocol.md, \"Commands\"",
       "the hash's bytes are printed in little-endian order (C#'s "
       "BitConverter.ToString(BitConverter.GetBytes(h)) does it): print the 64-bit number "
       "itself, the most significant digit first",
       Step::PrintHash, kReversed64},
      {"step-not-odd", "basics", "docs/protocol.md, \"Positions\"",
       "h2 is not forced odd (set its lowest bit: h2 | 1, so the step is never 0)",
       Step::ClassicPosition, kStepNotOdd},
      {"halves-swapped", "basics", "docs/protocol.md, \"Positions\"",
       "the halves are swapped (h1 is the low 32 bits of the hash, h2 the high 32)",
       Step::ClassicPosition, kHalvesSwapped},
      {"position-sum-32-bit", "basics", "docs/protocol.md, \"Positions\"",
       "h1 + i * h2 wraps at 32 bits before mod m (compute it in 64 bits)", Step::ClassicPosition,
       kSum32},
      {"log-base-10", "basics", "docs/protocol.md, \"Classic sizing\"",
       "m uses log base 10 (the formulas' ln is the natural log)", Step::ClassicSize, kLog10},
      {"ln2-not-squared", "basics", "docs/protocol.md, \"Classic sizing\"",
       "m divides by ln 2 instead of (ln 2)^2", Step::ClassicSize, kLn2NotSquared},
      {"k-truncated", "basics", "docs/protocol.md, \"Classic sizing\"",
       "k is truncated instead of rounded to the nearest (10000 keys at 1% need 7 hashes, not "
       "6)",
       Step::ClassicSize, kTruncatedK},
      {"k-rounded-up", "basics", "docs/protocol.md, \"Classic sizing\"",
       "k is rounded up instead of to the nearest (Go's bits-and-blooms/bloom and npm's "
       "bloom-filters use ceil; (m / n) ln 2 = 4.12 gives 4 hashes, not 5)",
       Step::ClassicSize, kRoundedUpK},
      {"k-no-lower-bound", "basics", "docs/protocol.md, \"Classic sizing\"",
       "k is rounded with no lower bound, so a rate near 1 gives 0 hashes (k is at least 1)",
       Step::ClassicSize, kNoLowerBound},
      {"m-over-n-integer", "basics", "docs/protocol.md, \"Classic sizing\"",
       "m / n is divided in integers before it is multiplied by ln 2 (it is a division in "
       "floating point: 95851 / 10000 is 9.5851, not 9)",
       Step::ClassicSize, kIntegerRatio},
      {"m-truncated", "basics", "docs/protocol.md, \"Classic sizing\"",
       "m is truncated instead of rounded up, as Guava's BloomFilter.optimalNumOfBits does "
       "(rounded up, m is the least number of bits that reaches the rate p)",
       Step::ClassicSize, kTruncatedM},
      {"bip37-sizing", "basics", "docs/protocol.md, \"Classic sizing\"",
       "SIZE uses lesson 000's BIP 37 sizing (whole bytes, the 36000-byte cap, k truncated from "
       "an integer m / n); lesson 001's m is -n ln p / (ln 2)^2 rounded up, and k = (m / n) ln 2 "
       "rounded to the nearest",
       Step::ClassicSize, kBip37Sizing},
      {"float-division", "bip37", "docs/protocol.md, \"BIP 37 sizing\"",
       "bytes * 8 / n is divided in floating point (it is an integer division)", Step::FilterSize,
       kFloatDivision},
      {"no-byte-cap", "bip37", "docs/protocol.md, \"BIP 37 sizing\"",
       "the 36000-byte cap on the filter is missing", Step::FilterSize, kNoByteCap},
      {"no-hash-cap", "bip37", "docs/protocol.md, \"BIP 37 sizing\"",
       "the cap of 50 hash functions is missing", Step::FilterSize, kNoHashCap},
      {"cap-in-bits", "bip37", "docs/protocol.md, \"BIP 37 sizing\"",
       "the 36000 cap is applied to the bit count (it caps bytes: the bits are capped at "
       "36000 * 8)",
       Step::FilterSize, kCapInBits},
      {"seed-not-wrapped", "bip37", "docs/protocol.md, \"Bits\"",
       "the seed i * 0xFBA4C795 + tweak is computed in 64 bits and not wrapped to 32",
       Step::BitIndex, kWideSeed},
      {"seed-sum-not-wrapped", "bip37", "docs/protocol.md, \"Bits\"",
       "the seed's product i * 0xFBA4C795 wraps in 32 bits, but + tweak is added in 64 bits "
       "(wrap the whole seed: (i * 0xFBA4C795 + tweak) mod 2^32)",
       Step::BitIndex, kSumNotWrapped},
      {"byte-modulus", "bip37", "docs/protocol.md, \"Bits\"",
       "bit indexes are taken mod the byte count (positions are mod bytes * 8)", Step::BitIndex,
       kModBytes},
      {"signed-bit-index", "bip37", "docs/protocol.md, \"Bits\"",
       "bit indexes come from the hash as a signed 32-bit number, floored mod the bit count "
       "(Python's mmh3.hash(element, seed) % bits): the hash is unsigned, 0 to 2^32 - 1 (pass "
       "signed=False, or mask with & 0xffffffff)",
       Step::BitIndex, kSignedFloorMod},
      {"abs-bit-index", "bip37", "docs/protocol.md, \"Bits\"",
       "bit indexes are Math.abs of the hash as a signed 32-bit int, mod the bit count (Java's "
       "Math.abs(h) % bits): the hash is unsigned, so take (h & 0xffffffffL) % bits",
       Step::BitIndex, kAbsSigned},
      {"hex-text-hashed", "bip37", "docs/protocol.md, \"Arguments\"",
       "the hex text is hashed instead of the bytes it spells", Step::Decode, kHexTextHashed},
      {"element-as-text", "bip37", "docs/protocol.md, \"Arguments\"",
       "the element's bytes are decoded as UTF-8 text before they are hashed, so a byte that "
       "is not UTF-8 becomes U+FFFD (ef bf bd): hash the decoded bytes themselves (a Buffer or "
       "Uint8Array, never a string)",
       Step::Decode, kAsUtf8Text},
      {"big-endian-fields", "bip37", "docs/protocol.md, \"FILTERLOAD\"",
       "the length, hash count and tweak are written big-endian (they are little-endian)",
       Step::Payload, kBigEndianFields},
      {"compact-size-one-byte", "bip37", "docs/protocol.md, \"FILTERLOAD\"",
       "the byte count is always written as one byte (from 253 it is fd and 2 bytes)",
       Step::Payload, kOneByteSize},
      {"msb-bit-order", "bip37", "docs/protocol.md, \"Bits\"",
       "bits are numbered from the most significant end of each byte (bit x is 1 << (x % 8))",
       Step::Payload, kMsbFirst},
      // lesson 004: first the ways its Go filter departs from the Guava filter it says it follows
      {"guava-k-truncated", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "k is truncated as the lesson's Go filter does, with no floor (Guava rounds it to the "
       "nearest with Math.round, and at least 1)",
       Step::GuavaSize, kGuavaTruncatedK},
      {"guava-complemented", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "a negative combined hash is complemented, as the lesson's Go filter does (Guava's "
       "MURMUR128_MITZ_64 masks its sign bit: combined & Long.MAX_VALUE)",
       Step::GuavaIndex, kComplemented},
      {"guava-modulo-m", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "indexes are taken modulo m, as the lesson's Go filter does (Guava's array holds "
       "ceil(m / 64) whole words, and indexes are modulo all their bits)",
       Step::GuavaIndex, kModBits},
      {"guava-i-from-1", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "index i is hash1 + (i + 1) * hash2, counting from 1 as the lesson's loop does (Guava's "
       "first index is hash1's own)",
       Step::GuavaIndex, kFromOne},
      {"go-sprintf-bytes", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "the key reached the lesson's hashCode as a []byte, and fmt.Sprintf(\"%v\") of a []byte "
       "is its numbers in brackets (\"[100 111 103]\" for dog): the CRC-32 of that text is "
       "hashed, not of the key's bytes (pass string(bytes))",
       Step::Crc32, kSprintfBytes},
      {"go-32-bit-int", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "the lesson's code is run with a 32-bit int (Java's int, C's int32_t): the CRC becomes "
       "negative from 2^31, and hash1 + i * hash2 wraps (Go's int is 64-bit)",
       Step::GoIndex, kInt32},
      {"murmur128-signed-tail", "guava", "docs/protocol.md, \"MurmurHash3 x64_128 (HASH128)\"",
       "tail bytes above 0x7f are sign-extended, as Java's (long) data[i] reads a byte without "
       "& 0xff (read them as unsigned: data[i] & 0xffL)",
       Step::Murmur128, kSignedTail128},
      {"murmur128-no-final-sum", "guava", "docs/protocol.md, \"MurmurHash3 x64_128 (HASH128)\"",
       "the halves are not added once more after fmix64 (h1 += h2, then h2 += h1, after the "
       "finaliser as before it)",
       Step::Murmur128, kNoFinalSum},
      {"guava-m-rounded-up", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "m is rounded up (Guava's optimalNumOfBits truncates: (long) (-n * ln p / (ln 2 * ln 2)))",
       Step::GuavaSize, kGuavaRoundedUpM},
      {"guava-k-from-p", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "k is computed from p alone, max(1, round(-ln p / ln 2)), as later Guava's "
       "optimalNumOfHashFunctions(p) does (Guava 31.1, the protocol's, rounds m / n * ln 2 with "
       "the truncated m)",
       Step::GuavaSize, kKFromP},
      {"guava-mitz-32", "guava", "docs/protocol.md, \"Guava's filter (GUAVA)\"",
       "the indexes follow Guava's older MURMUR128_MITZ_32 strategy (two int halves of the first "
       "8 bytes, i from 1, complemented): BloomFilter.create uses MURMUR128_MITZ_64, 64-bit "
       "halves h1 and h2 with the sign bit masked",
       Step::GuavaIndex, kMitz32},
      {"writeto-little-endian", "guava", "docs/protocol.md, \"WRITETO\"",
       "the word count and the words are written little-endian (Java's DataOutputStream writes "
       "big-endian: the highest byte first)",
       Step::WriteTo, kLittleEndianNumbers},
      {"writeto-hashes-as-int", "guava", "docs/protocol.md, \"WRITETO\"",
       "the hash count is written as a 4-byte int (writeTo writes it as one byte)", Step::WriteTo,
       kHashesAsInt},
      {"crc32c", "guava", "docs/protocol.md, \"CRC-32 (CRC32)\"",
       "the CRC uses Castagnoli's polynomial (CRC-32C, Go's crc32.MakeTable(crc32.Castagnoli)); "
       "crc32.ChecksumIEEE is 0xedb88320",
       Step::Crc32, kCastagnoli},
      {"crc-no-final-xor", "guava", "docs/protocol.md, \"CRC-32 (CRC32)\"",
       "the CRC register is not complemented at the end (xor it with 0xffffffff)", Step::Crc32,
       kNoFinalXor},
      {"go-k-rounded", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "the lesson's k is rounded and kept at least 1, as Guava's is (the lesson's int() "
       "truncates, and gives 0 for n = 1 at p = 0.5)",
       Step::GoSize, kGoRoundedK},
      {"go-ln2-squared-product", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "m divides by ln 2 * ln 2 computed in doubles (0.4804530139182014); Go computes "
       "math.Ln2 * math.Ln2 exactly and rounds once, to 0.48045301391820144",
       Step::GoSize, kProductDivisor},
      {"go-i-from-0", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "the lesson's index i counts from 0, as Guava's does (the lesson's loop runs i = 1 .. k)",
       Step::GoIndex, kFromZero},
      {"go-modulo-words", "guava", "docs/protocol.md, \"The lesson's Go filter (GOLANG)\"",
       "the lesson's indexes are taken modulo its words' bits, as Guava's are (the lesson's are "
       "modulo bitSize itself)",
       Step::GoIndex, kModWords},
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
  for_each_function(f, [&](auto step, auto& function) {
    // .at(): a slip whose bit is above its table's size is a bug to hear of, not to read past
    const unsigned made_here = slips[static_cast<std::size_t>(decltype(step)::value)];
    if (made_here != 0) function = Variants<decltype(step)::value>::table.at(made_here);
  });
  return f;
}

}  // namespace bloom
