# Finds the kit's dependencies among the Debian 12 packages named in the README. Each missing
# one stops the configure step with the package to install, never a wall of CMake internals.

function(bloom_find_package name debian_package)
  find_package(${name} ${ARGN} QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR
      "${name} was not found: install the Debian package ${debian_package}\n"
      "  sudo apt-get install ${debian_package}\n"
      "(scripts/deps.sh installs every package the kit needs)")
  endif()
  set(${name}_DIR "${${name}_DIR}" PARENT_SCOPE)
endfunction()

bloom_find_package(doctest doctest-dev CONFIG)
# doctest_discover_tests() lives beside the package's config file.
include(${doctest_DIR}/doctest.cmake)

find_package(Threads REQUIRED)
bloom_find_package(Boost "libboost1.81-dev libboost-filesystem1.81-dev" 1.81 CONFIG COMPONENTS filesystem)
bloom_find_package(CLI11 libcli11-dev CONFIG)
bloom_find_package(nlohmann_json nlohmann-json3-dev 3 CONFIG)
