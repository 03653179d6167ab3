// The course's program: the course protocol on standard input and output (docs/protocol.md).
#include "program.hpp"

int main(int argc, char** argv) { return bloom::run(argc, argv); }
