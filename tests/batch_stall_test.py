#!/usr/bin/env python3
"""One submission cannot stall a batch (docs/batch.md, "Submissions the sandbox does not
take"): a batch under the sandbox, with more submissions than --jobs, grades every submission
however the others fail, and says why of each that could not be copied into the sandbox.

The submissions: three good ones; four the copy cannot take (a sparse file over 512 MiB made
with truncate, a FIFO, a tree 10,000 folders deep, a submission folder that is a symbolic
link), each of which, before, kept a scratch slot for good; one without its build script, one
whose build fails, one whose program crashes. First the batch is sent SIGTERM mid-way: it must
end within seconds, exit 2, leave no /tmp/bloom-sandbox-* folder (its TMPDIR is the test's
own), and write no report it did not finish. Then the same command again grades the rest, and
every report must say what became of its submission.

  batch_stall_test.py GRADER [--users]"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402
from grader_files import install_grader  # noqa: E402

DEPTH = 10_000  # folders
BIG = 600 << 20  # bytes, over the scratch folder's 512 MiB
GOOD = ("good-1", "good-2", "good-3")
# what each report that is not a pass must say, in its build's summary
REFUSED = {
    "big": "more than the 512 MiB",
    "fifo": "a FIFO",
    "deep": "nested more than 100",
    "linked": "is a symbolic link",
    "no-build": "the build exited with status",
    "build-error": "the build exited with status 1",
}
PROGRAM = "#!/bin/sh\nsleep 2\nwhile read line; do echo world; done\n"


def make_deep(root):
    """root/d/d/.../d, DEPTH deep: made through descriptors, as no path that long may be named."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    for _ in range(DEPTH):
        os.mkdir("d", dir_fd=fd)
        below = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = below
    os.close(fd)


def remove_deep(root):
    """Undoes make_deep: down by relative chdir, then up, a folder at a time (shutil.rmtree
    recurses too deep, and renaming folders up the tree costs the depth each time)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        depth = 0
        while os.path.isdir("d"):
            os.chdir("d")
            depth += 1
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("d")
    finally:
        os.chdir(here)


def make_submissions(subs, elsewhere):
    names = [*GOOD, "big", "fifo", "deep", "linked", "no-build", "build-error", "crash"]
    for name in names:
        if name == "linked":
            continue
        folder = subs / name
        folder.mkdir(parents=True)
        if name != "no-build":
            (folder / "build.sh").write_text("echo 'error: broken' >&2; exit 1\n" if name == "build-error"
                                             else "true\n")
        (folder / "prog.sh").write_text("#!/bin/sh\nkill -SEGV $$\n" if name == "crash" else PROGRAM)
    with open(subs / "big" / "data.bin", "wb") as big:
        big.truncate(BIG)
    os.mkfifo(subs / "fifo" / "pipe")
    make_deep(subs / "deep")
    shutil.copytree(subs / "good-1", elsewhere)
    (subs / "linked").symlink_to(elsewhere)
    return names


def batch_command(grader, kind, cases, subs, out):
    return [grader, "batch", kind, "--jobs", "2", "--timeout", "10", "--cases", cases, "--submissions", subs,
            "--out", out, "--build", "sh {dir}/build.sh", "--run", "/bin/sh {dir}/prog.sh"]


def check_reports(check, label, out, names):
    for name in names:
        report = out / f"{name}.json"
        if not check(report.exists(), f"{label}: {name} was not graded"):
            continue
        data = json.loads(report.read_text())
        verdicts = [c["verdict"] for c in data.get("cases", [])]
        build = data.get("build") or {}
        if name in GOOD:
            check(verdicts == ["passed"] * 2, f"{label}: {name}: {verdicts} {build}")
        elif name == "crash":
            check(build.get("ok") and set(verdicts) == {"crashed"}, f"{label}: crash: {verdicts} {build}")
        else:
            said = str(build.get("summary", ""))
            check(not build.get("ok") and REFUSED[name] in said,
                  f"{label}: {name}: expected {REFUSED[name]!r} in the build's summary, got {said!r}")


def one_kind(check, grader, kind, tmp, names, cases, subs):
    """SIGTERM mid-batch, then the batch again: every submission reported."""
    label = f"batch {kind}"
    temp = tmp / f"temp{kind}"  # the grader's TMPDIR, where its bloom-sandbox-* folder goes
    temp.mkdir(mode=0o711)
    temp.chmod(0o711)
    out = tmp / f"out{kind}"
    command = batch_command(grader, kind, cases, subs, out)
    env = dict(os.environ, TMPDIR=str(temp))
    began = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(2.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGTERM)
    try:
        _, err = child.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill()
        _, err = child.communicate()
    took = time.monotonic() - sent
    check(child.returncode == 2, f"{label}: exit {child.returncode} after SIGTERM, expected 2: {err[-400:]!r}")
    check(took < 5, f"{label}: took {took:.1f} s to end after SIGTERM")
    check("interrupted: run the same command again" in err, f"{label}: no word of the interrupt: {err[-400:]!r}")
    check(not list(temp.iterdir()), f"{label}: left behind after SIGTERM: {sorted(temp.iterdir())}")
    first = sorted(p.stem for p in out.glob("*.json")) if out.exists() else []
    check(len(first) < len(names), f"{label}: all were graded before the SIGTERM, so it tested nothing")
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    except subprocess.TimeoutExpired:
        check(False, f"{label}: the batch run again did not end in 60 s: it stalled")
        return
    check(done.returncode == 1, f"{label}: rerun exit {done.returncode}: {done.stderr[-400:]!r}")
    check(f", {len(names) - len(first)} to grade" in done.stderr, f"{label}: rerun: {done.stderr[:400]!r}")
    check(not list(temp.iterdir()), f"{label}: left behind: {sorted(temp.iterdir())}")
    check_reports(check, label, out, names)
    print(f"{label}: {time.monotonic() - began:.1f} s, {len(first)} graded before the SIGTERM")


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("--users", action="store_true", help="also under --sandbox-users (root)")
    args = parser.parse_args()
    check = Tally()
    kinds = ["--sandbox"] + (["--sandbox-users"] if args.users and os.geteuid() == 0 else [])
    # in a tmpfs where there is one: ext4 took 50 s to remove the deep tree's 10,000 folders
    # (but not /dev/shm: --sandbox-users mounts its own tmpfs there, in the grader's mount
    # namespace, which would hide the submissions from the grader itself)
    shm = None
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-stall-", dir=shm))
    tmp.chmod(0o711)  # the slot uids pass through to the sandbox's folder in it, and list nothing
    # --sandbox-users runs only a grader whose folder is root's alone
    args.grader = install_grader(args.grader, tmp / "grader", mode=0o700)
    args.grader.parent.chmod(0o700)
    try:
        subs = tmp / "submissions"
        subs.mkdir(mode=0o700)
        subs.chmod(0o700)  # root's alone, as --sandbox-users requires
        names = make_submissions(subs, tmp / "elsewhere")
        cases = tmp / "cases"
        cases.mkdir(mode=0o700)
        for i in (1, 2):
            (cases / f"hello-{i}.case").write_text("> HELLO\nworld\n")
        for kind in kinds:
            one_kind(check, args.grader, kind, tmp, names, cases, subs)
    finally:
        if (tmp / "submissions" / "deep").exists():
            remove_deep(tmp / "submissions" / "deep")
        shutil.rmtree(tmp)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
