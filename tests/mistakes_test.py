#!/usr/bin/env python3
"""The grader names a student's mistakes from the recorded cases alone. Programs written
independently of the reference (tests/students/mistaken.py and mistaken.cpp):
- right: are told nothing;
- with one known mistake: are told that mistake and no other (bloom-grader run, with the
  protocol suite and that exercise's, as a course grades one exercise);
- with one known mistake, under the starter's check too (the C++ student);
- with two mistakes of one exercise, every pair (the C++ student: the Python one starts 50 times
  slower, and one program written apart from the reference is what a pair's recorded answer
  must agree with): are told both by the starter's check, with that exercise's public cases,
  unless the reference refuses the pair as two ways to write one line, which docs/mistakes.md
  must then list with its reason; and never a mistake outside the pair, whatever that table
  says (a name comes only from evidence, and a program with two mistakes makes no third).
Under check, no case shows a hint beside a diagnosis, and every hint shown is one of the
case's own, bound to the command of the line it failed on (starter_test.py checks that such
commands are ones the student's functions decide).

  mistakes_test.py GRADER REFERENCE CASES STUDENT.py STUDENT_BINARY CHECK DOCS_MISTAKES_MD
                  [--cpp-only] [--pairs N]

--cpp-only leaves out the Python student, and --pairs N tries only the first N pairs of each
exercise: a quicker run that reaches the same C++ of the kit, since neither the Python student
nor the 130 other pairs reach any that the C++ student and a few pairs do not, and they take
most of the time. The sanitizer build runs none of it: its other tests reach every line this
one does (CONTRIBUTING.md, "Which tests the sanitizer build runs").

The students start once a case, some 17,000 times in all: the Python one as `python -S` and the
C++ one linked statically (tests/students/CMakeLists.txt), since most of a start went to
site-packages' .pth files or to loading libstdc++. The same programs answer the same, so every
report is what it was; the CPU seconds are not (175 s before, 91 s after)."""
import itertools
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import case_text  # noqa: E402
import cli  # noqa: E402
import outcome  # noqa: E402


def named(grader, folders, student, mistakes, report):
    command = [grader, "run", *[x for f in folders for x in ("--cases", f)], "--report",
               f"json:{report}", "--", *student]
    for mistake in mistakes:
        command += ["--mistake", mistake]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    summary = json.loads(pathlib.Path(report).read_text())["summary"]
    return {entry["id"] for entry in summary["diagnosis"]}, summary


def hints_of(cases: pathlib.Path):
    """case id -> [(command or "", text)], as the case files declare them."""
    return {f"{case.parent.name}/{case.stem}": [(command, text) for _, command, text in
                                                 case_text.hints(case)]
            for case in cases.rglob("*.case")}


