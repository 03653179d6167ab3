#!/usr/bin/env python3
"""scripts/static-grader.sh's grader grades a batch on a host older than the machine that
built the kit: in a Debian 11 root (glibc 2.31, GCC 10's libstdc++), the kit's own build
cannot start (the control: its loader stops it), and the static grader, built on its
own as the Gradescope zip's is, grades two submissions with the right verdicts: one passes,
one is killed by SIGSEGV and is `crashed`. Needs root (debootstrap); the root is cached.

  static_grader_test.py SOURCE GRADER REFERENCE BUILD_DIR"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from debian_root import Root  # noqa: E402
from grader_files import install_grader  # noqa: E402
from outcome import Tally  # noqa: E402

SENT = "HASH 0 bloom"


def main():
    parser = cli.parser(__doc__)
    for name in ("source", "grader", "reference", "build"):
        parser.add_argument(name, type=pathlib.Path)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("static_grader_test: must run as root (as CI does), for the Debian 11 root", file=sys.stderr)
        return 2
    check = Tally()
    made = subprocess.run(["bash", args.source / "scripts" / "static-grader.sh"], capture_output=True, text=True,
                          env=dict(os.environ, BLOOM_BUILD_DIR=str(args.build)), cwd=args.source)
    if made.returncode != 0:
        print(f"scripts/static-grader.sh: exit {made.returncode}: {made.stderr[-3000:]}", file=sys.stderr)
        return 1
    static = (args.source / made.stdout.strip()).resolve()
    # The static build is -O3, a level no other build of the kit compiles at; its warnings are
    # errors here as the kit's are (-DBLOOM_WERROR), though an instructor's build only logs them.
    log = (static.parent.parent / "build.log").read_text(errors="replace")
    warned = [line for line in log.splitlines() if "warning:" in line]
    check(not warned, "the static grader's build warned:\n" + "\n".join(warned[:10]))
    with tempfile.TemporaryDirectory(prefix="bloom-static-grader-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        kit_build = install_grader(args.grader, tmp / "kit-build")
        static_copy = install_grader(static, tmp / "static")
        cases = tmp / "cases" / "one"
        cases.mkdir(parents=True)
        (cases / "hash.case").write_text(f"# hash\n> {SENT}\n")
        recorded = subprocess.run([args.grader, "record", "--memory", "0", "--cases", cases, "--", args.reference],
                                  capture_output=True, text=True)
        check(recorded.returncode == 0, f"record: {recorded.stderr}")
        answer = subprocess.run([args.reference], input=SENT + "\n", capture_output=True, text=True).stdout
        subs = tmp / "submissions"
        for name, body in (("right", f"cat >/dev/null\nprintf '%s' '{answer}'\n"), ("crashes", "kill -SEGV $$\n")):
            (subs / name).mkdir(parents=True)
            (subs / name / "program").write_text("#!/bin/sh\n" + body)
            (subs / name / "program").chmod(0o755)

        root = Root(args.source, "bullseye", [], tmp)
        control = root([kit_build, "--help"], check=False)
        # its loader stops it: a library of Debian 12's it asks for (GLIBCXX_3.4.29 where Boost
        # is installed, the Boost libraries here, where it is not)
        check(control.returncode != 0 and ("GLIBCXX_3.4.29" in control.stderr or
                                           "error while loading shared libraries" in control.stderr),
              f"the kit's own grader started in Debian 11, or failed otherwise: exit {control.returncode}: "
              f"{control.stderr[-500:]!r}")
        out = tmp / "grades"
        done = root([static_copy, "batch", "--cases", cases, "--submissions", subs, "--run", "{dir}/program",
                     "--memory", "0", "--jobs", "1", "--out", out], check=False)
        check(done.returncode == 1, f"the static grader's batch in Debian 11: exit {done.returncode}: "
                                    f"{done.stderr[-1500:]}")
        for name, verdict in (("right", "passed"), ("crashes", "crashed")):
            report = out / f"{name}.json"
            got = [c["verdict"] for c in json.loads(report.read_text())["cases"]] if report.exists() else []
            check(got == [verdict], f"{name}: {got}, expected [{verdict!r}]")
        print(f"Debian 11: the kit's grader does not start; the static one grades: {done.stdout.strip()[-300:]}")
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
