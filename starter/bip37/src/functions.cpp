#include "functions.hpp"

#include "murmur3.hpp"
#include "positions.hpp"

namespace bloom {

const Functions& reference_functions() {
  static constexpr Functions functions{murmur3_32,      double_hash_position, bip37_filter_size,
                                       bip37_bit_index, filterload_payload,   decode_hex};
  return functions;
}

}  // namespace bloom
