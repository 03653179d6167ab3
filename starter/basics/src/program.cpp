#include "program.hpp"

#include <iostream>
#include <string>

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

// What the program does, after the usage line.
std::string about() {
  std::string text =
      "Reads course protocol commands on standard input, one a line, and answers each on\n"
      "standard output. Blank lines and lines starting with '#' get no answer. The commands\n"
      "(docs/protocol.md):\n";
  for (const std::string& usage : Interpreter::usages()) {
    text += "  " + usage + "\n";
  }
  return text;
}

}  // namespace

int run(int argc, char** argv, const Extra* extra) {
  bool list_unwritten = false;
  CommandLine line{
      argc > 0 ? argv[0] : "bloom",
      "",
      about(),
      "exit status: 0 at end of input, 2 on a bad command line or an I/O error\n",
      {{"--unwritten", "", "print the functions still to write, one a line (build/check asks)",
        flag(list_unwritten)}}};
  if (extra != nullptr) {
    line.options.insert(line.options.end(), extra->options.begin(), extra->options.end());
  }
  const ParsedCommandLine parsed = parse_command_line(line, argc, argv, std::cout, std::cerr);
  if (parsed.exit_status) return *parsed.exit_status;
  const Functions* functions = &reference_functions();
  if (extra != nullptr) {
    const int status = extra->finish(line, functions);
    if (status != Extra::kServe) return status;
  }
  if (list_unwritten) {
    for (const std::string& name : unwritten(*functions)) std::cout << name << "\n";
    return 0;
  }
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
#endif
  // Unsynchronised standard streams read and write in blocks, not a character at a time.
  std::ios::sync_with_stdio(false);
  Interpreter interpreter(*functions);
  return serve(interpreter, std::cin, std::cout, line.program.c_str());
}

}  // namespace bloom
