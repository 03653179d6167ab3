// The command line of the course's program: --help, --unwritten, then the protocol on standard
// input and output (docs/protocol.md). main() is one call to run(); a build of the program
// that offers more options passes them as Extra.
#pragma once

#include <functional>
#include <vector>

#include "command_line.hpp"
#include "functions.hpp"

namespace bloom {

struct Extra {
  static constexpr int kServe = -1;  // finish(): go on to --unwritten or the protocol
  std::vector<Option> options;       // listed after the program's own, read in any order
  // Called once every option is read, before --unwritten is answered. Points `functions` at
  // others when the options change what the program computes, and returns kServe, or an exit
  // status to end with (a mistake on the command line through usage_error).
  std::function<int(const CommandLine& line, const Functions*& functions)> finish;
};

// The whole program: reads the options, then serves the protocol with the reference's
// functions (or Extra's). Returns the exit status: 0 at end of input, 2 on a bad command line
// or an I/O error.
int run(int argc, char** argv, const Extra* extra = nullptr);

}  // namespace bloom
