#include "generate.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

namespace {

constexpr const char* kHeader =
    "# A random case (seed 7, number 1) from bloom-reference --generate {}.\n"
    "# Its answers are recorded by bloom-grader record --mistakes.\n"
    "@hidden\n";

std::string header(const std::string& exercise) {
  std::string text = kHeader;
  return text.replace(text.find("{}"), 2, exercise);
}

}  // namespace

TEST_CASE("a hidden case follows its visible cases' sessions, each argument drawn from its kind") {
  // HASH then POSITIONS, session after session up to 12 lines: seeds 2^31 and above, in
  // decimal and hex; m a power of two, small, and anywhere; keys drawn again, of UTF-8 too
  CHECK(bloom::random_case("hashing", {{"HASH", "POSITIONS"}}, 7, 1) ==
        header("hashing") +
            "> HASH 0xd0d2fdc7 2wßk\n"
            "> POSITIONS 921054504 22 2wßk\n"
            "> HASH 1974627764 ßz\"|\n"
            "> POSITIONS 126 38 2wßk\n"
            "> HASH 3899474708 ßz\"|\n"
            "> POSITIONS 67108864 4 OF]CS\n"
            "> HASH 0x80e96693 ßz\"|\n"
            "> POSITIONS 2 11 OF]CS\n"
            "> HASH 0xa650e0d9 Q]πv]中\n"
            "> POSITIONS 229823823 9 2wßk\n"
            "> HASH 3163725797 ßz\"|\n"
            "> POSITIONS 4069814589 2 ßz\"|\n");
}

TEST_CASE("a hidden case holds only lines the reference answers") {
  // lesson 001's filter opened before its keys are added; small filters (9 bits) come up, and
  // keys drawn again, for members and false positives
  CHECK(bloom::random_case("basics", {{"BLOOM", "ADD", "VERIFY", "BITS"}}, 7, 1) ==
        header("basics") +
            "> BLOOM 9 5\n"
            "> ADD π2;π3`€\n"
            "> VERIFY d8EKf-~\n"
            "> BITS\n"
            "> BLOOM 1670 4\n"
            "> ADD π2;π3`€\n"
            "> VERIFY 8tU'\n"
            "> BITS\n"
            "> BLOOM 1079 49\n"
            "> ADD 8tU'\n"
            "> VERIFY Y+*7\n"
            "> BITS\n");
  // INSERT with no filter made is refused whatever its element: drawn again, then given up
  CHECK(bloom::random_case("bip37", {{"INSERT"}}, 7, 1) == header("bip37"));
}

TEST_CASE("visible cases that send nothing, or a command the table lacks, make no case") {
  CHECK_THROWS_WITH_AS(static_cast<void>(bloom::random_case("bip37", {{}, {}}, 7, 1)),
                       "no visible case sends a command it answers", std::invalid_argument);
  CHECK_THROWS_WITH_AS(static_cast<void>(bloom::random_case("bip37", {{"FROB"}}, 7, 1)),
                       "a visible case sends FROB, which the command table does not have",
                       std::invalid_argument);
}
