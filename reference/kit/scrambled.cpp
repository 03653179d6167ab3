#include "scrambled.hpp"

#include <algorithm>
#include <string>

#include "murmur3.hpp"

namespace bloom {

namespace {

std::uint64_t g_seed = 0;  // the one scramble of this process (functions_scrambled)

// SplitMix64's finaliser (Steele, Lea and Flood, 2014): every input bit moves every output
// bit, so the scrambled answer is unrelated to the right one.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return mix(mix(a ^ g_seed) ^ b); }

std::uint64_t mix_bytes(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = mix(bytes.size() ^ g_seed);
  for (const std::uint8_t byte : bytes) h = mix(h, byte);
  return h;
}

std::uint32_t murmur(std::span<const std::uint8_t> key, std::uint32_t seed) {
  return static_cast<std::uint32_t>(mix(mix_bytes(key), seed));
}

std::uint32_t position(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i, std::uint32_t m) {
  return static_cast<std::uint32_t>(mix(mix(h_a, h_b), i) % m);
}

FilterSize filter_size(std::uint32_t n, double p) {
  const FilterSize right = bip37_filter_size(n, p);
  const std::uint64_t r = mix(mix(n, right.bytes), right.hashes);
  return {static_cast<std::uint32_t>(r % (kMaxFilterBytes + 1)),
          static_cast<std::uint32_t>((r >> 32) % (kMaxHashFuncs + 1))};
}

std::uint32_t bit_index(std::span<const std::uint8_t> element, std::uint32_t hash_index,
                        std::uint32_t tweak, std::uint32_t bit_count) {
  return static_cast<std::uint32_t>(mix(mix(mix_bytes(element), hash_index), tweak) % bit_count);
}

std::vector<std::uint8_t> payload(const Bip37Filter& filter) {
  std::vector<std::uint8_t> bytes = filterload_payload(filter);
  const std::uint64_t r = mix_bytes(bytes);
  bytes[r % bytes.size()] ^= static_cast<std::uint8_t>(1 + (r >> 32) % 255);  // never 0: changed
  return bytes;
}

std::optional<HexError> decode(std::string_view text, std::vector<std::uint8_t>& bytes) {
  if (std::optional<HexError> error = decode_hex(text, bytes)) return error;
  const std::uint64_t r = mix_bytes(bytes);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] ^= static_cast<std::uint8_t>(mix(r, i));
  return std::nullopt;
}

std::uint64_t fnv(std::span<const std::uint8_t> key) { return mix_bytes(key); }

ClassicSize classic_size(std::uint32_t n, double p) {
  const ClassicSize right = classic_filter_size(n, p);
  const std::uint64_t r = mix(mix(n, right.bits), right.hashes);
  return {1 + r % (2 * right.bits), static_cast<std::uint32_t>(1 + (r >> 32) % kMaxClassicHashes)};
}

std::uint32_t classic(std::uint64_t hash, std::uint32_t i, std::uint32_t m) {
  return static_cast<std::uint32_t>(mix(hash, i) % m);
}

Hash128 murmur128(std::span<const std::uint8_t> key, std::uint32_t seed) {
  const std::uint64_t h = mix(mix_bytes(key), seed);
  return {h, mix(h)};
}

GuavaSize guava_size(std::uint32_t n, double p) {
  const GuavaSize right = guava_filter_size(n, p);
  const std::uint64_t r = mix(mix(n, right.bits), right.hashes);
  // 2 * bits + 1: Guava refuses 0 bits, and a rate near 1 sizes the right filter so
  return {1 + r % (2 * right.bits + 1),
          static_cast<std::uint32_t>(1 + (r >> 32) % kMaxGuavaHashes)};
}

std::uint64_t guava_index_of(Hash128 hash, std::uint32_t i, std::uint64_t bits) {
  return mix(mix(hash.h1, hash.h2), i) % (whole_words(bits) * 64);
}

std::vector<std::uint8_t> write_to(std::uint32_t hashes, std::span<const std::uint64_t> words) {
  std::vector<std::uint8_t> bytes = guava_write_to(hashes, words);
  const std::uint64_t r = mix_bytes(bytes);
  bytes[r % bytes.size()] ^= static_cast<std::uint8_t>(1 + (r >> 32) % 255);  // never 0: changed
  return bytes;
}

std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
  return static_cast<std::uint32_t>(mix_bytes(bytes));
}

GoSize go_size(std::uint32_t n, double p) {
  const GoSize right = go_filter_size(n, p);
  const std::uint64_t r = mix(mix(n, right.bits), right.hashes);
  return {1 + r % (2 * right.bits + 1), static_cast<std::uint32_t>((r >> 32) % (right.hashes + 2))};
}

std::uint64_t go_index_of(std::uint32_t crc, std::uint32_t i, std::uint64_t bits) {
  return mix(crc, i) % bits;
}

// Each step's scrambled function (functions.hpp's table). A step that computes and has none
// does not build: a new function of the table gets its random stand-in here.
template <Step>
struct Scrambled;
#define BLOOM_SCRAMBLED(step, random)        \
  template <>                                \
  struct Scrambled<Step::step> {             \
    static constexpr auto function = random; \
  };
BLOOM_SCRAMBLED(Murmur, murmur)
BLOOM_SCRAMBLED(Position, position)
BLOOM_SCRAMBLED(FilterSize, filter_size)
BLOOM_SCRAMBLED(BitIndex, bit_index)
BLOOM_SCRAMBLED(Payload, payload)
BLOOM_SCRAMBLED(Decode, decode)
BLOOM_SCRAMBLED(Fnv, fnv)
BLOOM_SCRAMBLED(ClassicSize, classic_size)
BLOOM_SCRAMBLED(ClassicPosition, classic)
BLOOM_SCRAMBLED(Murmur128, murmur128)
BLOOM_SCRAMBLED(GuavaSize, guava_size)
BLOOM_SCRAMBLED(GuavaIndex, guava_index_of)
BLOOM_SCRAMBLED(WriteTo, write_to)
BLOOM_SCRAMBLED(Crc32, crc32)
BLOOM_SCRAMBLED(GoSize, go_size)
BLOOM_SCRAMBLED(GoIndex, go_index_of)
#undef BLOOM_SCRAMBLED

}  // namespace

const std::vector<std::string_view>& scrambled_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> computing;
    for (const FunctionRow& row : kFunctionTable) {
      if (row.role == Role::Computes) computing.push_back(row.name);
    }
    return computing;
  }();
  return names;
}

std::optional<Functions> functions_scrambled(std::string_view name, std::uint64_t seed) {
  g_seed = mix(seed);
  Functions f = reference_functions();
  bool found = false;
  for_each_function(f, [&](auto step, auto& function) {
    if constexpr (row_of(decltype(step)::value).role == Role::Computes) {
      if (row_of(step).name == name) {
        function = Scrambled<decltype(step)::value>::function;
        found = true;
      }
    }
  });
  if (!found) return std::nullopt;
  return f;
}

}  // namespace bloom
