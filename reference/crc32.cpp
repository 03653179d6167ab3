// Bit by bit, as the CRC catalogues define it, rather than by zlib's table: the table is a
// speed-up of exactly this loop.
#include "crc32.hpp"

#include "not_implemented.hpp"

namespace bloom {

std::uint32_t crc32_ieee(std::span<const std::uint8_t> bytes) {
  // BEGIN SOLUTION guava
  constexpr std::uint32_t kPolynomial = 0xedb88320;  // 0x04c11db7 with its bits reversed
  std::uint32_t c = 0xffffffff;
  for (const std::uint8_t byte : bytes) {
    c ^= byte;
    for (int bit = 0; bit < 8; ++bit) c = (c >> 1) ^ ((c & 1) != 0 ? kPolynomial : 0);
  }
  return c ^ 0xffffffff;
  // STUB
  //| // Lesson 004's Go filter hashes with Go's crc32.ChecksumIEEE (docs/protocol.md, "CRC-32"):
  //| // start from 0xffffffff; for each byte, xor it in and shift right 8 times, xoring in
  //| // 0xedb88320 after each shift that drops a 1; complement the result.
  //| static_cast<void>(bytes);
  //| throw NotImplemented("crc32_ieee");
  // END SOLUTION
}

}  // namespace bloom
