#!/usr/bin/env python3
"""The Gradescope autograder for four submissions: a solved starter gets full marks, the
starter as given gets the protocol cases, a submission that does not compile and an empty one
still get a valid results.json that says why. Every results.json is checked as
tests/validate_reports.py checks Gradescope's format.

Two ways: run_autograder from the kit against a fake /autograder tree (AUTOGRADER_ROOT), or,
with --debian-root SUITE, the zip from gradescope/make-zip.sh unpacked into /autograder of a
debootstrapped root older than Gradescope's Ubuntu 22.04 image, its setup.sh run there, then
run_autograder in that root (chroot) as Gradescope runs it."""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import validate_reports  # noqa: E402
from debian_root import Root, run  # noqa: E402
import outcome  # noqa: E402


def unzip(zip_path, into):
    """Unpacks as Gradescope does, keeping the executable bits."""
    with zipfile.ZipFile(zip_path) as z:
        for info in z.infolist():
            target = into / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(z.read(info))
            target.chmod((info.external_attr >> 16) & 0o777 or 0o644)


def in_debian_root(source, suite, tmp):
    """Makes the zip, unpacks it into the root's /autograder, runs setup.sh there; returns a
    function that runs run_autograder on a submission folder and returns the results folder."""
    build = tmp / "zip-build"
    made = run(["bash", source / "gradescope" / "make-zip.sh"], env=dict(os.environ, BLOOM_BUILD_DIR=str(build)))
    print(made.stdout.strip())
    # Exactly what grading uses, from the working tree (a case not yet committed included).
    exercise = (source / "gradescope" / "exercise").read_text().strip()
    with zipfile.ZipFile(build / "gradescope-autograder.zip") as z:
        packed = {n for n in z.namelist() if n.startswith("cases/")}
    wanted = {str(p.relative_to(source)) for folder in ("cases/protocol", f"cases/{exercise}")
              for p in (source / folder).rglob("*") if p.is_file()} | {"cases/mistakes.tsv"}
    if packed != wanted:
        raise SystemExit(f"the zip's cases differ from the working tree's: "
                         f"missing {sorted(wanted - packed)}, extra {sorted(packed - wanted)}")
    autograder = tmp / "autograder"
    unzip(build / "gradescope-autograder.zip", autograder / "source")
    shutil.copy2(autograder / "source" / "run_autograder", autograder / "run_autograder")
    root = Root(source, suite, [], tmp)
    apt_cache = pathlib.Path(root.path).parent.parent / f"apt-{suite}"  # debs kept for reruns
    apt_cache.mkdir(parents=True, exist_ok=True)
    root.binds += [f"{autograder}:/autograder", f"{apt_cache}:/var/cache/apt/archives"]
    print(root(["bash", "/autograder/source/setup.sh"]).stdout.strip())

    def autograde(submission):
        for folder in ("submission", "results"):
            shutil.rmtree(autograder / folder, ignore_errors=True)
        shutil.copytree(submission, autograder / "submission")
        (autograder / "results").mkdir()
        return root(["/autograder/run_autograder"], check=False), autograder / "results"
    return autograde


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--grader", required=True)
    parser.add_argument("--make-starters", required=True)
    parser.add_argument("--debian-root", metavar="SUITE",
                        help="grade with the zip inside a Debian root of SUITE (needs root)")
    args = parser.parse_args()
    args.source = args.source.resolve()
    exercise = (args.source / "gradescope" / "exercise").read_text().strip()
    failures = []
    with tempfile.TemporaryDirectory(prefix="bloom-gradescope-") as tmp:
        tmp = pathlib.Path(tmp)
        subprocess.run([args.make_starters, "--root", args.source, "--solved", "--exercise", exercise, "--out", tmp / "solved"],
                       check=True, stdout=subprocess.DEVNULL)

        def on_host(submission):
            root = submission.parent
            (root / "source").symlink_to(args.source)
            env = dict(os.environ, AUTOGRADER_ROOT=str(root), BLOOM_GRADER=args.grader)
            done = subprocess.run([args.source / "gradescope" / "run_autograder"], env=env,
                                  capture_output=True, text=True, cwd=root)
            return done, root / "results"

        run_autograder = in_debian_root(args.source, args.debian_root, tmp) if args.debian_root \
            else on_host

        def autograde(name, fill):
            submission = tmp / name / "submission"
            submission.mkdir(parents=True)
            fill(submission)
            done, results_dir = run_autograder(submission)
            results = results_dir / "results.json"
            if done.returncode != 0 or not results.exists():
                failures.append(f"{name}: run_autograder exit {done.returncode}, "
                                f"results.json {'written' if results.exists() else 'missing'}\n"
                                f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
                return {}
            try:
                validate_reports.check_gradescope(results)
            except SystemExit:
                failures.append(f"{name}: results.json is not valid for Gradescope")
            print(f"{name}: score {json.loads(results.read_text()).get('score')}")
            return json.loads(results.read_text())

        copy = lambda src: lambda dst: shutil.copytree(src, dst, dirs_exist_ok=True)
        solved = autograde("solved", copy(tmp / "solved" / exercise))
        full = sum(t["max_score"] for t in solved.get("tests", []))
        if not solved.get("tests") or solved.get("score") != full:
            failures.append(f"solved: score {solved.get('score')} of {full}")

        # the student zipped the folder rather than its files: still found
        given = autograde("starter", lambda dst: shutil.copytree(args.source / "starter" / exercise,
                                                                 dst / exercise))
        protocol = [t for t in given.get("tests", []) if t["name"].startswith("protocol/")]
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

    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
