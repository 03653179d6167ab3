// The course's program: the course protocol on standard input and output (docs/protocol.md).
#include <cstdio>
#include <cstring>
#include <iostream>

#include "interpreter.hpp"
#include "serve.hpp"

#ifdef _WIN32
// The one platform detail: Windows opens the standard streams in text mode, which turns CRLF
// into LF, a 0x1A byte into the end of input and every LF written into CRLF. The protocol is
// bytes (docs/protocol.md), as on Linux and macOS.
#include <fcntl.h>
#include <io.h>
#endif

namespace {

constexpr const char* kUsage =
    "usage: %s [--help] [--unwritten]"
    "\n"
    "\n"
    "Reads course protocol commands on standard input, one a line, and answers each on\n"
    "standard output. Blank lines and lines starting with '#' get no answer. The commands\n"
    "(docs/protocol.md):\n";

constexpr const char* kOptions =
    "\n"
    "  --unwritten       print the functions still to write, one a line (build/check asks)\n"
    "\n"
    "exit status: 0 at end of input, 2 on a bad command line or an I/O error\n";

void print_usage(std::FILE* out, const char* program) {
  std::fprintf(out, kUsage, program);
  for (const std::string_view usage : bloom::Interpreter::usages()) {
    std::fprintf(out, "  %.*s\n", static_cast<int>(usage.size()), usage.data());
  }
  std::fputs(kOptions, out);
}

}  // namespace

int main(int argc, char** argv) {
  const char* program = argc > 0 ? argv[0] : "bloom";
  const bloom::Functions* functions = &bloom::reference_functions();
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      print_usage(stdout, program);
      return 0;
    }
    if (std::strcmp(argv[i], "--unwritten") == 0) {
      for (const std::string& name : bloom::unwritten(*functions)) std::printf("%s\n", name.c_str());
      return 0;
    }
    std::fprintf(stderr, "%s: error: unknown option \"%s\"\n", program, argv[i]);
    print_usage(stderr, program);
    return 2;
  }
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
#endif
  // Unsynchronised standard streams read and write in blocks, not a character at a time.
  std::ios::sync_with_stdio(false);
  bloom::Interpreter interpreter(*functions);
  return bloom::serve(interpreter, std::cin, std::cout, program);
}
