#include "mistakes.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "positions.hpp"

namespace {

const bloom::Mistake& mistake(std::string_view id) {
  const bloom::Mistake* found = bloom::find_mistake(id);
  REQUIRE(found != nullptr);
  return *found;
}

bloom::Functions with(std::vector<std::string_view> ids) {
  std::vector<const bloom::Mistake*> made;
  for (std::string_view id : ids) made.push_back(&mistake(id));
  const std::optional<bloom::Functions> functions = bloom::functions_with(made);
  REQUIRE(functions.has_value());
  return *functions;
}

std::vector<std::uint32_t> positions_of(std::string_view key, std::uint32_t m, std::size_t k,
                                        const bloom::Functions& functions) {
  std::vector<std::uint32_t> out(k);
  bloom::double_hash_positions({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()},
                               m, out, functions);
  return out;
}

std::uint32_t hash_of(std::string_view key, std::uint32_t seed, const bloom::Functions& functions) {
  return functions.murmur3_32({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()}, seed);
}

}  // namespace

TEST_CASE("both 32-bit forms of the position answer what docs/protocol.md says they do") {
  // docs/protocol.md, "Positions": POSITIONS 1000 8 wrap0 under each form.
  CHECK(positions_of("wrap0", 1000, 8, with({"all-32-bit"})) ==
        std::vector<std::uint32_t>{707, 654, 601, 548, 791, 738, 685, 632});
  CHECK(positions_of("wrap0", 1000, 8, with({"32-bit-product"})) ==
        std::vector<std::uint32_t>{707, 950, 897, 844, 791, 34, 981, 928});
}

TEST_CASE("mistakes in different functions combine: each function is the one its mistake slips") {
  const bloom::Functions both = with({"big-endian-blocks", "all-32-bit"});
  // function pointers: compared as a bool, since doctest cannot print them
  CHECK((both.murmur3_32 == with({"big-endian-blocks"}).murmur3_32));
  CHECK((both.double_hash_position == with({"all-32-bit"}).double_hash_position));
  CHECK((both.bip37_filter_size == bloom::reference_functions().bip37_filter_size));
}

TEST_CASE("slips of one function combine, each as it is alone") {
  // "abcde": a block and a one-byte tail. Big-endian blocks change the block only, the tail
  // mixed as a block changes the tail only; both at once is neither's answer alone.
  const bloom::Functions alone_block = with({"big-endian-blocks"});
  const bloom::Functions alone_tail = with({"tail-as-block"});
  const bloom::Functions both = with({"big-endian-blocks", "tail-as-block"});
  CHECK(hash_of("abcd", 0, both) == hash_of("abcd", 0, alone_block));  // no tail
  CHECK(hash_of("abc", 0, both) == hash_of("abc", 0, alone_tail));     // no block
  CHECK(hash_of("abcde", 0, both) != hash_of("abcde", 0, alone_block));
  CHECK(hash_of("abcde", 0, both) != hash_of("abcde", 0, alone_tail));
  // with no slips the skeleton is MurmurHash3: "bloom" is 0x48ad2c42 (lesson 002, step 5)
  CHECK(hash_of("bloom", 0, with({})) == 0x48ad2c42);
  CHECK(hash_of("bloom", 0, with({"character-count"})) == 0x48ad2c42);  // ASCII: count = bytes
}

TEST_CASE("two slips of one line are refused, with the reason") {
  std::string why;
  const std::vector<const bloom::Mistake*> tail = {&mistake("tail-byte-order"), &mistake("signed-char")};
  CHECK_FALSE(bloom::functions_with(tail, &why).has_value());
  CHECK(why == "tail-byte-order and signed-char are two ways to write one line: a program makes "
               "one or the other");
  const std::vector<const bloom::Mistake*> sum = {&mistake("all-32-bit"), &mistake("32-bit-product")};
  CHECK_FALSE(bloom::functions_with(sum, &why).has_value());
  CHECK(why == "all-32-bit and 32-bit-product are two ways to write one line: a program makes one "
               "or the other");
  const std::vector<const bloom::Mistake*> seed = {&mistake("seed-not-wrapped"),
                                                   &mistake("seed-sum-not-wrapped")};
  CHECK_FALSE(bloom::functions_with(seed, &why).has_value());
}

TEST_CASE("the tail's switch without fallthrough packs the last leftover byte only") {
  // "abc": a 3-byte tail; without fallthrough k is 'c' << 16, as for the key "\0\0c"
  const bloom::Functions slipped = with({"tail-no-fallthrough"});
  CHECK(hash_of("abc", 0, slipped) == hash_of(std::string_view("\0\0c", 3), 0, with({})));
  CHECK(hash_of("a", 0, slipped) == hash_of("a", 0, with({})));  // one byte: no difference
}

