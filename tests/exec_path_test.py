#!/usr/bin/env python3
"""How batch starts a program keeps its verdict, on the path the docs give GitHub Classroom:
repositories whose starter sits in starter/bip37/, graded with
--build cmake --run '{project}/build/bloom'. The test checks that:
  - a segfault is `crashed`, a CPU hang `timeout` and an allocation past --memory
    `memory-limit`, open, under --sandbox and under --sandbox-users, and report.html counts
    each; one repository's folder name holds a space, a quote and a $;
  - a shell line of one simple command keeps the signal too (exec is put before it), and a
    line of two commands keeps the shell's status, as docs/batch.md says (the control);
  - by default a program that hangs on two cases and passes a third gets the third's points,
    and only --skip-after-timeouts 2, feedback's fast path, skips it (the control);
  - {project} without --build cmake is refused, exit 2, with the reason, as is
    --starter-cache without --starter.

  exec_path_test.py GRADER REFERENCE SEGFAULT   (as root, for --sandbox-users)"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402
from submissions import CMAKE, CPU_HANG, CRASHES, OUT_OF_MEMORY  # noqa: E402
from grader_files import install_grader  # noqa: E402

MEMORY_MIB = 256  # small: OUT_OF_MEMORY passes it in its fourth block
PROGRAMS = {  # each repository's starter/bip37/main.cpp, and the verdict it earns
    "crashes o'neil $HOME": (CRASHES, "crashed"),
    "hangs": (CPU_HANG, "timeout"),
    "out-of-memory": (OUT_OF_MEMORY, "memory-limit"),
}
COUNTED = {"sum-crashes": "crashed", "sum-timeouts": "timeout", "sum-memory": "memory-limit"}


def record(grader, reference, folder, inputs):
    """A suite in `folder`: one case per (name, line sent), expected lines recorded."""
    folder.mkdir(parents=True)
    for name, line in inputs:
        (folder / f"{name}.case").write_text(f"# {name}\n> {line}\n")
    # --memory 0: a reference built with ASan reserves terabytes of address space
    done = subprocess.run([grader, "record", "--memory", "0", "--cases", folder, "--", reference],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"record: {done.stderr}")


def verdicts(out, name):
    path = out / f"{name}.json"
    return [c["verdict"] for c in json.loads(path.read_text())["cases"]] if path.exists() else []


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    parser.add_argument("reference", type=pathlib.Path)
    parser.add_argument("segfault", type=pathlib.Path)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("exec_path_test: must run as root (as CI does), for --sandbox-users", file=sys.stderr)
        return 2
    check = Tally()
    with tempfile.TemporaryDirectory(prefix="bloom-exec-path-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        tmp.chmod(0o755)  # the slot uids of --sandbox-users read the submissions' copies' parents
        # and not the grader: --sandbox-users runs one whose folder is root's alone
        args.grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        args.grader.parent.chmod(0o700)
        one = tmp / "one-case"
        record(args.grader, args.reference, one, [("hash", "HASH 0 bloom")])

        # the Classroom layout: the starter's folder inside each repository
        subs = tmp / "classroom"
        for name, (source, _) in PROGRAMS.items():
            project = subs / name / "starter" / "bip37"
            project.mkdir(parents=True)
            (project / "CMakeLists.txt").write_text(CMAKE)
            (project / "main.cpp").write_text(source)
            (subs / name / "README.md").write_text("the repository's own files\n")
        subs.chmod(0o700)  # --sandbox-users refuses submissions its programs could read
        for mode in ("", "--sandbox", "--sandbox-users"):
            label = mode or "open"
            out = tmp / f"grades{mode}"
            done = subprocess.run([args.grader, "batch", *([mode] if mode else []), "--cases", one,
                                   "--submissions", subs, "--build", "cmake", "--run", "{project}/build/bloom",
                                   "--timeout", "1", "--memory", str(MEMORY_MIB), "--jobs", "2", "--out", out],
                                  capture_output=True, text=True, timeout=600)
            check(done.returncode == 1, f"{label}: batch exit {done.returncode}: {done.stderr[-1500:]}")
            for name, (_, verdict) in PROGRAMS.items():
                got = verdicts(out, name)
                check(got == [verdict], f"{label}: {name}: {got}, expected [{verdict!r}]")
            page = (out / "report.html").read_text() if (out / "report.html").exists() else ""
            for ident, verdict in COUNTED.items():
                shown = re.search(rf'id="{ident}">(\d+)<', page)
                check(shown is not None and shown.group(1) == "1",
                      f"{label}: report.html's {ident} is {shown and shown.group(1)}, expected 1 ({verdict})")
            print(f"{label}: the Classroom layout's crash, hang and out-of-memory judged", flush=True)

        # shell lines: one simple command gets exec; two commands keep the shell's 128 + N
        lines = tmp / "lines"
        (lines / "a b'c").mkdir(parents=True)
        shutil.copy(args.segfault, lines / "a b'c" / "program")
        for run, verdict in (("X=1 {dir}/program 2>/dev/null", "crashed"), ("true && {dir}/program", "exit-code"),
                             ("true && exec {dir}/program", "crashed")):
            out = tmp / f"lines-{len(os.listdir(tmp))}"
            done = subprocess.run([args.grader, "batch", "--cases", one, "--submissions", lines, "--run", run,
                                   "--out", out], capture_output=True, text=True, timeout=120)
            got = verdicts(out, "a b'c")
            check(done.returncode == 1 and got == [verdict], f"--run {run!r}: {got}, expected [{verdict!r}]: "
                                                             f"{done.stderr[-500:]}")
        print("shell lines: signals kept where the program replaces the shell", flush=True)

        # skipping: a program that hangs on the first two cases and passes the third
        three = tmp / "three-cases"
        record(args.grader, args.reference, three, [("a-hangs", "HASH 0 one"), ("b-hangs", "HASH 0 two"),
                                                    ("c-passes", "HASH 0 three")])
        slow = tmp / "slow"
        (slow / "hangs-twice").mkdir(parents=True)
        (slow / "hangs-twice" / "program").write_text(
            f"#!/bin/sh\ninput=$(cat)\ncase \"$input\" in\n  *three*) printf '%s\\n' \"$input\" | exec "
            f"{args.reference.resolve()} ;;\n  *) exec sleep 1000 ;;\nesac\n")
        (slow / "hangs-twice" / "program").chmod(0o755)
        for extra, wanted in (([], ["timeout", "timeout", "passed"]),
                              (["--skip-after-timeouts", "2"], ["timeout", "timeout", "skipped"])):
            out = tmp / f"slow{len(extra)}"
            done = subprocess.run([args.grader, "batch", "--cases", three, "--submissions", slow,
                                   "--run", "{dir}/program", "--timeout", "0.5", "--jobs", "1", "--memory", "0",
                                   "--out", out, *extra],
                                  capture_output=True, text=True, timeout=120)
            got = verdicts(out, "hangs-twice")
            check(got == wanted, f"batch {' '.join(extra) or '(default)'}: {got}, expected {wanted}")
        print("a program that hangs on two cases gets the third's points unless asked to skip", flush=True)

        # {project} names the folder only --build cmake finds
        for extra in ([], ["--build", "make"]):
            done = subprocess.run([args.grader, "batch", "--cases", one, "--submissions", subs, *extra,
                                   "--run", "{project}/build/bloom", "--out", tmp / "refused"],
                                  capture_output=True, text=True, timeout=60)
            check(done.returncode == 2 and "names {project}" in done.stderr and "--build cmake" in done.stderr
                  and not (tmp / "refused").exists(),
                  f"{{project}} with {extra or 'no --build'}: exit {done.returncode}: {done.stderr.strip()!r}")
        done = subprocess.run([args.grader, "batch", "--cases", one, "--submissions", subs, "--build", "cmake",
                               "--run", "{project}/build/bloom", "--starter-cache", tmp / "cache", "--out", tmp / "refused"],
                              capture_output=True, text=True, timeout=60)
        check(done.returncode == 2 and "--starter-cache needs --starter" in done.stderr and not (tmp / "cache").exists(),
              f"--starter-cache without --starter: exit {done.returncode}: {done.stderr.strip()!r}")
        print("{project} without --build cmake, and --starter-cache without --starter, refused", flush=True)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
