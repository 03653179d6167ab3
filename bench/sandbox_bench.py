#!/usr/bin/env python3
"""What the sandbox's new session and system-call filter cost a run, against a bare run (as
every run was before them), measured in one run of build/bin/sandbox_bench, as ratios
(docs/performance.md, "The sandbox's filter and session").

  python3 bench/sandbox_bench.py build
"""
import json
import os
import pathlib
import subprocess
import sys


def main():
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build").resolve()
    out = subprocess.run([build / "bin" / "sandbox_bench", "--benchmark_format=json",
                          "--benchmark_min_time=0.5", "--benchmark_repetitions=12",
                          "--benchmark_enable_random_interleaving=true",
                          "--benchmark_report_aggregates_only=true"],
                         capture_output=True, text=True, check=True).stdout
    medians = [b for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"]
    median = {b["run_name"].removesuffix("/real_time"): b["real_time"] for b in medians}
    cpu = {b["run_name"].removesuffix("/real_time"): b["child_cpu_us"] for b in medians}
    programs = sorted({name.split("/")[1] for name in median}, key=lambda n: ("true", "reference").index(n)
                      if n in ("true", "reference") else 2)  # sandbox_bench.cpp's order
    print("| program, per run | bare (before) | new session | session + filter | ratio to bare |")
    print("|---|---|---|---|---|")
    for program in programs:
        for what, figures in (("wall", median), ("child CPU", cpu)):
            bare, session, both = (figures[f"BM_Run/{program}/{how}"] for how in ("bare", "session", "session+filter"))
            print(f"| {program}, {what} | {bare:,.0f} µs | {session:,.0f} µs ({session / bare:.3f}×) | "
                  f"{both:,.0f} µs ({both / bare:.3f}×) | **{both / bare:.2f}×** |")
    print(f"\nmachine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
