#include "bip37.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hex.hpp"

namespace {

std::vector<std::uint8_t> bytes_of(std::string_view hex) {
  std::vector<std::uint8_t> bytes;
  REQUIRE_FALSE(bloom::decode_hex(hex, bytes));
  return bytes;
}

std::string payload_hex(const bloom::Bip37Filter& filter) {
  std::string hex;
  bloom::append_hex(bloom::filterload_payload(filter), hex);
  return hex;
}

std::vector<std::uint32_t> indexes_of(const bloom::Bip37Filter& filter,
                                      std::span<const std::uint8_t> element) {
  return filter.indexes(element);
}

// The three elements of Bitcoin Core's bloom_create_insert_serialize tests, inserted and checked
// as that test does, with its one-bit-different element that must not match.
void insert_bitcoin_core_elements(bloom::Bip37Filter& filter) {
  filter.insert(bytes_of("99108ad8ed9bb6274d3980bab5a85c048f0950c8"));
  CHECK(filter.contains(bytes_of("99108ad8ed9bb6274d3980bab5a85c048f0950c8")));
  // one bit different in the first byte
  CHECK_FALSE(filter.contains(bytes_of("19108ad8ed9bb6274d3980bab5a85c048f0950c8")));
  filter.insert(bytes_of("b5a2c786d9ef4658287ced5914b37a1b4aa32eee"));
  CHECK(filter.contains(bytes_of("b5a2c786d9ef4658287ced5914b37a1b4aa32eee")));
  filter.insert(bytes_of("b9300670b4c5366e95b2699e8b18bc75e5f729c5"));
  CHECK(filter.contains(bytes_of("b9300670b4c5366e95b2699e8b18bc75e5f729c5")));
}

void check_size(std::uint32_t n, double p, std::uint32_t bytes, std::uint32_t hashes) {
  CAPTURE(n);
  CAPTURE(p);
  const bloom::FilterSize size = bloom::bip37_filter_size(n, p);
  CHECK(size.bytes == bytes);
  CHECK(size.hashes == hashes);
}

}  // namespace

TEST_CASE("the lesson's worked example, step by step") {
  // Lesson 000, "Worked example": n = 8, p = 0.05, tweak = 7, flags = 0.
  check_size(8, 0.05, 6, 4);
  bloom::Bip37Filter filter(8, 0.05, 7, 0);
  const auto ab = bytes_of("ab");
  const auto cafe = bytes_of("cafe");
  CHECK(bloom::bip37_bit_index(ab, 0, 7, 48) == 31);
  CHECK(indexes_of(filter, ab) == std::vector<std::uint32_t>{31, 5, 13, 34});
  CHECK(indexes_of(filter, cafe) == std::vector<std::uint32_t>{20, 38, 46, 26});
  CHECK_FALSE(filter.contains(ab));
  filter.insert(ab);
  filter.insert(cafe);
  CHECK(filter.contains(ab));
  CHECK(filter.data().size() == 6);
  CHECK(payload_hex(filter) == "06202010844440040000000700000000");
}

TEST_CASE("9 elements at 1% gives 5 hashes, not 6") {
  // Lesson 000, "Common mistakes": bytes * 8 / n is an integer division (80 / 9 = 8, and
  // 8 * LN2 = 5.5); a floating-point division gives 8.9 * LN2 = 6.2.
  check_size(9, 0.01, 10, 5);
}

TEST_CASE("Bitcoin Core's bloom_create_insert_serialize") {
  // Bitcoin Core, src/test/bloom_tests.cpp: CBloomFilter(3, 0.01, 0, BLOOM_UPDATE_ALL).
  bloom::Bip37Filter filter(3, 0.01, 0, 1);
  insert_bitcoin_core_elements(filter);
  CHECK(payload_hex(filter) == "03614e9b050000000000000001");
}

TEST_CASE("Bitcoin Core's bloom_create_insert_serialize_with_tweak") {
  // The same elements with nTweak = 2147483649: a tweak at or above 2^31.
  bloom::Bip37Filter filter(3, 0.01, 2147483649U, 1);
  insert_bitcoin_core_elements(filter);
  CHECK(payload_hex(filter) == "03ce4299050000000100008001");
}

