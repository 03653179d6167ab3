# Finds the kit's dependencies among the Debian packages named in the README. Each missing one
# stops the configure step with the package to install, never a wall of CMake internals.
# Grading needs Boost, CLI11, nlohmann-json and libseccomp; developing the kit adds doctest.
# The student bundle's build includes this file too (tools/bundle/CMakeLists.txt), where the
# kit's scripts are not: what each message adds about them is said only where they are.
if(EXISTS ${CMAKE_SOURCE_DIR}/scripts/deps.sh)
  set(bloom_deps_note "\n(scripts/deps.sh installs every package the kit needs)")
  set(bloom_old_boost_note "grade there with the static\nbloom-grader that gradescope/make-zip.sh builds and packs (docs/gradescope.md).")
else()
  set(bloom_deps_note "")
  set(bloom_old_boost_note "grade there with\neach starter's own build/check.")
endif()

function(bloom_find_package name debian_package)
  find_package(${name} ${ARGN} QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR
      "${name} was not found: install the Debian package ${debian_package}\n"
      "  sudo apt-get install ${debian_package}${bloom_deps_note}")
  endif()
  set(${name}_DIR "${${name}_DIR}" PARENT_SCOPE)
endfunction()

find_package(Threads REQUIRED)
# Process v2 arrived in Boost 1.80. Each distribution names the package after its version:
# Debian 12 libboost1.81-dev, Debian 13 and Ubuntu 24.04 libboost-dev (1.83).
if(BLOOM_STATIC_GRADER)
  set(Boost_USE_STATIC_LIBS ON)
endif()
find_package(Boost 1.80 CONFIG QUIET COMPONENTS filesystem)
if(NOT Boost_FOUND)
  message(FATAL_ERROR
    "Boost 1.80 or newer with Boost.Filesystem was not found (the grader uses Boost.Process v2)\n"
    "  Debian 12:                  sudo apt-get install libboost1.81-dev libboost-filesystem1.81-dev\n"
    "  Debian 13, Ubuntu 24.04:    sudo apt-get install libboost-dev libboost-filesystem-dev\n"
    "Ubuntu 22.04 and Debian 11 have Boost 1.74, which is too old: ${bloom_old_boost_note}"
    "${bloom_deps_note}")
endif()
bloom_find_package(CLI11 libcli11-dev CONFIG)
bloom_find_package(nlohmann_json nlohmann-json3-dev 3 CONFIG)
# The sandbox's system-call filter (grader/sandbox/seccomp.cpp). libseccomp ships no CMake package, and
# pkg-config is one more tool to install: its header and library are found directly, the
# static archive for the static grader.
find_path(SECCOMP_INCLUDE_DIR seccomp.h)
if(BLOOM_STATIC_GRADER)
  find_library(SECCOMP_LIBRARY NAMES libseccomp.a)
else()
  find_library(SECCOMP_LIBRARY NAMES seccomp)
endif()
if(NOT SECCOMP_INCLUDE_DIR OR NOT SECCOMP_LIBRARY)
  message(FATAL_ERROR
    "libseccomp was not found: install the Debian package libseccomp-dev\n"
    "  sudo apt-get install libseccomp-dev${bloom_deps_note}")
endif()
add_library(bloom_seccomp INTERFACE)
target_include_directories(bloom_seccomp INTERFACE ${SECCOMP_INCLUDE_DIR})
target_link_libraries(bloom_seccomp INTERFACE ${SECCOMP_LIBRARY})

if(NOT BLOOM_GRADER_ONLY)
  bloom_find_package(doctest doctest-dev CONFIG)
  # doctest_discover_tests() lives beside the package's config file.
  include(${doctest_DIR}/doctest.cmake)
endif()
