// The command line of the course's program: --help, --unwritten, then the protocol on standard
// input and output (docs/protocol.md). main() is one call to run(); a build of the program
// that offers more options passes them as Extra.
#pragma once

#include <functional>
#include <string_view>

#include "functions.hpp"

namespace bloom {

struct Extra {
  std::string_view synopsis;  // the usage line's addition after [--unwritten]
  std::string_view help;      // lines of the option list, each ending in a newline
  static constexpr int kNotMine = -2;  // option() does not know argv[i]
  static constexpr int kGoOn = -1;     // option() took argv[i]: read the next option
  // Offered each option the program does not know, at argv[i]. Returns kNotMine, or handles
  // it (moving i past its arguments, setting `functions` when it changes what the program
  // computes) and returns kGoOn or an exit status to end with.
  std::function<int(int& i, int argc, char** argv, const Functions*& functions)> option;
};

// The whole program: reads the options, then serves the protocol with the reference's
// functions (or Extra's). Returns the exit status: 0 at end of input, 2 on a bad command line
// or an I/O error.
int run(int argc, char** argv, const Extra* extra = nullptr);

}  // namespace bloom
