#!/usr/bin/env bash
# Runs every test of the kit: a build with warnings as errors and all CTest tests (the
# portability matrix among them, tests/platforms/), then an AddressSanitizer +
# UndefinedBehaviorSanitizer build running the tests whose C++ the sanitizers can see (label
# nosan marks the rest: other toolchains, other roots, starters built without sanitizers, and
# tests that only repeat paths a smaller test reaches in that build; tests/CMakeLists.txt),
# then a minute of each fuzz target, as many at once as there are cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh platforms

jobs=$(nproc)
# Every build this script and its tests configure (the kit's three, starters, bundle, platform
# cells) compiles through ccache (scripts/deps.sh installs it), so a rerun recompiles only what
# changed. Paths are rewritten relative to the build folder (base dir /) and the working
# folder is left out of the hash, so a fresh clone at the same place reuses the objects.
export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=/ CCACHE_NOHASHDIR=1
export CCACHE_DIR="${CCACHE_DIR:-/var/cache/bloom-kit/ccache}"
echo "== build (warnings are errors) =="
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBLOOM_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== ASan + UBSan build =="
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBLOOM_WERROR=ON -DBLOOM_SANITIZE=ON \
  -DBLOOM_BENCHMARKS=OFF >/dev/null  # the benchmarks run in no test
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE nosan

echo "== fuzzing: each target for a minute from the case files (clang, libFuzzer, ASan + UBSan) =="
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DBLOOM_FUZZ=ON -DBLOOM_WERROR=ON >/dev/null
cmake --build build-fuzz -j "$jobs"
ctest --test-dir build-fuzz --output-on-failure -j "$jobs"
