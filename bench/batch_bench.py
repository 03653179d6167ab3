#!/usr/bin/env python3
"""Batches (docs/performance.md, "Batches"), each figure against a baseline in the same run.

  python3 bench/batch_bench.py build hung [--timeout SECONDS]
  python3 bench/batch_bench.py build builds [--submissions N]
  python3 bench/batch_bench.py build scaling [--submissions N]
  python3 bench/batch_bench.py build sandbox [--submissions N] [--rounds R]

hung: 40 submissions, 10 of which never answer, graded with the old defaults (every case
runs to a limit of 10 s, --timeout; about 20 minutes on 2 cores, mostly waiting, so other work
on the machine hardly changes it; a shorter limit only flatters the old way) and with today's
(times.tsv gives these cases 5 s, and a submission's cases are skipped after two timeouts).
Prints both times, their ratio, and checks that the 30 others get the same verdicts.

builds: N solved bip37 submissions (default 50) built and graded three ways: the command
docs/batch.md gave before (Debug, bloom and check), --build cmake, and --build cmake
--starter (the given files' objects reused). A submission is what a student who solved the
exercise hands in: starter/bip37 with the files that hold the exercise's functions (those its
CMakeLists.txt names in BLOOM_STUDENT_FUNCTIONS) taken from the solved starter. Prints times,
submissions per hour, ratios and where the time went (builds, cases), and checks that every
submission passes every way.

scaling: N solved bip37 submissions (default 20) graded the fastest way (--build cmake
--starter) with --jobs 1, with --jobs 2, and as 2 shards of --jobs 1 run at once (as two
Slurm tasks on one node would): how the rate grows with --jobs and shards.

sandbox: N distinct solved bip37 submissions (default 24; each with an edit of its own to the
student's file, so that no two compile alike) graded the way docs/batch.md gives, --build cmake
--starter starter/bip37 --jobs 2, without --sandbox and with it, R rounds of both (default 1),
alternating, in one run: the rate each way, its ratio, and the median build."""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("what", choices=("hung", "builds", "scaling", "sandbox"))
    parser.add_argument("--timeout", default="10")
    parser.add_argument("--submissions", type=int)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    build = args.build.resolve()
    if args.what == "builds":
        return builds(build, args.submissions or 50)
    if args.what == "scaling":
        return scaling(build, args.submissions or 20)
    if args.what == "sandbox":
        return sandboxed(build, args.submissions or 24, args.rounds)
    grader = build / "bin" / "bloom-grader"
    sleeper = next(build.rglob("hostile_sleep_forever"))  # hung
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        subs = tmp / "submissions"
        for i in range(40):
            folder = subs / f"s{i:02d}"
            folder.mkdir(parents=True)
            program = sleeper if i % 4 == 3 else build / "bin" / "bloom-reference"
            (folder / "run").write_text(f"#!/bin/sh\nexec {program}\n")
            (folder / "run").chmod(0o755)
        timings = {}
        # before: the old defaults, every case run to a limit of --timeout (10 s; a shorter one
        # makes the run shorter and only flatters the old way); after: today's defaults, the
        # limit from times.tsv, and feedback's fast path: cases skipped after two timeouts (final
        # grades run every case, docs/batch.md)
        for label, extra in (("before: every case runs", ["--skip-after-timeouts", "0", "--timeout", args.timeout]),
                             ("new defaults", ["--skip-after-timeouts", "2"])):
            out = tmp / label.split(":")[0].replace(" ", "-")
            start = time.perf_counter()
            subprocess.run([grader, "batch", "--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37",
                            "--submissions", subs, "--run", "{dir}/run", "--out", out, "--jobs", "2",
                            *extra], capture_output=True, check=False)
            timings[label] = (time.perf_counter() - start, out)
        before, after = (timings[k][0] for k in timings)
        verdicts = lambda out, name: [c["verdict"] for c in json.loads((out / f"{name}.json").read_text())["cases"]]  # noqa: E731
        others = [f"s{i:02d}" for i in range(40) if i % 4 != 3]
        outs = [timings[k][1] for k in timings]
        same = all(verdicts(outs[0], name) == verdicts(outs[1], name) for name in others)
        print(f"40 submissions, 10 hung, protocol + bip37 (22 cases), --jobs 2")
        print(f"  before (every case runs, --timeout {args.timeout}): {before:.1f} s")
        print(f"  new defaults (limits from times.tsv, skip after 2 timeouts): {after:.1f} s")
        print(f"  {before / after:.1f}x faster; the 30 others' verdicts {'the same' if same else 'DIFFER'}")
        return 0 if same else 1


