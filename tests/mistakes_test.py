#!/usr/bin/env python3
"""The grader names a student's mistake from the recorded cases alone: programs written
independently of the reference (tests/students/mistaken.py and mistaken.cpp) with exactly one
known mistake are told that mistake and no other; with two, both; when right, nothing.

  mistakes_test.py GRADER REFERENCE CASES STUDENT.py STUDENT_BINARY"""
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import outcome  # noqa: E402

PAIRS = [("float-division", "big-endian-blocks"), ("msb-bit-order", "tail-byte-order"),
         ("hex-text-hashed", "32-bit-product")]


def named(grader, cases, student, mistakes, report):
    command = [grader, "run", "--cases", cases, "--report", f"json:{report}", "--", *student]
    for mistake in mistakes:
        command += ["--mistake", mistake]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    summary = json.loads(pathlib.Path(report).read_text())["summary"]
    return {entry["id"] for entry in summary["diagnosis"]}, summary


def main():
    grader, reference, cases, python_student, cpp_student = sys.argv[1:6]
    catalogue = subprocess.run([reference, "--list-mistakes"], capture_output=True, text=True,
                               check=True).stdout.splitlines()
    ids = [line.split("\t")[0] for line in catalogue]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.json"
        for language, student in (("Python", [sys.executable, python_student]), ("C++", [cpp_student])):
            told, summary = named(grader, cases, student, [], report)
            if told or summary["failed"]:
                failures.append(f"{language}, right: {summary['failed']} failed, told {told}")
            for mistake in ids:
                told, _ = named(grader, cases, student, [mistake], report)
                print(f"{language} --mistake {mistake}: told {sorted(told)}")
                if told != {mistake}:
                    failures.append(f"{language} --mistake {mistake}: told {sorted(told)}")
            for pair in PAIRS:
                told, _ = named(grader, cases, student, list(pair), report)
                print(f"{language} {' + '.join(pair)}: told {sorted(told)}")
                if told != set(pair):
                    failures.append(f"{language} --mistake {' --mistake '.join(pair)}: told {sorted(told)}")
    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
