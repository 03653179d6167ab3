// A student's program in C++, written from the lessons and docs/protocol.md, that makes the
// lessons' known mistakes on request: `mistaken --mistake float-division [--mistake ...]`.
// Without --mistake it is right. Like tests/students/mistaken.py it shares no code with the
// reference; each mistake is written the way a student writing C++ would make it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

__extension__ typedef unsigned __int128 Big;  // room for products that are never truncated
constexpr Big kMask = 0xffffffffu;
std::set<std::string> mistakes;

bool made(const char* mistake) { return mistakes.count(mistake) != 0; }

Big cut(Big x) { return made("no-32-bit-truncation") ? x : x & kMask; }
Big rotl(Big x, int r) { return ((x << r) | (x >> (32 - r))) & kMask; }
Big mix_k(Big k) { return cut(rotl(cut(k * 0xcc9e2d51u), 15) * 0x1b873593u); }

std::uint32_t murmur(const std::string& data, Big seed) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(data[i])); };
  Big h = seed;
  const std::size_t blocks = data.size() / 4;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t i = 4 * b;
    const std::uint32_t k = made("big-endian-blocks")
                                ? byte(i) << 24 | byte(i + 1) << 16 | byte(i + 2) << 8 | byte(i + 3)
                                : byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16 | byte(i + 3) << 24;
    h = rotl(h ^ mix_k(k), 13);
    h = cut(h * 5 + 0xe6546b64u);
  }
  const std::size_t rest = data.size() % 4;
  if (rest != 0) {
    std::uint32_t k = 0;
    for (std::size_t j = 0; j < rest; ++j) {
      const std::size_t i = 4 * blocks + j;
      if (made("tail-byte-order")) {
        k = k << 8 | byte(i);
      } else if (made("tail-no-fallthrough")) {
        if (j + 1 == rest) k = byte(i) << (8 * j);  // switch cases that break instead of falling through
      } else if (made("signed-char")) {
        k ^= static_cast<std::uint32_t>(static_cast<int>(static_cast<signed char>(data[i]))) << (8 * j);
      } else {
        k |= byte(i) << (8 * j);
      }
    }
    h ^= mix_k(k);
    if (made("tail-as-block")) h = cut(rotl(h, 13) * 5 + 0xe6546b64u);
  }
  std::size_t length = data.size();
  if (made("character-count")) {
    length = 0;
    for (const char c : data) length += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
  }
  h ^= length;
  const int first = made("finaliser-swapped") ? 13 : 16;
  const int second = made("finaliser-swapped") ? 16 : 13;
  h ^= h >> first;
  h = cut(h * 0x85ebca6bu);
  h ^= h >> second;
  h = cut(h * 0xc2b2ae35u);
  h ^= h >> first;
  return static_cast<std::uint32_t>(h & kMask);
}

// Each UTF-16 code unit's low byte, as charCodeAt(i) & 0xff gives it in JavaScript: what
// murmurhash3js hashes for a string.
std::string utf16_low_bytes(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead < 0x80 ? 1 : lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1;
    std::uint32_t point = length == 1 ? lead : lead & (0x7fu >> length);
    for (std::size_t j = 1; j < length; ++j) {
      if (i + j >= text.size() || (static_cast<unsigned char>(text[i + j]) & 0xc0) != 0x80) {
        length = 1;  // not UTF-8: the byte stands for itself
        point = lead;
        break;
      }
      point = point << 6 | (static_cast<unsigned char>(text[i + j]) & 0x3fu);
    }
    if (point >= 0x10000) {  // a surrogate pair
      out += static_cast<char>((0xd800 + ((point - 0x10000) >> 10)) & 0xff);
      out += static_cast<char>((0xdc00 + ((point - 0x10000) & 0x3ff)) & 0xff);
    } else {
      out += static_cast<char>(point & 0xff);
    }
    i += length;
  }
  return out;
}

// The code points of UTF-8 text, a byte that starts no character standing for itself.
std::vector<std::uint32_t> characters(const std::string& text) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead < 0x80                   ? 1
                         : lead >= 0xf0 && lead < 0xf5 ? 4
                         : lead >= 0xe0                ? 3
                         : lead >= 0xc2                ? 2
                                                       : 1;
    std::uint32_t point = length == 1 ? lead : lead & (0x7fu >> length);
    for (std::size_t j = 1; j < length; ++j) {
      if (i + j >= text.size() || (static_cast<unsigned char>(text[i + j]) & 0xc0) != 0x80) {
        length = 1;
        point = lead;
        break;
      }
      point = point << 6 | (static_cast<unsigned char>(text[i + j]) & 0x3fu);
    }
    out.push_back(point);
    i += length;
  }
  return out;
}

