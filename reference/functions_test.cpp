#include "functions.hpp"

#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "not_implemented.hpp"

namespace {

std::uint64_t fnv_stub(std::span<const std::uint8_t>) {
  throw bloom::NotImplemented("fnv1a_64");
}

std::uint32_t position_stub(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t) {
  throw bloom::NotImplemented("double_hash_position");
}

bloom::FilterSize size_refusing(std::uint32_t, double) {
  throw std::invalid_argument("p");
}

void print_stub(std::uint64_t, int, std::string&) {
  throw bloom::NotImplemented("print_hash");
}

}  // namespace

TEST_CASE("the functions' table lists each step once, in Step's order, each name once") {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < bloom::kSteps; ++i) {
    CHECK(static_cast<std::size_t>(bloom::kFunctionTable[i].step) == i);
    CHECK(names.insert(bloom::kFunctionTable[i].name).second);
  }
  CHECK(bloom::row_of(bloom::Step::Fnv).name == "fnv1a_64");
  CHECK(bloom::row_of(bloom::Step::Decode).exercise.empty());  // given in every starter
  CHECK(bloom::row_of(bloom::Step::PrintHash).role == bloom::Role::Prints);
}

TEST_CASE("for_each_function visits every member with its own step, in the table's order") {
  const bloom::Functions& reference = bloom::reference_functions();
  std::vector<std::string_view> visited;
  bool fnv_is_the_reference = false;
  bloom::for_each_function(reference, [&](auto step, auto function) {
    visited.push_back(bloom::row_of(step).name);
    if constexpr (decltype(step)::value == bloom::Step::Fnv) {
      fnv_is_the_reference = function == &bloom::fnv1a_64;
    }
  });
  REQUIRE(visited.size() == bloom::kSteps);
  for (std::size_t i = 0; i < bloom::kSteps; ++i) {
    CHECK(visited[i] == bloom::kFunctionTable[i].name);
  }
  CHECK(fnv_is_the_reference);
  CHECK((reference.decode_element == &bloom::decode_hex));
  CHECK((reference.print_hash == &bloom::append_hash_hex));
}

TEST_CASE("unwritten names the stubs that compute, in the table's order, and no written one") {
  CHECK(bloom::unwritten(bloom::reference_functions()).empty());
  bloom::Functions functions = bloom::reference_functions();
  functions.fnv1a_64 = fnv_stub;
  functions.double_hash_position = position_stub;
  functions.bip37_filter_size = size_refusing;  // written: another exception is no stub
  functions.print_hash = print_stub;            // prints: never asked
  CHECK(bloom::unwritten(functions) ==
        std::vector<std::string>{"double_hash_position", "fnv1a_64"});
}

TEST_CASE("steps_that_differ names the replaced functions only") {
  bloom::Functions functions = bloom::reference_functions();
  CHECK(bloom::steps_that_differ(functions, bloom::reference_functions()).empty());
  functions.fnv1a_64 = fnv_stub;
  functions.print_hash = print_stub;
  CHECK(bloom::steps_that_differ(functions, bloom::reference_functions()) ==
        std::vector<bloom::Step>{bloom::Step::Fnv, bloom::Step::PrintHash});
}
