#!/usr/bin/env bash
# Installs the Debian 12 packages the kit builds and tests with. As root it runs apt-get;
# otherwise it prints the exact command and stops. Sourced or run by the other scripts.
set -euo pipefail

packages=(
  g++ cmake ninja-build python3          # compiler, build, the test drivers
  bubblewrap                             # the batch grader's --sandbox
  doctest-dev                            # unit tests
  libboost1.81-dev libboost-filesystem1.81-dev  # Boost.Process v2 in the grader
  libcli11-dev                           # command lines
  nlohmann-json3-dev                     # JSON reports
  libbenchmark-dev                       # benchmarks
  clang libclang-rt-14-dev               # libFuzzer for the fuzz targets
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -eq 0 ]]; then
  echo "deps: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "deps: these Debian packages are missing: ${missing[*]}" >&2
  echo "deps: install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 2
fi
