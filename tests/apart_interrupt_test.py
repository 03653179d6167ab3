#!/usr/bin/env python3
"""An interrupt ends the wait of a hidden case kept apart from a visible one (docs/batch.md,
"Hidden cases run apart"): the hidden case is not run, the grader ends at once, leaves no
bloom-sandbox-* folder, and a batch so cut short grades the rest when run again.

Two cases, --jobs 2: a visible one whose program sleeps SLOW seconds, and a hidden one whose
program marks that it ran and sleeps HIDDEN seconds. The hidden case waits while the visible
one runs. Once the visible run's sleep is seen in /proc, the grader gets SIGINT (run) or
SIGTERM (batch). Before, the interrupt killed the visible run, which made way for the hidden
one: it ran whole, and the grader ended HIDDEN seconds later.

- `run`, no sandbox: the control, with no signal, marks the hidden run; interrupted, the mark
  is absent and the grader ends within LATE seconds, exit 2.
- `batch` without a sandbox, under --sandbox and (as root) --sandbox-users: SIGTERM ends it
  within LATE seconds, exit 2, with no report and nothing left in its TMPDIR; the same
  command again grades both cases, passed.

  apart_interrupt_test.py GRADER"""
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
from signals import signal_and_wait  # noqa: E402

SLOW = "4.317"  # seconds the visible case sleeps, a number no other process sleeps for
HIDDEN = "3"  # seconds the hidden case sleeps
LATE = 1.5  # seconds after the signal by which the grader must have ended
FIRST = "hidden case first"  # interrupt()'s status for a trial that tests nothing


def write_program(folder, mark):
    (folder / "prog.sh").write_text(
        "#!/bin/sh\nread line\n"
        f'case "$line" in\n  SLOW) sleep {SLOW} ;;\n'
        f"  MARK) touch {mark} 2>/dev/null; sleep {HIDDEN} ;;\nesac\necho world\n")
    (folder / "build.sh").write_text("true\n")


def write_cases(folder):
    folder.mkdir(mode=0o700)
    (folder / "0-visible.case").write_text("> SLOW\nworld\n")
    (folder / "1-hidden.case").write_text("@hidden\n> MARK\nworld\n")


def slow_run_started():
    """Whether the visible case's `sleep SLOW` runs, seen in /proc (bubblewrap's pid namespace
    is seen from outside)."""
    for entry in pathlib.Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes() == f"sleep\0{SLOW}\0".encode():
                return True
        except OSError:
            continue
    return False


def interrupt(command, sig, env, hidden_ran=lambda: False):
    """Starts `command`, sends `sig` once the visible case runs; (exit status, stderr, seconds
    from the signal to the end), or None when the visible case never started. The status is
    FIRST when `hidden_ran()` says the hidden case ran before the visible one: on a busy
    machine the second worker can reach the rule first, and the visible case then waits."""
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 30
    while not slow_run_started() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if child.poll() is not None or time.monotonic() >= deadline:
        child.kill()
        _, err = child.communicate()
        return None, err, 0
    time.sleep(0.3)  # the hidden case is at the rule by now
    if hidden_ran():
        child.kill()
        _, err = child.communicate()
        return FIRST, err, 0
    status, took, _, err = signal_and_wait(child, sig, 30)
    return status, err, took


def check_run(check, grader, tmp):
    """`run` with no sandbox: the mark tells whether the hidden case ran."""
    mark = tmp / "hidden-ran"
    folder = tmp / "run"
    folder.mkdir()
    write_program(folder, mark)
    cases = folder / "cases"
    write_cases(cases)
    command = [str(grader), "run", "--jobs", "2", "--cases", str(cases), "--", "/bin/sh", str(folder / "prog.sh")]
    control = subprocess.run(command, capture_output=True, text=True, timeout=60)
    check(control.returncode == 0 and mark.exists(),
          f"run, control: exit {control.returncode}, hidden case marked: {mark.exists()}: {control.stderr[-400:]!r}")
    for _ in range(3):  # a trial in which the hidden case ran first is tried again
        mark.unlink(missing_ok=True)
        status, err, took = interrupt(command, signal.SIGINT, None, mark.exists)
        if status != FIRST:
            break
        print("run: the hidden case ran before the visible one; again")
    check(status == 2, f"run, SIGINT: exit {status}, expected 2: {err[-400:]!r}")
    check(not mark.exists(), "run, SIGINT: the hidden case ran after the interrupt")
    check(took < LATE, f"run, SIGINT: took {took:.1f} s to end, over {LATE} s")
    print(f"run: control marked {control.returncode == 0}, SIGINT: exit {status} in {took:.2f} s, "
          f"hidden case ran: {mark.exists()}")


def check_batch(check, grader, tmp, kind):
    label = f"batch {kind or 'without a sandbox'}"
    name = (kind or "none").strip("-")
    subs = tmp / f"subs-{name}"
    subs.mkdir(mode=0o700)
    subs.chmod(0o700)
    (subs / "good").mkdir()
    write_program(subs / "good", "/dev/null")
    cases = tmp / f"cases-{name}"
    write_cases(cases)
    out, temp = tmp / f"out-{name}", tmp / f"temp-{name}"
    temp.mkdir(mode=0o711)
    temp.chmod(0o711)
    command = [str(grader), "batch", *([kind] if kind else []), "--jobs", "2", "--timeout", "10", "--cases",
               str(cases), "--submissions", str(subs), "--out", str(out), "--build", "sh {dir}/build.sh",
               "--run", "/bin/sh {dir}/prog.sh"]
    env = dict(os.environ, TMPDIR=str(temp))
    status, err, took = interrupt(command, signal.SIGTERM, env)
    if not check(status is not None, f"{label}: the visible case never started: {err[-400:]!r}"):
        return
    check(status == 2, f"{label}: exit {status} after SIGTERM, expected 2: {err[-400:]!r}")
    check(took < LATE, f"{label}: took {took:.1f} s to end after SIGTERM, over {LATE} s")
    check("interrupted: run the same command again" in err, f"{label}: no word of the interrupt: {err[-400:]!r}")
    check(not (out / "good.json").exists(), f"{label}: wrote a report for the submission it cut short")
    check(not list(temp.iterdir()), f"{label}: left behind: {sorted(temp.iterdir())}")
    again = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    report = out / "good.json"
    verdicts = [c["verdict"] for c in json.loads(report.read_text())["cases"]] if report.exists() else []
    check(again.returncode == 0 and verdicts == ["passed", "passed"],
          f"{label}: rerun exit {again.returncode}, verdicts {verdicts}: {again.stderr[-400:]!r}")
    check(not list(temp.iterdir()), f"{label}: rerun left behind: {sorted(temp.iterdir())}")
    print(f"{label}: SIGTERM: exit {status} in {took:.2f} s; rerun: exit {again.returncode}, {verdicts}")


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    args = parser.parse_args()
    check = Tally()
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-apart-stop-"))
    tmp.chmod(0o711)  # the slot uids pass through to the sandbox's folder in it, and list nothing
    try:
        # --sandbox-users runs only a grader whose folder is root's alone
        grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        grader.parent.chmod(0o700)
        check_run(check, grader, tmp)
        for kind in [None, "--sandbox"] + (["--sandbox-users"] if os.geteuid() == 0 else []):
            check_batch(check, grader, tmp, kind)
    finally:
        shutil.rmtree(tmp)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
