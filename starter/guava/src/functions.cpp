#include "functions.hpp"

#include <exception>
#include <tuple>

#include "not_implemented.hpp"

namespace bloom {

namespace {

// An argument of each parameter type of the table's functions that every one of them takes:
// 8 is a key count, a hash index, a tweak and a modulus at once (never 0), 0.5 a rate.
template <typename T>
T small_argument();
template <>
std::uint32_t small_argument() {
  return 8;
}
template <>
std::uint64_t small_argument() {
  return 8;
}
template <>
double small_argument() {
  return 0.5;
}
template <>
std::span<const std::uint8_t> small_argument() {
  static constexpr std::uint8_t kKey[] = {0x61};  // "a"
  return kKey;
}
template <>
std::string_view small_argument() {
  return "00";  // a <hex> element
}
template <>
std::vector<std::uint8_t> small_argument() {
  return {};
}
template <>
Hash128 small_argument() {
  return {8, 8};
}
template <>
std::span<const std::uint64_t> small_argument() {
  static constexpr std::uint64_t kWords[] = {8};
  return kWords;
}
template <>
Bip37Filter small_argument() {
  return Bip37Filter(FilterSize{1, 1}, 0, 0);
}

// Calls `function` once with small arguments, made from its parameter types; a function of a
// new row whose parameter type has no small_argument does not build.
template <typename Result, typename... Parameters>
void call_with_small_arguments(Result (*function)(Parameters...)) {
  std::tuple<std::remove_cvref_t<Parameters>...> arguments{
      small_argument<std::remove_cvref_t<Parameters>>()...};
  static_cast<void>(std::apply(function, arguments));  // lvalues: out-parameters bind too
}

}  // namespace

const Functions& reference_functions() {
  static constexpr Functions functions{
#define BLOOM_REFERENCE(name, reference, ...) .name = reference,
      BLOOM_FUNCTIONS(BLOOM_REFERENCE)
#undef BLOOM_REFERENCE
  };
  return functions;
}

std::vector<Step> steps_that_differ(const Functions& a, const Functions& b) {
  std::vector<Step> differ;
  // not two nested for_each_function: GCC 12 loses the outer step's type in the inner lambda
#define BLOOM_DIFFER(name, reference, step, ...) \
  if (a.name != b.name) differ.push_back(Step::step);
  BLOOM_FUNCTIONS(BLOOM_DIFFER)
#undef BLOOM_DIFFER
  return differ;
}

std::vector<std::string> unwritten(const Functions& functions) {
  std::vector<std::string> names;
  for_each_function(functions, [&](auto step, const auto function) {
    if constexpr (row_of(decltype(step)::value).role == Role::Computes) {
      try {
        call_with_small_arguments(function);
      } catch (const NotImplemented&) {
        names.emplace_back(row_of(step).name);
      } catch (const std::exception&) {  // written, and refusing these arguments: not a stub
      }
    }
  });
  return names;
}

}  // namespace bloom
