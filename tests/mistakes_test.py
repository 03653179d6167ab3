#!/usr/bin/env python3
"""The grader names a student's mistake from the recorded cases alone: a program written
independently of the reference (tests/students/mistaken.py) with exactly one known mistake is
told that mistake and no other; with two, both; when right, nothing."""
import json
import pathlib
import subprocess
import sys
import tempfile

PAIRS = [("float-division", "big-endian-blocks"), ("msb-bit-order", "tail-byte-order"),
         ("hex-text-hashed", "32-bit-product")]


def named(grader, cases, student, mistakes, report):
    command = [grader, "run", "--cases", cases, "--report", f"json:{report}", "--", sys.executable,
               student]
    for mistake in mistakes:
        command += ["--mistake", mistake]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    summary = json.loads(pathlib.Path(report).read_text())["summary"]
    return {entry["id"] for entry in summary["diagnosis"]}, summary


def main():
    grader, reference, cases, student = sys.argv[1:5]
    catalogue = subprocess.run([reference, "--list-mistakes"], capture_output=True, text=True,
                               check=True).stdout.splitlines()
    ids = [line.split("\t")[0] for line in catalogue]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.json"
        told, summary = named(grader, cases, student, [], report)
        if told or summary["failed"]:
            failures.append(f"the right program: {summary['failed']} failed, told {told}")
        for mistake in ids:
            told, _ = named(grader, cases, student, [mistake], report)
            print(f"{mistake}: told {sorted(told)}")
            if told != {mistake}:
                failures.append(f"--mistake {mistake}: told {sorted(told)}")
        for pair in PAIRS:
            told, _ = named(grader, cases, student, list(pair), report)
            print(f"{' + '.join(pair)}: told {sorted(told)}")
            if told != set(pair):
                failures.append(f"--mistake {' --mistake '.join(pair)}: told {sorted(told)}")
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
