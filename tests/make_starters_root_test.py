#!/usr/bin/env python3
"""bloom-make-starters finds the kit from the folder it runs in: from a copy of the kit (as
another clone) it checks and writes that copy, never the kit it was built from; outside any
kit it refuses and says why; --root still names one."""
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("tool")
    parser.add_argument("source", type=pathlib.Path)
    args = parser.parse_args()
    tool, source = args.tool, args.source
    failures = []
    with tempfile.TemporaryDirectory(prefix="bloom-root-") as tmp:
        clone = pathlib.Path(tmp) / "clone"
        for part in ("reference", "cases", "grader", "tools", "docs", "starter"):
            shutil.copytree(source / part, clone / part)
        shutil.copy(source / "exercises.tsv", clone / "exercises.tsv")
        stale = clone / "starter" / "bip37" / "README.md"
        stale.write_text("edited in the clone\n")
        inside = clone / "docs"  # any folder of the clone
        checked = subprocess.run([tool, "--check"], cwd=inside, capture_output=True, text=True)
        if checked.returncode != 1 or f"{clone}/starter/bip37: stale: README.md" not in checked.stderr:
            failures.append(f"--check in the clone: exit {checked.returncode}, {checked.stderr[:300]!r}")
        written = subprocess.run([tool], cwd=inside, capture_output=True, text=True)
        if written.returncode != 0 or stale.read_text() == "edited in the clone\n":
            failures.append(f"writing in the clone: exit {written.returncode}, {written.stdout!r}")
        if "edited in the clone" in (source / "starter/bip37/README.md").read_text():
            failures.append("the kit the tool was built from was written")
        outside = subprocess.run([tool, "--check"], cwd=tmp, capture_output=True, text=True)
        if outside.returncode != 2 or "is not inside the kit" not in outside.stderr:
            failures.append(f"outside a kit: exit {outside.returncode}, {outside.stderr!r}")
        named = subprocess.run([tool, "--check", "--root", source], cwd=tmp, capture_output=True,
                               text=True)
        if named.returncode != 0:
            failures.append(f"--root the kit: exit {named.returncode}, {named.stderr[:300]!r}")
    return outcome.report(failures, checks=5)


if __name__ == "__main__":
    sys.exit(main())
