#!/usr/bin/env python3
"""Which tests of the sanitizer stage reach C++ lines that no other test of it reaches.

Usage: python3 scripts/asan_coverage.py BUILD --costs COSTS... [--out DIR] [--reuse] [--top N]
                                        [--allow LINES] [--show NAME-PART]

BUILD is a coverage build of the kit, configured as the sanitizer build is but with clang's
source coverage instead of the sanitizers:

  cmake -S . -B build-cov -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \\
    -DBLOOM_COVERAGE=ON -DBLOOM_BENCHMARKS=OFF && cmake --build build-cov

BLOOM_COVERAGE gives the tests the sanitizer build's arguments, so `ctest -LE nosan` there is
the sanitizer stage's set; the tests labelled measured-repeat (nosan too, left out by this
measurement) are measured with it, so that the choice can be made again. COSTS is the
sanitizer build's Testing/Temporary/CTestCostData.txt (or the log of its `ctest -LE nosan`
run): each test's seconds under ASan + UBSan. The measured repeats are in neither since they
left; their seconds are in CONTRIBUTING.md's table, or run them there once (`ctest -L
measured-repeat`) and give that log as a second --costs.

Runs that set's tests one at a time (every process of the kit writes its counters to
BUILD/profiles, the grader's children too, so the profiles of one test are those there after
it), merges each test's profiles (llvm-profdata-14) and lists the lines it executed
(llvm-cov-14 export). A line is a source line of grader/ or reference/ with a count above zero
in any binary of the kit; test sources (*_test.cpp, test_main.cpp, fixtures, testdata) do
not count. A test that needs a fixture (FIXTURES_REQUIRED) runs it too, and its lines count
for the test: they are also the fixture's own, so they are never the test's alone.

Prints, per test, its seconds under ASan, its lines, and the lines only it reaches; then,
taking the --top heaviest tests first, each one whose lines the tests still kept all reach but
--allow of them (0 unless given; the C++ unit tests are always kept): the tests label nosan
may drop, and the lines lost.
--show prints the lines only the named test reaches, among the tests kept.
Per-test line sets are kept in DIR (default BUILD/coverage) and reused with --reuse.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNTED = ("grader/", "reference/")
NOT_COUNTED = re.compile(r"(_test\.cpp$|/test_main\.cpp$|/fixtures/|/testdata/)")
# The doctest binaries' tests: CTest names them by their TEST_CASE, not a script.
UNIT_TEST_BINARIES = ("grader_test", "reference_test", "runner_fork_test", "fork_safety_test",
                      "starter_gen_test")


def sanitizer_set(build):
    """The tests of the sanitizer stage, and those left out of it as measured repeats."""
    listing = subprocess.run(["ctest", "--test-dir", build, "-N", "--show-only=json-v1"], check=True,
                             capture_output=True, text=True).stdout
    chosen = []
    for number, test in enumerate(json.loads(listing)["tests"], 1):
        labels = next((p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"), [])
        if "nosan" not in labels or "measured-repeat" in labels:
            chosen.append((number, test["name"], test.get("command", [])))
    return chosen


def costs_of(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    logged = re.findall(r"^\s*\d+/\d+ Test +#\d+: (.*?) \.+\s+\S+\s+([0-9.]+) sec$", text,
                        re.MULTILINE)
    if logged:  # a CTest log
        return {name: float(seconds) for name, seconds in logged}
    costs = {}
    for line in text.split("\n---")[0].splitlines():  # CTestCostData.txt: name, runs, seconds
        name, _, seconds = line.rsplit(" ", 2)
        costs[name] = float(seconds)
    return costs


def binaries(build):
    found = []
    for path in sorted(glob.glob(os.path.join(build, "**", "*"), recursive=True)):
        if not os.path.isfile(path) or not os.access(path, os.X_OK) or path.endswith(".so"):
            continue
        with open(path, "rb") as file:
            if file.read(4) != b"\x7fELF":
                continue
        sections = subprocess.run(["objdump", "-h", path], capture_output=True, text=True).stdout
        if "__llvm_covmap" in sections:
            found.append(path)
    return found


def lines_of(profdata, objects):
    command = ["llvm-cov-14", "export", "-format=lcov", "-skip-functions",
               "-instr-profile", profdata, objects[0]]
    for other in objects[1:]:
        command += ["-object", other]
    lcov = subprocess.run(command, capture_output=True, text=True).stdout
    lines, source = set(), None
    for line in lcov.splitlines():
        if line.startswith("SF:"):
            path = os.path.relpath(os.path.realpath(line[3:]), ROOT)
            counted = path.startswith(COUNTED) and not NOT_COUNTED.search(path)
            source = path if counted else None
        elif line.startswith("DA:") and source:
            number, count = line[3:].split(",")[:2]
            if int(count) > 0:
                lines.add(f"{source}:{number}")
    return lines


def measure(build, out, tests):
    profiles = os.path.join(build, "profiles")
    objects = binaries(build)
    environment = {k: v for k, v in os.environ.items() if k != "LLVM_PROFILE_FILE"}
    for number, name, _ in tests:
        saved = os.path.join(out, f"{number}.json")
        if os.path.exists(saved):
            continue
        shutil.rmtree(profiles, ignore_errors=True)
        os.makedirs(profiles)
        os.chmod(profiles, 0o1777)  # the sandbox's runs write here as its users
        start = time.monotonic()
        result = subprocess.run(["ctest", "--test-dir", build, "-I", f"{number},{number}"],
                                capture_output=True, text=True, env=environment)
        seconds = time.monotonic() - start
        raw = glob.glob(os.path.join(profiles, "*.profraw"))
        profdata = os.path.join(out, f"{number}.profdata")
        lines = set()
        if raw:
            subprocess.run(["llvm-profdata-14", "merge", "-sparse", "-o", profdata] + raw,
                           check=True, capture_output=True)
            lines = lines_of(profdata, objects)
            os.remove(profdata)
        passed = result.returncode == 0
        with open(saved, "w", encoding="utf-8") as file:
            json.dump({"name": name, "passed": passed, "seconds": seconds,
                       "lines": sorted(lines)}, file)
        print(f"#{number} {'passed' if passed else 'FAILED'} {seconds:.1f} s "
              f"{len(lines)} lines: {name}", file=sys.stderr, flush=True)


def is_unit_test(command):
    return any(os.path.basename(word) in UNIT_TEST_BINARIES for word in command)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("--costs", required=True, action="append")
    parser.add_argument("--out")
    parser.add_argument("--reuse", action="store_true", help="only read the saved line sets")
    parser.add_argument("--top", type=int, default=12, help="the heaviest tests to try dropping")
    parser.add_argument("--allow", type=int, default=0,
                        help="drop a test that reaches at most this many lines no kept test does")
    parser.add_argument("--show", help="print the lines only the test so named reaches")
    args = parser.parse_args()
    out = args.out or os.path.join(args.build, "coverage")
    os.makedirs(out, exist_ok=True)
    tests = sanitizer_set(args.build)
    if not args.reuse:
        measure(args.build, out, tests)
    costs = {}
    for path in args.costs:
        costs.update(costs_of(path))
    runs = {}
    for number, name, command in tests:
        with open(os.path.join(out, f"{number}.json"), encoding="utf-8") as file:
            saved = json.load(file)
        runs[name] = (set(saved["lines"]), saved["passed"], is_unit_test(command))

    def reached(names):
        union = set()
        for name in names:
            union |= runs[name][0]
        return union

    everything = reached(runs)
    print(f"{len(runs)} tests, {len(everything)} lines of grader/ and reference/ reached, "
          f"{sum(costs.get(n, 0) for n in runs):.0f} s under ASan")
    print(f"{'ASan s':>7} {'lines':>6} {'only':>5}  test")
    by_cost = sorted(runs, key=lambda n: -costs.get(n, 0))
    for name in by_cost[:args.top]:
        only = runs[name][0] - reached(n for n in runs if n != name)
        flag = "" if runs[name][1] else "  (FAILED under coverage)"
        print(f"{costs.get(name, 0):7.1f} {len(runs[name][0]):6} {len(only):5}  {name}{flag}")
    kept = set(runs)
    dropped = []
    for name in by_cost[:args.top]:
        if runs[name][2]:
            continue
        only = runs[name][0] - reached(kept - {name})
        if len(only) <= args.allow:
            kept.discard(name)
            dropped.append((name, only))
    print(f"\nDroppable, heaviest first, each reaching at most {args.allow} lines the tests still "
          "kept do not (listed):")
    for name, only in dropped:
        print(f"{costs.get(name, 0):7.1f} {len(only):5}  {name}")
        for line in sorted(only):
            print(f"{'':14}{line}")
    saving = sum(costs.get(n, 0) for n, _ in dropped)
    print(f"{saving:.0f} s of ASan test time, about {saving / 3:.0f} s of wall at -j 3; "
          f"lines lost: {len(everything - reached(kept))}")
    for name in by_cost[:args.top]:
        if name in kept and not runs[name][2]:
            only = runs[name][0] - reached(kept - {name})
            print(f"kept, {len(only)} lines only it reaches: {name}")
    if args.show:
        name = next((n for n in runs if args.show in n), None)
        if name is None:
            print(f"asan_coverage.py: no test of the set is named like {args.show!r}", file=sys.stderr)
            return 2
        for line in sorted(runs[name][0] - reached(kept - {name})):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
