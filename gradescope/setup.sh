#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image (as root, in
# /autograder/source, where the uploaded zip is unpacked). Grading needs only what building a
# student's starter needs (scripts/deps.sh starter: a C++ compiler, CMake, make, python3, names
# the same on Ubuntu 22.04 and 24.04 and on Debian 11 to 13); the grader itself comes in the
# zip, statically linked (gradescope/make-zip.sh).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/deps.sh starter
# The compiler must take -std=c++20 (GCC 10 or newer, as every image above has; GCC 10 still
# reports the C++20 draft, 201709).
echo 'int main() { return __cplusplus > 201703L ? 0 : 1; }' >/tmp/bloom-cxx20.cpp
g++ -std=c++20 /tmp/bloom-cxx20.cpp -o /tmp/bloom-cxx20 && /tmp/bloom-cxx20 ||
  { echo "setup: error: g++ on this image has no C++20: choose an Ubuntu 22.04 or newer base image" >&2; exit 1; }
# The sandbox for the student's code: bubblewrap, used where the container allows namespaces
# (run_autograder asks the grader), and the kit's own files root-only for when it does not and
# the code runs as an unprivileged uid instead.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends bubblewrap >/dev/null ||
  echo "setup: bubblewrap did not install; the student's code will run as an unprivileged uid"
chmod -R go-rwx .
bin/bloom-grader --help >/dev/null
bin/bloom-grader sandbox | sed 's/^/setup: sandbox: /' ||
  echo "setup: sandbox: --sandbox cannot be had here (the error above says why); run_autograder grades with --sandbox-users"
echo "setup: ready to grade $(cat gradescope/exercise)"
