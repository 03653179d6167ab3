#!/usr/bin/env python3
"""gradescope/run_autograder against a fake /autograder tree (AUTOGRADER_ROOT): a solved
starter gets full marks, the starter as given gets the protocol cases, a submission that does
not compile and an empty one still get a valid results.json that says why. Every results.json
is checked as tests/validate_reports.py checks Gradescope's format."""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import validate_reports  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--grader", required=True)
    parser.add_argument("--make-starters", required=True)
    args = parser.parse_args()
    exercise = (args.source / "gradescope" / "exercise").read_text().strip()
    failures = []
    with tempfile.TemporaryDirectory(prefix="bloom-gradescope-") as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([args.make_starters, "--solved", "--exercise", exercise, "--out", tmp / "solved"],
                       check=True, stdout=subprocess.DEVNULL)

        def autograde(name, fill):
            root = tmp / name
            (root / "submission").mkdir(parents=True)
            (root / "source").symlink_to(args.source.resolve())
            fill(root / "submission")
            env = dict(os.environ, AUTOGRADER_ROOT=str(root), BLOOM_GRADER=args.grader)
            done = subprocess.run([args.source.resolve() / "gradescope" / "run_autograder"], env=env,
                                  capture_output=True, text=True, cwd=root)
            results = root / "results" / "results.json"
            if done.returncode != 0 or not results.exists():
                failures.append(f"{name}: run_autograder exit {done.returncode}, "
                                f"results.json {'written' if results.exists() else 'missing'}")
                return {}
            try:
                validate_reports.check_gradescope(results)
            except SystemExit:
                failures.append(f"{name}: results.json is not valid for Gradescope")
            return json.loads(results.read_text())

        copy = lambda src: lambda dst: shutil.copytree(src, dst, dirs_exist_ok=True)
        solved = autograde("solved", copy(tmp / "solved" / exercise))
        full = sum(t["max_score"] for t in solved.get("tests", []))
        if not solved.get("tests") or solved.get("score") != full:
            failures.append(f"solved: score {solved.get('score')} of {full}")

        # the student zipped the folder rather than its files: still found
        given = autograde("starter", lambda dst: shutil.copytree(args.source / "starter" / exercise,
                                                                 dst / exercise))
        protocol = [t for t in given.get("tests", []) if t["name"].startswith("protocol/") or
                    t["name"] in {p.stem for p in (args.source / "cases" / "protocol").glob("*.case")}]
        if not given.get("tests") or given.get("score", 0) >= full or not protocol or \
                any(t["status"] != "passed" for t in protocol):
            failures.append(f"starter as given: score {given.get('score')}, protocol {protocol}")
        if "not implemented" not in json.dumps(given):
            failures.append("starter as given: the output does not say what is not implemented")

        def broken(dst):
            copy(tmp / "solved" / exercise)(dst)
            (dst / "src" / "bip37.cpp").write_text("this is not C++\n")
        failed = autograde("broken", broken)
        if failed.get("score") != 0 or "did not build" not in failed.get("output", "") or \
                "this is not C++" not in failed.get("output", ""):
            failures.append(f"broken: {str(failed)[:300]}")

        empty = autograde("empty", lambda dst: (dst / "notes.txt").write_text("oops\n"))
        if empty.get("score") != 0 or "No CMakeLists.txt" not in empty.get("output", ""):
            failures.append(f"empty: {str(empty)[:300]}")

    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
