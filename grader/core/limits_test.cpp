#include "limits.hpp"

#include <doctest/doctest.h>

namespace grader {

TEST_CASE("MiB read as bytes and bytes told as whole MiB, rounded up, are one pair") {
  CHECK(bytes_of_mib(1) == 1048576);
  CHECK(bytes_of_mib(kMemoryMib) == 2147483648ULL);
  CHECK(mib_text(0) == "0 MiB");
  CHECK(mib_text(bytes_of_mib(64)) == "64 MiB");
  CHECK(mib_text(bytes_of_mib(64) + 1) == "65 MiB");  // a copy one byte over 64 MiB is not 64
  CHECK(mib_text(bytes_of_mib(kMemoryMib)) == "2048 MiB");
}

TEST_CASE("a limit in seconds becomes whole milliseconds, rounded up") {
  CHECK(whole_ms(0).count() == 0);
  CHECK(whole_ms(0.0011).count() == 2);
  CHECK(whole_ms(0.001).count() == 1);  // a decimal's rounding below a whole ms is that ms
  CHECK(whole_ms(2.5).count() == 2500);
}

}  // namespace grader
