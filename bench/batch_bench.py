#!/usr/bin/env python3
"""Batches (docs/performance.md, "Batches"), each figure against a baseline in the same run.

  python3 bench/batch_bench.py build hung [--timeout SECONDS]
  python3 bench/batch_bench.py build builds [--submissions N]
  python3 bench/batch_bench.py build scaling [--submissions N]
  python3 bench/batch_bench.py build sandbox [--submissions N] [--rounds R]
  python3 bench/batch_bench.py build fastpath [--submissions N] [--rounds R] [--open]
  python3 bench/batch_bench.py build shards [--submissions N]

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
alternating, in one run: the rate each way, its ratio, and the median build.

fastpath: N distinct solved bip37 submissions (default 60, each its own edit to the student's
file) graded the way docs/batch.md gives, --build cmake --starter starter/bip37 --sandbox
--jobs 2 (--open: without --sandbox), with --no-fast-path (every build CMake's) and with the
fast path (docs/batch.md), R rounds of both (default 1), alternating, in one run; each batch
builds the starter itself, as the command does, and that is in its time. For each way: wall
time, submissions an hour, and the CPU time (user + sys of the grader and every process it
started) per submission, which other work on the machine changes far less than the wall
time; from the reports, the build's median wall time and mean CPU time and the cases' time.
Then one submission's parts, each timed alone three times (median CPU): CMake's configure,
its build (the student's file compiled, the given files from ccache, the link), the fast
path's compile (plainly and through its precompiled header) and its archive and link, and
its cases run with and without --sandbox.

shards: N distinct solved bip37 submissions (default 60) graded the way the Slurm job file
grades a shard (deploy/slurm-batch.sbatch with --starter: --build cmake --starter
starter/bip37 --sandbox --jobs 2 --shard I/S) as 1, 2 and 4 shards. The tasks share one
starter cache (GRADES/starter-cache), which the first fills: the starter's build is timed
once, alone, first. Then each shard runs alone, one after another, as it would on a machine of
its own, reading that cache. For each count: each shard's wall and CPU time, the batch's time
on that many machines (the starter's build, then the slowest shard), the rate that gives, and
that `merge` of the shards writes the 1-shard run's gradebook byte for byte."""
import argparse
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("what", choices=("hung", "builds", "scaling", "sandbox", "fastpath", "shards"))
    parser.add_argument("--timeout", default="10")
    parser.add_argument("--submissions", type=int)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--open", action="store_true", help="fastpath: without --sandbox")
    args = parser.parse_args()
    build = args.build.resolve()
    if args.what == "builds":
        return builds(build, args.submissions or 50)
    if args.what == "scaling":
        return scaling(build, args.submissions or 20)
    if args.what == "sandbox":
        return sandboxed(build, args.submissions or 24, args.rounds)
    if args.what == "fastpath":
        return fastpath(build, args.submissions or 60, args.rounds, not args.open)
    if args.what == "shards":
        return shards(build, args.submissions or 60)
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


