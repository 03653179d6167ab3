// MurmurHash3 x86_32 (Austin Appleby, public domain), the hash of lesson 002 and of BIP 37.
#pragma once

#include <cstdint>
#include <span>

namespace bloom {

// The 32-bit MurmurHash3 of `key` under `seed`. The key is bytes, never text: a caller with a
// string passes its UTF-8 bytes. Exactly Appleby's MurmurHash3_x86_32 and Bitcoin Core's
// MurmurHash3() (src/hash.cpp).
[[nodiscard]] std::uint32_t murmur3_32(std::span<const std::uint8_t> key, std::uint32_t seed);

}  // namespace bloom