namespace {

std::string printed(std::uint64_t hash, int bits, const bloom::Functions& functions) {
  std::string out;
  functions.print_hash(hash, bits, out);
  return out;
}

std::uint64_t fnv_of(std::string_view key, const bloom::Functions& functions) {
  return functions.fnv1a_64({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()});
}

}  // namespace

TEST_CASE("the forms popular libraries take answer what those libraries answer") {
  // murmurhash3js on npm, charCodeAt(i) & 0xff: "café" is 4 code units (issue measurement, and
  // tests/libraries/ runs the package itself)
  CHECK(hash_of("caf\xc3\xa9", 0, with({"utf16-code-units"})) == 0x996677b5);
  CHECK(hash_of("bloom", 0, with({"utf16-code-units"})) == 0x48ad2c42);  // ASCII: no difference
  // Guava's HashCode.toString() of murmur3_32_fixed: the bytes, little-endian first
  CHECK(printed(0x48ad2c42, 32, with({"hash-bytes-reversed"})) == "422cad48");
  CHECK(printed(0x710493a21d69315e, 64, with({"hash-bytes-reversed"})) == "710493a21d69315e");
  CHECK(printed(0x710493a21d69315e, 64, with({"fnv-bytes-reversed"})) == "5e31691da2930471");
  // mmh3's README: mmh3.hash("foo") is -156908512; Python's format(h, "08x") prints it so
  CHECK(printed(static_cast<std::uint32_t>(-156908512), 32, with({"signed-hash"})) == "-95a3be0");
  CHECK(printed(0x48ad2c42, 32, with({"signed-hash"})) == "48ad2c42");  // below 2^31: as it is
  CHECK(printed(0x80000000, 32, with({"signed-hash"})) == "-80000000");
  // FNV-1a 32 of "dragon" (issue measurement), printed as the 64-bit answer it stands for
  CHECK(fnv_of("dragon", with({"fnv-1a-32"})) == 0xf810361e);
  // Rust's str Hash: the bytes, then 0xff (FNV-1a 64 of "dragon\xff", by Python)
  CHECK(fnv_of("dragon", with({"str-hash-terminator"})) == 0x73f87d77f9bf5493);
}

TEST_CASE("the sizing forms give the hashes the catalogue says") {
  const auto size = [](std::string_view id, std::uint32_t n, double p) {
    const bloom::ClassicSize s = with({id}).classic_filter_size(n, p);
    return std::to_string(s.bits) + " " + std::to_string(s.hashes);
  };
  CHECK(size("k-rounded-up", 1000, 0.0573) == "5952 5");      // (m / n) ln 2 = 4.13
  CHECK(size("k-no-lower-bound", 1000, 0.999) == "3 0");      // 0.002 rounds to 0
  CHECK(size("m-over-n-integer", 10000, 0.01) == "95851 6");  // 9 * ln 2 = 6.24
  CHECK(size("m-truncated", 10000, 0.01) == "95850 7");
  CHECK(size("bip37-sizing", 10000, 0.01) == "95848 6");      // 11981 bytes; 9 * ln 2
}

TEST_CASE("an element decoded as UTF-8 text loses each ill-formed part to U+FFFD") {
  // Python's bytes.decode("utf-8", "replace"), encoded again: e0 80 is two parts, ed a0 80 (a
  // surrogate) three, and c3 a9 (é) stays
  std::vector<std::uint8_t> bytes;
  CHECK_FALSE(with({"element-as-text"}).decode_element("e080ab6162c3a9eda080", bytes).has_value());
  std::string hex;
  bloom::append_hex(bytes, hex);
  CHECK(hex == "efbfbdefbfbdefbfbd6162c3a9efbfbdefbfbdefbfbd");
}

TEST_CASE("each known mistake replaces the function of its step, and no other") {
  for (const bloom::Mistake& m : bloom::mistakes()) {
    INFO(m.id);
    CHECK(bloom::steps_that_differ(with({m.id}), bloom::reference_functions()) ==
          std::vector<bloom::Step>{m.step});
  }
}

TEST_CASE("a known mistake belongs to the exercise whose student writes its function") {
  for (const bloom::Mistake& m : bloom::mistakes()) {
    const std::string_view exercise = bloom::row_of(m.step).exercise;
    INFO(m.id);
    // given code (decoding, printing) is written in every exercise's program of its own
    if (!exercise.empty()) CHECK(m.exercise == exercise);
  }
}