std::string key_bytes(const std::string& key) {
  if (made("utf16-code-units")) return utf16_low_bytes(key);
  std::string out;
  if (made("utf16le-bytes")) {  // key.getBytes(UTF_16LE): each code unit, low byte first
    const auto unit = [&out](std::uint32_t u) {
      out += static_cast<char>(u & 0xff);
      out += static_cast<char>(u >> 8 & 0xff);
    };
    for (const std::uint32_t c : characters(key)) {
      if (c >= 0x10000) {
        unit(0xd800 + ((c - 0x10000) >> 10));
        unit(0xdc00 + ((c - 0x10000) & 0x3ff));
      } else {
        unit(c);
      }
    }
    return out;
  }
  if (made("code-point-units")) {  // a std::u32string's characters, each cut to a char
    for (const std::uint32_t c : characters(key)) out += static_cast<char>(c & 0xff);
    return out;
  }
  if (made("utf8-twice")) {  // each byte a Latin-1 character, then that text encoded as UTF-8
    for (const char c : key) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x80) {
        out += c;
      } else {
        out += static_cast<char>(0xc0 | byte >> 6);
        out += static_cast<char>(0x80 | (byte & 0x3f));
      }
    }
    return out;
  }
  return key;
}

std::string hash_text(std::uint32_t h) {
  char text[16];
  if (made("hash-bytes-reversed")) {
    std::snprintf(text, sizeof text, "%02x%02x%02x%02x", h & 0xff, h >> 8 & 0xff, h >> 16 & 0xff, h >> 24);
  } else if (made("signed-hash") && h >= 0x80000000u) {  // Python: format(signed, "08x")
    std::snprintf(text, sizeof text, "-%07x", 0x80000000u - (h - 0x80000000u));
  } else {
    std::snprintf(text, sizeof text, "%08x", h);
  }
  return text;
}

std::uint64_t fnv(const std::string& key) {
  const bool small = made("fnv-32-bit-constants");  // FNV-32's row of the table
  std::uint64_t h = small ? 0x811c9dc5u : 0xcbf29ce484222325u;
  const std::uint64_t prime = small ? 0x01000193u : 0x100000001b3u;
  std::vector<std::uint32_t> units;
  if (made("characters-hashed")) {  // decode UTF-8 into code points, as a wide string would hold
    for (std::size_t i = 0; i < key.size();) {
      const auto lead = static_cast<unsigned char>(key[i]);
      const std::size_t length = lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      std::uint32_t point = length == 1 ? lead : lead & (0xffu >> (length + 1));
      for (std::size_t j = 1; j < length && i + j < key.size(); ++j) {
        point = point << 6 | (static_cast<unsigned char>(key[i + j]) & 0x3fu);
      }
      units.push_back(point);
      i += length;
    }
  } else {
    for (const char c : key) units.push_back(static_cast<unsigned char>(c));
  }
  if (made("str-hash-terminator")) units.push_back(0xff);  // Rust's Hash for str
  if (made("fnv-1a-32")) {
    std::uint32_t h32 = 2166136261u;  // FNV-1a 32 in 32-bit arithmetic
    for (const std::uint32_t unit : units) h32 = made("fnv-1") ? (h32 * 16777619u) ^ unit : (h32 ^ unit) * 16777619u;
    return h32;
  }
  for (const std::uint32_t unit : units) h = made("fnv-1") ? (h * prime) ^ unit : (h ^ unit) * prime;
  return h;
}

// MurmurHash3 x64_128, the two 64-bit halves h1 and h2 (docs/protocol.md, "MurmurHash3 x64_128").
struct Hash128 {
  std::uint64_t h1 = 0, h2 = 0;
};

std::uint64_t rotl64(std::uint64_t x, int r) { return x << r | x >> (64 - r); }

std::uint64_t fmix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdu;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53u;
  x ^= x >> 33;
  return x;
}

