// Prints the manifest's exercise names as a CMake list ("bip37;basics;hashing"), with the
// kit's one reader of the manifest (grader/manifest.cpp). CMake builds and runs it when it
// configures (cmake/BloomManifest.cmake): usage: print_exercises KIT
#include <iostream>

#include "file_io.hpp"
#include "manifest.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: print_exercises KIT\n";
    return 2;
  }
  try {
    std::string names;
    for (const grader::Exercise& exercise : grader::read_manifest(argv[1])) {
      names += (names.empty() ? "" : ";") + exercise.name;
    }
    std::cout << names;
  } catch (const grader::FileError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  return 0;
}