def student_files(starter):
    """The starter's files that hold the exercise's functions: what a student changes."""
    cmake = (starter / "CMakeLists.txt").read_text()
    functions = cmake.split('BLOOM_STUDENT_FUNCTIONS="', 1)[1].split('"', 1)[0].split()
    return sorted(p.relative_to(starter) for p in (starter / "src").glob("*.cpp")
                  if any(f'NotImplemented("{f}")' in p.read_text() for f in functions))


def solved_submissions(tmp, count, distinct=False):
    """tmp/submissions: `count` copies of starter/bip37 with the student's files solved (from
    tmp/solved), afresh. `distinct`: each student file gets an edit of its own (a function
    that returns the submission's number), as no two students hand in the same file."""
    starter = ROOT / "starter" / "bip37"
    subs = tmp / "submissions"
    shutil.rmtree(subs, ignore_errors=True)
    for i in range(count):
        shutil.copytree(starter, subs / f"s{i:02d}")
        for name in student_files(starter):
            text = (tmp / "solved" / "bip37" / name).read_text()
            if distinct:
                text += f"\n// submission {i}\nint submission_{i}_of_{count}() {{ return {i}; }}\n"
            (subs / f"s{i:02d}" / name).write_text(text)
    return subs


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def sandboxed(build, count, rounds):
    grader = build / "bin" / "bloom-grader"
    starter = ROOT / "starter" / "bip37"
    common = ["--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37", "--build", "cmake",
              "--run", "{project}/build/bloom", "--starter", starter, "--jobs", "2"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "CMAKE_"))}
    ways = (("open", []), ("--sandbox", ["--sandbox"]))
    seconds = {label: [] for label, _ in ways}
    builds = {label: [] for label, _ in ways}
    passed = {label: 0 for label, _ in ways}
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([build / "bin" / "bloom-make-starters", "--solved", "--out", tmp / "solved"],
                       check=True, capture_output=True)
        for round_ in range(rounds):
            # alternate which way goes first, so that a drift in the machine's speed falls on both
            for label, extra in (ways if round_ % 2 == 0 else ways[::-1]):
                subs = solved_submissions(tmp, count, distinct=True)
                out = tmp / f"out-{label.strip('-')}-{round_}"
                start = time.perf_counter()
                done = subprocess.run([grader, "batch", *common, "--submissions", subs, "--out", out, *extra],
                                      capture_output=True, text=True, env=env)
                seconds[label].append(time.perf_counter() - start)
                reports = [json.loads(p.read_text()) for p in out.glob("s*.json")]
                passed[label] += sum(r["status"] == "passed" for r in reports)
                builds[label] += [r["build"]["time_ms"] / 1000 for r in reports]
                for r in reports:
                    if r["status"] != "passed":  # say why: a benchmark of failures measures nothing
                        why = r["build"].get("summary") or sorted({c["summary"] for c in r["cases"]
                                                                  if c["verdict"] != "passed"})[:2]
                        print(f"  {label}, round {round_ + 1}: {r['submission']} {r['status']}: {why}")
                if done.returncode != 0:
                    print(f"  {label}, round {round_ + 1}: exit {done.returncode}: {done.stderr[-400:]}")
        print(f"{count} distinct solved bip37 submissions, --build cmake --starter starter/bip37 --jobs 2, "
              f"protocol + bip37 (41 cases), {rounds} round(s) each way")
        rate = {label: 3600 * count * rounds / sum(seconds[label]) for label in seconds}
        for label, _ in ways:
            print(f"  {label}: {sum(seconds[label]) / rounds:.0f} s a round "
                  f"({', '.join(f'{s:.0f}' for s in seconds[label])}), {rate[label]:.0f} an hour; "
                  f"median build {median(builds[label]):.2f} s; {passed[label]} of {count * rounds} passed")
        print(f"  --sandbox reaches {rate['--sandbox'] / rate['open']:.2f} of the open rate "
              f"(median build {median(builds['--sandbox']) / median(builds['open']):.2f}x the open one)")
        return 0 if all(passed[label] == count * rounds for label in passed) else 1


