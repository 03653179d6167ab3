#!/usr/bin/env python3
"""Random hidden cases as an instructor makes them each term: generated, recorded with the known
mistakes, then graded. The same seed gives the same cases; the reference and the independent
Python implementation pass them all; recording again finds nothing stale; a student with a
mistake is told it.

  hidden_cases_test.py GRADER REFERENCE ORACLE STUDENT CASES --count N --exercises NAME... [-- GRADER OPTIONS...]

--exercises are the manifest's (exercises.tsv, through CMake); --count is the cases per exercise; the sanitizer build gives fewer, since each
case costs every mistake and pair a sanitized reference run, and more cases reach no more
code."""
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "oracle", "student"):
        parser.add_argument(name)
    parser.add_argument("cases", help="the visible cases, whose sessions the hidden ones follow")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--exercises", nargs="+", required=True)
    args = cli.parse_with_command(parser)
    grader, reference, oracle, student = args.grader, args.reference, args.oracle, args.student
    count, exercises, cases = args.count, args.exercises, args.cases
    limits = args.command  # --memory 0 under ASan
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        first, second = pathlib.Path(tmp) / "a", pathlib.Path(tmp) / "b"
        for out in (first, second):
            for exercise in exercises:
                subprocess.run([reference, "--generate", exercise, "--seed", "2027", "--count", str(count),
                                "--out", out, "--cases", cases], check=True, stdout=subprocess.DEVNULL)
        texts = lambda root: {p.relative_to(root): p.read_text() for p in root.rglob("*.case")}
        if texts(first) != texts(second) or len(texts(first)) != len(exercises) * count:
            failures.append(f"the same seed must give the same {len(exercises) * count} cases")
        subprocess.run([grader, "record", "--mistakes", *limits, "--cases", first, "--", reference],
                       check=True, stdout=subprocess.DEVNULL)
        again = subprocess.run([grader, "record", "--check", "--mistakes", *limits, "--cases", first,
                                "--", reference], capture_output=True, text=True)
        if again.returncode != 0 or "0 stale" not in again.stdout:
            failures.append(f"record --check right after record: exit {again.returncode}\n{again.stdout}")
        for program in ([reference], [sys.executable, oracle]):
            if subprocess.run([grader, "run", *limits, "--cases", first, "--"] + program,
                              stdout=subprocess.DEVNULL).returncode != 0:
                failures.append(f"{program[-1]} must pass every random case")
        report = pathlib.Path(tmp) / "report.json"
        subprocess.run([grader, "run", "--cases", first, "--report", f"json:{report}", "--",
                        sys.executable, student, "--mistake", "signed-char"], stdout=subprocess.DEVNULL)
        data = json.loads(report.read_text())
        told = {d["id"] for d in data["summary"]["diagnosis"]}
        hidden = all(c["hidden"] for c in data["cases"])
        if told != {"signed-char"} or not hidden:
            failures.append(f"signed-char on the hidden cases: told {told}, all hidden: {hidden}")
    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
