#include "functions.hpp"

#include "murmur3.hpp"
#include "not_implemented.hpp"
#include "positions.hpp"

namespace bloom {

const Functions& reference_functions() {
  static constexpr Functions functions{murmur3_32,          double_hash_position, bip37_filter_size,
                                       bip37_bit_index,     filterload_payload,   decode_hex,
                                       fnv1a_64,            append_hash_hex,      classic_filter_size,
                                       classic_position};
  return functions;
}

std::vector<std::string> unwritten(const Functions& functions) {
  std::vector<std::string> names;
  const auto probe = [&](const char* name, const auto& call) {
    try {
      call();
    } catch (const NotImplemented&) {
      names.emplace_back(name);
    } catch (const std::exception&) {  // written, and refusing these arguments: not a stub
    }
  };
  const std::vector<std::uint8_t> key = {0x61};
  probe("murmur3_32", [&] { static_cast<void>(functions.murmur3_32(key, 0)); });
  probe("double_hash_position",
        [&] { static_cast<void>(functions.double_hash_position(1, 2, 0, 8)); });
  probe("bip37_filter_size", [&] { static_cast<void>(functions.bip37_filter_size(1, 0.5)); });
  probe("bip37_bit_index", [&] { static_cast<void>(functions.bip37_bit_index(key, 0, 0, 8)); });
  probe("filterload_payload", [&] {
    static_cast<void>(functions.filterload_payload(Bip37Filter(FilterSize{1, 1}, 0, 0)));
  });
  probe("decode_element", [&] {
    std::vector<std::uint8_t> bytes;
    static_cast<void>(functions.decode_element("00", bytes));
  });
  probe("fnv1a_64", [&] { static_cast<void>(functions.fnv1a_64(key)); });
  probe("classic_filter_size", [&] { static_cast<void>(functions.classic_filter_size(1, 0.5)); });
  probe("classic_position", [&] { static_cast<void>(functions.classic_position(1, 0, 8)); });
  return names;
}

}  // namespace bloom
