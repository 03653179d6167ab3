"""Test support: submissions as batch grades them, made from programs the test already has."""
import pathlib

# A CMake project whose `bloom` execs a program with arguments: the shared build recipe builds
# it as it builds a student's starter, and the program it runs answers the cases.
_MAIN = """#include <unistd.h>
int main() {
  char* argv[] = {const_cast<char*>("%s"), %s nullptr};
  execv(argv[0], argv);
  return 127;
}
"""
CMAKE = "cmake_minimum_required(VERSION 3.16)\nproject(submission CXX)\nadd_executable(bloom main.cpp)\n"


def exec_submission(folder: pathlib.Path, program, words=()) -> None:
    """Writes into `folder` (made if need be) a submission whose bloom runs `program` `words`."""
    folder.mkdir(parents=True, exist_ok=True)
    args = "".join(f'const_cast<char*>("{word}"), ' for word in words)
    (folder / "main.cpp").write_text(_MAIN % (program, args))
    (folder / "CMakeLists.txt").write_text(CMAKE)


# Starter main.cpp files that fail in one way each, for the layouts that build a student's
# project (the Classroom repository, a Slurm batch). OUT_OF_MEMORY reserves 64 MiB blocks past
# any small --memory and touches a byte of each: the address-space limit stops it at once,
# where filling the blocks would spend most of a one-second CPU limit on page faults (0.7 s
# measured on an idle machine) and, on a busy one, time out instead.
CRASHES = "#include <csignal>\nint main() { std::raise(SIGSEGV); }\n"
CPU_HANG = "int main() {\n  volatile unsigned long spins = 0;\n  for (;;) spins = spins + 1;\n}\n"
OUT_OF_MEMORY = ("#include <vector>\nint main() {\n  std::vector<char*> blocks;\n  for (;;) {\n"
                 "    char* block = new char[64 << 20];\n    block[0] = 1;\n    blocks.push_back(block);\n  }\n}\n")
