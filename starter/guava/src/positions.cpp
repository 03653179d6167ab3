#include "positions.hpp"

#include <stdexcept>
#include <string>

#include "functions.hpp"
#include "murmur3.hpp"
#include "not_implemented.hpp"

namespace bloom {

std::uint32_t double_hash_position(std::uint32_t h_a, std::uint32_t h_b, std::uint32_t i,
                                   std::uint32_t m) {
  // Lesson 002, "Why two hashes are enough": position i is (h_a + i * h_b) mod m.
  // i * h_b does not fit in 32 bits: widen before multiplying, std::uint64_t{i} * h_b, so
  // that the product and the sum are 64-bit; then cast the remainder, which is below m, back
  // with static_cast<std::uint32_t>(...). No warning catches a 32-bit product: only the
  // cases do (positions-64-bit-product).
  static_cast<void>(h_a);
  static_cast<void>(h_b);
  static_cast<void>(i);
  static_cast<void>(m);
  throw NotImplemented("double_hash_position");
}

void double_hash_positions(std::span<const std::uint8_t> key, std::uint32_t m,
                           std::span<std::uint32_t> out, const Functions& functions) {
  const std::uint32_t h_a = functions.murmur3_32(key, 0);
  const std::uint32_t h_b = functions.murmur3_32(key, kSecondHashSeed);
  for (std::uint32_t i = 0; i < out.size(); ++i) {
    out[i] = functions.double_hash_position(h_a, h_b, i, m);
    // a position function's result is used as a bit's place: one past the filter is a bug to
    // hear of at once, not a silently wrong answer
    if (out[i] >= m) {
      throw std::out_of_range("double_hash_position gave " + std::to_string(out[i]) + " for i = " +
                              std::to_string(i) + ", not below m = " + std::to_string(m));
    }
  }
}

}  // namespace bloom
