// The fast path's precompiled header (fast_build.hpp): the standard headers a student's file
// and the given headers it includes read, compiled once per starter build with that unit's own
// flags (GCC's .gch), so that each submission's compile of the file parses none of them again.
// A file takes it (`-include HEADER -Winvalid-pch`) only when that changes nothing: the file
// begins with #include lines alone (comments and blank lines between), each of the starter's
// standard headers or given headers, which together bring exactly the header's standard headers;
// anything else (a macro before the includes, a header of its own) is compiled plainly. Made
// only when the starter's own file, compiled through it, gives its object byte for byte.
// docs/batch.md, "The fast path".
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grader {

struct PrecompiledHeader {
  std::string object;                    // the unit's, relative to build/
  std::string source;                    // the student's file it compiles, relative to the project
  std::filesystem::path header;          // the header text; beside it HEADER.gch
  std::vector<std::string> std_headers;  // its #include <...> lines, in order
  // Each given header the starter's file includes by "name" before its first other line, and
  // the standard headers it brings (its own #include <...> and those of the given headers it
  // includes).
  std::map<std::string, std::vector<std::string>> given;
};

// The #include lines a C++ file begins with: each "<name>" or "\"name\"", in order, up to its
// first line that is neither one, blank nor a `//` comment (a line continued with `\` ends it).
[[nodiscard]] std::vector<std::string> leading_includes(const std::string& text);

// Whether a student's file of this text compiles through the header to the same object as
// without it: its leading includes are the header's standard headers and its given headers
// only, and bring every one of the standard headers.
[[nodiscard]] bool takes_header(const PrecompiledHeader& pch, const std::string& text);

// The precompiled header of the unit `object` of the starter's build at `project`, whose source
// is the student's file `source` and which the starter's build compiled with `command` (in
// project/build, no launcher) reading `system_files` outside the project: written in `folder`
// and compiled there, unless already made. nullopt with `why_not` when the compiler is not
// GCC, the command is not plain words, the header would read other files than the unit did, or
// the starter's file compiled through it gives another object.
[[nodiscard]] std::optional<PrecompiledHeader> make_precompiled_header(
    const std::filesystem::path& project, const std::string& object, const std::string& source,
    const std::string& command, const std::vector<std::string>& system_files,
    const std::filesystem::path& folder, std::string& why_not);

// `command` (a compile, its compiler first) with the header included before the file.
[[nodiscard]] std::string with_header(const std::string& command, const PrecompiledHeader& pch);

}  // namespace grader
