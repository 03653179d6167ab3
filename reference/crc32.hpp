// CRC-32 of IEEE 802.3 (zlib's crc32, Go's crc32.ChecksumIEEE, Java's java.util.zip.CRC32):
// the hash code of lesson 004's Go filter.
#pragma once

#include <cstdint>
#include <span>

namespace bloom {

// The CRC-32 of `bytes`: reflected, polynomial 0xedb88320, register starting at 0xffffffff
// and complemented at the end. CRC-32 of "123456789" is 0xcbf43926, the catalogues' check.
[[nodiscard]] std::uint32_t crc32_ieee(std::span<const std::uint8_t> bytes);

// The signature of crc32_ieee, which the lesson's Go filter hashes with.
using Crc32Function = std::uint32_t (*)(std::span<const std::uint8_t> bytes);

}  // namespace bloom
