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

TEST_CASE("a hidden case redraws its visible cases' sessions, line by line") {
  // BLOOM, keys added, looked up and counted, session after session until the case has 20 lines: m
  // near the visible 64, a key the visible session sends again sent again (VERIFY of a member), and
  // lines with a key sent again, mostly with a key the session has sent
  CHECK(bloom::random_case(
            "basics", {{"BLOOM 64 3", "ADD a", "ADD b", "VERIFY a", "CHECK c", "BITS"}}, 7, 1) ==
        header("basics") +
            "> BLOOM 66 3\n"
            "> BLOOM 64 3\n"
            "> ADD ;\n"
            "> ADD `&!kd8EKf\n"
            "> VERIFY ;\n"
            "> VERIFY 😀.NA|2*😀中ßπoß)z@y~4o%}€中G2Sß$πZJ<π(😀F}{€.a😀😀a)πT?:ÿ0;5Cn82F?|&.0k "
            "@^N0!`>qS9π/cF]\n"
            "> VERIFY ;\n"
            "> CHECK ÿ_-ß中X\n"
            "> BITS\n"
            "> BLOOM 64 5\n"
            "> BLOOM 34 2\n"
            "> ADD 7中gß\n"
            "> ADD T1\n"
            "> ADD 7中gß\n"
            "> ADD $dπ\n"
            "> VERIFY 7中gß\n"
            "> VERIFY wÿeM\n"
            "> CHECK {5\n"
            "> CHECK 7中gß\n"
            "> CHECK "
            "sbQtKG*d8a1πJ|+R[^ÿMJM0éfßH7E8cC($3?ÿ+]Wm(ß中x8{Zk>_+I2(>ac€9R&U,ItvD73中KL!3["
            "Qπ5kWvßNDktu/n(sE[~cyUAk.^!GE5~cÿr😀?&q5Uπxj02{)/1\"0Ofßw\\^EJ;0dE]&%/"
            "m{fL~0-BpßMπ^^IfvπvPZF:;ÿCßQ-\n"
            "> BITS\n");
}

TEST_CASE("a hidden case holds only lines the reference answers, its filters as the visible ones") {
  // A filter larger than any a visible session goes on from (n above 8 here) ends its session;
  // the visible INIT 4294967295 only ever does. Tweaks of 2^31 and above, in decimal and hex,
  // elements of every length, members looked up.
  CHECK(
      bloom::random_case(
          "bip37",
          {{"INIT 4294967295 0.000001"}, {"INIT 8 0.05", "INSERT 00", "CONTAINS 00", "FILTERLOAD"}},
          7, 1) == header("bip37") +
                       "> INIT 6 3e-20\n"
                       "> INSERT fE9aa0fd1a47d1fD0ee086Ce5cc5D16e2EA1\n"
                       "> INSERT "
                       "EC38bA43eAB8Ffa7aB0a90AfebCb1abA9ff86a8bacfdd447c6e8BCa2F87e99e0bB2aEe7c989"
                       "aAe38d26A139FB58da4095dD4820845be5F2a0667a45B170451cEAEebBed6\n"
                       "> INSERT fE9aa0fd1a47d1fD0ee086Ce5cc5D16e2EA1\n"
                       "> CONTAINS fE9aa0fd1a47d1fD0ee086Ce5cc5D16e2EA1\n"
                       "> CONTAINS 56dda9Eb04ACB5883EeBBac2ccb43Fe3F7ef5b0AA4eaA611B10Ed6F9Aa\n"
                       "> CONTAINS Ba4f\n"
                       "> FILTERLOAD\n"
                       "> INIT 4294967295 0.01 0x72acfb58\n"
                       "> INIT 10 0.05 3131497026\n"
                       "> INIT 7 0.05\n"
                       "> INSERT "
                       "8d37FDAEd4EdfdABaa03bd91CeeAFFdFAaAfA54dF483B7Bc39c3Bc311dfccadaE7BcFCc6FD4"
                       "a2feBB6b9cE545609FF2BeF3dDbCa1F5CC0F86dE0c2d8\n"
                       "> INSERT 6ef5a863Dd79cDfADDBCeaF8ACEBb5483d2D4b5eBD6D8fB9efC45b\n"
                       "> CONTAINS "
                       "8d37FDAEd4EdfdABaa03bd91CeeAFFdFAaAfA54dF483B7Bc39c3Bc311dfccadaE7BcFCc6FD4"
                       "a2feBB6b9cE545609FF2BeF3dDbCa1F5CC0F86dE0c2d8\n"
                       "> FILTERLOAD\n"
                       "> INIT 6 1e-4\n"
                       "> INSERT 2fadfA58D2D178\n"
                       "> CONTAINS 2fadfA58D2D178\n"
                       "> FILTERLOAD\n"
                       "> INIT 10 1e-4 0xd0575cc5\n");
  // INSERT with no filter made is refused whatever its element: drawn again, then given up
  CHECK(bloom::random_case("bip37", {{"INSERT 00"}}, 7, 1) == header("bip37"));
}

TEST_CASE("visible cases that send nothing, or a command the table lacks, make no case") {
  CHECK_THROWS_WITH_AS(static_cast<void>(bloom::random_case("bip37", {{}, {}}, 7, 1)),
                       "no visible case sends a command it answers", std::invalid_argument);
  CHECK_THROWS_WITH_AS(static_cast<void>(bloom::random_case("bip37", {{"FROB 1"}}, 7, 1)),
                       "a visible case sends FROB, which the command table does not have",
                       std::invalid_argument);
}