def cpu_of(command, **kwargs):
    """Runs `command`; its wall and CPU seconds (user + sys of it and every process it waited
    for), and what subprocess.run returned."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done


def fastpath(build, count, rounds, sandbox):
    grader = build / "bin" / "bloom-grader"
    starter = ROOT / "starter" / "bip37"
    cases = ["--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37"]
    common = [*cases, "--build", "cmake", "--run", "{project}/build/bloom", "--starter", starter, "--jobs", "2",
              *(["--sandbox"] if sandbox else [])]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "CMAKE_"))}
    ways = (("cmake", ["--no-fast-path"]), ("fast", []))
    seen = {label: {"wall": 0.0, "cpu": 0.0, "builds": [], "build_cpu": [], "cases": [], "paths": {}, "passed": 0}
            for label, _ in ways}
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        tmp.chmod(0o755)  # the sandbox's uids reach the starter's cache through it
        subprocess.run([build / "bin" / "bloom-make-starters", "--solved", "--out", tmp / "solved"],
                       check=True, capture_output=True)
        print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
        for round_ in range(rounds):
            for label, extra in (ways if round_ % 2 == 0 else ways[::-1]):
                subs = solved_submissions(tmp, count, distinct=True)
                out = tmp / f"out-{label}-{round_}"
                wall, cpu, done = cpu_of([grader, "batch", *common, "--submissions", subs, "--out", out, *extra],
                                         env=env)
                mine = seen[label]
                mine["wall"] += wall
                mine["cpu"] += cpu
                for report in (json.loads(p.read_text()) for p in out.glob("s*.json")):
                    mine["passed"] += report["status"] == "passed"
                    mine["builds"].append(report["build"]["time_ms"] / 1000)
                    mine["build_cpu"].append(report["build"].get("cpu_ms", 0) / 1000)
                    mine["cases"].append(sum(c["time_ms"] for c in report["cases"]) / 1000)
                    path = report["build"].get("path", "")
                    mine["paths"][path] = mine["paths"].get(path, 0) + 1
                if done.returncode != 0:
                    print(f"  {label}, round {round_ + 1}: exit {done.returncode}: {done.stderr[-400:]}")
                print(f"  {label}, round {round_ + 1}: {wall:.0f} s, load average {os.getloadavg()[0]:.1f}", flush=True)
        print(f"{count} distinct solved bip37 submissions, --build cmake --starter starter/bip37 --jobs 2"
              f"{' --sandbox' if sandbox else ''}, protocol + bip37 (43 cases), {rounds} round(s) each way, "
              "the starter's own build in each batch's time")
        for label, _ in ways:
            mine = seen[label]
            n = count * rounds
            print(f"  {label}: {mine['wall'] / rounds:.0f} s a round, {3600 * n / mine['wall']:.0f} an hour; "
                  f"CPU {mine['cpu'] / n:.2f} s a submission (at most {3600 * 2 / (mine['cpu'] / n):.0f} an hour "
                  f"on 2 idle cores); build median {median(mine['builds']):.2f} s, its CPU "
                  f"{sum(mine['build_cpu']) / n:.2f} s; cases {sum(mine['cases']) / n:.2f} s; "
                  f"paths {mine['paths']}; {mine['passed']} of {n} passed")
        breakdown(grader, tmp, cases, env)
        return 0 if all(seen[label]["passed"] == count * rounds for label in seen) else 1


def breakdown(grader, tmp, cases, env):
    """One submission's parts, each run alone three times: the median CPU and wall seconds."""
    cache = tmp / "cache"
    (tmp / "none").mkdir()
    subprocess.run([grader, "batch", *cases, "--submissions", tmp / "none", "--out", tmp / "none-out", "--build",
                    "cmake", "--run", "x", "--starter", ROOT / "starter" / "bip37", "--starter-cache", cache],
                   capture_output=True, env=env)
    script = next(cache.glob("starter-*/fast-build.sh"))
    project = tmp / "submissions" / "s00"
    words = (f"export CCACHE_DIR={cache} CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1 CMAKE_CXX_COMPILER_LAUNCHER=ccache "
             "LANG=C.UTF-8 LC_ALL=C.UTF-8 CCACHE_READONLY=1 CCACHE_NOSTATS=1 CCACHE_TEMPDIR=$PWD/.ccache-tmp "
             "CMAKE_GENERATOR=Ninja && ")
    parts = [("cmake: configure", "rm -rf build && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release"),
             ("cmake: configure and build (the student's file compiled, 15 from ccache, link)",
              "rm -rf build && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target bloom"),
             ("fast: compile the student's file, archive, link", f"sh {script} CMakeFiles/bloom_core.dir/src/bip37.cpp.o"),
             ("fast: the same, through the precompiled header",
              f"sh {script} CMakeFiles/bloom_core.dir/src/bip37.cpp.o+pch"),
             ("fast: archive and link alone", f"sh {script}")]
    print("one submission's parts, alone (median of 3: CPU s, wall s; output hidden):")
    for label, line in parts:
        times = [cpu_of(["sh", "-c", words + line], cwd=project, env=env)[:2] for _ in range(3)]
        print(f"  {label}: CPU {median([t[1] for t in times]):.2f}, wall {median([t[0] for t in times]):.2f}")
    subprocess.run(["sh", "-c", words + f"sh {script} CMakeFiles/bloom_core.dir/src/bip37.cpp.o"], cwd=project, env=env)
    for label, extra in (("cases (43), open", []), ("cases (43), --sandbox", ["--sandbox"])):
        times = [cpu_of([grader, "run", *cases, "--jobs", "1", *extra, "--", project / "build" / "bloom"], env=env)[:2]
                 for _ in range(3)]
        print(f"  {label}: CPU {median([t[1] for t in times]):.2f}, wall {median([t[0] for t in times]):.2f}")


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


