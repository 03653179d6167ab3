#!/usr/bin/env python3
"""A program that hangs in one function scores the same in the starters' check as in the
course's grader: check skips only the cases that send the command a case hung at, and runs
every other case, as `bloom-grader run` does. The program is the implementation written apart
(tests/oracle/bloom.py) with MurmurHash3 made an endless loop: every HASH and POSITIONS line
hangs, and the cases that send neither must still score, though they come after two that
timed out: the hashing exercise's cases, then the protocol suite, in a starter's order. Both
say where a case hung: its command, and the starter's functions that give its answer.

  check_hang_test.py GRADER CHECK ORACLE CASES"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402

TIMEOUT = "1"  # seconds of CPU per case: the hang is the program's, not the machine's


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "check", "oracle", "cases"):
        parser.add_argument(name)
    args = parser.parse_args()
    cases = pathlib.Path(args.cases)
    suites = [cases / "hashing", cases / "protocol"]  # as a starter's cases/ folder lists them
    source = pathlib.Path(args.oracle).read_text()
    start = "def murmur3(data: bytes, seed: int) -> int:\n"
    failures, checks = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        program = pathlib.Path(tmp) / "bloom"
        program.write_text(f"#!{sys.executable}\n" + source.replace(start, start + "    while True:\n        pass\n"))
        program.chmod(0o755)
        report = pathlib.Path(tmp) / "report.json"
        run = subprocess.run([args.grader, "run", "--timeout", TIMEOUT, "--report", f"json:{report}",
                              *[a for s in suites for a in ("--cases", s)], "--", program],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        checks += 1
        if run.returncode != 1 or not report.exists():
            failures.append(f"run exited {run.returncode}, not 1: {run.stderr.strip()}")
            return outcome.report(failures, checks)
        graded = json.loads(report.read_text())
        run_points = sum(c["points"] for c in graded["cases"])
        hung = [c["name"] for c in graded["cases"] if c["verdict"] == "timeout"]
        checks += 1
        if not hung or run_points == 0:
            failures.append(f"the program should hang in some cases and pass others: {run_points} points, "
                            f"{len(hung)} timeouts")
        # each hung case says where: the command it hung on, and the functions of the starter
        # that give its answer (cases/commands.tsv), murmur3_32 among them
        for case in graded["cases"]:
            if case["verdict"] != "timeout":
                continue
            checks += 1
            if "in the starter, its answer comes from murmur3_32" not in case["summary"]:
                failures.append(f"{case['name']} does not name the function it hung in: {case['summary']!r}")
        checked = subprocess.run([args.check, "--timeout", TIMEOUT, "--program", program, *suites],
                                 capture_output=True, text=True, check=False, env={**os.environ, "NO_COLOR": "1"})
        score = re.search(r"^score (\d+)/(\d+) points", checked.stdout, re.MULTILINE)
        checks += 1
        if checked.returncode != 1 or score is None:
            failures.append(f"check exited {checked.returncode} with no score line:\n{checked.stdout}{checked.stderr}")
        elif "in the starter, its answer comes from murmur3_32" not in checked.stdout:
            failures.append(f"check does not name the function a case hung in:\n{checked.stdout}")
        elif int(score.group(1)) != run_points:
            failures.append(f"check scores {score.group(1)}/{score.group(2)}, run {run_points}: "
                            f"run's timeouts were {hung}\n{checked.stdout}")
        print(f"run and check: {run_points} points, {len(hung)} cases hung in run")
    return outcome.report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
