// The course's program: the course protocol on standard input and output (docs/protocol.md).
#include <cstdio>
#include <cstring>
#include <iostream>

#include "interpreter.hpp"
// BEGIN KIT ONLY
#include <cstdlib>
#include <exception>

#include "generate.hpp"
#include "mistakes.hpp"
// END KIT ONLY
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
    // BEGIN KIT ONLY
    " [--mistake ID... | --list-mistakes | --generate EXERCISE --seed N --count K --out DIR]"
    // END KIT ONLY
    "\n"
    "\n"
    "Reads course protocol commands on standard input, one a line, and answers each on\n"
    "standard output. Blank lines and lines starting with '#' get no answer. The commands\n"
    "(docs/protocol.md):\n";

constexpr const char* kOptions =
    "\n"
    "  --unwritten       print the functions still to write, one a line (build/check asks)\n"
    // BEGIN KIT ONLY
    "  --mistake ID      answer as a student with this known mistake would (docs/mistakes.md);\n"
    "                    repeat it for a student with several\n"
    "  --list-mistakes   print the known mistakes: id, exercise, source and message, tab-separated\n"
    "  --generate EXERCISE --seed N --count K --out DIR\n"
    "                    write K random @hidden cases of EXERCISE (exercises.tsv) into DIR/EXERCISE/;\n"
    "                    record them with bloom-grader record --mistakes (docs/mistakes.md)\n"
    // END KIT ONLY
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
  // BEGIN KIT ONLY
  std::vector<const bloom::Mistake*> made;  // --mistake, in order
  bloom::Functions combined;
  // END KIT ONLY
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      print_usage(stdout, program);
      return 0;
    }
    if (std::strcmp(argv[i], "--unwritten") == 0) {
      for (const std::string& name : bloom::unwritten(*functions)) std::printf("%s\n", name.c_str());
      return 0;
    }
    // BEGIN KIT ONLY
    if (std::strcmp(argv[i], "--list-mistakes") == 0) {
      for (const bloom::Mistake& m : bloom::mistakes()) {
        std::printf("%.*s\t%.*s\t%.*s\t%.*s\n", static_cast<int>(m.id.size()), m.id.data(),
                    static_cast<int>(m.exercise.size()), m.exercise.data(),
                    static_cast<int>(m.source.size()), m.source.data(),
                    static_cast<int>(m.message.size()), m.message.data());
      }
      return 0;
    }
    if (std::strcmp(argv[i], "--generate") == 0 && i + 7 < argc &&
        std::strcmp(argv[i + 2], "--seed") == 0 && std::strcmp(argv[i + 4], "--count") == 0 &&
        std::strcmp(argv[i + 6], "--out") == 0) {
      char* seed_end = nullptr;
      char* count_end = nullptr;
      const unsigned long long seed = std::strtoull(argv[i + 3], &seed_end, 10);
      const long count = std::strtol(argv[i + 5], &count_end, 10);
      if (*seed_end != '\0' || *count_end != '\0' || count < 1 || count > 100000) {
        std::fprintf(stderr, "%s: error: --seed needs a whole number and --count one from 1 to 100000\n",
                     program);
        return 2;
      }
      try {
        const auto written = bloom::write_random_cases(argv[i + 7], argv[i + 1], seed,
                                                       static_cast<int>(count));
        std::printf("wrote %zu cases into %s/%s\n", written.size(), argv[i + 7], argv[i + 1]);
        return 0;
      } catch (const std::exception& error) {
        std::fprintf(stderr, "%s: error: %s\n", program, error.what());
        return 2;
      }
    }
    if (std::strcmp(argv[i], "--mistake") == 0 && i + 1 < argc) {
      const bloom::Mistake* mistake = bloom::find_mistake(argv[++i]);
      if (mistake == nullptr) {
        std::fprintf(stderr, "%s: error: unknown mistake \"%s\" (--list-mistakes lists them)\n",
                     program, argv[i]);
        return 2;
      }
      made.push_back(mistake);
      std::string why_not;
      std::optional<bloom::Functions> with = bloom::functions_with(made, &why_not);
      if (!with) {
        std::fprintf(stderr, "%s: error: %s\n", program, why_not.c_str());
        return 2;
      }
      combined = *with;
      functions = &combined;
      continue;
    }
    // END KIT ONLY
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
