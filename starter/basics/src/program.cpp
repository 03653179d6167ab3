#include "program.hpp"

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

namespace bloom {

namespace {

void print_usage(std::FILE* out, const char* program, const Extra* extra) {
  const std::string_view synopsis = extra != nullptr ? extra->synopsis : std::string_view();
  const std::string_view help = extra != nullptr ? extra->help : std::string_view();
  std::fprintf(out, "usage: %s [--help] [--unwritten]%s%.*s\n\n", program,
               synopsis.empty() ? "" : " ", static_cast<int>(synopsis.size()), synopsis.data());
  std::fputs(
      "Reads course protocol commands on standard input, one a line, and answers each on\n"
      "standard output. Blank lines and lines starting with '#' get no answer. The commands\n"
      "(docs/protocol.md):\n",
      out);
  for (const std::string_view usage : Interpreter::usages()) {
    std::fprintf(out, "  %.*s\n", static_cast<int>(usage.size()), usage.data());
  }
  std::fputs("\n  --unwritten       print the functions still to write, one a line (build/check asks)\n",
             out);
  std::fprintf(out, "%.*s", static_cast<int>(help.size()), help.data());
  std::fputs("\nexit status: 0 at end of input, 2 on a bad command line or an I/O error\n", out);
}

}  // namespace

int run(int argc, char** argv, const Extra* extra) {
  const char* program = argc > 0 ? argv[0] : "bloom";
  const Functions* functions = &reference_functions();
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      print_usage(stdout, program, extra);
      return 0;
    }
    if (std::strcmp(argv[i], "--unwritten") == 0) {
      for (const std::string& name : unwritten(*functions)) std::printf("%s\n", name.c_str());
      return 0;
    }
    if (extra != nullptr) {
      const int status = extra->option(i, argc, argv, functions);
      if (status == Extra::kGoOn) continue;
      if (status != Extra::kNotMine) return status;
    }
    std::fprintf(stderr, "%s: error: unknown option \"%s\"\n", program, argv[i]);
    print_usage(stderr, program, extra);
    return 2;
  }
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
#endif
  // Unsynchronised standard streams read and write in blocks, not a character at a time.
  std::ios::sync_with_stdio(false);
  Interpreter interpreter(*functions);
  return serve(interpreter, std::cin, std::cout, program);
}

}  // namespace bloom
