// Runs an Interpreter over a file descriptor of input lines, answering on another. This is all
// of bloom-reference but its command line, kept apart so that tests can run it on real files.
#pragma once

namespace bloom {

class Interpreter;

// Reads lines from `in_fd` until end of input and writes each response line to `out_fd`.
// Output is buffered and written before every read (so a peer that waits for an answer gets
// it) and after every line when `out_fd` is a terminal. Lines of any length are handled.
// Returns 0 at end of input, 2 when reading or writing fails (after a message on stderr).
int serve(Interpreter& interpreter, int in_fd, int out_fd, const char* program_name);

}  // namespace bloom
