#!/usr/bin/env python3
"""How many empty files a sandboxed program may make in /tmp (docs/batch.md, "The number of
files, measured"): an empty file takes no space a tmpfs's size= counts, and about 1 KiB of
kernel memory, which only a tmpfs's nr_inodes or a memory cgroup bounds. bubblewrap offers no
nr_inodes, and the users kind leaves the host's /tmp as it is.

tests/students/escape.py's `files` attempt makes FILES empty files in /tmp:
- the control, a plain process, makes all of them in a folder of the host's /dev/shm;
- --sandbox with a writable memory cgroup and --memory 256: the cgroup ends it before;
- --sandbox with cgroups hidden (a mount namespace whose /sys/fs/cgroup is empty), and
  --sandbox-users in the host's /tmp: all of them go in, the gap the docs measure.
Each time `bloom-grader sandbox` must say of the number of files what the run shows.

  sandbox_files_test.py GRADER ESCAPE_PY"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402
from grader_files import install_grader  # noqa: E402

FILES = 400_000
PYTHON = "/usr/bin/python3"  # the system's, which the slot uids may run
HIDE_CGROUPS = ["unshare", "-m", "sh", "-c", 'mount -t tmpfs none /sys/fs/cgroup && exec "$@"', "sh"]


def made(output):
    """The number of files the attempt made, or None when it was ended before saying."""
    found = re.search(r"^COUNT (\d+)$", output, re.M)
    return int(found.group(1)) if found else None


def writes_line(grader, kind, wrap):
    said = subprocess.run(wrap + [str(grader), "sandbox", kind], capture_output=True, text=True, timeout=60)
    return next((line for line in said.stdout.splitlines() if line.startswith("writes:")), said.stderr)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("escape", type=pathlib.Path)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("sandbox_files_test: must run as root (as CI does), for --sandbox-users and cgroups", file=sys.stderr)
        return 2
    check = Tally()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-files-"))
    tmp.chmod(0o711)
    try:
        grader = install_grader(args.grader, tmp / "grader", mode=0o700)  # root's alone, for the users kind
        grader.parent.chmod(0o700)
        escape = tmp / "escape.py"
        shutil.copy(args.escape, escape)
        escape.chmod(0o755)
        attempt = [PYTHON, str(escape), "files", f"n={FILES}"]

        began = time.monotonic()
        shm = tempfile.mkdtemp(prefix="bloom-files-", dir="/dev/shm")  # a tmpfs, as bubblewrap's /tmp
        try:
            control = subprocess.run(attempt + [f"path={shm}"], capture_output=True, text=True, timeout=300)
        finally:
            shutil.rmtree(shm)
        check(made(control.stdout) == FILES, f"control: {control.stdout[-300:]!r} {control.stderr[-300:]!r}")
        print(f"control: {made(control.stdout)} files in {time.monotonic() - began:.1f} s")

        # (label, sandbox flags, what wraps the grader, bounded, what its writes: line must say)
        runs = [
            ("--sandbox, cgroup v1 writable, --memory 256", ["--sandbox", "--memory", "256"], [], True,
             "number of files bounded by the memory limit alone"),
            ("--sandbox, no cgroup", ["--sandbox"], HIDE_CGROUPS, False, "number of files not bounded"),
            ("--sandbox-users, the host's /tmp", ["--sandbox-users"], [], False,
             "/tmp a file at most the file limit (RLIMIT_FSIZE), not bounded in total nor in its number of files"),
        ]
        for label, flags, wrap, bounded, says in runs:
            line = writes_line(grader, flags[0], wrap)
            check(says in line, f"{label}: `sandbox` says {line!r}, expected {says!r} in it")
            began = time.monotonic()
            done = subprocess.run(wrap + [str(grader), "sandbox", *flags, "--", *attempt, "path=/tmp"], capture_output=True,
                                  text=True, cwd=tmp, timeout=600)
            count = made(done.stdout)
            if bounded:
                check(count is None or count < FILES, f"{label}: made {count} files of {FILES}: {done.stderr[-300:]!r}")
            else:
                check(count == FILES, f"{label}: made {count} files of {FILES}, the docs measure all: "
                                      f"{done.stdout[-300:]!r} {done.stderr[-300:]!r}")
            ended = "ended before it said (" + done.stderr.strip()[-80:] + ")" if count is None else f"{count} files"
            print(f"{label}: {ended} in {time.monotonic() - began:.1f} s")
    finally:
        shutil.rmtree(tmp)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
