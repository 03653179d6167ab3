#!/usr/bin/env python3
"""A starter as a student gets it: built from a copy of its folder alone, graded on its
exercise. It must pass the protocol cases and fail every other case it fails with
wrong-output because a function is not implemented (never crashed or timeout); with the
reference's functions put back (bloom-make-starters --solved) it must pass everything, under
bloom-grader and under its own build/check. It holds only student material (no name that only
the kit has), and each hint of its cases is bound to a command its student's functions decide."""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import case_text  # noqa: E402
import cli  # noqa: E402
import outcome  # noqa: E402
from starters import cmake_build, solved_starters  # noqa: E402

NOT_IMPLEMENTED = "error: not implemented: "
# Names of things only the kit has: a student's folder never mentions them.
KIT_ONLY = ["bloom-reference", "bloom-grader", "bloom-make-starters", "KIT ONLY", "--mistake",
            "reference/", "record --"]


def grade(grader: str, folder: pathlib.Path) -> tuple[int, dict]:
    report = folder / "report.json"
    status = subprocess.run([grader, "run", "--cases", folder / "cases", "--report",
                             f"json:{report}", "--", folder / "build" / "bloom"]).returncode
    return status, json.loads(report.read_text())


def student_commands(stub: pathlib.Path, solved: pathlib.Path, cases: pathlib.Path) -> set[str]:
    """The commands whose answers the student's functions decide: those the starter as given
    answers differently from the starter with the functions written, in any of the exercise's
    cases. Every line but a blank or # line gets exactly one answer (docs/protocol.md)."""
    found = set()
    for case in sorted(cases.glob("*.case")):
        sent = case_text.sent_lines(case)
        answered = [line for line in sent if line.strip() and not line.startswith("#")]
        given_text = "".join(s + "\n" for s in sent)
        outs = [subprocess.run([program], input=given_text, capture_output=True,
                               text=True).stdout.splitlines() for program in (stub, solved)]
        for line, as_given, written in zip(answered, *outs):
            if as_given != written:
                found.add(line.split(" ")[0])
    return found


def hint_problems(cases: pathlib.Path, commands: set[str]) -> list[str]:
    """Every hint of the exercise's cases is bound to a command the student's code answers."""
    problems = []
    for case in sorted(cases.glob("*.case")):
        for number, command, text in case_text.hints(case):
            if command not in commands:
                problems.append(f"{case.name}:{number}: a hint must name a command the student's "
                                f"functions answer ({', '.join(sorted(commands))}): {command}: {text}")
    return problems


def kit_only_problems(folder: pathlib.Path) -> list[str]:
    """The starter holds only student material: no kit-only name, and every docs/X.md it
    names is in it."""
    problems = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        text = path.read_text(errors="replace")
        where = path.relative_to(folder)
        for number, line in enumerate(text.splitlines(), 1):
            for name in KIT_ONLY:
                if name in line:
                    problems.append(f"{where}:{number}: names {name!r}, which only the kit has: {line.strip()}")
            for doc in re.findall(r"docs/[A-Za-z0-9_-]+\.md", line):
                if not (folder / doc).is_file():
                    problems.append(f"{where}:{number}: names {doc}, which the starter does not hold")
    return problems


def main() -> int:
    parser = cli.parser(__doc__)
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--exercise", required=True)
    parser.add_argument("--grader", required=True)
    parser.add_argument("--make-starters", required=True)
    parser.add_argument("--cmake", required=True)
    args = parser.parse_args()
    failures = []

    with tempfile.TemporaryDirectory(prefix="bloom-starter-") as tmp:
        given = pathlib.Path(tmp) / args.exercise
        shutil.copytree(args.source / "starter" / args.exercise, given)
        failures += kit_only_problems(given)
        cmake_build(given, args.cmake)
        status, report = grade(args.grader, given)
        if status != 1:
            failures.append(f"the starter should fail some cases: bloom-grader exit {status}")
        readme = (given / "README.md").read_text()
        table = readme[readme.index("## What you write"):].split("\n\n")[1]
        to_write = re.findall(r"^\| `([a-z0-9_]+)` \|", table, re.M)
        failed_exercise_cases = 0
        for case in report["cases"]:
            name, verdict = case["name"], case["verdict"]
            if name.startswith("protocol/"):
                if verdict != "passed":
                    failures.append(f"{name}: a protocol case must pass in the starter, got {verdict}")
                continue
            if verdict == "passed":
                continue
            failed_exercise_cases += 1
            actual = (case["mismatch"] or {}).get("actual") or ""
            if verdict != "wrong-output" or not actual.startswith(NOT_IMPLEMENTED):
                failures.append(f"{name}: must fail with wrong-output and '{NOT_IMPLEMENTED}...', "
                                f"got {verdict} answering {actual!r}")
            elif actual[len(NOT_IMPLEMENTED):].strip() not in to_write:  # not one of this student's
                failures.append(f"{name}: fails on {actual!r}, a function of another exercise: "
                                f"the student, who writes {' '.join(to_write)}, could never pass it")
        if failed_exercise_cases == 0:
            failures.append("no case of the exercise failed: are the stubs there?")

        # from the first run, every function of the README's "What you write", in its order
        check = subprocess.run([given / "build" / "check"], capture_output=True, text=True)
        wanted = "still to write: " + " ".join(to_write)
        if check.returncode != 1 or not to_write or wanted not in check.stdout.splitlines():
            failures.append(f"build/check on the starter: exit {check.returncode}, wanted {wanted!r}, "
                            f"output ends {check.stdout[-300:]!r}")

        solved = solved_starters(args.make_starters, args.source, pathlib.Path(tmp) / "solved",
                                 args.exercise) / args.exercise
        # in Release, as batch, Gradescope and GitHub Classroom build it: GCC warns of some
        # things only when it optimises
        cmake_build(solved, args.cmake, configure=["-DCMAKE_BUILD_TYPE=Release"])
        status, report = grade(args.grader, solved)
        summary = report["summary"]
        if status != 0 or summary["passed"] != summary["cases"]:
            failures.append(f"with the reference's functions back: exit {status}, {summary}")
        commands = student_commands(given / "build" / "bloom", solved / "build" / "bloom",
                                    given / "cases" / args.exercise)
        print(f"starter/{args.exercise}: the student's functions decide {' '.join(sorted(commands))}")
        failures += hint_problems(given / "cases" / args.exercise, commands)
        check = subprocess.run([solved / "build" / "check"], capture_output=True, text=True)
        if check.returncode != 0:
            failures.append(f"build/check with the functions back: exit {check.returncode}\n"
                            + check.stdout[-2000:])
        print(f"starter/{args.exercise}: {failed_exercise_cases} cases fail for missing "
              f"functions; solved: {summary['passed']}/{summary['cases']} pass")

    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
