#include "guava.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "golang.hpp"

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace

TEST_CASE("guava_filter_size truncates m, rounds k to the nearest, and counts 0 insertions as 1") {
  // docs/protocol.md, "Guava's filter", worked example: n = 3, p = 0.1
  CHECK(bloom::guava_filter_size(3, 0.1) == bloom::GuavaSize{14, 3});
  // m / n * ln 2 = 6.63: rounded, not truncated; 0 insertions size as 1
  CHECK(bloom::guava_filter_size(1000, 0.01) == bloom::GuavaSize{9585, 7});
  CHECK(bloom::guava_filter_size(0, 0.01) == bloom::guava_filter_size(1, 0.01));
  // 1 bit at 50%: k = round(0.69) = 1; a rate near 1 gives 0 bits, which Guava refuses
  CHECK(bloom::guava_filter_size(1, 0.5) == bloom::GuavaSize{1, 1});
  CHECK(bloom::guava_filter_size(1, 0.99).bits == 0);
}

TEST_CASE(
    "guava_index masks the sign bit and takes whole words' bits, as the worked example does") {
  // docs/protocol.md: HASH128 0 dog gives hash1 = 0x30eb974deba2bc11, hash2 =
  // 0x930a15a7b6d436ab, and in a filter of 14 bits (one word) the indexes are 17 60 39
  const bloom::Hash128 dog{0x30eb974deba2bc11, 0x930a15a7b6d436ab};
  CHECK(bloom::murmur3_x64_128(bytes_of("dog"), 0) == dog);
  CHECK(bloom::guava_index(dog, 0, 14) == 17);
  CHECK(bloom::guava_index(dog, 1, 14) == 60);  // sign bit set: masked (complemented gives 3)
  CHECK(bloom::guava_index(dog, 2, 14) == 39);  // the sum wraps at 2^64
  CHECK(bloom::whole_words(14) == 1);
  CHECK(bloom::whole_words(64) == 1);
  CHECK(bloom::whole_words(65) == 2);
}

TEST_CASE("guava_write_to writes strategy, k, word count and words big-endian") {
  const std::vector<std::uint64_t> words{0x1000008000020000};
  const std::vector<std::uint8_t> expected{0x01, 0x03, 0x00, 0x00, 0x00, 0x01, 0x10,
                                           0x00, 0x00, 0x80, 0x00, 0x02, 0x00, 0x00};
  CHECK(bloom::guava_write_to(3, words) == expected);
}

TEST_CASE("a Guava filter sets the element's k bits and answers maybe for it") {
  bloom::GuavaFilter filter(bloom::guava_filter_size(3, 0.1));
  filter.insert(bytes_of("dog"));
  CHECK(filter.indexes(bytes_of("dog")) == std::vector<std::uint64_t>{17, 60, 39});
  CHECK(filter.contains(bytes_of("dog")));
  CHECK_FALSE(filter.contains(bytes_of("cat")));
  CHECK(filter.data() == std::vector<std::uint64_t>{0x1000008000020000});
}

TEST_CASE("the lesson's Go filter truncates its sizing and divides by Go's constant") {
  // lesson 004, section 4.3.3.1: the lesson's own test, NewBloomFilter(10_0000_0000, 0.01)
  CHECK(bloom::go_filter_size(1000000000, 0.01) == bloom::GoSize{9585058377, 6});
  // k = trunc(0.69) = 0: every Contains is true
  CHECK(bloom::go_filter_size(1, 0.5) == bloom::GoSize{1, 0});
  // docs/protocol.md: 0.48045301391820144, not the product of doubles, which gives 7 bits
  CHECK(bloom::go_filter_size(1, 0.0346252845164291) == bloom::GoSize{6, 4});
}

TEST_CASE("the lesson's Go indexes count i from 1, modulo the bit count itself") {
  // docs/protocol.md: CRC32 dog is 0x812c397d; at m = 9585 index 1 is 4563
  CHECK(bloom::crc32_ieee(bytes_of("dog")) == 0x812c397d);
  CHECK(bloom::go_index(0x812c397d, 1, 9585) == 4563);
  bloom::GoFilter filter(bloom::go_filter_size(1000, 0.01));
  CHECK(filter.indexes(bytes_of("dog")) ==
        std::vector<std::uint64_t>{4563, 8876, 3604, 7917, 2645, 6958});
  bloom::GoFilter empty(bloom::go_filter_size(1, 0.5));
  CHECK(empty.indexes(bytes_of("dog")).empty());
  CHECK(empty.contains(bytes_of("dog")));
}
