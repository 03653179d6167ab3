// Runs an Interpreter over a stream of input lines, answering on another. This is all of
// the program but its command line, kept apart so that tests can run it on real files. It
// uses standard C++ only: the same code is the student's program on Linux, macOS and Windows.
#pragma once

#include <istream>
#include <ostream>

namespace bloom {

class Interpreter;

// Reads lines from `in` until end of input and writes each response line to `out`. Both are
// used as bytes: the caller opens them in binary mode (on Windows, std::cin and std::cout must
// be switched to binary first, or CRLF would be rewritten). Output is buffered and flushed
// before every read that may block, so a peer that waits for an answer gets it (a person at a
// terminal too). Lines of any length are handled. A stream buffer cannot tell a read error
// from the end of input, so both end the input. Returns 0 at end of input, 2 when writing
// fails (after a message on stderr naming `program_name`).
int serve(Interpreter& interpreter, std::istream& in, std::ostream& out, const char* program_name);

}  // namespace bloom
