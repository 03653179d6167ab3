#!/usr/bin/env python3
"""Ctrl-C (SIGINT) and SIGTERM on bloom-grader while programs run, as an instructor stops a
long batch: the grader ends within seconds, kills every program it started, says it was
interrupted and exits 2; `run` still reports the cases it finished, and `batch` writes no
report for a submission it did not finish, so the same command run again grades exactly those.

  interrupt_test.py GRADER CASES_DIR"""
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402
from signals import signal_and_wait  # noqa: E402

MARK = "987654"  # the sleeping programs' argument, to find any that survive


def sleepers():
    found = []
    for proc in pathlib.Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"sleep" in cmdline[0] and MARK.encode() in cmdline:
            found.append(proc.name)
    return found


def interrupt(command, sig, after):
    """Starts `command`, sends `sig` after `after` seconds; returns (exit, seconds to end, out, err)."""
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    return signal_and_wait(child, sig, 20)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("cases", type=pathlib.Path)
    args = parser.parse_args()
    grader, cases = args.grader, args.cases.resolve()
    failures = []
    expect = lambda ok, message: ok or failures.append(message)

    with tempfile.TemporaryDirectory(prefix="bloom-interrupt-") as tmp:
        tmp = pathlib.Path(tmp)
        slow = tmp / "slow.sh"  # answers nothing and sleeps, far past the time limit asked
        slow.write_text(f"#!/bin/sh\nexec sleep {MARK}\n")
        slow.chmod(0o755)

        # run: Ctrl-C while two cases are running, four more waiting
        code, took, out, err = interrupt(
            [grader, "run", "--jobs", "2", "--timeout", "60", "--cases", cases / "protocol",
             "--cases", cases / "hashing", "--", slow], signal.SIGINT, 1.5)
        expect(code == 2, f"run: exit {code} after SIGINT, expected 2; stderr {err[-300:]!r}")
        expect(took < 5, f"run: took {took:.1f} s to end after SIGINT")
        expect("interrupted: cases not run count as failed" in out, f"run: no word of it: {out[-300:]!r}")
        expect("not run: grading was interrupted" in out, "run: the cases not run are not named")
        time.sleep(0.5)
        expect(not sleepers(), f"run: programs survived the interrupt: {sleepers()}")

        # batch: SIGTERM while both submissions are being graded, then the same command again
        subs = tmp / "submissions"
        for name in ("first", "second"):
            (subs / name).mkdir(parents=True)
        out_dir = tmp / "grades"
        batch = [grader, "batch", "--jobs", "2", "--timeout", "60", "--cases", cases / "protocol",
                 "--submissions", subs, "--out", out_dir, "--run", str(slow)]
        code, took, out, err = interrupt(batch, signal.SIGTERM, 1.5)
        expect(code == 2, f"batch: exit {code} after SIGTERM, expected 2; stderr {err[-300:]!r}")
        expect(took < 5, f"batch: took {took:.1f} s to end after SIGTERM")
        expect("interrupted: run the same command again to grade the rest" in err,
               f"batch: no word of it: {err[-300:]!r}")
        expect(not list(out_dir.glob("*.json")), "batch: wrote a report for an unfinished submission")
        time.sleep(0.5)
        expect(not sleepers(), f"batch: programs survived the interrupt: {sleepers()}")

        # the rerun grades both (now with a short limit, so that it ends soon)
        done = subprocess.run([*batch[:5], "1", *batch[6:], "--skip-after-timeouts", "2"], capture_output=True,
                              text=True, timeout=300)
        expect(", 2 to grade" in done.stderr, f"rerun: {done.stderr.strip()[-300:]!r}")
        for name in ("first", "second"):
            report = out_dir / f"{name}.json"
            verdicts = [c["verdict"] for c in json.loads(report.read_text())["cases"]] if report.exists() else []
            # two timeouts, then the rest skipped (feedback's fast path, docs/grader.md, "Verdicts")
            expect(verdicts[:2] == ["timeout"] * 2 and set(verdicts[2:]) == {"skipped"},
                   f"rerun: {name}: {verdicts}")

    outcome.report(failures)
    print(f"interrupt: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
