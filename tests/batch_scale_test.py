#!/usr/bin/env python3
"""The instructor's Friday night: 200 mixed submissions graded in one command, each with the
right verdict. Right programs, every known mistake (each in several submissions), pairs of
mistakes, programs that do not compile, crash, hang or fake a pass. The students are the C++
program of tests/students/ (written apart from the reference) and the hostile fixtures.
The batch's class report, rendered by headless Chromium, shows the gradebook's numbers (its
screenshot goes to SCREENSHOT), and the report of 500 such submissions stays under 1 MB.

  batch_scale_test.py GRADER CASES STUDENT_BINARY REFERENCE SEGFAULT SLEEP_FOREVER FAKE_PASS SCREENSHOT"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import class_page  # noqa: E402
from case_text import listed_mistakes  # noqa: E402
import cli  # noqa: E402
import outcome  # noqa: E402

BUILD = "if [ -f CMakeLists.txt ]; then cmake -S . -B build >/dev/null && cmake --build build; fi"
RUN = "{dir}/run"  # plain words: the grader starts it without a shell (docs/batch.md)


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "cases", "student", "reference", "segfault", "sleeper", "fake", "screenshot"):
        parser.add_argument(name)
    args = parser.parse_args()
    grader, cases, student, reference = args.grader, args.cases, args.student, args.reference
    segfault, sleeper, fake = args.segfault, args.sleeper, args.fake
    ids = list(listed_mistakes(reference))
    expected = {}  # submission -> (status, diagnosis or verdict set)
    with tempfile.TemporaryDirectory(prefix="bloom-200-") as tmp:
        subs = pathlib.Path(tmp) / "submissions"

        def add(name, program, args="", status="failed", told=frozenset()):
            folder = subs / name
            folder.mkdir(parents=True)
            shutil.copy(program, folder / "program")
            runner(folder, f"exec {folder / 'program'} {args}")
            expected[name] = (status, set(told))

        def runner(folder, line):
            (folder / "run").write_text(f"#!/bin/sh\n{line}\n")
            (folder / "run").chmod(0o755)

        for i in range(30):
            add(f"right-{i:02d}", student, status="passed")
        for i in range(5):  # each of the 30 mistakes in five submissions: 215 in all
            for mistake in ids:
                add(f"{mistake}-{i}", student, f"--mistake {mistake}", told={mistake})
        # pairs where each mistake shows alone somewhere: a MurmurHash3 mistake hides every
        # BIP 37 answer too, so it is paired with a sizing or a positions mistake
        pairs = [("float-division", "big-endian-blocks"), ("msb-bit-order", "32-bit-product"),
                 ("hex-text-hashed", "32-bit-product"), ("no-byte-cap", "tail-byte-order")]
        for i in range(16):
            a, b = pairs[i % len(pairs)]
            add(f"pair-{i:02d}", student, f"--mistake {a} --mistake {b}", told={a, b})
        for i in range(6):
            folder = subs / f"not-compiling-{i}"
            folder.mkdir(parents=True)
            (folder / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.16)\nproject(x CXX)\n"
                                                   "add_executable(program main.cpp)\n")
            (folder / "main.cpp").write_text("int main() { return oops; }\n")
            runner(folder, f"exec {folder / 'build' / 'program'}")
            expected[folder.name] = ("build-failed", set())
        for i in range(6):
            add(f"segfault-{i}", segfault)
            add(f"fake-pass-{i}", fake)
        add("sleeps-forever", sleeper)
        count = len(expected)

        out = pathlib.Path(tmp) / "grades"
        start = time.time()
        done = subprocess.run([grader, "batch", "--cases", cases, "--submissions", subs, "--out", out,
                               "--build", BUILD, "--run", RUN, "--timeout", "1", "--skip-after-timeouts", "2"],
                              capture_output=True, text=True)
        seconds = time.time() - start
        failures = []
        if done.returncode != 1:
            failures.append(f"batch exit {done.returncode}: {done.stderr[-800:]}")
        for name, (status, told) in expected.items():
            path = out / f"{name}.json"
            if not path.exists():
                failures.append(f"{name}: no report")
                continue
            report = json.loads(path.read_text())
            got = {d["id"] for d in report["summary"]["diagnosis"]}
            verdicts = {c["verdict"] for c in report["cases"]}
            if report["status"] != status or got != told:
                failures.append(f"{name}: {report['status']}, told {sorted(got)}; wanted {status}, {sorted(told)}")
            if name.startswith("segfault") and verdicts != {"crashed"}:
                failures.append(f"{name}: verdicts {verdicts}")
            timeouts = sum(c["verdict"] == "timeout" for c in report["cases"])
            if name == "sleeps-forever" and (verdicts != {"timeout", "skipped"} or timeouts != 2):
                failures.append(f"{name}: verdicts {verdicts}, {timeouts} timeouts (2, then skipped)")
        rows = (out / "gradebook.csv").read_text().splitlines()
        if len(rows) != count + 1:
            failures.append(f"gradebook has {len(rows) - 1} rows for {count} submissions")
        print(f"{count} submissions graded in {seconds:.0f} s")
        check_class_report(grader, out, pathlib.Path(tmp), args.screenshot, failures)
    outcome.report(failures)
    return 1 if failures or count < 200 else 0


def check_class_report(grader, out, tmp, screenshot, failures):
    """The batch's report.html in Chromium; then the page of 500 submissions like these."""
    page = out / "report.html"
    class_page.check(class_page.rendered(page), out, failures)
    class_page.screenshot(page, screenshot, height=6000)
    errors = class_page.tidy_errors(page)
    if errors:
        failures.append(f"tidy finds errors in report.html: {errors[:1500]}")
    # 500 submissions: these reports again under other ids, as a class of 500 makes the same
    # mistakes with the same answers
    many = tmp / "five-hundred"
    many.mkdir()
    reports = sorted(out.glob("*.json"))
    for i in range(500):
        data = json.loads(reports[i % len(reports)].read_text())
        data["submission"] = f"student-{i:03d}-{data['submission']}"
        (many / f"{i:03d}.json").write_text(json.dumps(data))
    done = subprocess.run([grader, "report", many], capture_output=True, text=True)
    size = (many / "report.html").stat().st_size if done.returncode == 0 else None
    print(f"report.html: {page.stat().st_size} bytes for {len(reports)} submissions, {size} for 500")
    if size is None or size >= 1 << 20:
        failures.append(f"the report of 500 submissions is {size} bytes, not under 1 MB: {done.stderr}")


if __name__ == "__main__":
    sys.exit(main())
