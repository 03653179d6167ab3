// The functions a student writes, the hex decoding of elements and the printing of a hash, as
// one table (BLOOM_FUNCTIONS). The interpreter calls them only through Functions, so that a
// known mistake (the kit's catalogue of them) is exactly one replaced function and the rest of
// the program stays the reference's. Everything that goes over the functions one by one is made
// from the table: the Functions struct, the Step enum, the reference's functions, the names
// --unwritten asks, and in the course kit each step's known mistakes and its scrambled
// function, which fail to build for a step that has none of its own.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bip37.hpp"
#include "classic.hpp"
#include "crc32.hpp"
#include "fnv1a.hpp"
#include "golang.hpp"
#include "guava.hpp"
#include "hex.hpp"
#include "murmur3.hpp"
#include "murmur3_128.hpp"
#include "positions.hpp"

namespace bloom {

// One row per function, X(name, reference, step, exercise, role):
//   name       its member of Functions, and what a starter's stub of it is called in
//              `error: not implemented: NAME` and in --unwritten's list
//   reference  the reference's function; the member's type is its signature
//   step       its enumerator of Step: a known mistake is a slip in one step
//   exercise   the exercise whose solution region holds it (exercises.tsv): that exercise's
//              student writes it, and its starter has the region's stub; "" for code that
//              every starter gives
//   role       Computes: what an answer is computed with; --unwritten asks it, and the kit's
//              scrambled programs have it replaced by a random function. Prints: how an answer
//              is written
// decode_element is decode_hex, the bytes of a <hex> element; print_hash is append_hash_hex,
// how HASH and FNV print a hash. Both are given in every starter, but a program written from
// scratch has its own, and gets them wrong in known ways too.
// A row's order is the order of --unwritten's list and of the kit's scrambled functions. Lesson
// 004's rows come last, so that the rows before them keep their scrambled functions.
#define BLOOM_FUNCTIONS(X)                                                     \
  X(murmur3_32, murmur3_32, Murmur, "hashing", Computes)                       \
  X(double_hash_position, double_hash_position, Position, "hashing", Computes) \
  X(bip37_filter_size, bip37_filter_size, FilterSize, "bip37", Computes)       \
  X(bip37_bit_index, bip37_bit_index, BitIndex, "bip37", Computes)             \
  X(filterload_payload, filterload_payload, Payload, "bip37", Computes)        \
  X(decode_element, decode_hex, Decode, "", Computes)                          \
  X(fnv1a_64, fnv1a_64, Fnv, "basics", Computes)                               \
  X(classic_filter_size, classic_filter_size, ClassicSize, "basics", Computes) \
  X(classic_position, classic_position, ClassicPosition, "basics", Computes)   \
  X(print_hash, append_hash_hex, PrintHash, "", Prints)                        \
  X(murmur3_x64_128, murmur3_x64_128, Murmur128, "guava", Computes)            \
  X(guava_filter_size, guava_filter_size, GuavaSize, "guava", Computes)        \
  X(guava_index, guava_index, GuavaIndex, "guava", Computes)                   \
  X(guava_write_to, guava_write_to, WriteTo, "guava", Computes)                \
  X(crc32_ieee, crc32_ieee, Crc32, "guava", Computes)                          \
  X(go_filter_size, go_filter_size, GoSize, "guava", Computes)                 \
  X(go_index, go_index, GoIndex, "guava", Computes)

// The function a known mistake slips in (the kit's catalogue of them), one per row.
enum class Step {
#define BLOOM_STEP(name, reference, step, ...) step,
  BLOOM_FUNCTIONS(BLOOM_STEP)
#undef BLOOM_STEP
};

enum class Role { Computes, Prints };

struct FunctionRow {
  std::string_view name;
  Step step;
  std::string_view exercise;  // "" when every starter gives it
  Role role;
};

// The table's rows, in its order: kFunctionTable[static_cast<std::size_t>(step)] is step's.
inline constexpr std::array kFunctionTable{
#define BLOOM_ROW(name, reference, step, exercise, role) \
  FunctionRow{#name, Step::step, exercise, Role::role},
    BLOOM_FUNCTIONS(BLOOM_ROW)
#undef BLOOM_ROW
};
inline constexpr std::size_t kSteps = kFunctionTable.size();

[[nodiscard]] constexpr const FunctionRow& row_of(Step step) {
  return kFunctionTable[static_cast<std::size_t>(step)];
}

struct Functions {
  // `::bloom::` names the reference's function, not the member being declared
#define BLOOM_MEMBER(name, reference, ...) decltype(&::bloom::reference) name;
  BLOOM_FUNCTIONS(BLOOM_MEMBER)
#undef BLOOM_MEMBER
};

// Calls visit(std::integral_constant<Step, step>{}, functions.NAME) for each row, in the
// table's order, with `functions` a Functions or a const Functions: code over every function
// knows each one's step, and so its row, at compile time.
template <typename AnyFunctions, typename Visit>
constexpr void for_each_function(AnyFunctions& functions, Visit&& visit) {
#define BLOOM_VISIT(name, reference, step, ...) \
  visit(std::integral_constant<Step, Step::step>{}, functions.name);
  BLOOM_FUNCTIONS(BLOOM_VISIT)
#undef BLOOM_VISIT
}

// The reference's own functions.
[[nodiscard]] const Functions& reference_functions();

// The steps whose functions differ between `a` and `b`, in the table's order: what a known
// mistake or a scrambled function replaced.
[[nodiscard]] std::vector<Step> steps_that_differ(const Functions& a, const Functions& b);

// The names of the functions of `functions` still to be written: each one that computes is
// called once with small arguments, and those that throw NotImplemented are named, in the
// table's order. A starter's check asks for them (`bloom --unwritten`), so that "still to
// write" lists every one from the first run, not only those a case happened to reach.
[[nodiscard]] std::vector<std::string> unwritten(const Functions& functions);

}  // namespace bloom
