#include "murmur3_128.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>

namespace {

bloom::Hash128 murmur128_text(std::uint32_t seed, std::string_view text) {
  return bloom::murmur3_x64_128({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                                seed);
}

struct Vector {
  std::uint32_t seed;
  std::uint64_t h1;
  std::uint64_t h2;
  std::string_view text;
};

}  // namespace

TEST_CASE("murmur3_x64_128 matches Guava's published vectors") {
  // Guava, guava-tests/test/com/google/common/hash/Murmur3Hash128Test.java, testKnownValues:
  // assertHash(seed, h1, h2, text); tails of 4 to 9 bytes and two whole blocks with 11 more
  const Vector vectors[] = {
      {0, 0x629942693e10f867, 0x92db0b82baeb5347, "hell"},
      {1, 0xa78ddff5adae8d10, 0x128900ef20900135, "hello"},
      {2, 0x8a486b23f422e826, 0xf962a2c58947765f, "hello "},
      {3, 0x2ea59f466f6bed8c, 0xc610990acc428a17, "hello w"},
      {4, 0x79f6305a386c572c, 0x46305aed3483b94e, "hello wo"},
      {5, 0xc2219d213ec1f1b5, 0xa1d8e2e0a52785bd, "hello wor"},
      {0, 0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347, "The quick brown fox jumps over the lazy dog"},
      {0, 0x658ca970ff85269a, 0x43fee3eaa68e5c3e, "The quick brown fox jumps over the lazy cog"},
  };
  for (const Vector& v : vectors) {
    CAPTURE(v.text);
    CHECK(murmur128_text(v.seed, v.text) == bloom::Hash128{v.h1, v.h2});
  }
}

TEST_CASE("murmur3_x64_128 of no bytes under seed 0 is 0") {
  // every step leaves 0 at 0: no block, no tail, a length of 0, and fmix64(0) = 0
  CHECK(murmur128_text(0, "") == bloom::Hash128{0, 0});
}
