#!/usr/bin/env python3
"""No hidden input reaches a student through the kernel's global counters (docs/batch.md,
"Hidden cases run apart"): a hidden case never runs while a run whose output a student sees
does, under every sandbox kind, in `run` (and so in Gradescope's run_autograder) and across the
submissions of a batch.

The program is tests/students/covert.py: on a case whose input holds SEND it holds 40 MiB in a
tmpfs, which /proc/meminfo's Shmem shows the whole machine; on any other it listens to Shmem.
Each prints on stderr when it ran, by the machine's clock, and the listener what it heard.

- With the sending cases hidden, no sending run overlaps a listening one (from the times the
  runs print). What each listener heard is printed, not judged: other work on the machine
  moves Shmem too (once by 486 MiB in 1.5 s of one listener's), and a test must not fail for it.
- The control: the same cases all visible, the same programs, the same --jobs: a sender and a
  listener do run at once, and a listener hears 30 MiB or more: the channel is real, and the
  check above can fail.

For `run` the cases alternate listen, send, listen, send with --jobs 2. For `batch`, two
submissions, one of which builds 1.2 s longer, so that its visible case meets the other's
hidden one unless the rule keeps them apart.

  hidden_apart_test.py GRADER COVERT_PY [--users]"""
import json
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

HEARD = 30  # MiB: a listener that saw Shmem rise this much heard the sender's 40


def write_cases(folder, hidden, count):
    """`count` pairs of cases, listen then send, in that order by name; the senders @hidden when
    `hidden`."""
    folder.mkdir(parents=True)
    for i in range(count):
        (folder / f"{2 * i}-listen.case").write_text("> LISTEN\nnothing\n")
        (folder / f"{2 * i + 1}-send.case").write_text(
            ("@hidden\n" if hidden else "") + "> SEND INIT 8 0.05 7 0|INSERT 5ec12e7c0ffee0\nnothing\n")


def runs_of(cases):
    """(start, end, role, heard) of each case's run, from what the program printed on stderr."""
    runs = []
    for case in cases:
        start = end = role = heard = None
        # the report shows stderr with its control characters escaped, newlines among them
        for line in case.get("stderr", "").replace("\\x0a", "\n").splitlines():
            words = line.split()
            if words[:1] == ["RAN"] and len(words) == 4:
                start, end, role = float(words[1]), float(words[2]), words[3]
            elif words[:1] == ["HEARD"] and len(words) == 2:
                heard = int(words[1])
        runs.append((case["name"], start, end, role, heard))
    return runs


def judge(check, label, runs, hidden):
    """The rule's checks (hidden) or the control's (every case visible)."""
    check(runs and all(start is not None for _, start, *_ in runs),
          f"{label}: a case did not say when it ran: {runs}")
    runs = [r for r in runs if r[1] is not None]
    senders = [r for r in runs if r[3].startswith("send")]
    listeners = [r for r in runs if r[3] == "listen"]
    check(senders and all(r[3] != "send:nowhere" for r in senders),
          f"{label}: a sender found no tmpfs to write: {senders}")
    met = [(s[0], l[0]) for s in senders for l in listeners if s[1] < l[2] and l[1] < s[2]]
    heard = [(l[0], l[4]) for l in listeners if l[4] is not None and l[4] >= HEARD]
    print(f"{label}: {len(met)} sender-listener pairs at once; heard (MiB): {[l[4] for l in listeners]}")
    if hidden:
        check(not met, f"{label}: hidden and visible cases ran at once: {met}")
    else:
        check(met, f"{label} (control): no sender ran beside a listener, so the rule is not tested: {runs}")
        check(heard, f"{label} (control): no listener heard a sender beside it: {runs}")


def grade_run(grader, kind, program, cases, report):
    done = subprocess.run([grader, "run", kind, "--jobs", "2", "--timeout", "20", "--show-hidden",
                           "--cases", cases, "--report", f"json:{report}", "--", program],
                          capture_output=True, text=True, timeout=120)
    if not report.exists():
        return None, done.stderr[-500:]
    return json.loads(report.read_text())["cases"], ""


def grade_batch(grader, kind, subs, cases, out):
    done = subprocess.run([grader, "batch", kind, "--jobs", "2", "--timeout", "20", "--show-hidden",
                           "--skip-after-timeouts", "0", "--cases", cases, "--submissions", subs,
                           "--out", out, "--build", "sh {dir}/build.sh",
                           "--run", "/usr/bin/python3 {dir}/covert.py"],
                          capture_output=True, text=True, timeout=120)
    every = []
    for name in ("early", "late"):
        report = out / f"{name}.json"
        if not report.exists():
            return None, done.stderr[-500:]
        data = json.loads(report.read_text())
        every += [dict(c, name=f"{name}/{c['name']}") for c in data["cases"]]
    return every, ""


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("covert", type=pathlib.Path)
    parser.add_argument("--users", action="store_true", help="also under --sandbox-users (root)")
    args = parser.parse_args()
    check = Tally()
    kinds = ["--sandbox"] + (["--sandbox-users"] if args.users and os.geteuid() == 0 else [])
    with tempfile.TemporaryDirectory(prefix="bloom-apart-") as tmp:
        tmp = pathlib.Path(tmp)
        # --sandbox-users runs only a grader whose folder is root's alone
        args.grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        args.grader.parent.chmod(0o700)
        # where every slot uid may read the program; the cases stay root's (mkdtemp's 700)
        shared = pathlib.Path(tempfile.mkdtemp(prefix="bloom-apart-program-"))
        shared.chmod(0o755)
        program = shared / "covert.py"
        shutil.copy(args.covert, program)
        program.chmod(0o755)
        try:
            for hidden in (True, False):
                tag = "hidden" if hidden else "visible"
                write_cases(tmp / f"run-{tag}", hidden, 2)
                write_cases(tmp / f"batch-{tag}", hidden, 1)
            subs = tmp / "submissions"
            for name, wait in (("early", 0), ("late", 1.2)):
                (subs / name).mkdir(parents=True)
                (subs / name / "build.sh").write_text(f"sleep {wait}\n")
                shutil.copy(args.covert, subs / name / "covert.py")
            for kind in kinds:
                for hidden in (True, False):
                    tag = "hidden" if hidden else "visible"
                    label = f"run {kind}, senders {tag}"
                    cases, why = grade_run(args.grader, kind, program, tmp / f"run-{tag}",
                                           tmp / f"run{kind}-{tag}.json")
                    if check(cases is not None, f"{label}: no report: {why}"):
                        judge(check, label, runs_of(cases), hidden)
                    if kind != "--sandbox":
                        continue  # batch's scheduling does not depend on the kind
                    label = f"batch {kind}, senders {tag}"
                    cases, why = grade_batch(args.grader, kind, subs, tmp / f"batch-{tag}", tmp / f"out-{tag}")
                    if check(cases is not None, f"{label}: no reports: {why}"):
                        judge(check, label, runs_of(cases), hidden)
        finally:
            shutil.rmtree(shared)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
