#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image (as root, in
# /autograder/source, where the uploaded zip is unpacked): it installs the Debian/Ubuntu
# packages the kit needs and builds the grader. Make the zip with gradescope/make-zip.sh.
set -euo pipefail
cd "$(dirname "$0")"
[[ -f scripts/deps.sh ]] || cd ..   # run from the kit's gradescope/ folder as well
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target bloom-grader
