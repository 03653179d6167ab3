#include "numbers.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

TEST_CASE("whole numbers are plain decimal digits that fit in 32 bits") {
  CHECK(bloom::parse_whole("0") == 0U);
  CHECK(bloom::parse_whole("4294967295") == 4294967295U);
  CHECK(bloom::parse_whole("007") == 7U);
  CHECK_FALSE(bloom::parse_whole("4294967296"));
  CHECK_FALSE(bloom::parse_whole("99999999999999999999999"));
  CHECK_FALSE(bloom::parse_whole(""));
  CHECK_FALSE(bloom::parse_whole("+1"));
  CHECK_FALSE(bloom::parse_whole("-1"));
  CHECK_FALSE(bloom::parse_whole("1.0"));
  CHECK_FALSE(bloom::parse_whole("0x10"));
}

TEST_CASE("u32 arguments are decimal or 0x with 1 to 8 hex digits") {
  CHECK(bloom::parse_u32("0x9747b28c") == 0x9747b28cU);
  CHECK(bloom::parse_u32("0xFFFFFFFF") == 0xffffffffU);
  CHECK(bloom::parse_u32("0x0") == 0U);
  CHECK(bloom::parse_u32("2147483649") == 2147483649U);
  CHECK_FALSE(bloom::parse_u32("0x"));
  CHECK_FALSE(bloom::parse_u32("0x000000001"));
  CHECK_FALSE(bloom::parse_u32("0X10"));
  CHECK_FALSE(bloom::parse_u32("4294967296"));
  CHECK_FALSE(bloom::parse_u32("0xg"));
}

TEST_CASE("decimal numbers follow the protocol's grammar and round to the nearest double") {
  CHECK(bloom::parse_decimal("0.01") == 0.01);
  CHECK(bloom::parse_decimal(".5") == 0.5);
  CHECK(bloom::parse_decimal("1e-3") == 0.001);
  CHECK(bloom::parse_decimal("5E-2") == 0.05);
  CHECK(bloom::parse_decimal("1e-400") == 0.0);                  // underflows: the caller refuses
  CHECK(bloom::parse_decimal("0.99999999999999999999") == 1.0);  // rounds to 1: refused too
  CHECK(bloom::parse_decimal("1e-320") > 0.0);                   // a subnormal is still above 0
  CHECK(std::isinf(*bloom::parse_decimal("1e999")));
  for (const char* bad : {"", ".", "nan", "inf", "-0.5", "+0.5", "0x1p-3", "1e", "1e+", " 0.5",
                          "0.5 ", "0,5", "1e-3.5"}) {
    CAPTURE(bad);
    CHECK_FALSE(bloom::parse_decimal(bad));
  }
}
