#!/usr/bin/env python3
"""bloom-grader batch on a folder of mixed submissions, as an instructor runs it: the right
verdict for each (right, a lesson mistake, two mistakes, not compiling, crashing, hostile),
a resumed run does no work twice, N shards merged equal one run, even beside CPU hogs that
keep every core busy (the same gradebook as without them), and --sandbox stops a
submission that reads the cases or another submission, writes outside its folder or opens a
network connection (and the same submissions do get through without it, so the check can
fail). --builds-only, the sanitizer build's part, runs only the C++ builds: --build cmake and
--starter, whose temporary build cache and project-less starter no other test reaches."""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402
from starters import solved_starters  # noqa: E402

MISTAKES = ["float-division", "no-byte-cap", "no-hash-cap", "seed-not-wrapped", "byte-modulus",
            "hex-text-hashed", "big-endian-fields", "compact-size-one-byte", "msb-bit-order"]
BUILD = "if [ -f CMakeLists.txt ]; then cmake -S . -B build >/dev/null && cmake --build build; fi"
RUN = ("if [ -x {dir}/build/bloom ]; then exec {dir}/build/bloom; "
       "elif [ -x {dir}/program ]; then exec {dir}/program; "
       "else exec python3 {dir}/bloom.py $(cat {dir}/ARGS); fi")


STARTED = time.monotonic()
BATCH_TIMEOUT = 300  # seconds; one batch here takes under a minute, even with sanitizers


def progress(message):
    """A line per step, so that a run stopped from outside still shows how far it got."""
    print(f"[{time.monotonic() - STARTED:6.1f}s] {message}", flush=True)