Hash128 murmur128(const std::string& data, std::uint32_t seed) {
  const std::uint64_t c1 = 0x87c37b91114253d5u, c2 = 0x4cf5ad432745937fu;
  const auto byte = [&](std::size_t i) { return static_cast<std::uint64_t>(static_cast<unsigned char>(data[i])); };
  const auto word = [&](std::size_t at) {
    std::uint64_t w = 0;
    for (std::size_t j = 8; j-- > 0;) w = w << 8 | byte(at + j);
    return w;
  };
  std::uint64_t h1 = seed, h2 = seed;
  const std::size_t blocks = data.size() / 16;
  for (std::size_t b = 0; b < blocks; ++b) {
    std::uint64_t k1 = word(16 * b), k2 = word(16 * b + 8);
    k1 *= c1;
    k1 = rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
    h1 = rotl64(h1, 27);
    h1 += h2;
    h1 = h1 * 5 + 0x52dce729;
    k2 *= c2;
    k2 = rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
    h2 = rotl64(h2, 31);
    h2 += h1;
    h2 = h2 * 5 + 0x38495ab5;
  }
  const std::size_t rest = data.size() % 16;
  std::uint64_t k1 = 0, k2 = 0;
  for (std::size_t j = 0; j < rest; ++j) {
    const std::size_t i = 16 * blocks + j;
    // Java's (long) data[i]: a byte is signed, and widening it copies its sign bit
    const std::uint64_t b = made("murmur128-signed-tail")
                                ? static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(data[i])))
                                : byte(i);
    if (j < 8) {
      k1 ^= b << (8 * j);
    } else {
      k2 ^= b << (8 * (j - 8));
    }
  }
  if (rest > 8) {
    k2 *= c2;
    k2 = rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
  }
  if (rest > 0) {
    k1 *= c1;
    k1 = rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
  }
  h1 ^= data.size();
  h2 ^= data.size();
  h1 += h2;
  h2 += h1;
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  if (!made("murmur128-no-final-sum")) {
    h1 += h2;
    h2 += h1;
  }
  return {h1, h2};
}

std::uint32_t crc32(const std::string& key) {
  std::string data = key;
  if (made("go-sprintf-bytes")) {  // Go's fmt.Sprintf("%v", b) of a []byte: "[100 111 103]"
    data = "[";
    for (std::size_t i = 0; i < key.size(); ++i) {
      data += (i == 0 ? "" : " ") + std::to_string(static_cast<unsigned char>(key[i]));
    }
    data += "]";
  }
  const std::uint32_t polynomial = made("crc32c") ? 0x82f63b78u : 0xedb88320u;
  std::uint32_t c = 0xffffffffu;
  for (const char ch : data) {
    c ^= static_cast<unsigned char>(ch);
    for (int bit = 0; bit < 8; ++bit) c = (c >> 1) ^ ((c & 1) != 0 ? polynomial : 0u);
  }
  return made("crc-no-final-xor") ? c : c ^ 0xffffffffu;
}

// The set bits of a filter that may have billions: only the words with a bit set are kept.
struct SparseBits {
  std::map<std::uint64_t, std::uint64_t> words;
  void set(std::uint64_t x) { words[x / 64] |= std::uint64_t{1} << (x % 64); }
  bool get(std::uint64_t x) const {
    const auto at = words.find(x / 64);
    return at != words.end() && (at->second >> (x % 64) & 1) != 0;
  }
};

struct Classic {
  std::uint64_t m = 0, k = 0;
  std::set<std::uint64_t> bits;
  std::set<std::string> added;

  std::vector<std::uint64_t> positions(const std::string& key) const {
    const std::uint64_t h = fnv(key);
    std::uint64_t h1 = h & 0xffffffffu, h2 = h >> 32;
    if (made("halves-swapped")) std::swap(h1, h2);
    if (!made("step-not-odd")) h2 |= 1;
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < k; ++i) {
      const std::uint64_t sum = made("position-sum-32-bit") ? static_cast<std::uint32_t>(h1 + i * h2) : h1 + i * h2;
      out.push_back(sum % m);
    }
    return out;
  }
};

struct Bad : std::runtime_error {
  Bad() : std::runtime_error("bad") {}
};

std::uint64_t number(const std::string& text, std::uint64_t low, std::uint64_t high) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) throw Bad();
  const std::uint64_t value = std::stoull(text);
  if (value < low || value > high) throw Bad();
  return value;
}

