#!/usr/bin/env bash
# Builds a statically linked bloom-grader, with bloom-sandbox-init beside it (static too), which
# runs on any x86-64 Linux whatever its C++ library or Boost: for hosts older than the machine
# that builds the kit (a Debian 12 build asks for GLIBCXX_3.4.29, which Debian 11 lacks), for
# batch and Slurm there (docs/batch.md), and for Gradescope's image (gradescope/make-zip.sh
# packs it). Needs Debian 12 or newer with `scripts/deps.sh grader`.
#   bash scripts/static-grader.sh     builds build/static-grader/ and prints the grader's path
# BLOOM_BUILD_DIR names another folder than build/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BLOOM_BUILD_DIR:-build}/static-grader
# a word while it builds, for whoever waits at a terminal; nothing else but errors
[[ -t 2 ]] && echo "static-grader: building a static bloom-grader ($out)" >&2
# The build's own words (compiler warnings too) go to a log, shown whole only when it fails: its
# callers print exactly what they promise (make-zip.sh three lines, batch's recipe one path).
mkdir -p "$out"
log=$out/build.log
if ! { cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release -DBLOOM_GRADER_ONLY=ON -DBLOOM_STATIC_GRADER=ON &&
  cmake --build "$out" -j "$(nproc)" --target bloom-grader; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "static-grader: error: the static grader did not build; the log above is in $log" >&2
  exit 1
fi
echo "$out/bin/bloom-grader"
