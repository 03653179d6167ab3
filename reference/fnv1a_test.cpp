#include "fnv1a.hpp"

#include <doctest/doctest.h>

#include <string_view>

namespace {

std::uint64_t fnv(std::string_view key) {
  return bloom::fnv1a_64({reinterpret_cast<const std::uint8_t*>(key.data()), key.size()});
}

}  // namespace

TEST_CASE("FNV-1a 64 gives the published test vectors of draft-eastlake-fnv") {
  // The IETF draft's FNV-1a 64 vectors, as Boost.Hash2 carries them (test/fnv1a.cpp): the empty
  // key is the offset basis itself.
  CHECK(fnv("") == 0xcbf29ce484222325);
  CHECK(fnv("a") == 0xaf63dc4c8601ec8c);
  CHECK(fnv("foobar") == 0x85944171f73967e8);
}

TEST_CASE("FNV-1a 64 hashes bytes: cafe with an accent is 5 bytes") {
  // U+00E9 is the two bytes c3 a9 in UTF-8, each xored in on its own.
  CHECK(fnv("caf\xc3\xa9") == 0x48e8823acfa40d89);
  CHECK(fnv("dragon") == 0x710493a21d69315e);  // lesson 001's table starts from it
}