std::uint32_t u32(const std::string& text) {
  if (std::regex_match(text, std::regex("0x[0-9a-fA-F]{1,8}"))) {
    return static_cast<std::uint32_t>(std::stoul(text.substr(2), nullptr, 16));
  }
  return static_cast<std::uint32_t>(number(text, 0, 0xffffffffu));
}

double probability(const std::string& text) {
  if (!std::regex_match(text, std::regex("([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?"))) throw Bad();
  const double p = std::strtod(text.c_str(), nullptr);
  if (!(p > 0 && p < 1)) throw Bad();
  return p;
}

// Bytes read as UTF-8 text and written back, as TextDecoder does it: each ill-formed part (the
// longest start of a sequence that Unicode's table 3-7 allows) becomes U+FFFD.
std::string as_text(const std::string& bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < bytes.size()) {
    const auto b = [&](std::size_t at) { return static_cast<unsigned char>(bytes[at]); };
    const unsigned char lead = b(i);
    std::size_t need = 0;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range
    if (lead < 0x80) {
      out += bytes[i++];
      continue;
    }
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) need = 2;
    else if (lead >= 0xf0 && lead <= 0xf4) need = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
    std::size_t seen = 1;
    while (need > 0 && seen <= need && i + seen < bytes.size()) {
      const unsigned char next = b(i + seen);
      const bool fits = seen == 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xbf;
      if (!fits) break;
      ++seen;
    }
    if (need > 0 && seen == need + 1) {
      out += bytes.substr(i, seen);
    } else {
      out += "\xef\xbf\xbd";
    }
    i += seen;
  }
  return out;
}

std::string element(const std::string& text) {
  if (!std::regex_match(text, std::regex("([0-9a-fA-F]{2})+"))) throw Bad();
  if (made("hex-text-hashed")) return text;
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    bytes += static_cast<char>(std::stoi(text.substr(i, 2), nullptr, 16));
  }
  return made("element-as-text") ? as_text(bytes) : bytes;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t space; (space = text.find(' ', start)) != std::string::npos; start = space + 1) {
    parts.push_back(text.substr(start, space - start));
  }
  parts.push_back(text.substr(start));
  return parts;
}

// Guava's BloomFilter.create(funnel, n, p), MURMUR128_MITZ_64.
struct Guava {
  std::uint64_t m = 0, words = 0, k = 0;
  SparseBits bits;

  Guava(std::uint64_t n, double p) {
    if (n == 0) n = 1;  // as BloomFilter.create does
    const double ln2 = std::log(2.0);
    const double exact = -static_cast<double>(n) * std::log(p) / (ln2 * ln2);
    m = static_cast<std::uint64_t>(made("guava-m-rounded-up") ? std::ceil(exact) : std::trunc(exact));
    if (m == 0) throw Bad();  // Guava: "data length is zero"
    // newer Guava sizes k from p alone: optimalNumOfHashFunctions(p) = round(-ln p / ln 2)
    const double per_key = made("guava-k-from-p") ? -std::log(p) / ln2 : static_cast<double>(m) / static_cast<double>(n) * ln2;
    k = static_cast<std::uint64_t>(made("guava-k-truncated") ? std::trunc(per_key) : std::max(1.0, std::round(per_key)));
    if (k > 255) throw Bad();
    words = (m + 63) / 64;
    if (words > 2147483647) throw Bad();
  }
  std::vector<std::uint64_t> indexes(const std::string& key) const {
    const Hash128 hash = murmur128(key, 0);
    const std::uint64_t size = made("guava-modulo-m") ? m : words * 64;
    std::vector<std::uint64_t> out;
    if (made("guava-mitz-32")) {  // the older strategy: two ints from the first 8 bytes
      const auto hash1 = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash.h1));
      const auto hash2 = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash.h1 >> 32));
      for (std::uint64_t i = 1; i <= k; ++i) {
        auto combined = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash1) +
                                                  static_cast<std::uint32_t>(i) * static_cast<std::uint32_t>(hash2));
        if (combined < 0) combined = ~combined;
        out.push_back(static_cast<std::uint64_t>(combined) % size);
      }
      return out;
    }
    for (std::uint64_t i = 0; i < k; ++i) {
      const std::uint64_t step = made("guava-i-from-1") ? i + 1 : i;
      std::uint64_t combined = hash.h1 + step * hash.h2;
      if (made("guava-complemented")) {
        if (static_cast<std::int64_t>(combined) < 0) combined = ~combined;
      } else {
        combined &= 0x7fffffffffffffffu;
      }
      out.push_back(combined % size);
    }
    return out;
  }
};

