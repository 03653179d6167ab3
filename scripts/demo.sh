#!/usr/bin/env bash
# The kit's main job: builds the reference and the grader, then grades two real programs on
# the course's cases and shows the reports: the C++ reference, and an independent Python
# implementation of the protocol (any program can be graded).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh kit
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target bloom-reference bloom-grader

echo "== bloom-grader run --cases cases -- build/bin/bloom-reference =="
build/bin/bloom-grader run --cases cases -- build/bin/bloom-reference
echo
echo "== bloom-grader run --cases cases -- python3 tests/oracle/bloom.py =="
build/bin/bloom-grader run --cases cases --report text --report json:build/python-report.json \
  -- python3 tests/oracle/bloom.py
echo "(the JSON report of that run: build/python-report.json)"
echo
# What a student sees on day one: the bip37 starter, built from its folder alone, graded on its
# public cases. It fails the cases that need the functions still to write, and names them.
echo "== a student's first grade: starter/bip37, built alone, graded by its own build/check =="
cmake -S starter/bip37 -B build/demo-starter-bip37 >/dev/null
cmake --build build/demo-starter-bip37 -j "$(nproc)" >/dev/null
build/demo-starter-bip37/check cases/bip37/worked-example.case cases/protocol || true
