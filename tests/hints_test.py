#!/usr/bin/env python3
"""A hint is true where it is shown: it never blames a step that was right. Every case's hints
are run against programs that each get exactly one step wrong, in no particular way (the
reference with one function scrambled, `bloom-reference --scramble FUNCTION:SEED`, two seeds
each), over each exercise's cases as a course grades them; every hint shown must blame the
step that was broken. A hint bound to a command blames the function that command's answer
comes from, once its premise (its @given lines, the lines before it in the case and the cases
it @needs) holds. A hint with `@given nothing` claims no step right and blames none: it lists
the steps to check. "This case builds on X ... fix it first" blames no step.

  hints_test.py GRADER REFERENCE CASES [--memory MIB] [--seeds N]
(a sanitizer build: --memory 0; --seeds 1 is a quicker run, since a second seed reaches no more
code)"""
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import case_text  # noqa: E402
import blames  # noqa: E402
import cli  # noqa: E402
import outcome  # noqa: E402


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "cases"):
        parser.add_argument(name)
    parser.add_argument("--memory", help="the grader's --memory (0 for a sanitizer build)")
    parser.add_argument("--seeds", type=int, default=2, help="scrambles of each function")
    args = parser.parse_args()
    cases = pathlib.Path(args.cases)
    declared = {f"{c.parent.name}/{c.stem}": {text: command for _, command, text in case_text.hints(c)}
                for c in cases.rglob("*.case")}
    lists_steps = {(f"{c.parent.name}/{c.stem}", text) for c in cases.rglob("*.case")
                   for text, given in case_text.premises(c).items() if given == ["nothing"]}
    blamed_by = blames.blames(args.reference)
    functions = subprocess.run([args.reference, "--list-scrambled"], capture_output=True, text=True,
                               check=True).stdout.split()
    exercises = sorted(p.name for p in cases.iterdir() if p.is_dir() and p.name != "protocol")
    failures, checks, shown_at_all = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.json"
        for exercise in exercises:
            for function in functions:
                for seed in range(1, args.seeds + 1):
                    program = f"--scramble {function}:{seed}"
                    report.unlink(missing_ok=True)  # never the last run's report again
                    run = subprocess.run([args.grader, "run", "--cases", cases / "protocol", "--cases",
                                          cases / exercise, "--report", f"json:{report}",
                                          *(["--memory", args.memory] if args.memory else []), "--",
                                          args.reference, "--scramble", f"{function}:{seed}"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
                    checks += 1
                    if run.returncode not in (0, 1) or not report.exists():
                        failures.append(f"{program}: the grader exited {run.returncode}: {run.stderr.strip()}")
                        continue
                    graded = json.loads(report.read_text())["cases"]
                    # A scrambled step gives wrong answers, never a run that ended badly: a
                    # program that could not run (a limit a sanitizer build breaks) shows no hint.
                    ended_badly = [c for c in graded if c["verdict"] not in ("passed", "wrong-output", "no-output")]
                    if ended_badly:
                        failures.append(f"{program}: {len(ended_badly)} cases ended as "
                                        f"{ended_badly[0]['verdict']}, as {ended_badly[0]['name']}: "
                                        "the hints were never reached")
                    for case in graded:
                        for hint in case["hints"]:
                            checks += 1
                            shown_at_all += 1
                            if case_text.BUILDS_ON.match(hint):
                                continue
                            text = case_text.declared_text(hint)
                            if text not in declared.get(case["name"], {}):
                                failures.append(f"{program}: {case['name']} shows a hint it does not "
                                                f"declare: {hint!r}")
                                continue
                            command = declared[case["name"]][text]
                            if (case["name"], text) in lists_steps:
                                continue
                            blamed = blamed_by.get(command, {"(a hint bound to no command)"})
                            if function not in blamed:
                                failures.append(f"{program}: {case['name']} blames {blamed}, which "
                                                f"was right: {hint!r}")
    if shown_at_all == 0:
        checks += 1
        failures.append("no hint was shown at all: the test tested nothing")
    print(f"{len(exercises)} exercises x {len(functions)} scrambled functions x {args.seeds} seeds: "
          f"{shown_at_all} hints shown")
    return outcome.report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