def untold_pairs(documented):
    """(a, b) -> what the kit tells a program with both, for the pairs docs/mistakes.md lists
    under "Pairs the public cases do not yet tell"."""
    section = documented.split("### Pairs the public cases do not yet tell", 1)[-1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \+ `([a-z0-9-]+)` \| ([^|]*) \|", section, re.M)
    return {(a, b): set(re.findall(r"`([a-z0-9-]+)`", told)) for a, b, told in rows}


def told_by_check(output):
    """The mistakes check's summary names: an id per "looks like ID in N cases: ..." line, and
    "one of: A, B" as it stands for a group the cases could not tell apart."""
    told = set()
    for line in re.findall(r"^looks like (.*)$", output, re.M):
        group = re.match(r"(one of: [a-z0-9, -]+) \(in ", line)
        told.add(group.group(1) if group else re.search(r"\[([a-z0-9-]+)\]$", line).group(1))
    return told


def ids_of(told):
    """Every mistake id in what told_by_check returns: a "one of" group names each of its ids."""
    return {i for entry in told
            for i in (entry[len("one of: "):].split(", ") if entry.startswith("one of: ") else [entry])}


def check_output(check, program, mistakes, case_folders, tmp):
    wrapper = pathlib.Path(tmp) / "student"
    wrapper.write_text("#!/bin/sh\nexec " + " ".join(program) + "".join(
        f" --mistake {m}" for m in mistakes) + ' "$@"\n')
    wrapper.chmod(0o755)
    return subprocess.run([check, "--program", wrapper, *case_folders], capture_output=True,
                          text=True).stdout


def hint_problems(output, hints, label):
    """No hint beside a diagnosis; each hint shown is the case's, bound to the failing command."""
    problems = []
    for block in re.split(r"^(?=PASS|FAIL)", output, flags=re.M):
        head = re.match(r"FAIL\s+(\S+)", block)
        if not head:
            continue
        case = head.group(1)
        shown = re.findall(r"^\s+hint: (.*)$", block, re.M)
        sent = re.search(r"^\s+sent:\s+> ([^\s·]+)", block, re.M)  # "FNV·": FNV and a space
        if shown and re.search(r"^\s+diagnosis: ", block, re.M):
            problems.append(f"{label}: {case} shows a hint beside a diagnosis: {shown}")
        for text in shown:
            if case_text.BUILDS_ON.match(text):
                continue  # a pointer to the case to fix first, not a hint of this case's
            text = case_text.declared_text(text)
            owners = [command for command, hint in hints.get(case, []) if hint == text]
            if not owners:
                problems.append(f"{label}: {case} shows a hint it does not declare: {text!r}")
            elif not any(c == "" or (sent and sent.group(1) == c) for c in owners):
                problems.append(f"{label}: {case} shows {text!r}, bound to {owners}, on a line "
                                f"sending {sent.group(1) if sent else '(none)'}")
    return problems


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "cases", "python_student", "cpp_student", "check", "docs"):
        parser.add_argument(name)
    parser.add_argument("--cpp-only", action="store_true")
    parser.add_argument("--pairs", type=int, help="the first N pairs of each exercise only")
    args = parser.parse_args()
    grader, reference, cases, check, docs = args.grader, args.reference, args.cases, args.check, args.docs
    python_student, cpp_student = args.python_student, args.cpp_student
    exercise_of = case_text.listed_mistakes(reference)
    ids = list(exercise_of)
    documented = pathlib.Path(docs).read_text()
    untold = untold_pairs(documented)
    hints = hints_of(pathlib.Path(cases))
    # -S: the student needs nothing of site-packages, whose .pth files took half of each of its
    # 1,600 starts (one a case); the same program, the same answers, the same reports
    students = (("Python", [sys.executable, "-S", python_student]), ("C++", [cpp_student]))
    if args.cpp_only:
        students = students[1:]
    suites = lambda exercise: [os.path.join(cases, "protocol"), os.path.join(cases, exercise)]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.json"
        for language, student in students:
            told, summary = named(grader, [cases], student, [], report)
            if told or summary["failed"]:
                failures.append(f"{language}, right: {summary['failed']} failed, told {told}")
            for mistake in ids:  # graded as a course grades it: its exercise's suites
                told, _ = named(grader, suites(exercise_of[mistake]), student, [mistake], report)
                if told != {mistake}:
                    failures.append(f"{language} --mistake {mistake}: told {sorted(told)}")

        pairs = told_both = refused = 0
        for exercise in sorted(set(exercise_of.values())):
            folders = suites(exercise)
            for mistake in [m for m in ids if exercise_of[m] == exercise]:
                output = check_output(check, [cpp_student], [mistake], folders, tmp)
                failures += hint_problems(output, hints, mistake)
                told = told_by_check(output)
                if told != {mistake}:
                    failures.append(f"{mistake}: check told {sorted(told)}")
            every_pair = itertools.combinations([m for m in ids if exercise_of[m] == exercise], 2)
            for pair in itertools.islice(every_pair, args.pairs):
                pairs += 1
                label = " + ".join(pair)
                both = subprocess.run([reference, "--mistake", pair[0], "--mistake", pair[1]],
                                      input="", capture_output=True, text=True)
                if both.returncode != 0:
                    refused += 1
                    row = re.search(rf"^\| `{pair[0]}` and `{pair[1]}` \|.*$", documented, re.M)
                    if not row:
                        failures.append(f"{label}: the reference refuses the pair "
                                        f"({both.stderr.strip()}), and docs/mistakes.md does not "
                                        f"list it in a row '| `{pair[0]}` and `{pair[1]}` | ...'")
                output = check_output(check, [cpp_student], pair, folders, tmp)
                failures += hint_problems(output, hints, label)
                if both.returncode != 0:
                    continue
                told = told_by_check(output)
                if ids_of(told) - set(pair):
                    failures.append(f"{label}: check told {sorted(ids_of(told) - set(pair))}, which "
                                    "the program does not make")
                wanted = untold.get(pair, set(pair))
                if wanted - set(pair):
                    failures.append(f"{label}: docs/mistakes.md's table of pairs not yet told has it "
                                    f"told {sorted(wanted - set(pair))}, outside the pair")
                if told != wanted:
                    failures.append(f"{label}: check told {sorted(told)}, where {sorted(wanted)} is due"
                                    + (" (docs/mistakes.md's table of pairs not yet told)" if pair in untold else ""))
                elif told == set(pair):
                    told_both += 1
        print(f"{len(ids)} mistakes each named alone, by the grader and by check; {pairs} pairs: {told_both} named both under "
              f"check, {refused} refused as one line written two ways (docs/mistakes.md)")
    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
