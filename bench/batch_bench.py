#!/usr/bin/env python3
"""Hung submissions in a batch (docs/performance.md, "Batches"): 40 submissions, 10 of which
never answer, graded with the new defaults (a submission's cases are skipped after two
timeouts) and as before (--skip-after-timeouts 0: every case runs to its limit), in one run.
Prints both times, their ratio, and checks that the 30 others get the same verdicts.

  python3 bench/batch_bench.py build [--timeout SECONDS]

The per-case limit is 2 s for both (--timeout): with the default of 10 s the old way takes
about 20 minutes on 2 cores, and the ratio hardly depends on it."""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("--timeout", default="2")
    args = parser.parse_args()
    build = args.build.resolve()
    grader = build / "bin" / "bloom-grader"
    sleeper = next(build.rglob("hostile_sleep_forever"))
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
        for label, extra in (("before: every case runs", ["--skip-after-timeouts", "0"]), ("new defaults", [])):
            out = tmp / label.split(":")[0].replace(" ", "-")
            start = time.perf_counter()
            subprocess.run([grader, "batch", "--cases", ROOT / "cases" / "protocol", "--cases", ROOT / "cases" / "bip37",
                            "--submissions", subs, "--run", "{dir}/run", "--out", out, "--jobs", "2",
                            "--timeout", args.timeout, *extra], capture_output=True, check=False)
            timings[label] = (time.perf_counter() - start, out)
        before, after = (timings[k][0] for k in timings)
        verdicts = lambda out, name: [c["verdict"] for c in json.loads((out / f"{name}.json").read_text())["cases"]]  # noqa: E731
        others = [f"s{i:02d}" for i in range(40) if i % 4 != 3]
        outs = [timings[k][1] for k in timings]
        same = all(verdicts(outs[0], name) == verdicts(outs[1], name) for name in others)
        print(f"40 submissions, 10 hung, protocol + bip37 (22 cases), --timeout {args.timeout}, --jobs 2")
        print(f"  before (every case runs): {before:.1f} s")
        print(f"  new defaults (skip after 2 timeouts): {after:.1f} s")
        print(f"  {before / after:.1f}x faster; the 30 others' verdicts {'the same' if same else 'DIFFER'}")
        return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
