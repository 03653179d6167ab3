#include "batch/precompiled_header.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "batch/fast_build.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;

using Names = std::vector<std::string>;

// bip37's: the student's file begins with "bip37.hpp" (<cstdint> <vector>), <algorithm> and
// "not_implemented.hpp" (<string>).
grader::PrecompiledHeader bip37_like() {
  grader::PrecompiledHeader pch;
  pch.object = "mine.o";
  pch.source = "src/mine.cpp";
  pch.header = "/cache/pch/mine.o.hpp";
  pch.std_headers = {"<cstdint>", "<vector>", "<algorithm>", "<string>"};
  pch.given = {{"\"bip37.hpp\"", {"<cstdint>", "<vector>"}},
               {"\"not_implemented.hpp\"", {"<string>"}}};
  return pch;
}

const char* const kStarter =
    "// Ported from somewhere.\n#include \"bip37.hpp\"\n\n#include <algorithm>\n"
    "#include \"not_implemented.hpp\"  // NotImplemented\n\nnamespace bloom {\nint f();\n}\n";

}  // namespace

TEST_CASE("a file's leading includes end at its first line of anything else") {
  CHECK(grader::leading_includes(kStarter) ==
        Names{"\"bip37.hpp\"", "<algorithm>", "\"not_implemented.hpp\""});
  CHECK(grader::leading_includes("#  include <a>\r\n# include\t\"b.hpp\"\n#include <c>\n") ==
        Names{"<a>", "\"b.hpp\"", "<c>"});
  CHECK(grader::leading_includes("#define X 1\n#include <a>\n").empty());
  CHECK(grader::leading_includes("#include <a>\n/* block */\n#include <b>\n") == Names{"<a>"});
  CHECK(grader::leading_includes("#include <a> /* x */\n#include <b>\n").empty());
  CHECK(grader::leading_includes("#include MACRO\n#include <b>\n").empty());
  // a comment continued onto the next line hides that line's include from the compiler
  CHECK(grader::leading_includes("#include <a>\n// note \\\n#include <b>\n") == Names{"<a>"});
}

TEST_CASE(
    "a student's file takes the precompiled header only when its includes bring exactly its "
    "headers") {
  const grader::PrecompiledHeader pch = bip37_like();
  CHECK(grader::takes_header(pch, kStarter));
  CHECK(grader::takes_header(pch,
                             "#include <vector>\n#include <string>\n#include <cstdint>\n"
                             "#include <algorithm>\nint x;\n"));  // in another order
  CHECK(grader::takes_header(pch, std::string(kStarter) + "#define N 3\n#include <map>\n"));
  // each of these would read other headers than the precompiled one holds, or these after a macro
  CHECK_FALSE(grader::takes_header(pch, std::string("#define NDEBUG\n") + kStarter));
  CHECK_FALSE(grader::takes_header(pch, std::string("#pragma GCC optimize(\"O0\")\n") + kStarter));
  CHECK_FALSE(grader::takes_header(pch, std::string("#include <iostream>\n") + kStarter));
  CHECK_FALSE(grader::takes_header(pch, std::string("#include \"helper.hpp\"\n") + kStarter));
  CHECK_FALSE(grader::takes_header(pch, "#include \"bip37.hpp\"\n#include <algorithm>\n"));
  CHECK_FALSE(grader::takes_header(pch,
                                   "#include \"../src/bip37.hpp\"\n#include <algorithm>\n"
                                   "#include \"not_implemented.hpp\"\n"));
  CHECK_FALSE(grader::takes_header(pch, ""));
}

TEST_CASE("a compile through the precompiled header includes it before the file") {
  CHECK(grader::with_header("/usr/bin/c++ -O3 -o a.o -c a.cpp", bip37_like()) ==
        "/usr/bin/c++ -include /cache/pch/mine.o.hpp -Winvalid-pch -O3 -o a.o -c a.cpp");
}

TEST_CASE("a changed student's file compiles through the precompiled header when it takes it") {
  const testing_support::TempDir tmp;
  const auto write = [](const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  };
  for (const fs::path& project : {tmp.path() / "starter", tmp.path() / "alice"}) {
    write(project / "src" / "mine.cpp", kStarter);
    write(project / "src" / "bip37.hpp", "#pragma once\n#include <cstdint>\n#include <vector>\n");
    write(project / "src" / "not_implemented.hpp", "#pragma once\n#include <string>\n");
  }
  grader::FastBuild fast;
  fast.project = tmp.path() / "starter";
  fast.student_files = {"src/mine.cpp"};
  fast.units = {{"mine.o", {"src/mine.cpp", "src/bip37.hpp", "src/not_implemented.hpp"}}};
  fast.compared = fast.units[0].reads;
  fast.headers = {bip37_like()};
  const fs::path alice = tmp.path() / "alice";
  write(alice / "src" / "mine.cpp", std::string(kStarter) + "int g() { return 1; }\n");
  CHECK(grader::fast_objects(fast, alice) == Names{"mine.o+pch"});
  write(alice / "src" / "mine.cpp", std::string("#define int long\n") + kStarter);
  CHECK(grader::fast_objects(fast, alice) == Names{"mine.o"});
  fast.student_files.push_back("src/not_implemented.hpp");  // a header the student writes, changed
  write(alice / "src" / "mine.cpp", std::string(kStarter) + "int g() { return 1; }\n");
  write(alice / "src" / "not_implemented.hpp", "#pragma once\n#include <string>\n#include <map>\n");
  CHECK(grader::fast_objects(fast, alice) == Names{"mine.o"});
}

TEST_CASE("a starter not built by GCC gets no precompiled header") {
  const testing_support::TempDir tmp;
  std::string why_not;
  CHECK_FALSE(grader::make_precompiled_header(tmp.path(), "mine.o", "src/mine.cpp", "c++ -c x", {},
                                              tmp.path() / "pch", why_not));
  CHECK(why_not.find("not GCC") != std::string::npos);
}
