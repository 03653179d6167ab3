// bloom-reference: the course protocol on standard input and output (docs/protocol.md).
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "interpreter.hpp"
#include "serve.hpp"

namespace {

constexpr const char* kUsage =
    "usage: %s [--help]"
    "\n"
    "\n"
    "Reads course protocol commands on standard input, one a line, and answers each on\n"
    "standard output: HASH, POSITIONS, INIT, INSERT, CONTAINS, INDEXES, FILTERLOAD.\n"
    "Blank lines and lines starting with '#' get no answer. See docs/protocol.md.\n"
    "\n"
    "exit status: 0 at end of input, 2 on a bad command line or an I/O error\n";

}  // namespace

int main(int argc, char** argv) {
  const char* program = argc > 0 ? argv[0] : "bloom";
  const bloom::Functions* functions = &bloom::reference_functions();
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::printf(kUsage, program);
      return 0;
    }
    std::fprintf(stderr, "%s: error: unknown option \"%s\"\n", program, argv[i]);
    std::fprintf(stderr, kUsage, program);
    return 2;
  }
  bloom::Interpreter interpreter(*functions);
  return bloom::serve(interpreter, STDIN_FILENO, STDOUT_FILENO, program);
}
