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

}  // namespace

const std::vector<std::string_view>& scrambled_names() {
  static const std::vector<std::string_view> names = {
      "murmur3_32", "double_hash_position", "bip37_filter_size", "bip37_bit_index",
      "filterload_payload", "decode_element", "fnv1a_64", "classic_filter_size",
      "classic_position"};
  return names;
}

std::optional<Functions> functions_scrambled(std::string_view name, std::uint64_t seed) {
  g_seed = mix(seed);
  Functions f = reference_functions();
  if (name == "murmur3_32") {
    f.murmur3_32 = murmur;
  } else if (name == "double_hash_position") {
    f.double_hash_position = position;
  } else if (name == "bip37_filter_size") {
    f.bip37_filter_size = filter_size;
  } else if (name == "bip37_bit_index") {
    f.bip37_bit_index = bit_index;
  } else if (name == "filterload_payload") {
    f.filterload_payload = payload;
  } else if (name == "decode_element") {
    f.decode_element = decode;
  } else if (name == "fnv1a_64") {
    f.fnv1a_64 = fnv;
  } else if (name == "classic_filter_size") {
    f.classic_filter_size = classic_size;
  } else if (name == "classic_position") {
    f.classic_position = classic;
  } else {
    return std::nullopt;
  }
  return f;
}

}  // namespace bloom
