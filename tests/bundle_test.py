#!/usr/bin/env python3
"""What students of each exercise receive leaks no solution. For each exercise X, its student
bundle (scripts/student-bundle.sh X) and its committed starter folder hold:
- no line of the body of a solution region of X;
- no line of another exercise's solution region, unless that region is given to X (then the
  bundle's and the starter's README say so);
- no hidden case, no kit-only code, nothing of another exercise's starter or cases.
Its GitHub Classroom template repository (`bloom-grader classroom X`) holds the bundle's files
as they are, its README with the Classroom sections after the bundle's, the workflow and a
.gitignore, and nothing else; the same checks hold for it.
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
        # The grader's sources ship whole, for the bundle's own bloom-grader: their KIT ONLY
        # sections are the grader's options, which only a starter's check leaves out.
        forbidden = [t for t in FORBIDDEN_TEXT if not (t == "KIT ONLY" and relative.startswith("grader/"))]
        found += [f"{where}/{relative}: holds {t!r}" for t in forbidden if t in text]
    return found


def tree_problems(files, exercise, where):
    """Files of a tree a student gets that are not theirs to get."""
    found = []
    for relative in files:
        top = relative.split("/")
        if top[0] in ("reference", "tools", "tests", "gradescope", "deploy"):
            found.append(f"{where}: {relative}: kit-only folder")
        if top[0] in ("starter", "cases") and len(top) > 2 and \
                top[1] not in (exercise, "protocol") and top[1] != "mistakes.tsv":
            found.append(f"{where}: {relative}: another exercise's file")
        if "mistakes/" in relative or relative.endswith(("mistakes.cpp", "generate.cpp")):
            found.append(f"{where}: {relative}: the known mistakes' code")
    return found


# What the template repository adds to the bundle's files (README.md gets sections too).
TEMPLATE_ONLY = {".github/workflows/classroom.yml", ".gitignore"}


def template_problems(grader, source, tmp, exercise, bundle, regions):
    """The GitHub Classroom template of `exercise` against its bundle's files `bundle`."""
    where = f"{exercise} template"
    folder = tmp / f"template-{exercise}"
    made = subprocess.run([grader, "classroom", exercise, "--out", folder, "--kit", source],
                          capture_output=True, text=True)
    if made.returncode != 0:
        return [f"{where}: bloom-grader classroom exit {made.returncode}: {made.stderr}"]
    files = {p.relative_to(folder).as_posix(): p.read_text(errors="replace")
             for p in folder.rglob("*") if p.is_file() and ".git" not in p.relative_to(folder).parts[:1]}
    found = tree_problems(files, exercise, where) + leaks(files, exercise, regions, where)
    if set(files) != set(bundle) | TEMPLATE_ONLY:
        found.append(f"{where}: holds {sorted(set(files) - set(bundle) - TEMPLATE_ONLY)} more and "
                     f"{sorted(set(bundle) - set(files))} less than the bundle")
    changed = [name for name in set(files) & set(bundle) if files[name] != bundle[name] and name != "README.md"]
    if changed:
        found.append(f"{where}: {sorted(changed)} differ from the bundle's")
    if not files.get("README.md", "").startswith(bundle["README.md"].rstrip("\n") + "\n"):
        found.append(f"{where}: README.md does not start with the bundle's")
    print(f"{exercise}: template repository of {len(files)} files")
    return found


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("cmake")
    parser.add_argument("grader", type=pathlib.Path, help="bloom-grader, for the template repositories")
    args = parser.parse_args()
    source, cmake = args.source.resolve(), args.cmake
    args.grader = args.grader.resolve()
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
            failures += tree_problems(files, exercise, f"{exercise} bundle")
            failures += leaks(files, exercise, regions, f"{exercise} bundle")
            failures += template_problems(args.grader, source, tmp, exercise, files, regions)
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