TEST_CASE("Bitcoin Core's bloom_create_insert_key") {
  // CBloomFilter(2, 0.001, 0, BLOOM_UPDATE_ALL) with the uncompressed public key of
  // 5Kg1gnAjaLfKiwhhPpGS3QfRg2m6awQvaj98JCZBZQ5SuS2F15C and its HASH160, as python-bitcoinlib's
  // test_bloom.py and bitcore's filter tests spell them out in hex.
  bloom::Bip37Filter filter(2, 0.001, 0, 1);
  const auto pubkey = bytes_of(
      "045b81f0017e2091e2edcd5eecf10d5bdd120a5514cb3ee65b8447ec18bfc4575c6d5bf415e54e03b10679"
      "34a0f0ba76b01c6b9ab227142ee1d543764b69d901e0");
  const auto pubkey_hash = bytes_of("477abbacd4113f2e6b100526222eedd953c26a64");
  filter.insert(pubkey);
  filter.insert(pubkey_hash);
  CHECK(filter.contains(pubkey));
  CHECK(filter.contains(pubkey_hash));
  CHECK(payload_hex(filter) == "038fc16b080000000000000001");
}

TEST_CASE("the filter is capped at 36000 bytes and 50 hash functions") {
  check_size(100000, 0.0001, 36000, 1);  // 1.9 million ideal bits, capped at 288000
  check_size(1, 1e-20, 11, 50);          // 88 bits for one element would give 60 hashes
}

TEST_CASE("a huge n leaves 0 hash functions: nothing is set and everything may be in") {
  check_size(4294967295, 0.5, 36000, 0);
  bloom::Bip37Filter filter(4294967295, 0.5, 0, 0);
  filter.insert(bytes_of("ab"));
  CHECK(filter.indexes(bytes_of("ab")).empty());
  CHECK(filter.contains(bytes_of("cd")));
  const std::string payload = payload_hex(filter);
  CHECK(payload.substr(0, 6) == "fda08c");  // 36000 = 0x8ca0, little-endian after fd
  CHECK(payload.substr(6, 72000) == std::string(72000, '0'));
  CHECK(payload.substr(72006) == "000000000000000000");
}

TEST_CASE("a 0-byte filter ignores inserts and answers maybe, as since CVE-2013-5700") {
  check_size(10, 0.9, 0, 0);
  bloom::Bip37Filter filter(10, 0.9, 0, 0);
  filter.insert(bytes_of("ab"));
  CHECK(filter.contains(bytes_of("ab")));
  CHECK(filter.contains(bytes_of("cd")));
  CHECK(payload_hex(filter) == "00000000000000000000");
}

TEST_CASE("the byte count is one compact-size byte up to 252 and fd plus u16 from 253") {
  check_size(183, 0.005, 252, 7);
  check_size(141, 0.001, 253, 9);
  CHECK(payload_hex(bloom::Bip37Filter(183, 0.005, 0, 0)).substr(0, 2) == "fc");
  const std::string hex253 = payload_hex(bloom::Bip37Filter(141, 0.001, 0, 0));
  CHECK(hex253.substr(0, 6) == "fdfd00");
  CHECK(hex253.size() == 2 * (3 + 253 + 4 + 4 + 1));
}

TEST_CASE("hashes, tweak and flags are written little-endian after the filter bytes") {
  bloom::Bip37Filter filter(10, 0.9, 0x01020304, 255);
  CHECK(payload_hex(filter) == "000000000004030201ff");
}

TEST_CASE("the seed of hash i wraps modulo 2^32") {
  // For i = 2 the seed 2 * 0xFBA4C795 + 7 exceeds 2^32; the lesson lists it as 0xf7498f31.
  const auto cafe = bytes_of("cafe");
  CHECK(bloom::bip37_bit_index(cafe, 2, 7, 48) == 46);
  CHECK(bloom::bip37_bit_index(cafe, 3, 7, 48) == 26);
}

namespace {

std::uint32_t index_past_the_end(std::span<const std::uint8_t>, std::uint32_t, std::uint32_t,
                                 std::uint32_t bits) {
  return bits;
}

}  // namespace

TEST_CASE("a bit index past the filter is heard of, and leaves the filter as it was") {
  bloom::Bip37Filter filter(bloom::FilterSize{6, 4}, 7, 0, index_past_the_end);
  const bloom::Bip37Filter before = filter;
  const std::vector<std::uint8_t> element = {0xab};
  CHECK_THROWS_WITH_AS(filter.insert(element),
                       "bip37_bit_index gave 48 for i = 0, not below bytes * 8 = 48",
                       std::out_of_range);
  CHECK(filter == before);
  CHECK_THROWS_AS(static_cast<void>(filter.contains(element)), std::out_of_range);
}