// The lesson's Go filter (section 4.3), with Go's 64-bit int.
struct Golang {
  std::uint64_t m = 0, k = 0;
  SparseBits bits;

  Golang(std::uint64_t n, double p) {
    const double divisor = made("go-ln2-squared-product") ? std::log(2.0) * std::log(2.0) : 0.48045301391820144;
    m = static_cast<std::uint64_t>(std::trunc(-(static_cast<double>(n) * std::log(p)) / divisor));
    const double per_key = static_cast<double>(m) * 0.6931471805599453 / static_cast<double>(n);
    k = static_cast<std::uint64_t>(made("go-k-rounded") ? std::max(1.0, std::floor(per_key + 0.5)) : std::trunc(per_key));
  }
  std::vector<std::uint64_t> indexes(const std::string& key) const {
    std::vector<std::uint64_t> out;
    const std::uint64_t size = made("go-modulo-words") ? (m + 64 - 1) / 64 * 64 : m;
    if (k > 0 && size == 0) throw Bad();  // Go: integer divide by zero
    const std::uint64_t first = made("go-i-from-0") ? 0 : 1;
    if (made("go-32-bit-int")) {  // the same code where int is an int32
      auto v = static_cast<std::int32_t>(crc32(key));
      if (v < 0) v = static_cast<std::int32_t>(0u - static_cast<std::uint32_t>(v));
      const std::int32_t hash1 = v, hash2 = v >> 16;
      for (std::uint64_t i = first; i < first + k; ++i) {
        auto combined = static_cast<std::int32_t>(static_cast<std::uint32_t>(hash1) +
                                                  static_cast<std::uint32_t>(i) * static_cast<std::uint32_t>(hash2));
        if (combined < 0) combined = ~combined;
        out.push_back(static_cast<std::uint64_t>(combined) % size);
      }
      return out;
    }
    const std::int64_t hash1 = crc32(key), hash2 = hash1 >> 16;
    for (std::uint64_t i = first; i < first + k; ++i) {
      std::int64_t combined = hash1 + static_cast<std::int64_t>(i) * hash2;
      if (combined < 0) combined = ~combined;
      out.push_back(static_cast<std::uint64_t>(combined) % size);
    }
    return out;
  }
};

struct Filter {
  std::vector<std::uint8_t> data;
  std::uint64_t hashes = 0;
  std::uint32_t tweak = 0;
  std::uint32_t flags = 0;

  Filter(std::uint64_t n, double p, std::uint32_t t, std::uint32_t f) : tweak(t), flags(f) {
    double bits = std::trunc(-1 / 0.4804530139182014 * static_cast<double>(n) * std::log(p));
    if (made("cap-in-bits")) {
      bits = std::min(bits, 36000.0);
    } else if (!made("no-byte-cap")) {
      bits = std::min(bits, 288000.0);
    }
    bits = std::min(bits, 4294967295.0);
    data.assign(static_cast<std::size_t>(bits) / 8, 0);
    const std::uint64_t bit_count = data.size() * 8;
    const double per_element = made("float-division") ? static_cast<double>(bit_count) / static_cast<double>(n)
                                                      : static_cast<double>(bit_count / n);
    hashes = static_cast<std::uint64_t>(std::trunc(per_element * 0.6931471805599453));
    if (!made("no-hash-cap")) hashes = std::min<std::uint64_t>(hashes, 50);
  }
  std::uint64_t index(const std::string& key, std::uint64_t i) const {
    Big seed = Big{i} * 0xfba4c795u + tweak;
    if (made("seed-sum-not-wrapped")) {
      seed = ((Big{i} * 0xfba4c795u) & kMask) + tweak;
    } else if (!made("seed-not-wrapped")) {
      seed &= kMask;
    }
    const std::uint64_t size = made("byte-modulus") ? data.size() : data.size() * 8;
    const std::uint32_t h = murmur(key, seed);
    if (made("signed-bit-index")) {  // Python's mmh3.hash() is signed, and its % floors
      const std::int64_t s = static_cast<std::int32_t>(h), n = static_cast<std::int64_t>(size);
      return static_cast<std::uint64_t>((s % n + n) % n);
    }
    if (made("abs-bit-index")) {  // Java: Math.abs(h) % bits, h an int; Math.abs(MIN_VALUE) < 0
      const std::int32_t s = static_cast<std::int32_t>(h);
      const std::int64_t a = s == INT32_MIN ? s : std::llabs(s);
      return static_cast<std::uint64_t>(a % static_cast<std::int64_t>(size));
    }
    return h % size;
  }
  std::uint8_t mask(std::uint64_t bit) const {
    return static_cast<std::uint8_t>(made("msb-bit-order") ? 0x80 >> (bit & 7) : 1 << (bit & 7));
  }
};

