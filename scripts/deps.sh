#!/usr/bin/env bash
# Installs the Debian packages of one part of the work, found by what the distribution has:
#   scripts/deps.sh starter     building and grading a student's starter (Gradescope's setup.sh)
#   scripts/deps.sh grader      bloom-grader (Boost >= 1.80, CLI11, nlohmann-json, libseccomp, a
#                               compiler)
#   scripts/deps.sh kit         developing the kit: the grader's, plus tests, benchmarks, fuzzing,
#                               the sandbox (the default)
#   scripts/deps.sh platforms   the kit's, plus the portability matrix's toolchains and roots
# As root it runs apt-get; otherwise it prints the exact command and stops. Grading on
# Gradescope needs none of this: the zip carries a static grader (docs/gradescope.md).
set -euo pipefail

part=${1:-kit}
die() {
  echo "deps: error: $*" >&2
  exit 2
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
candidate() { apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '(none)' || true; }

# The look-ups below read apt's package lists; a fresh machine has none yet.
if [[ $(id -u) -eq 0 ]] && ! compgen -G '/var/lib/apt/lists/*_Packages' >/dev/null; then
  apt-get update -qq
fi

# Boost.Process v2 arrived in Boost 1.80. Debian 12 names its packages libboost1.81-dev;
# Debian 13 and Ubuntu 24.04 have libboost-dev at 1.83. Take whichever is new enough.
boost_packages() {
  local version
  version=$(candidate libboost-dev)
  if [[ -n $version ]] && dpkg --compare-versions "$version" ge 1.80; then
    echo libboost-dev libboost-filesystem-dev
    return
  fi
  local newest
  newest=$(apt-cache pkgnames libboost1. 2>/dev/null | sed -n 's/^libboost\(1\.[0-9]*\)-dev$/\1/p' |
    sort -V | tail -n 1)
  if [[ -n $newest ]] && dpkg --compare-versions "$newest" ge 1.80; then
    echo "libboost$newest-dev libboost-filesystem$newest-dev"
    return
  fi
  die "this distribution's Boost is ${version:-${newest:-missing}}, older than 1.80 (Boost.Process v2):
  bloom-grader cannot be built here (Ubuntu 22.04 and Debian 11 are such). Grade with the static
  bloom-grader that gradescope/make-zip.sh builds on Debian 12 or newer and packs in its zip (its
  bin/bloom-grader runs on any x86-64 Linux); see docs/gradescope.md."
}

# Each part is a function, so that a part asks only about what it needs: the starter's part
# works where Boost is too old for the grader's.
starter() { echo g++ cmake make python3; }
grader() {
  local boost
  boost=$(boost_packages) || exit  # its message is said; the part cannot be had here
  echo g++ cmake ninja-build "$boost" libcli11-dev nlohmann-json3-dev libseccomp-dev
}
kit() {
  grader
  echo python3 bubblewrap doctest-dev   # test drivers, the batch grader's --sandbox, unit tests
  echo git                              # the student bundle lists its files; a Classroom template is a repository
  echo make                             # the build recipe's generator where ninja is not (a unit test)
  echo libbenchmark-dev clang ccache    # benchmarks; libFuzzer; ccache for scripts/test.sh
  echo chromium tidy fonts-dejavu-core  # the class report's browser test, its HTML check, a font
  echo nodejs                           # the Classroom test's workflow parser; real npm libraries graded (tests/libraries/)
  command -v npm >/dev/null || echo npm # NodeSource's nodejs has its own npm and conflicts with Debian's
  echo slurm-wlm munge                  # a real single-node Slurm for deploy/slurm-batch.sbatch's test
  echo python3-yaml                     # reads deploy/k8s-indexed-job.yaml as Kubernetes would
  echo default-jdk-headless libguava-java golang-go  # lesson 004 against the real Guava and the lesson's Go
  # libFuzzer and the sanitizers' runtime for the distribution's clang
  local clang_major
  clang_major=$(candidate clang | sed -n 's/^1:\([0-9]*\).*/\1/p')
  [[ -z $clang_major ]] || echo "libclang-rt-$clang_major-dev"
}
platforms() {
  kit
  echo g++-11 g++-12 clang-14 libc++-dev libc++abi-dev  # the starters' compilers (tests/platforms/)
  echo g++-mingw-w64-x86-64-posix wine wine64           # Windows: cross-compiled, run through wine
  echo debootstrap binutils                             # Debian 11 and 13 roots; nm
}

case $part in
  starter | grader | kit | platforms) list=$("$part") || exit ;;
  *) die "usage: deps.sh [starter|grader|kit|platforms]" ;;
esac
# shellcheck disable=SC2206  # the list is package names, split on white space on purpose
packages=($list)

missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
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