def batch(grader, cases, subs, out, *extra, run=RUN):
    command = [grader, "batch", "--cases", cases / "protocol", "--cases", cases / "bip37",
               "--submissions", subs, "--out", out, "--build", BUILD, "--run", run, "--jobs", "2",
               *extra]
    progress(f"batch {subs.name} -> {out.name} {' '.join(map(str, extra))}")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=BATCH_TIMEOUT)
    except subprocess.TimeoutExpired as hung:
        err = hung.stderr.decode(errors="replace") if isinstance(hung.stderr, bytes) else hung.stderr or ""
        progress(f"FAIL: batch did not finish in {BATCH_TIMEOUT} s; its stderr so far:\n{err[-2000:]}")
        raise SystemExit(1) from hung
    return done.returncode, done.stderr


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "cases", "student", "escape", "make-starters", "segfault", "fake-pass", "reference"):
        parser.add_argument("--" + name, required=True, type=pathlib.Path)
    parser.add_argument("--builds-only", action="store_true",
                        help="only the C++ builds (--build cmake and --starter), for the sanitizer "
                             "build: the rest reaches no line of the kit there that other tests do "
                             "not (scripts/asan_coverage.py measures it); the release build runs all")
    args = parser.parse_args()
    args.cases = args.cases.resolve()
    failures = []
    expect = lambda ok, message: ok or failures.append(message)

    with tempfile.TemporaryDirectory(prefix="bloom-batch-") as tmp:
        tmp = pathlib.Path(tmp)
        subs = tmp / "submissions"

        def python_submission(name, argv):
            (subs / name).mkdir(parents=True)
            shutil.copy(args.student, subs / name / "bloom.py")
            (subs / name / "ARGS").write_text(argv)

        solved_starters(args.make_starters, pathlib.Path(args.cases).resolve().parent, tmp / "solved", "bip37")
        if args.builds_only:
            progress("mixed submissions, resume, shards, --show-hidden, the sandbox's escapes and bounds: "
                     "not run (--builds-only)")
        else:
            python_submission("right", "")
            for mistake in MISTAKES:
                python_submission(mistake, f"--mistake {mistake}")
            python_submission("two-mistakes", "--mistake float-division --mistake msb-bit-order")
            shutil.copytree(tmp / "solved" / "bip37", subs / "cpp-solved")
            (subs / "not-compiling").mkdir()
            (subs / "not-compiling" / "CMakeLists.txt").write_text(
                "cmake_minimum_required(VERSION 3.16)\nproject(x CXX)\nadd_executable(bloom main.cpp)\n")
            (subs / "not-compiling" / "main.cpp").write_text("int main() { return missing_name; }\n")
            for name, program in (("segfaults", args.segfault), ("fakes-a-pass", args.fake_pass)):
                (subs / name).mkdir()
                shutil.copy(program, subs / name / "program")

            one = tmp / "one"
            status, _ = batch(args.grader, args.cases, subs, one)
            expect(status == 1, f"batch exit {status}, expected 1 (some submissions fail)")
            report = lambda folder, name: json.loads((folder / f"{name}.json").read_text())
            told = lambda r: {d["id"] for d in r["summary"]["diagnosis"]}
            for name in ("right", "cpp-solved"):
                r = report(one, name)
                expect(r["status"] == "passed" and not told(r), f"{name}: {r['status']}, told {told(r)}")
            for mistake in MISTAKES:
                r = report(one, mistake)
                expect(r["status"] == "failed" and told(r) == {mistake}, f"{mistake}: told {told(r)}")
            r = report(one, "two-mistakes")
            expect(told(r) == {"float-division", "msb-bit-order"}, f"two mistakes: told {told(r)}")
            r = report(one, "not-compiling")
            expect(r["status"] == "build-failed" and "missing_name" in r["build"]["output"],
                   f"not-compiling: {r['status']}, {r['build'].get('output', '')[-200:]!r}")
            r = report(one, "segfaults")
            expect({c["verdict"] for c in r["cases"]} == {"crashed"}, "segfaults: not all crashed")
            r = report(one, "fakes-a-pass")
            expect(r["summary"]["score"] == 0, "fakes-a-pass scored")
            gradebook = (one / "gradebook.csv").read_text().splitlines()
            expect(len(gradebook) == 1 + len(list(subs.iterdir())), "one gradebook row per submission")

            # resume: nothing twice; a lost report is graded again, and only it
            times = {p.name: p.stat().st_mtime_ns for p in one.glob("*.json")}
            status, err = batch(args.grader, args.cases, subs, one)
            expect(", 0 to grade" in err, f"resumed run graded again: {err.strip()}")
            expect(times == {p.name: p.stat().st_mtime_ns for p in one.glob("*.json")},
                   "a resumed run rewrote finished reports")
            (one / "right.json").unlink()
            status, err = batch(args.grader, args.cases, subs, one)
            expect(", 1 to grade" in err and (one / "right.json").exists(), f"lost report: {err.strip()}")

            # shards: three slices merged give the same gradebook
            shards = [tmp / f"shard{i}" for i in (1, 2, 3)]
            for i, folder in enumerate(shards, 1):
                batch(args.grader, args.cases, subs, folder, "--shard", f"{i}/3")
            merged = tmp / "merged.csv"
            subprocess.run([args.grader, "merge", *shards, "--out", merged], check=True,
                           stdout=subprocess.DEVNULL)
            differ = set(merged.read_text().splitlines()) ^ set((one / "gradebook.csv").read_text().splitlines())
            expect(not differ, f"3 shards merged differ from one run: {sorted(differ)}")

            # under load: CPU hogs keep every core busy four times over while the same submissions
            # are graded again, as 3 shards, and the shards merged give the gradebook of the run
            # above. The limit is on CPU time, which the load does not change; on the wall clock a
            # program gets a fifth of a core or less here, and no-byte-cap's 512 MiB on
            # cap-36000-bytes (2 s of CPU in Python) went past the 5 s it once had there.
            hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                    for _ in range(4 * (os.cpu_count() or 1))]
            try:
                loaded_shards = [tmp / f"loaded-shard{i}" for i in (1, 2, 3)]
                for i, folder in enumerate(loaded_shards, 1):
                    batch(args.grader, args.cases, subs, folder, "--shard", f"{i}/3")
            finally:
                for hog in hogs:
                    hog.kill()
                    hog.wait()
            subprocess.run([args.grader, "merge", *loaded_shards, "--out", tmp / "loaded-merged.csv"], check=True,
                           stdout=subprocess.DEVNULL)
            differ = (set((tmp / "loaded-merged.csv").read_text().splitlines())
                      ^ set((one / "gradebook.csv").read_text().splitlines()))
            expect(not differ, f"beside CPU hogs, 3 shards merged differ from the run without them: {sorted(differ)}")
            progress(f"under load ({len(hogs)} CPU hogs): 3 shards merged give the same gradebook")

            # the instructor's copy: a hidden case in full with --show-hidden, masked without
            hidden = tmp / "hidden" / "bip37"
            hidden.mkdir(parents=True)
            shutil.copy(args.cases.parent / "grader/testdata/suite/bip37/hidden-sizing.case",
                        hidden / "term-sizing.case")
            only = tmp / "only-fake" / "fakes-a-pass"
            only.mkdir(parents=True)
            shutil.copy(args.fake_pass, only / "program")
            for extra, shown in (((), False), (("--show-hidden",), True)):
                out = tmp / f"hidden-shown-{shown}"
                batch(args.grader, args.cases, only.parent, out, "--cases", hidden, *extra)
                case = next(c for c in report(out, "fakes-a-pass")["cases"]
                            if c["name"] == "bip37/term-sizing")
                expect(case["hidden"] and (case["mismatch"] is not None) == shown and
                       (case["mismatch"] or {}).get("expected", "bytes=10 hashes=5") == "bytes=10 hashes=5",
                       f"batch {' '.join(extra)}: hidden case mismatch {case['mismatch']}")

            # the sandbox
            hostile = tmp / "hostile"
            for mode in ("read-cases", "read-other", "write", "net"):
                (hostile / mode).mkdir(parents=True)
                shutil.copy(args.escape, hostile / mode / "escape.py")
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            # Nothing accepts: each case's connection waits in the queue. A queue shorter than the
            # cases (23) made every later connect wait out escape.py's 3 s timeout, 45 s in all.
            listener.listen(256)
            port = listener.getsockname()[1]
            outside = tmp / "written-outside.txt"
            targets = {"read-cases": args.cases / "bip37" / "worked-example.case",
                       "read-other": hostile / "write" / "escape.py", "write": outside,
                       "net": port}
            run = ("d={dir}; case $d in " +
                   " ".join(f"*/{m}) exec python3 $d/escape.py {m.split('-')[0]} {t};;"
                            for m, t in targets.items()) + " esac")
            for sandbox in (False, True):
                out = tmp / ("sandboxed" if sandbox else "open")
                if outside.exists():
                    outside.unlink()
                status, err = batch(args.grader, args.cases, hostile, out,
                                    *(["--sandbox"] if sandbox else []), run=run)
                expect(status == 1, f"sandbox={sandbox}: batch exit {status}: {err[-500:]}")
                for mode in targets:
                    said = report(out, mode)["cases"][0]["stderr"] if (out / f"{mode}.json").exists() else ""
                    got_through = "ESCAPED" in said if mode != "write" else outside.exists()
                    expect(got_through != sandbox,
                           f"{mode} {'under' if sandbox else 'without'} --sandbox: {said[:150]!r}")
            listener.close()

            # bounded, not refused: a fork bomb, a memory hog over many processes and a build that
            # fills its folder each get a verdict, and a right submission beside them passes
            bounded = tmp / "bounded"
            for name in ("fork-bomb", "memory-hog", "disk-filler"):
                (bounded / name).mkdir(parents=True)
                shutil.copy(args.escape, bounded / name / "escape.py")
            shutil.copytree(subs / "right", bounded / "right")
            one_case = tmp / "one-case"
            one_case.mkdir()
            shutil.copy(args.cases / "bip37" / "worked-example.case", one_case)
            build = ("d={dir}; case $d in */disk-filler) exec python3 $d/escape.py fill path=$d mib=2048;; "
                     "*) true;; esac")
            run = ("d={dir}; case $d in */fork-bomb) exec python3 $d/escape.py fork n=10000;; "
                   "*/memory-hog) exec python3 $d/escape.py memory procs=8 mib=256;; "
                   "*) exec python3 $d/bloom.py;; esac")
            progress("batch --sandbox over a fork bomb, a memory hog and a disk filler")
            done = subprocess.run([args.grader, "batch", "--sandbox", "--cases", one_case,
                                   "--submissions", bounded, "--out", tmp / "bounded-out", "--build", build,
                                   "--run", run, "--jobs", "2", "--memory", "1024", "--timeout", "60"],
                                  capture_output=True, text=True, timeout=BATCH_TIMEOUT)
            expect(done.returncode == 1, f"bounded batch: exit {done.returncode}: {done.stderr[-500:]}")
            grades = {name: json.loads((tmp / "bounded-out" / f"{name}.json").read_text())
                      for name in ("fork-bomb", "memory-hog", "disk-filler", "right")}
            expect(grades["right"]["status"] == "passed", f"right beside hostile ones: {grades['right']['status']}")

            def count(report_json):
                found = re.findall(r"COUNT (\d+)", json.dumps(report_json))
                return int(found[0]) if found else None

            forked, held, written = (count(grades[n]) for n in ("fork-bomb", "memory-hog", "disk-filler"))
            expect(grades["fork-bomb"]["status"] == "failed" and forked is not None and forked <= 64,
                   f"fork bomb: {grades['fork-bomb']['status']}, forked {forked} (bound 64)")
            expect(grades["memory-hog"]["status"] == "failed" and held is not None and held <= 1024,
                   f"memory hog: {grades['memory-hog']['status']}, held {held} MiB (bound 1024): "
                   f"{json.dumps(grades['memory-hog']['cases'])[:600]}")
            expect(written is not None and written <= 512 and "No space left" in grades["disk-filler"]["build"]["output"],
                   f"disk filler: wrote {written} MiB (bound 512): {grades['disk-filler']['build']['output'][-200:]!r}")
            progress(f"bounded: forked {forked}, held {held} MiB, wrote {written} MiB; right passed")

            # without a working bubblewrap, --sandbox refuses instead of running unsandboxed
            env = dict(os.environ, BLOOM_BWRAP="/nonexistent/bwrap")
            done = subprocess.run([args.grader, "batch", "--sandbox", "--cases", args.cases / "protocol",
                                   "--submissions", hostile, "--out", tmp / "refused", "--run", run],
                                  capture_output=True, text=True, env=env)
            expect(done.returncode == 2 and "bubblewrap is not installed" in done.stderr
                   and "Refusing" in done.stderr and not (tmp / "refused").exists(),
                   f"missing bubblewrap: exit {done.returncode}, {done.stderr.strip()!r}")

        # --build cmake, the recipe run_autograder shares: a project zipped inside a folder and
        # one that shipped its build/ from another machine build and pass; no CMakeLists.txt
        # is a build failure that says so
        recipe = tmp / "recipe"
        wrapper = ("#include <unistd.h>\nint main() { char* argv[] = {const_cast<char*>(\"%s\"), nullptr};"
                   " execv(argv[0], argv); return 127; }\n" % args.reference.resolve())
        cmake = "cmake_minimum_required(VERSION 3.16)\nproject(p CXX)\nadd_executable(bloom main.cpp)\n"
        for folder in (recipe / "top", recipe / "zipped" / "upload" / "bip37", tmp / "elsewhere"):
            folder.mkdir(parents=True)
            (folder / "CMakeLists.txt").write_text(cmake)
            (folder / "main.cpp").write_text(wrapper)
        subprocess.run(["cmake", "-S", tmp / "elsewhere", "-B", tmp / "elsewhere" / "build"],
                       capture_output=True, check=True)
        shutil.copytree(tmp / "elsewhere", recipe / "shipped-build")
        (recipe / "no-project").mkdir()
        (recipe / "no-project" / "main.cpp").write_text(wrapper)
        done = subprocess.run([args.grader, "batch", "--cases", args.cases / "protocol", "--submissions", recipe,
                               "--out", tmp / "recipe-grades", "--build", "cmake", "--run", "{project}/build/bloom",
                               "--memory", "0"],  # the reference may be a sanitizer build
                              capture_output=True, text=True)
        grades = {p.stem: json.loads(p.read_text()) for p in (tmp / "recipe-grades").glob("*.json")}
        for name in ("top", "zipped", "shipped-build"):
            expect(grades.get(name, {}).get("status") == "passed",
                   f"--build cmake: {name}: {str(grades.get(name))[:400]} {done.stderr[-400:]}")
        expect(grades.get("no-project", {}).get("status") == "build-failed" and
               "No CMakeLists.txt" in grades["no-project"]["build"].get("summary", ""),
               f"--build cmake: no project: {str(grades.get('no-project'))[:300]}")
        progress("--build cmake: nested, shipped build/ and no project as expected")

        # --starter: the starter's given files compiled once into a cache every build reads.
        # A solved starter passes with it under the sandbox, and a submission that writes into
        # the cache fails to, there; without the sandbox (the control) the write gets through.
        reuse = tmp / "reuse"
        shutil.copytree(tmp / "solved" / "bip37", reuse / "solved")
        poison = reuse / "poisons-the-cache"
        shutil.copytree(tmp / "solved" / "bip37", poison)
        with open(poison / "CMakeLists.txt", "a") as f:
            f.write('file(WRITE "$ENV{CCACHE_DIR}/poisoned" "x")\n')
        starter = pathlib.Path(args.cases).resolve().parent / "starter" / "bip37"
        for sandbox in (True, False):
            out = tmp / f"reuse-{sandbox}"
            done = subprocess.run([args.grader, "batch", "--cases", args.cases / "protocol", "--submissions", reuse,
                                   "--out", out, "--build", "cmake", "--run", "{project}/build/bloom",
                                   "--starter", starter, "--memory", "0", *(["--sandbox"] if sandbox else [])],
                                  capture_output=True, text=True)
            grades = {p.stem: json.loads(p.read_text()) for p in out.glob("*.json")}
            expect("compiled into a build cache" in done.stderr and grades.get("solved", {}).get("status") == "passed",
                   f"--starter (sandbox {sandbox}): {done.stderr[-600:]}")
            wrote = grades.get("poisons-the-cache", {}).get("status") == "passed"
            expect(wrote != sandbox, f"--starter: writing into the cache {'got through' if wrote else 'failed'} "
                                     f"with the sandbox {sandbox}: {str(grades.get('poisons-the-cache'))[-500:]}")
        progress("--starter: reused under the sandbox, read-only there")

        if args.builds_only:
            progress("a batch of one: not run (--builds-only)")
        else:
            # A batch of one runs its cases --jobs at once (the control: --jobs 1 runs them one after
            # another), and gets the same verdicts either way, a hanging program's skipped cases too
            # (feedback's fast path, --skip-after-timeouts).
            alone = tmp / "alone"
            log = tmp / "case-log"
            log.mkdir()
            for name, body in (("slow", f"t=$(date +%s.%N); sleep 0.3; echo $t $(date +%s.%N) >> {log}/$$\n"
                                        f"exec {args.reference.resolve()}\n"),
                               ("hangs", "exec sleep 1000\n")):
                (alone / name / name).mkdir(parents=True)  # a folder of submissions holding one
                (alone / name / name / "program").write_text("#!/bin/sh\n" + body)
                (alone / name / name / "program").chmod(0o755)
            verdicts = {}
            for jobs in ("1", "3"):
                for name in ("slow", "hangs"):
                    for old in log.iterdir():
                        old.unlink()
                    out = tmp / f"alone-{name}-{jobs}"
                    subprocess.run([args.grader, "batch", "--cases", args.cases / "protocol", "--submissions", alone / name,
                                    "--out", out, "--run", "{dir}/program", "--jobs", jobs, "--timeout", "0.5" if
                                    name == "hangs" else "10", "--memory", "0", "--skip-after-timeouts", "2"],
                                   capture_output=True, text=True)
                    report = json.loads((out / f"{name}.json").read_text())
                    verdicts[name, jobs] = [(c["name"], c["verdict"], c["summary"]) for c in report["cases"]]
                    if name == "slow":
                        spans = [tuple(map(float, line.split())) for f in log.iterdir() for line in f.read_text().split("\n") if line]
                        most = max(sum(1 for a, b in spans if a <= start < b) for start, _ in spans)
                        expect(len(spans) == len(report["cases"]) and most == (1 if jobs == "1" else 3),
                               f"a batch of one, --jobs {jobs}: {most} cases at once, {len(spans)} runs")
            for name in ("slow", "hangs"):
                expect(verdicts[name, "1"] == verdicts[name, "3"],
                       f"{name}: verdicts differ between --jobs 1 and 3: {verdicts[name, '1'][:4]} {verdicts[name, '3'][:4]}")
            kinds = [v for _, v, _ in verdicts["hangs", "3"]]
            expect(kinds[:2] == ["timeout", "timeout"] and set(kinds[2:]) == {"skipped"} and
                   all(v == "passed" for _, v, _ in verdicts["slow", "3"]), f"a batch of one: {kinds[:4]}")
            progress("a batch of one: cases at once, the verdicts of one at a time")

    outcome.report(failures)
    print(f"batch: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
