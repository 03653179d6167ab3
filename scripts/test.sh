#!/usr/bin/env bash
# Runs the kit's tests, in stages:
#   1. a build with warnings as errors, and every CTest test: the long stage, `ctest -L long`
#      (the portability matrix, tests/platforms/, label platform; the mistakes test and the
#      mutation corpus; minutes each, tests/CMakeLists.txt) runs in the same CTest run as the
#      rest, longest first, so that both cores stay busy to the end;
#   2. an AddressSanitizer + UndefinedBehaviorSanitizer build with the distribution's clang (14 on
#      Debian 12), so that it is also the kit's clang build, warnings as errors, running the
#      tests whose C++ the sanitizers can see (label nosan marks the rest: other toolchains,
#      other roots, starters built without sanitizers, and tests that only repeat paths a
#      smaller test reaches in that build);
#   3. the fuzz targets (clang, libFuzzer, ASan + UBSan), each for a minute of CPU at least: they
#      start before stage 1's tests at the idle scheduling class (chrt --idle), so that they run
#      on the CPU stages 1 and 2 leave unused (tests that wait on Slurm, sleeps and time limits)
#      and take none from them, and stop when stage 2 ends (fuzz/run_fuzz.py).
# All three builds come first. CI (.ci/run) runs every stage, and reports every stage's failures
# before it fails. `--quick`, a developer's run before a commit, runs stage 1 without the long
# stage (`ctest -LE long`).
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/test.sh [--quick]
  (no option)  every stage, as CI runs it: the build and every CTest test (the long stage,
               ctest -L long: the platform cells, the mistakes test and the mutation corpus,
               among them), ASan + UBSan built with clang, fuzzing beside both
  --quick      the build and CTest without the long stage; no sanitizers, no fuzzing"
quick=0
case ${1:-} in
  "") ;;
  --quick) quick=1 ;;
  -h | --help)
    echo "$usage"
    exit 0
    ;;
  *)
    echo "test: error: unknown option \"$1\"" >&2
    echo "$usage" >&2
    exit 2
    ;;
esac
(($# <= 1)) || {
  echo "test: error: one option at most, got $#" >&2
  exit 2
}
# The long stage's toolchains and Debian roots are the platforms part's; the rest is the kit's.
part=platforms
if ((quick)); then part=kit; fi
bash scripts/deps.sh "$part"

jobs=$(nproc)
# Tests run half as many again as there are cores: they wait for much of their time (Slurm's
# scheduler, Debian's mirror and npm, bubblewrap's start, time limits and sleeps; CONTRIBUTING.md,
# "Measured times"). A program is judged by its CPU time, which sharing a core does not change,
# and its wall-clock limit is 3 times that (docs/grader.md): the tests' programs either finish
# far inside their limits or never finish.
test_jobs=$((jobs + jobs / 2))
# Every build this script and its tests configure (the kit's three, starters, bundle, platform
# cells) compiles through ccache (scripts/deps.sh installs it), so a rerun recompiles only what
# changed. Paths are rewritten relative to the build folder (base dir /) and the working
# folder is left out of the hash, so a fresh clone at the same place reuses the objects.
export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=/ CCACHE_NOHASHDIR=1
export CCACHE_DIR="${CCACHE_DIR:-/var/cache/bloom-kit/ccache}"
started=$SECONDS
stage() { echo "== $1 (at $((SECONDS - started)) s) =="; }
stage "build (warnings are errors)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBLOOM_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
if ((quick)); then
  ctest --test-dir build --output-on-failure -j "$test_jobs" -LE long
  stage "quick: the long stage (ctest --test-dir build -L long), ASan + UBSan and fuzzing left to CI"
  exit 0
fi
stage "ASan + UBSan build (clang)"
cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DBLOOM_WERROR=ON -DBLOOM_SANITIZE=ON -DBLOOM_BENCHMARKS=OFF >/dev/null  # the benchmarks run in no test
cmake --build build-asan -j "$jobs"
stage "fuzz targets build (clang, libFuzzer, ASan + UBSan)"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DBLOOM_FUZZ=ON -DBLOOM_WERROR=ON >/dev/null
cmake --build build-fuzz -j "$jobs"

stage "fuzzing starts at the idle class, beside the tests (its output comes at the end)"
stop=$PWD/build-fuzz/stop-fuzzing
rm -f "$stop"
BLOOM_FUZZ_STOP_FILE=$stop chrt --idle 0 \
  ctest --test-dir build-fuzz --output-on-failure -j 3 >build-fuzz/fuzzing.log 2>&1 &
fuzzing=$!
# A stage that stops the script ends the fuzzing after each target's minute; they share the
# script's process group, so a terminal's Ctrl-C, or a kill of the group, ends them at once.
trap 'touch "$stop"' EXIT
status=0
# One CTest run for the long stage and the rest: CTest starts the longest first (their COST,
# tests/CMakeLists.txt) and fills the other core with the short ones, where two runs would each
# end on one core waiting for its last test.
stage "CTest: every test"
ctest --test-dir build --output-on-failure -j "$test_jobs" || status=1
stage "ASan + UBSan: the tests not labelled nosan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$test_jobs" -LE nosan || status=1
touch "$stop"
stage "fuzzing: each target's minute of CPU, then until the tests ended"
wait "$fuzzing" || status=1
cat build-fuzz/fuzzing.log
stage "done, exit $status"
exit "$status"
