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
