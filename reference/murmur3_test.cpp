#include "murmur3.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "hex.hpp"

namespace {

std::uint32_t murmur3_hex(std::uint32_t seed, std::string_view hex) {
  std::vector<std::uint8_t> bytes;
  if (!hex.empty()) REQUIRE_FALSE(bloom::decode_hex(hex, bytes));
  return bloom::murmur3_32(bytes, seed);
}

std::uint32_t murmur3_text(std::uint32_t seed, std::string_view text) {
  return bloom::murmur3_32({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, seed);
}

struct HexVector {
  std::uint32_t expected;
  std::uint32_t seed;
  const char* hex;
};

struct TextVector {
  std::uint32_t expected;
  std::uint32_t seed;
  std::string text;
};

}  // namespace

TEST_CASE("murmur3_32 matches Bitcoin Core's fourteen published vectors") {
  // Bitcoin Core, src/test/hash_tests.cpp, BOOST_AUTO_TEST_CASE(murmurhash3):
  // T(expected, seed, data) with data in hex. 0xFBA4C795 is BIP 37's seed step.
  const HexVector vectors[] = {
      {0x00000000, 0x00000000, ""},
      {0x6a396f08, 0xFBA4C795, ""},
      {0x81f16f39, 0xffffffff, ""},
      {0x514e28b7, 0x00000000, "00"},
      {0xea3f0b17, 0xFBA4C795, "00"},
      {0xfd6cf10d, 0x00000000, "ff"},
      {0x16c6b7ab, 0x00000000, "0011"},
      {0x8eb51c3d, 0x00000000, "001122"},
      {0xb4471bf8, 0x00000000, "00112233"},
      {0xe2301fa8, 0x00000000, "0011223344"},
      {0xfc2e4a15, 0x00000000, "001122334455"},
      {0xb074502c, 0x00000000, "00112233445566"},
      {0x8034d2a0, 0x00000000, "0011223344556677"},
      {0xb4698def, 0x00000000, "001122334455667788"},
  };
  for (const HexVector& v : vectors) {
    CAPTURE(v.hex);
    CAPTURE(v.seed);
    CHECK(murmur3_hex(v.seed, v.hex) == v.expected);
  }
}

TEST_CASE("murmur3_32 matches the widely published x86_32 text vectors") {
  // Ian Boyd's MurmurHash3 x86_32 vectors (Stack Overflow answer 31929528, "MurmurHash3 test
  // vectors"), repeated in the test suites of mmh3 and many ports. Keys are UTF-8 bytes.
  const TextVector vectors[] = {
      {0x00000000, 0x00000000, ""},
      {0x514E28B7, 0x00000001, ""},
      {0x81F16F39, 0xffffffff, ""},  // the seed is unsigned
      {0x76293B50, 0x00000000, std::string(4, '\xff')},
      {0xF55B516B, 0x00000000, "!Ce\x87"},  // bytes >= 0x80 in a block
      {0x2362F9DE, 0x5082EDEE, "!Ce\x87"},
      {0x7E4A8634, 0x00000000, "!Ce"},
      {0xA0F7B07A, 0x00000000, "!C"},
      {0x72661CF4, 0x00000000, "!"},
      {0x2362F9DE, 0x00000000, std::string(4, '\0')},
      {0x85F0B427, 0x00000000, std::string(3, '\0')},
      {0x30F4C306, 0x00000000, std::string(2, '\0')},
      {0x5A97808A, 0x9747b28c, "aaaa"},
      {0x283E0130, 0x9747b28c, "aaa"},
      {0x5D211726, 0x9747b28c, "aa"},
      {0x7FA09EA6, 0x9747b28c, "a"},
      {0xF0478627, 0x9747b28c, "abcd"},  // byte order within a block
      {0xC84A62DD, 0x9747b28c, "abc"},
      {0x74875592, 0x9747b28c, "ab"},
      {0x24884CBA, 0x9747b28c, "Hello, world!"},
      {0xD58063C1, 0x9747b28c, "\u03c0\u03c0\u03c0\u03c0\u03c0\u03c0\u03c0\u03c0"},  // ππππππππ
      {0x37405BDC, 0x9747b28c, std::string(256, 'a')},  // a length that overflows a byte
      {0xB3DD93FA, 0x00000000, "abc"},
      {0xEE925B90, 0x00000000, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"},
      {0x2FA826CD, 0x9747b28c, "The quick brown fox jumps over the lazy dog"},
  };
  for (const TextVector& v : vectors) {
    CAPTURE(v.text);
    CAPTURE(v.seed);
    CHECK(murmur3_text(v.seed, v.text) == v.expected);
  }
}

TEST_CASE("the lesson's trace of \"bloom\" under seed 0 ends in 0x48ad2c42") {
  // Lesson 002, "MurmurHash3, 32-bit version": one block "bloo", a 1-byte tail "m".
  CHECK(murmur3_text(0, "bloom") == 0x48ad2c42);
}

TEST_CASE("tail bytes are read little-endian, the first byte lowest") {
  // "abc" and "cba" differ only in tail byte order; both are published above, so a tail read
  // big-endian would have to swap them.
  CHECK(murmur3_text(0x9747b28c, "abc") == 0xC84A62DD);
  CHECK(murmur3_text(0x9747b28c, "abc") != murmur3_text(0x9747b28c, "cba"));
}

TEST_CASE("bytes above 0x7f are hashed unsigned, whatever the sign of char") {
  // "café" is 5 UTF-8 bytes; its last byte 0xa9 sits in the tail. The value is the one the
  // independent implementation in tests/oracle computes for b"caf\xc3\xa9".
  CHECK(murmur3_text(0, "caf\xc3\xa9") == 605818632U);
}
