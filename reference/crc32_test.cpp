#include "crc32.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>

namespace {

std::uint32_t crc_text(std::string_view text) {
  return bloom::crc32_ieee({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

}  // namespace

TEST_CASE("crc32_ieee gives the catalogues' check value and the published fox") {
  // the check value of CRC-32/ISO-HDLC in Greg Cook's catalogue of parametrised CRC algorithms
  // (reveng.sourceforge.net/crc-catalogue), as of every CRC catalogue: CRC of "123456789"
  CHECK(crc_text("123456789") == 0xcbf43926);
  // nothing: the register's start, complemented back
  CHECK(crc_text("") == 0x00000000);
  // the pangram's CRC-32 as zlib gives it (Python's zlib.crc32), a vector CRC libraries' own
  // tests use; its CRC-32C would be 0x22620404
  CHECK(crc_text("The quick brown fox jumps over the lazy dog") == 0x414fa339);
}
