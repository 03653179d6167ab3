#!/usr/bin/env python3
"""What students of each exercise receive leaks no solution. For each exercise X, its student
bundle (scripts/student-bundle.sh X) and its committed starter folder hold:
- no line of the body of a solution region of X;
- no line of another exercise's solution region, unless that region is given to X (then the
  bundle's and the starter's README say so);
- no hidden case, no kit-only code, nothing of another exercise's starter or cases.
The fingerprints come from the reference's own solution regions, so a new region is covered
the day it is written. Then one bundle is unpacked alone: the grader and the starter build
from it, and the grader grades the starter."""
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402

FORBIDDEN_TEXT = ["BEGIN SOLUTION", "END SOLUTION", "//| ", "KIT ONLY", "\n@hidden"]
BEGIN = re.compile(r"^\s*// BEGIN SOLUTION (\w+)(?:, given to ([\w, ]+))?\s*$")


def solution_lines(reference: pathlib.Path):
    """[(exercise, given_to, line)] for every distinctive code line inside a solution region
    (before its STUB), without the lines that also stand outside every region."""
    inside, outside = [], set()
    for path in sorted(reference.glob("*.cpp")):
        if path.name.endswith("_test.cpp"):
            continue
        region = None    # (exercise, given_to) of the open region
        solution = False  # inside its solution, before its STUB
        for line in path.read_text().splitlines():
            stripped = line.strip()
            if m := BEGIN.match(line):
                given = {g.strip() for g in (m.group(2) or "").split(",") if g.strip()}
                region, solution = (m.group(1), frozenset(given)), True
            elif stripped == "// STUB":
                solution = False
            elif stripped == "// END SOLUTION":
                region, solution = None, False
            elif solution:
                if len(stripped) >= 20 and not stripped.startswith("//"):
                    inside.append((*region, stripped))
            elif region is None:
                outside.add(stripped)
    return [entry for entry in inside if entry[2] not in outside]


def leaks(files, exercise, regions, where):
    """What of a solution `files` {relative: text} should not hold, as messages."""
    found = []
    for relative, text in files.items():
        for owner, given, line in regions:
            if line in text and (owner == exercise or exercise not in given):
                whose = "its own" if owner == exercise else f"the {owner} exercise's"
                found.append(f"{where}/{relative}: holds {whose} solution line {line!r}")
        found += [f"{where}/{relative}: holds {t!r}" for t in FORBIDDEN_TEXT if t in text]
    return found


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("cmake")
    args = parser.parse_args()
    source, cmake = args.source.resolve(), args.cmake
    exercises = sorted(p.name for p in (source / "starter").iterdir() if p.is_dir())
    regions = solution_lines(source / "reference")
    failures = []
    if len({r[0] for r in regions}) < len(exercises):
        failures.append(f"found solution lines of only {sorted({r[0] for r in regions})}")
    with tempfile.TemporaryDirectory(prefix="bloom-bundle-") as tmp:
        tmp = pathlib.Path(tmp)
        for exercise in exercises:
            archive = tmp / f"{exercise}.tar.gz"
            made = subprocess.run(["bash", source / "scripts" / "student-bundle.sh", exercise, archive],
                                  capture_output=True, text=True)
            if made.returncode != 0:
                failures.append(f"{exercise}: student-bundle.sh exit {made.returncode}: {made.stderr}")
                continue
            unpacked = tmp / f"unpacked-{exercise}"
            with tarfile.open(archive) as tar:
                tar.extractall(unpacked, filter="data")
            root = unpacked / f"bloom-course-{exercise}"
            files = {p.relative_to(root).as_posix(): p.read_text(errors="replace")
                     for p in root.rglob("*") if p.is_file()}
            for relative in files:
                top = relative.split("/")
                if top[0] in ("reference", "tools", "tests", "gradescope", "deploy"):
                    failures.append(f"{exercise} bundle: {relative}: kit-only folder")
                if top[0] in ("starter", "cases") and len(top) > 2 and \
                        top[1] not in (exercise, "protocol") and top[1] != "mistakes.tsv":
                    failures.append(f"{exercise} bundle: {relative}: another exercise's file")
                if "mistakes/" in relative or relative.endswith(("mistakes.cpp", "generate.cpp")):
                    failures.append(f"{exercise} bundle: {relative}: the known mistakes' code")
            failures += leaks(files, exercise, regions, f"{exercise} bundle")
            starter = source / "starter" / exercise
            failures += leaks({p.relative_to(starter).as_posix(): p.read_text(errors="replace")
                               for p in starter.rglob("*") if p.is_file() and "build" not in p.parts},
                              exercise, regions, f"starter/{exercise}")
            given = sorted({owner for owner, to, _ in regions if exercise in to})
            for readme in (f"{exercise} bundle README.md", f"starter/{exercise}/README.md"):
                text = files["README.md"] if "bundle" in readme else (starter / "README.md").read_text()
                for owner in given:
                    if f"**Given: part of the {owner} exercise's solution.**" not in text:
                        failures.append(f"{readme}: does not say it gives the {owner} solution")
            print(f"{exercise}: bundle of {len(files)} files; gives {given or 'no'} other solution")

        # one bundle, alone: the grader and the starter build, and it grades the starter
        root = tmp / "unpacked-bip37" / "bloom-course-bip37"

        def build(folder):
            subprocess.run([cmake, "-S", folder, "-B", folder / "build"], check=True,
                           stdout=subprocess.DEVNULL)
            subprocess.run([cmake, "--build", folder / "build", "-j", "2"], check=True,
                           stdout=subprocess.DEVNULL)

        build(root)
        build(root / "starter" / "bip37")
        report = tmp / "report.json"
        status = subprocess.run([root / "build/bin/bloom-grader", "run", "--cases", root / "cases/protocol",
                                 "--cases", root / "cases/bip37", "--report", f"json:{report}", "--",
                                 root / "starter/bip37/build/bloom"], stdout=subprocess.DEVNULL).returncode
        cases = json.loads(report.read_text())["cases"] if report.exists() else []
        protocol = [c for c in cases if c["name"].startswith("protocol/")]
        if status != 1 or not protocol or any(c["verdict"] != "passed" for c in protocol):
            failures.append(f"grading the bip37 starter from the bundle: exit {status}, {protocol}")
        print(f"the bip37 bundle alone: graded {len(cases)} cases")
    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
