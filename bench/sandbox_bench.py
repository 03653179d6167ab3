#!/usr/bin/env python3
"""What the sandbox costs a run, against a bare run, measured in one run of
build/bin/sandbox_bench, as ratios (docs/performance.md, "The sandbox's filter and session" and
"The sandbox's cost per case"):
- the new session and the system-call filter in the runner's child (BM_Run);
- a case under --sandbox (a bubblewrap started for it, and in a sandbox kept for the runs,
  kept.hpp) and --sandbox-users, and bubblewrap's command taken apart to price
  each thing it does (BM_Sandbox): wall; the CPU time of every process (cgroup cpuacct, as
  root: getrusage misses bubblewrap's first process inside, which the kernel reaps); the
  child's (bubblewrap and what it waited for) and the grader's own (the runner, a slot taken
  and emptied) by getrusage; and the machine's (/proc/stat: the kernel's work after a run, such
  as a network namespace's teardown, and other work);
- what a sandbox kept for a submission's cases could cost a case at least: 40 runs of
  /bin/true by one shell, bare and inside one sandbox (BM_Inside);
- the copy of a submission into its scratch folder, once a submission (BM_Copy).

  python3 bench/sandbox_bench.py build [--repetitions N] [--cases N]
"""
import argparse
import json
import os
import pathlib
import subprocess

# sandbox_bench.cpp's programs, in its order
PROGRAMS = ("true", "reference", "dd 200000 1-byte blocks")


def medians(build, repetitions):
    out = subprocess.run([build / "bin" / "sandbox_bench", "--benchmark_format=json",
                          "--benchmark_min_time=0.5", f"--benchmark_repetitions={repetitions}",
                          "--benchmark_enable_random_interleaving=true",
                          "--benchmark_report_aggregates_only=true"],
                         capture_output=True, text=True, check=True).stdout
    return {b["run_name"].removesuffix("/real_time").split("/iterations:")[0]: b
            for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"}


def session_table(median):
    print("| program, per run | bare (before) | new session | session + filter | ratio to bare |")
    print("|---|---|---|---|---|")
    for program in PROGRAMS:
        for what, key in (("wall", "real_time"), ("child CPU", "child_cpu_us")):
            bare, session, both = (median[f"BM_Run/{program}/{how}"][key]
                                   for how in ("bare", "session", "session+filter"))
            print(f"| {program}, {what} | {bare:,.0f} µs | {session:,.0f} µs ({session / bare:.3f}×) | "
                  f"{both:,.0f} µs ({both / bare:.3f}×) | **{both / bare:.2f}×** |")


def sandbox_table(median, program):
    bare = median[f"BM_Run/{program}/bare"]

    def cpu(b):  # every process's (cgroup cpuacct, as root), else the child's and the grader's
        return b["cgroup_cpu_us"] or b["child_cpu_us"] + b["self_cpu_us"]
    print(f"\n| {program}, per run | wall | CPU, every process | child CPU (getrusage) | grader CPU | "
          "ratio to bare (CPU) | CPU over bare | machine CPU |")
    print("|---|---|---|---|---|---|---|---|")
    rows = [("bare", bare)] + [(name.split("/", 2)[2], b) for name, b in sorted(
        median.items(), key=lambda item: item[1]["family_index"])
        if name.startswith(f"BM_Sandbox/{program}/")]  # sandbox_bench.cpp's order
    for how, b in rows:
        print(f"| {how} | {b['real_time']:,.0f} µs ({b['real_time'] / bare['real_time']:.1f}×) | "
              f"{cpu(b):,.0f} µs | {b['child_cpu_us']:,.0f} µs | {b['self_cpu_us']:,.0f} µs | "
              f"**{cpu(b) / cpu(bare):.2f}×** | {cpu(b) - cpu(bare):,.0f} µs | "
              f"{b['machine_cpu_us']:,.0f} µs |")
    whole = median.get(f"BM_Sandbox/{program}/sandbox")
    if whole:
        print(f"\nwhat each part of --sandbox costs {program} (the sandbox's CPU less the sandbox's "
              "without it):")
        for part in ("net", "seccomp", "init"):
            less = median[f"BM_Sandbox/{program}/sandbox less {part}"]
            print(f"- {part}: {cpu(whole) - cpu(less):,.0f} µs of CPU, "
                  f"{whole['machine_cpu_us'] - less['machine_cpu_us']:,.0f} µs of the machine's, "
                  f"{whole['real_time'] - less['real_time']:,.0f} µs of wall")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", nargs="?", default="build")
    parser.add_argument("--repetitions", type=int, default=5,
                        help="interleaved repetitions of each benchmark (default 5)")
    parser.add_argument("--cases", type=int, default=43,
                        help="cases a submission has, to share its copy among (default 43: bip37 "
                             "and the protocol suite)")
    options = parser.parse_args()
    median = medians(pathlib.Path(options.build).resolve(), options.repetitions)
    session_table(median)
    for program in PROGRAMS[:2]:
        sandbox_table(median, program)
    inside = {how: median.get(f"BM_Inside/40 runs of true/{how}") for how in ("bare", "one sandbox")}
    if all(inside.values()):
        print("\nwhat a sandbox kept for a submission could cost a case at least: /bin/true started 40 "
              "times by one shell, per start (the sandbox's own start shared by the 40):")
        for how, b in inside.items():
            print(f"- {how}: {b['real_time'] / 40:,.0f} µs wall, {b['cgroup_cpu_us'] or b['child_cpu_us']:,.0f} µs CPU")
    copy = median.get("BM_Copy/bip37 starter")
    if copy:
        print(f"\nthe copy into the scratch folder, a submission: {copy['real_time']:,.0f} µs wall, "
              f"{copy['self_cpu_us']:,.0f} µs CPU; a case of {options.cases}: "
              f"{copy['real_time'] / options.cases:,.0f} µs wall, "
              f"{copy['self_cpu_us'] / options.cases:,.0f} µs CPU")
    print(f"\nmachine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
