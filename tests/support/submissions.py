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
