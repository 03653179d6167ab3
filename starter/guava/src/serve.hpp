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
// be switched to binary first, or CRLF would be rewritten). Each answer is written to `out`'s
// stream buffer as soon as it is made, after anything else the program wrote there while making
// it (a debug line on std::cout comes out just before its answer). The answers to the first
// 64 KiB of input are also flushed one by one, after C's stdout (a printf() debug line): a
// grader's case is smaller, so when a command hangs, every answer before it has arrived.
// After that the buffer is flushed when it fills and before every read that may block, so a
// peer that waits for an answer gets it (a person at a terminal too), and a large file goes
// through in blocks. Lines of any length are handled. A stream buffer cannot tell a read error
// from the end of input, so both end the input. Returns 0 at end of input, 2 when writing
// fails (after a message on stderr naming `program_name`).
int serve(Interpreter& interpreter, std::istream& in, std::ostream& out, const char* program_name);

}  // namespace bloom
