#!/usr/bin/env python3
"""What students get back of a batch, graded with a hidden suite as a term is (generated and
recorded as docs/mistakes.md does), four submissions, each a real program:
- each student's page (`report --students`, HTML and text) shows no text of a hidden case
  (no input, expected line, output or name), though the reports hold it (`--show-hidden`,
  the control), and shows public failures in full and hidden cases as passed or failed; the
  HTML has no error `tidy -errors` finds;
- a program that writes its filterload flags as 4 bytes is told the flags case's hint (nFlags
  is one byte), never the compact size's "N < 253: one byte", and its long FILTERLOAD lines are shown around the byte where they part;
- a program that prints a debug line before each INIT answer looks like "debug lines on
  standard output", not "wrong output, no known mistake";
- canvas.csv and moodle.csv hold each submission's score as the gradebook does.

  feedback_test.py GRADER REFERENCE CASES [--memory MIB]"""
import csv
import json
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import class_page  # noqa: E402
import cli  # noqa: E402
from outcome import Tally  # noqa: E402

# A student's program: the reference, line by line, with one thing changed (MODE): "right",
# "flags-four-bytes" (nFlags written as a 4-byte little-endian number), "debug" (a line before
# each INIT answer) or a known mistake's id.
PROGRAM = r'''import subprocess, sys
REFERENCE, MODE = %r, %r
words = [REFERENCE] + (["--mistake", MODE] if MODE not in ("right", "flags-four-bytes", "debug") else [])
ref = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    ref.stdin.write(line)
    ref.stdin.flush()
    text = line.rstrip("\n")
    text = text[:-1] if text.endswith("\r") else text
    if not text or text.startswith("#"):
        continue  # the protocol answers these with nothing
    answer = ref.stdout.readline()
    command = text.split(" ")[0].upper()
    if MODE == "flags-four-bytes" and command == "FILTERLOAD" and not answer.startswith("error"):
        answer = answer.rstrip("\n") + "000000\n"
    if MODE == "debug" and command == "INIT":
        print("debug: " + text)
    sys.stdout.write(answer)
    sys.stdout.flush()
'''
SUBMISSIONS = ("right", "flags-four-bytes", "debug", "big-endian-fields")
SEED, COUNT = 2031, 5


def hidden_texts(hidden):
    """Each hidden case's lines a page must never hold: its name, inputs and expected lines
    (those long enough to be its own, not a word any page has)."""
    texts = set()
    for case in hidden.glob("*.case"):
        texts.add(case.stem)
        for line in case.read_text().splitlines():
            line = line[2:] if line.startswith("> ") else line
            if len(line) >= 12 and not line.startswith(("#", "@")):
                texts.add(line)
    return texts


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "cases"):
        parser.add_argument(name)
    parser.add_argument("--memory", help="the grader's --memory (0 for a sanitizer build)")
    args = parser.parse_args()
    memory = ["--memory", args.memory] if args.memory else []
    check = Tally()
    cases = pathlib.Path(args.cases)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([args.reference, "--generate", "bip37", "--seed", str(SEED), "--count", str(COUNT),
                        "--out", tmp / "hidden", "--cases", cases], check=True, stdout=subprocess.DEVNULL)
        hidden = tmp / "hidden" / "bip37"
        subprocess.run([args.grader, "record", "--mistakes", "--cases", hidden, *memory, "--", args.reference],
                       check=True, stdout=subprocess.DEVNULL)
        for mode in SUBMISSIONS:
            (tmp / "submissions" / mode).mkdir(parents=True)
            (tmp / "submissions" / mode / "bloom.py").write_text(PROGRAM % (str(pathlib.Path(args.reference).resolve()), mode))
        grades = tmp / "grades"
        # the exercise's cases and the hidden suite; the protocol's cases tell nothing here
        batch = subprocess.run([args.grader, "batch", "--cases", cases / "bip37",
                                "--cases", hidden, "--submissions", tmp / "submissions", "--run",
                                "python3 {dir}/bloom.py", "--show-hidden", "--out", grades, *memory],
                               capture_output=True, text=True, check=False)
        if not check(batch.returncode == 1, f"batch exited {batch.returncode}:\n{batch.stdout}{batch.stderr}"):
            return check.report()
        pages = grades / "students"
        made = subprocess.run([args.grader, "report", grades, "--students", pages], capture_output=True,
                              text=True, check=False)
        check(made.returncode == 0, f"report --students exited {made.returncode}: {made.stderr}")
        secrets = hidden_texts(hidden)
        public_text = "".join(c.read_text() for c in (cases / "bip37").glob("*.case"))
        secrets = {s for s in secrets if s not in public_text}
        check(len(secrets) >= COUNT * 2, f"too few hidden lines to look for: {sorted(secrets)}")
        for mode in SUBMISSIONS:
            report = (grades / f"{mode}.json").read_text()
            for suffix in (".html", ".txt"):
                page = (pages / (mode + suffix)).read_text()
                if suffix == ".html":
                    errors = class_page.tidy_errors(pages / (mode + suffix))
                    check(errors == "", f"{mode}.html: tidy finds errors: {errors[:1500]}")
                shown = sorted(s for s in secrets if s in page)
                check(not shown, f"{mode}{suffix} shows hidden text: {shown}")
                check(mode == "right" or re.search(r"hidden case \d+(</td><td><span class=\"failed\">|: )failed",
                                                   page), f"{mode}{suffix} shows no hidden case failed")
            # the control: the report the pages were made from holds hidden text
            check(any(s in report for s in secrets), f"{mode}.json holds no hidden text: the test shows nothing")
        text = {mode: (pages / (mode + ".txt")).read_text() for mode in SUBMISSIONS}
        check("then nFlags, one byte as INIT gave it" in text["flags-four-bytes"],
              f"the flags bug is not told the flags hint:\n{text['flags-four-bytes']}")
        check("N < 253: one byte" not in text["flags-four-bytes"],
              f"the flags bug is told the compact size's hint:\n{text['flags-four-bytes']}")
        window = re.search(r"^ +actual: +\.\.\.(\S+)\n +( *)\^ at byte (\d+) \(expected (\d+) bytes, got (\d+)\)$",
                           text["flags-four-bytes"], re.M)
        if check(window is not None, f"no long FILTERLOAD shown as a window:\n{text['flags-four-bytes']}"):
            check(int(window.group(5)) == int(window.group(4)) + 6, f"the window's lengths: {window.group(0)}")
        check("looks like: debug lines on standard output in " in text["debug"] and
              "no known mistake" not in text["debug"], f"the debug lines are not named so:\n{text['debug']}")
        check("big-endian-fields" in text["big-endian-fields"], "the known mistake is not named on the page")
        with open(grades / "gradebook.csv", newline="") as f:
            scores = {row["id"]: row["score"] for row in csv.DictReader(f)}
        with open(grades / "canvas.csv", newline="") as f:
            canvas = list(csv.DictReader(f))
        check(list(canvas[0].keys()) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "bip37"],
              f"canvas.csv's columns: {list(canvas[0].keys())}")
        check({row["SIS Login ID"]: row["bip37"] for row in canvas} == scores, f"canvas.csv's scores: {canvas}")
        with open(grades / "moodle.csv", newline="") as f:
            moodle = list(csv.DictReader(f))
        check({row["username"]: row["bip37"] for row in moodle} == scores, f"moodle.csv's scores: {moodle}")
        check(json.loads((grades / "right.json").read_text())["status"] == "passed", "the right program failed")
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