def scaling(build, count):
    grader = build / "bin" / "bloom-grader"
    starter = ROOT / "starter" / "bip37"
    common = ["--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37", "--build", "cmake",
              "--run", "{project}/build/bloom", "--starter", starter]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "CMAKE_"))}
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([build / "bin" / "bloom-make-starters", "--solved", "--out", tmp / "solved"],
                       check=True, capture_output=True)
        rows = []
        for label, runs in (("--jobs 1", [["--jobs", "1"]]), ("--jobs 2", [["--jobs", "2"]]),
                            ("2 shards of --jobs 1, at once", [["--jobs", "1", "--shard", "1/2"],
                                                               ["--jobs", "1", "--shard", "2/2"]])):
            subs = solved_submissions(tmp, count)
            out = tmp / f"out-{len(rows)}"
            start = time.perf_counter()
            running = [subprocess.Popen([grader, "batch", *common, "--submissions", subs, "--out", out, *extra],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                       for extra in runs]
            for process in running:
                process.wait()
            seconds = time.perf_counter() - start
            passed = sum(json.loads(p.read_text())["status"] == "passed" for p in out.glob("s*.json"))
            rows.append((label, seconds, passed))
        print(f"{count} solved bip37 submissions, --build cmake --starter, protocol + bip37 (41 cases)")
        for label, seconds, passed in rows:
            print(f"  {label}: {seconds:.0f} s, {3600 * count / seconds:.0f} an hour, "
                  f"{rows[0][1] / seconds:.2f}x --jobs 1; {passed} of {count} passed")
        return 0 if all(r[2] == count for r in rows) else 1


def builds(build, count):
    grader = build / "bin" / "bloom-grader"
    starter = ROOT / "starter" / "bip37"
    cases = ["--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37"]
    ways = [("before: the old documented command (Debug, bloom and check)",
             ["--build", "cmake -S . -B build >/dev/null && cmake --build build", "--run", "{dir}/build/bloom"]),
            ("--build cmake", ["--build", "cmake", "--run", "{project}/build/bloom"]),
            ("--build cmake --starter", ["--build", "cmake", "--run", "{project}/build/bloom", "--starter", starter])]
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([build / "bin" / "bloom-make-starters", "--solved", "--out", tmp / "solved"],
                       check=True, capture_output=True)
        changed = student_files(starter)
        results = []
        for label, options in ways:
            subs = solved_submissions(tmp, count)
            out = tmp / f"out-{len(results)}"
            start = time.perf_counter()
            # no compiler cache of the caller's: each way compiles as a new machine would
            env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "CMAKE_"))}
            subprocess.run([grader, "batch", *cases, "--submissions", subs, "--out", out, "--jobs", "2",
                            *options], capture_output=True, text=True, env=env)
            seconds = time.perf_counter() - start
            reports = [json.loads(p.read_text()) for p in out.glob("s*.json")]
            passed = sum(r["status"] == "passed" for r in reports)
            build_s = sum(r["build"]["time_ms"] for r in reports) / 1000
            cases_s = sum(c["time_ms"] for r in reports for c in r["cases"]) / 1000
            results.append((label, seconds, passed, build_s, cases_s))
        print(f"{count} solved bip37 submissions (changed from the starter: "
              f"{', '.join(map(str, changed))}), protocol + bip37 (41 cases), --jobs 2")
        base = results[0][1]
        for label, seconds, passed, build_s, cases_s in results:
            print(f"  {label}: {seconds:.0f} s, {3600 * count / seconds:.0f} an hour, "
                  f"{base / seconds:.1f}x the first; {passed} of {count} passed; "
                  f"a submission's build {build_s / count:.2f} s, its cases {cases_s / count:.2f} s")
        return 0 if all(r[2] == count for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
