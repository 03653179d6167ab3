#include "solution_regions.hpp"

#include <doctest/doctest.h>

using starter::Keep;
using starter::strip_solutions;

namespace {

const std::set<std::string> kExercises = {"bip37", "hashing"};

constexpr const char* kSource =
    "int given() { return 1; }\n"
    "int f() {\n"
    "  // BEGIN SOLUTION hashing, given to bip37\n"
    "  return 42;\n"
    "  // STUB\n"
    "  //| // the lesson says how\n"
    "  //|\n"
    "  //| throw NotImplemented(\"f\");\n"
    "  // END SOLUTION\n"
    "}\n"
    "// BEGIN SOLUTION hashing\n"
    "int helper() { return 2; }\n"
    "// END SOLUTION\n"
    "int g() {\n"
    "  // BEGIN SOLUTION bip37\n"
    "  return 7;\n"
    "  // STUB\n"
    "  //| throw NotImplemented(\"g\");\n"
    "  // END SOLUTION\n"
    "}\n";

std::string error_of(const std::string& text) {
  try {
    static_cast<void>(strip_solutions(text, "x.cpp", "hashing", Keep::Stubs, kExercises));
  } catch (const starter::RegionError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("the exercise's regions and other exercises' regions not given to it become stubs") {
  const starter::Stripped s = strip_solutions(kSource, "x.cpp", "hashing", Keep::Stubs, kExercises);
  CHECK(s.text ==
        "int given() { return 1; }\n"
        "int f() {\n"
        "  // the lesson says how\n"
        "\n"
        "  throw NotImplemented(\"f\");\n"
        "}\n"
        "int g() {\n"
        "  throw NotImplemented(\"g\");\n"
        "}\n");
  CHECK(s.stubbed == std::vector<std::string>{"f"});
  CHECK(s.others_stubbed == std::vector<std::string>{"g"});
  CHECK(s.given_from.empty());
  CHECK(s.has_region_of_exercise);
}

TEST_CASE("a region given to another exercise keeps its code in that starter, and only there") {
  const starter::Stripped s = strip_solutions(kSource, "x.cpp", "bip37", Keep::Stubs, kExercises);
  CHECK(s.text ==
        "int given() { return 1; }\n"
        "int f() {\n"
        "  return 42;\n"
        "}\n"
        "int g() {\n"
        "  throw NotImplemented(\"g\");\n"
        "}\n");
  CHECK(s.stubbed == std::vector<std::string>{"g"});
  CHECK(s.others_stubbed.empty());  // helper() has no stub: removed whole
  CHECK(s.given_from == std::set<std::string>{"hashing"});
}

TEST_CASE("\"given to\" names known exercises after a comma") {
  CHECK(error_of("// BEGIN SOLUTION hashing, for bip37\nx\n// END SOLUTION\n") ==
        "x.cpp:1: error: after the exercise comes \", given to EXERCISE[, EXERCISE...]\"");
  CHECK(error_of("// BEGIN SOLUTION hashing, given to bip38\nx\n// END SOLUTION\n") ==
        "x.cpp:1: error: unknown exercise \"bip38\" (known: bip37, hashing)");
  CHECK(error_of("// BEGIN SOLUTION hashing, given to bip37, hashing\nx\n// END SOLUTION\n") ==
        "no error");
}

TEST_CASE("keeping the solutions removes only the markers and the stubs") {
  const starter::Stripped s =
      strip_solutions(kSource, "x.cpp", "hashing", Keep::Solutions, kExercises);
  CHECK(s.text ==
        "int given() { return 1; }\n"
        "int f() {\n"
        "  return 42;\n"
        "}\n"
        "int helper() { return 2; }\n"
        "int g() {\n"
        "  return 7;\n"
        "}\n");
  CHECK(s.stubbed == std::vector<std::string>{"f"});  // still the functions the exercise asks for
  CHECK(s.others_stubbed.empty());
}

TEST_CASE("a file without regions passes through unchanged, even without a final newline") {
  const starter::Stripped s =
      strip_solutions("a\n\nb", "x.cpp", "hashing", Keep::Stubs, kExercises);
  CHECK(s.text == "a\n\nb");
  CHECK_FALSE(s.has_region_of_exercise);
}

TEST_CASE("malformed regions are reported with the file and line") {
  CHECK(error_of("// BEGIN SOLUTION hashing\n// BEGIN SOLUTION hashing\n") ==
        "x.cpp:2: error: BEGIN SOLUTION inside the region opened on line 1");
  CHECK(error_of("a\n// END SOLUTION\n") == "x.cpp:2: error: END SOLUTION without BEGIN SOLUTION");
  CHECK(error_of("a\n  // BEGIN SOLUTION hashing\nb\n") ==
        "x.cpp:2: error: BEGIN SOLUTION without END SOLUTION");
  CHECK(error_of("// STUB\n") == "x.cpp:1: error: STUB outside a BEGIN SOLUTION region");
  CHECK(error_of("// BEGIN SOLUTION hashing\n// STUB\n// STUB\n") ==
        "x.cpp:3: error: a second STUB in one region");
  CHECK(error_of("// BEGIN SOLUTION hashing\n// STUB\nreturn 1;\n// END SOLUTION\n") ==
        "x.cpp:3: error: every line between STUB and END SOLUTION starts with \"//| \"");
  CHECK(error_of("// BEGIN SOLUTION hasing\n// END SOLUTION\n") ==
        "x.cpp:1: error: unknown exercise \"hasing\" (known: bip37, hashing)");
  CHECK(error_of("// BEGIN SOLUTION\n") == "x.cpp:1: error: BEGIN SOLUTION needs an exercise name");
  CHECK(error_of("//| stray\n") == "x.cpp:1: error: a stub line (//|) outside a STUB section");
}

TEST_CASE("a region removed whole leaves one blank line, not two") {
  const starter::Stripped s = strip_solutions(
      "a\n\n// BEGIN SOLUTION hashing\nint helper();\n// END SOLUTION\n\nb\n", "x.cpp", "hashing",
      Keep::Stubs, kExercises);
  CHECK(s.text == "a\n\nb\n");
}

TEST_CASE("kit-only code is in no starter, solved or not") {
  const char* text = "a\n// BEGIN KIT ONLY\n#include \"mistakes.hpp\"\n// END KIT ONLY\nb\n";
  CHECK(strip_solutions(text, "x.cpp", "hashing", Keep::Stubs, kExercises).text == "a\nb\n");
  CHECK(strip_solutions(text, "x.cpp", "hashing", Keep::Solutions, kExercises).text == "a\nb\n");
  CHECK(error_of("// BEGIN KIT ONLY\n") == "x.cpp:1: error: BEGIN KIT ONLY without END KIT ONLY");
  CHECK(error_of("// END KIT ONLY\n") == "x.cpp:1: error: END KIT ONLY without BEGIN KIT ONLY");
  CHECK(error_of("// BEGIN SOLUTION hashing\n// BEGIN KIT ONLY\n") ==
        "x.cpp:2: error: BEGIN KIT ONLY inside the region opened on line 1");
}

TEST_CASE("a document's kit-only section, marked by HTML comments, is in no starter") {
  const char* text =
      "# Cases\n\n<!-- BEGIN KIT ONLY -->\n## Recording\n\nbloom-grader record\n"
      "<!-- END KIT ONLY -->\n## Names\n";
  CHECK(strip_solutions(text, "x.md", "hashing", Keep::Stubs, kExercises).text ==
        "# Cases\n\n## Names\n");
  CHECK(error_of("<!-- END KIT ONLY -->\n") == "x.cpp:1: error: END KIT ONLY without BEGIN KIT ONLY");
  // a marker is a line of its own: inline mentions are text
  CHECK(strip_solutions("see <!-- BEGIN KIT ONLY --> here\n", "x.md", "hashing", Keep::Stubs,
                        kExercises).text == "see <!-- BEGIN KIT ONLY --> here\n");
}