void put_u32(std::string& out, std::uint64_t value, bool big) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>(value >> (big ? 24 - 8 * i : 8 * i));
}

// The current filter: the last one INIT, GUAVA or GOLANG made.
struct Filters {
  enum class Kind { none, bip37, guava, golang } current = Kind::none;
  std::optional<Filter> bip37;
  std::optional<Guava> guava;
  std::optional<Golang> golang;
};

std::string hex_of(const std::string& bytes) {
  std::string text;
  char hex[4];
  for (const char c : bytes) {
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(c));
    text += hex;
  }
  return text;
}

// Java's DataOutputStream writes big-endian, the highest byte first.
void put_int(std::string& out, std::uint64_t value, int size) {
  const bool big = !made("writeto-little-endian");
  for (int i = 0; i < size; ++i) out += static_cast<char>(value >> (big ? 8 * (size - 1 - i) : 8 * i));
}

std::string answer(const std::string& line, Filters& filters, std::optional<Classic>& classic) {
  using Kind = Filters::Kind;
  std::optional<Filter>& filter = filters.bip37;
  const std::size_t space = line.find(' ');
  const std::string name = line.substr(0, space);
  const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
  char hex[24];
  if (name == "FNV") {
    const std::uint64_t h = fnv(rest);
    if (made("fnv-bytes-reversed")) {  // BitConverter.ToString(BitConverter.GetBytes(h)) in C#
      std::string out;
      for (int i = 0; i < 8; ++i) {
        std::snprintf(hex, sizeof hex, "%02llx", static_cast<unsigned long long>(h >> (8 * i) & 0xff));
        out += hex;
      }
      return out;
    }
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
  }
  if ((name == "ADD" || name == "CHECK" || name == "VERIFY") && classic) {
    const std::vector<std::uint64_t> where = classic->positions(rest);
    if (name == "ADD") {
      classic->bits.insert(where.begin(), where.end());
      classic->added.insert(rest);
      return "ok";
    }
    bool maybe = true;
    for (const std::uint64_t x : where) maybe = maybe && classic->bits.count(x) != 0;
    if (name == "VERIFY") return classic->added.count(rest) != 0 ? "member" : maybe ? "false positive" : "no";
    std::string out = rest + std::string(rest.size() < 10 ? 10 - rest.size() : 0, ' ') +
                      (maybe ? " maybe [" : " no    [");
    for (std::size_t i = 0; i < where.size(); ++i) out += (i ? ", " : "") + std::to_string(where[i]);
    return out + "]";
  }
  if (name == "HASH") {
    const std::size_t end = rest.find(' ');
    return hash_text(murmur(key_bytes(end == std::string::npos ? "" : rest.substr(end + 1)), u32(rest.substr(0, end))));
  }
  if (name == "HASH128") {
    const std::size_t end = rest.find(' ');
    const Hash128 h = murmur128(end == std::string::npos ? "" : rest.substr(end + 1), u32(rest.substr(0, end)));
    std::string bytes;
    for (int i = 0; i < 16; ++i) bytes += static_cast<char>((i < 8 ? h.h1 : h.h2) >> (8 * (i % 8)));
    return hex_of(bytes);
  }
  if (name == "CRC32") {  // crc32.ChecksumIEEE's number, printed plainly
    char text[16];
    std::snprintf(text, sizeof text, "%08x", crc32(rest));
    return text;
  }
  if (name == "POSITIONS") {
    const std::size_t a = rest.find(' ');
    const std::size_t b = a == std::string::npos ? a : rest.find(' ', a + 1);
    if (b == std::string::npos) throw Bad();
    const std::uint64_t m = number(rest.substr(0, a), 1, 0xffffffffu);
    const std::uint64_t k = number(rest.substr(a + 1, b - a - 1), 1, 50);
    const std::string key = key_bytes(rest.substr(b + 1));
    const std::uint64_t ha = murmur(key, 0), hb = murmur(key, 0x9747b28c);
    std::string out;
    for (std::uint64_t i = 0; i < k; ++i) {
      // Python with mmh3's signed hashes, whose % floors; or int32_t hashes in C++, whose %
      // truncates, into the starter's std::uint32_t position
      if (made("signed-hashes-in-positions") || made("negative-positions")) {
        const std::int64_t sa = static_cast<std::int32_t>(ha), sb = static_cast<std::int32_t>(hb);
        std::int64_t sum = sa + static_cast<std::int64_t>(i) * sb;
        if (made("all-32-bit")) sum = static_cast<std::int32_t>(static_cast<std::uint32_t>(sum));
        if (made("32-bit-product")) {
          sum = sa + static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::int64_t>(i) * sb));
        }
        const auto mm = static_cast<std::int64_t>(m);
        const std::uint32_t position = made("negative-positions")
                                           ? static_cast<std::uint32_t>(sum % mm)
                                           : static_cast<std::uint32_t>(((sum % mm) + mm) % mm);
        // the starters' given code (double_hash_positions) refuses a position not below m
        if (position >= m) return "error: position " + std::to_string(position) + " is not below m";
        out += (i ? " " : "") + std::to_string(position);
        continue;
      }
      std::uint64_t sum = ha + i * hb;
      if (made("all-32-bit")) sum = static_cast<std::uint32_t>(ha + static_cast<std::uint32_t>(i * hb));
      if (made("32-bit-product")) sum = ha + static_cast<std::uint32_t>(i * hb);
      out += (i ? " " : "") + std::to_string(sum % m);
    }
    return out;
  }
  const std::vector<std::string> args = rest.empty() ? std::vector<std::string>{} : split(rest);
  if (name == "SIZE" && args.size() == 2) {
    const double n = static_cast<double>(number(args[0], 1, 0xffffffffu));
    const double p = probability(args[1]);
    const double log = made("log-base-10") ? std::log10(p) : std::log(p);
    const double divisor = made("ln2-not-squared") ? 0.6931471805599453 : 0.4804530139182014;
    const auto answer = [](double m, double k) {
      return "bits=" + std::to_string(static_cast<std::uint64_t>(m)) + " hashes=" +
             std::to_string(static_cast<std::uint64_t>(k));
    };
    if (made("bip37-sizing")) {  // INIT's formula where SIZE's is due
      const auto bytes = static_cast<std::uint64_t>(std::min(std::trunc(-1 / divisor * n * log), 288000.0)) / 8;
      const std::uint64_t per_key = bytes * 8 / static_cast<std::uint64_t>(n);
      return answer(static_cast<double>(bytes * 8), std::min(std::trunc(static_cast<double>(per_key) * 0.6931471805599453), 50.0));
    }
    const double exact = -n * log / divisor;
    const double m = made("m-truncated") ? std::trunc(exact) : std::max(1.0, std::ceil(exact));
    const double ratio = made("m-over-n-integer") ? std::floor(m / n) : m / n;
    const double per_key = ratio * 0.6931471805599453;
    double k = made("k-truncated") ? std::trunc(per_key) : made("k-rounded-up") ? std::ceil(per_key) : std::round(per_key);
    if (!made("k-no-lower-bound")) k = std::max(1.0, k);
    return answer(m, k);
  }
  if (name == "BLOOM" && args.size() == 2) {
    Classic fresh;
    fresh.m = number(args[0], 1, 100000000);
    fresh.k = number(args[1], 1, 50);
    classic = fresh;
    return "ok";
  }
  if (name == "BITS" && args.empty() && classic) {
    return "bits set: " + std::to_string(classic->bits.size()) + " of " + std::to_string(classic->m);
  }
  if (name == "INIT" && args.size() >= 2 && args.size() <= 4) {
    const std::uint32_t tweak = args.size() > 2 ? u32(args[2]) : 0;
    const auto flags = static_cast<std::uint32_t>(args.size() > 3 ? number(args[3], 0, 255) : 0);
    filter.emplace(number(args[0], 1, 0xffffffffu), probability(args[1]), tweak, flags);
    filters.current = Kind::bip37;
    return "bytes=" + std::to_string(filter->data.size()) + " hashes=" + std::to_string(filter->hashes);
  }
  if (name == "GUAVA" && args.size() == 2) {
    const Guava made_now(number(args[0], 0, 0xffffffffu), probability(args[1]));
    filters.guava = made_now;
    filters.current = Kind::guava;
    return "bits=" + std::to_string(made_now.m) + " words=" + std::to_string(made_now.words) +
           " hashes=" + std::to_string(made_now.k);
  }
  if (name == "GOLANG" && args.size() == 2) {
    const Golang made_now(number(args[0], 1, 0xffffffffu), probability(args[1]));
    filters.golang = made_now;
    filters.current = Kind::golang;
    return "bits=" + std::to_string(made_now.m) + " hashes=" + std::to_string(made_now.k);
  }
  if ((name == "INSERT" || name == "CONTAINS" || name == "INDEXES") && args.size() == 1 &&
      (filters.current == Kind::guava || filters.current == Kind::golang)) {
    const std::string key = element(args[0]);
    const bool guava = filters.current == Kind::guava;
    SparseBits& bits = guava ? filters.guava->bits : filters.golang->bits;
    const std::vector<std::uint64_t> where = guava ? filters.guava->indexes(key) : filters.golang->indexes(key);
    if (name == "INDEXES") {
      std::string out;
      for (std::size_t i = 0; i < where.size(); ++i) out += (i ? " " : "") + std::to_string(where[i]);
      return out.empty() ? "none" : out;
    }
    if (name == "INSERT") {
      for (const std::uint64_t x : where) bits.set(x);
      return "ok";
    }
    bool all = true;
    for (const std::uint64_t x : where) all = all && bits.get(x);
    return all ? "maybe" : "no";
  }
  if (name == "WRITETO" && args.empty() && filters.current == Kind::guava) {
    const Guava& g = *filters.guava;
    if (g.words > 65536) throw Bad();
    std::string out(1, '\x01');  // the strategy, MURMUR128_MITZ_64
    if (made("writeto-hashes-as-int")) {
      put_int(out, g.k, 4);
    } else {
      out += static_cast<char>(g.k);
    }
    put_int(out, g.words, 4);
    for (std::uint64_t w = 0; w < g.words; ++w) {
      const auto at = g.bits.words.find(w);
      put_int(out, at == g.bits.words.end() ? 0 : at->second, 8);
    }
    return hex_of(out);
  }
  if ((name == "INSERT" || name == "CONTAINS" || name == "INDEXES") && args.size() == 1 && filters.current == Kind::bip37) {
    const std::string key = element(args[0]);
    Filter& f = *filter;
    if (name == "INDEXES") {
      std::string out;
      for (std::uint64_t i = 0; i < f.hashes; ++i) out += (i ? " " : "") + std::to_string(f.index(key, i));
      return out.empty() ? "none" : out;
    }
    if (f.data.empty()) return name == "INSERT" ? "ok" : "maybe";
    bool all = true;
    for (std::uint64_t i = 0; i < f.hashes; ++i) {
      const std::uint64_t bit = f.index(key, i);
      if (name == "INSERT") f.data[bit >> 3] = static_cast<std::uint8_t>(f.data[bit >> 3] | f.mask(bit));
      all = all && (f.data[bit >> 3] & f.mask(bit)) != 0;
    }
    return name == "INSERT" ? "ok" : all ? "maybe" : "no";
  }
  if (name == "FILTERLOAD" && args.empty() && filters.current == Kind::bip37) {
    const bool big = made("big-endian-fields");
    const std::size_t n = filter->data.size();
    std::string out;
    if (n < 253 || made("compact-size-one-byte")) {
      out += static_cast<char>(n & 0xff);
    } else {
      out += static_cast<char>(0xfd);
      out += static_cast<char>(big ? n >> 8 : n & 0xff);
      out += static_cast<char>(big ? n & 0xff : n >> 8);
    }
    out.append(filter->data.begin(), filter->data.end());
    put_u32(out, filter->hashes, big);
    put_u32(out, filter->tweak, big);
    out += static_cast<char>(filter->flags);
    std::string text;
    for (const char c : out) {
      std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(c));
      text += hex;
    }
    return text;
  }
  throw Bad();
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--mistake") mistakes.insert(argv[i + 1]);
  }
  const std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  Filters filters;
  std::optional<Classic> classic;
  std::size_t start = 0;
  while (start < input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    std::string line = input.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    try {
      std::cout << answer(line, filters, classic) << "\n";
    } catch (const std::exception&) {
      std::cout << "error: cannot do that\n";
    }
  }
  return 0;
}