def shards(build, count):
    grader = build / "bin" / "bloom-grader"
    common = ["--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37", "--build", "cmake",
              "--run", "{project}/build/bloom", "--starter", ROOT / "starter" / "bip37", "--sandbox", "--jobs", "2"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "CMAKE_"))}
    with tempfile.TemporaryDirectory(prefix="bloom-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        tmp.chmod(0o755)  # the sandbox's uids reach the starter's cache through it
        subprocess.run([build / "bin" / "bloom-make-starters", "--solved", "--out", tmp / "solved"],
                       check=True, capture_output=True)
        subs = solved_submissions(tmp, count, distinct=True)
        print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
        cache = tmp / "starter-cache"
        (tmp / "none").mkdir()
        starter_wall, starter_cpu, _ = cpu_of([grader, "batch", *common, "--submissions", tmp / "none", "--out",
                                               tmp / "none-out", "--starter-cache", cache], env=env)
        print(f"  the starter's build, into the shared cache: {starter_wall:.0f} s, CPU {starter_cpu:.0f} s", flush=True)
        rows, passed, single = [], 0, None
        for total in (1, 2, 4):
            outs, times = [], []
            for index in range(1, total + 1):
                out = tmp / f"out-{total}" / f"shard-{index}"
                wall, cpu, done = cpu_of([grader, "batch", *common, "--submissions", subs, "--out", out,
                                          "--shard", f"{index}/{total}", "--starter-cache", cache], env=env)
                if done.returncode not in (0, 1):
                    print(f"  shard {index}/{total}: exit {done.returncode}: {done.stderr[-400:]}")
                outs.append(out)
                times.append((wall, cpu))
                passed += sum(json.loads(p.read_text())["status"] == "passed" for p in out.glob("s*.json"))
                print(f"  shard {index}/{total}: {wall:.0f} s, CPU {cpu:.0f} s, load average "
                      f"{os.getloadavg()[0]:.1f}", flush=True)
            merged = tmp / f"out-{total}" / "gradebook.csv"
            if total == 1:
                single = (outs[0] / "gradebook.csv").read_bytes()
            else:
                subprocess.run([grader, "merge", *outs, "--out", merged], check=True, capture_output=True, env=env)
            same = total == 1 or merged.read_bytes() == single
            rows.append((total, times, same))
        print(f"{count} distinct solved bip37 submissions, --build cmake --starter starter/bip37 --sandbox --jobs 2 "
              f"--shard I/S, protocol + bip37 (43 cases); the starter's build first ({starter_wall:.0f} s), "
              "then each shard alone")
        for total, times, same in rows:
            batch = starter_wall + max(times)[0]
            print(f"  {total} shard(s): each {', '.join(f'{w:.0f} s (CPU {c:.0f} s)' for w, c in times)}; "
                  f"on {total} machine(s) {batch:.0f} s, {3600 * count / batch:.0f} an hour, "
                  f"{(starter_wall + rows[0][1][0][0]) / batch:.2f}x 1 shard; merged gradebook "
                  f"{'the single run' + chr(39) + 's, byte for byte' if same else 'DIFFERS'}")
        print(f"  {passed} of {3 * count} gradings passed")
        return 0 if passed == 3 * count and all(row[2] for row in rows) else 1


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
