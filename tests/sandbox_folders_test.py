#!/usr/bin/env python3
"""The grader's own folders and the users sandbox's tmpfs (docs/batch.md, "--sandbox-users: no
namespaces"): that kind mounts a bounded tmpfs over /var/tmp, /dev/shm, /run/lock and
/var/crash in the grader's own mount namespace, which hid whatever the instructor had put
there from the grader itself. A batch whose --out lay in /var/tmp wrote its reports into the
tmpfs and lost them, exit 0; one whose submissions lay there died of an uncaught
filesystem_error (exit 134).

Each batch below puts one of its folders under /var/tmp (--out, --cases, --submissions,
TMPDIR) and must be refused before anything runs: exit 2, one line naming the option, the
folder, the tmpfs it lies under and where to put it instead, and nothing written there. The
controls: the same batch with every folder elsewhere grades (exit 0), and under --sandbox,
which mounts nothing where the grader sees it, the --out under /var/tmp gets its reports.
Last, a failure no subcommand catches (TMPDIR naming no folder) is said as
"bloom-grader: error: ..." with exit 2, never std::terminate's abort.

  sandbox_folders_test.py GRADER"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402
from grader_files import install_grader  # noqa: E402

COVERED = pathlib.Path("/var/tmp")  # one of the folders the users kind covers with a tmpfs


def root_only(folder):
    folder.mkdir(mode=0o700, parents=True)
    folder.chmod(0o700)  # root's alone, as --sandbox-users requires
    return folder


def make_cases(folder):
    root_only(folder)
    (folder / "hello.case").write_text("> HELLO\nworld\n")


def make_submissions(folder):
    root_only(folder)
    good = folder / "good"
    good.mkdir()
    (good / "build.sh").write_text("true\n")
    (good / "prog.sh").write_text("#!/bin/sh\nwhile read line; do echo world; done\n")


def batch(grader, kind, cases, subs, out, temp):
    command = [str(grader), "batch", kind, "--jobs", "1", "--timeout", "10", "--cases", str(cases),
               "--submissions", str(subs), "--out", str(out), "--build", "sh {dir}/build.sh",
               "--run", "/bin/sh {dir}/prog.sh"]
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, TMPDIR=str(temp)))


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("sandbox_folders_test: must run as root (as CI does), for --sandbox-users", file=sys.stderr)
        return 2
    check = Tally()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-folders-"))
    tmp.chmod(0o711)  # the slot uids pass through to the sandbox's folder in it, and list nothing
    under = pathlib.Path(tempfile.mkdtemp(prefix="bloom-folders-", dir=COVERED))
    under.chmod(0o700)
    try:
        grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        grader.parent.chmod(0o700)
        cases, subs, temp = tmp / "cases", tmp / "submissions", tmp / "temp"
        make_cases(cases)
        make_submissions(subs)
        temp.mkdir(mode=0o711)
        make_cases(under / "cases")
        make_submissions(under / "submissions")
        (under / "temp").mkdir(mode=0o711)

        # (option, the folder under /var/tmp, the batch's folders with it in its place)
        placements = [
            ("--out", under / "out", dict(cases=cases, subs=subs, out=under / "out", temp=temp)),
            ("--cases", under / "cases", dict(cases=under / "cases", subs=subs, out=tmp / "out-cases", temp=temp)),
            ("--submissions", under / "submissions",
             dict(cases=cases, subs=under / "submissions", out=tmp / "out-subs", temp=temp)),
            ("TMPDIR", under / "temp", dict(cases=cases, subs=subs, out=tmp / "out-temp", temp=under / "temp")),
        ]
        for option, folder, where in placements:
            label = f"--sandbox-users, {option} under {COVERED}"
            done = batch(grader, "--sandbox-users", **where)
            lines = done.stderr.splitlines()
            said = (f"bloom-grader: error: --sandbox-users: {option} {folder} is under {COVERED}, which "
                    "this sandbox covers with a bounded tmpfs")
            check(done.returncode == 2, f"{label}: exit {done.returncode}, expected 2: {done.stderr[-600:]!r}")
            check(len(lines) == 1 and lines[0].startswith(said) and "put it in a folder" in lines[0],
                  f"{label}: expected one line starting {said!r}, got {done.stderr[-600:]!r}")
            check(not where["out"].exists(), f"{label}: {where['out']} was made")
            check(not list(where["temp"].iterdir()), f"{label}: left in TMPDIR: {sorted(where['temp'].iterdir())}")
            print(f"{label}: exit {done.returncode}: {lines[:1]}")

        # the controls: the same batch, every folder elsewhere; and --sandbox, which covers
        # nothing the grader sees, with its --out under /var/tmp
        for kind, out in (("--sandbox-users", tmp / "out-control"), ("--sandbox", under / "out-bwrap")):
            label = f"control: {kind}, --out {out}"
            done = batch(grader, kind, cases, subs, out, temp)
            check(done.returncode == 0, f"{label}: exit {done.returncode}: {done.stderr[-600:]!r}")
            check((out / "good.json").is_file(), f"{label}: no report good.json in {out}: {done.stderr[-600:]!r}")
            print(f"{label}: exit {done.returncode}, reports: {sorted(p.name for p in out.glob('*.json'))}")

        # a failure nothing catches on its way: TMPDIR names no folder, so the grader cannot
        # even find where to make its sandbox's folder
        missing = tmp / "no-such-folder"
        done = subprocess.run([str(grader), "sandbox", "--sandbox"], capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, TMPDIR=str(missing)))
        check(done.returncode == 2 and done.stderr.startswith("bloom-grader: error: ") and
              "temp_directory_path" in done.stderr and "terminate" not in done.stderr,
              f"an uncaught filesystem_error: exit {done.returncode}, expected 2 and one error line: "
              f"{done.stderr[-600:]!r}")
        print(f"TMPDIR {missing}: exit {done.returncode}: {done.stderr.strip()[:200]}")
    finally:
        shutil.rmtree(tmp)
        shutil.rmtree(under)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
