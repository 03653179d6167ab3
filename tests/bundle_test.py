#!/usr/bin/env python3
"""The student bundle, unpacked in an empty folder: nothing of a solution inside (no reference,
no solution regions, no kit-only code, no hidden case, no starter with its own exercise
solved), and from it alone the grader and a starter build, and the grader grades the starter."""
import json
import pathlib
import subprocess
import sys
import tarfile
import tempfile

FORBIDDEN_TEXT = ["BEGIN SOLUTION", "END SOLUTION", "//| ", "KIT ONLY", "\n@hidden"]
# one line of each exercise's solution that its own starter must not hold
OWN_SOLUTION = {"starter/bip37/src/bip37.cpp": "hash_index * kSeedStep + tweak",
                "starter/hashing/src/murmur3.cpp": "h1 * 5 + 0xe6546b64",
                "starter/hashing/src/positions.cpp": "sum % m"}


def main():
    source, cmake = pathlib.Path(sys.argv[1]), sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory(prefix="bloom-bundle-") as tmp:
        tmp = pathlib.Path(tmp)
        archive = tmp / "bloom-course-student.tar.gz"
        subprocess.run(["bash", source / "scripts" / "student-bundle.sh", archive], check=True,
                       stdout=subprocess.DEVNULL)
        empty = tmp / "unpacked"
        empty.mkdir()
        with tarfile.open(archive) as tar:
            tar.extractall(empty, filter="data")
        root = empty / "bloom-course-student"
        files = [p for p in root.rglob("*") if p.is_file()]
        for path in files:
            relative = path.relative_to(root).as_posix()
            if relative.split("/")[0] in ("reference", "tools", "tests", "gradescope", "deploy"):
                failures.append(f"{relative}: kit-only folder in the bundle")
            if "mistakes/" in relative or relative.endswith(("mistakes.cpp", "generate.cpp")):
                failures.append(f"{relative}: the known mistakes' code")
            text = path.read_text(errors="replace")
            failures += [f"{relative}: holds {t!r}" for t in FORBIDDEN_TEXT if t in text]
            if relative in OWN_SOLUTION and OWN_SOLUTION[relative] in text:
                failures.append(f"{relative}: holds its own exercise's solution")
        if not (root / "starter/bip37/src/bip37.cpp").exists():
            failures.append("the bip37 starter is missing")

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
        protocol_names = {f"protocol/{p.stem}" for p in (root / "cases/protocol").glob("*.case")}
        protocol = [c for c in cases if c["name"] in protocol_names]
        if status != 1 or not protocol or any(c["verdict"] != "passed" for c in protocol):
            failures.append(f"grading the bip37 starter from the bundle: exit {status}, {protocol}")
        print(f"bundle: {len(files)} files, graded {len(cases)} cases")
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
