#!/usr/bin/env bash
# The kit's main job: builds it and runs the lessons' worked examples through bloom-reference,
# showing each command beside its answer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target bloom-reference

input=reference/testdata/lessons.in
echo "== the lessons' worked examples through build/bin/bloom-reference =="
paste -d '\t' <(grep -v -e '^#' -e '^\r\?$' "$input" | tr -d '\r') <(build/bin/bloom-reference <"$input") |
  awk -F '\t' '{ printf "> %-48s %s\n", $1, $2 }'
