#!/usr/bin/env python3
"""The sandbox's catalogue of escape attempts (docs/batch.md, "What the sandbox stops").

Each attempt of tests/students/escape.py runs twice: through `bloom-grader sandbox`, where it
must fail, and as a plain process, the control, where it must succeed, so the test shows that it
can see the difference. Run as root (as in CI), the grader runs once as root and once as an
ordinary user (`--as-user UID`), whose controls are the attempts an ordinary user can make.
The attempts check for ability and harm nothing (see escape.py).

Usage: sandbox_test.py GRADER ESCAPE_PY [--as-user UID]
"""
import os
import pathlib
import pty
import shutil
import socket
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402

PYTHON = "/usr/bin/python3"  # the sandbox shows /usr, and nothing of a user's own Python
PROCESS_BOUND = 64   # SandboxOptions::processes
TMP_MIB = 64         # SandboxOptions::tmp_bytes
MEMORY_MIB = 512     # the --memory this test gives


def run_in_pty(argv, env=None):
    """Runs argv with a pseudo-terminal as its controlling terminal and stdin; returns what it
    wrote to stdout (the pty) and stderr, and its exit status."""
    read_end, write_end = os.pipe()
    pid, master = pty.fork()
    if pid == 0:
        os.close(read_end)
        os.dup2(write_end, 2)
        os.execve(argv[0], argv, env or os.environ)
    os.close(write_end)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    err = b""
    while data := os.read(read_end, 65536):
        err += data
    _, status = os.waitpid(pid, 0)
    return b"".join(chunks).decode(errors="replace"), err.decode(errors="replace"), os.waitstatus_to_exitcode(status)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    parser.add_argument("escape", type=pathlib.Path)
    parser.add_argument("--as-user", type=int, help="also run the grader as this ordinary uid")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("sandbox_test: must run as root (as CI does): it checks the sandbox holds against "
              "a root grader, and controls need root", file=sys.stderr)
        return 2

    failures = []
    checks = 0
    with tempfile.TemporaryDirectory(prefix="bloom-sandbox-test-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        tmp.chmod(0o755)
        # What a program must not reach: a case file, another submission, a folder outside its own.
        secret = tmp / "cases" / "hidden.case"
        secret.parent.mkdir()
        secret.write_text("> INIT 180603 0.1 3765542390 186\nbytes=36000 hashes=0\n")
        other = tmp / "submissions" / "someone-else" / "src"
        other.mkdir(parents=True)
        (other / "bloom.cpp").write_text("// another student's answer\n")
        outside = tmp / "outside"
        outside.mkdir()
        outside.chmod(0o777)
        # Everything the grader runs from here, so that an ordinary uid can reach it too.
        grader = tmp / "bin" / "bloom-grader"
        grader.parent.mkdir()
        shutil.copy(args.grader, grader)
        escape = tmp / "bin" / "escape.py"
        shutil.copy(args.escape, escape)
        for path in (grader.parent, grader, escape, tmp / "cases", tmp / "submissions",
                     other.parent, other):
            path.chmod(0o755)
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        bystander = subprocess.Popen(["sleep", "600"])

        # (attempt, arguments, control arguments or None when the control would harm the host)
        catalogue = [
            ("uid", [], []),
            ("core-pattern", [], []),
            ("proc-sys", [], []),
            ("mount", [], []),
            ("mknod", [], []),
            ("ptrace", [f"pid={bystander.pid}"], [f"pid={bystander.pid}"]),
            ("kill", [f"pid={bystander.pid}"], [f"pid={bystander.pid}"]),
            ("read", [f"path={secret}"], [f"path={secret}"]),
            ("read", [f"path={other}"], [f"path={other}"]),
            ("read", ["path=/root"], ["path=/root"]),
            ("read", ["path=/etc/shadow"], ["path=/etc/shadow"]),
            ("write", [f"path={outside}"], [f"path={outside}"]),
            ("write", ["path=/usr/local"], None),
            ("net", [f"port={port}"], [f"port={port}"]),
            ("tiocsti", [], []),
            ("fork", ["n=10000"], ["n=300"]),
            ("memory", ["procs=8", f"mib={MEMORY_MIB // 4}"], ["procs=8", f"mib={MEMORY_MIB // 4}"]),
            ("fill", ["mib=256"], [f"path={outside}", "mib=128"]),
        ]
        # what is bounded rather than refused: the most it may get inside
        bounds = {"fork": PROCESS_BOUND, "memory": MEMORY_MIB, "fill": TMP_MIB}

        def attempt(argv, user, terminal):
            env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
            if user is not None:
                argv = ["/usr/bin/setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups",
                        "--"] + argv
            if terminal:
                return run_in_pty(argv, env)
            done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
            return done.stdout, done.stderr, done.returncode

        def check(name, user):
            nonlocal checks
            for what, inside_args, control_args in catalogue:
                label = f"{name}: {what} {' '.join(inside_args)}".strip()
                terminal = what == "tiocsti"
                inside = [str(grader), "sandbox", "--memory", str(MEMORY_MIB), "--timeout", "60",
                          "--", PYTHON, str(escape), what, *inside_args]
                out, err, status = attempt(inside, user, terminal)
                checks += 1
                said = [line for line in out.splitlines() if line.startswith(("ABLE", "UNABLE"))]
                count = [int(line.split()[1]) for line in out.splitlines() if line.startswith("COUNT")]
                if what == "fork" and user is not None:
                    limit = PROCESS_BOUND + 40  # RLIMIT_NPROC also counts the user's own processes
                elif what == "memory" and user is not None:
                    limit = MEMORY_MIB * PROCESS_BOUND  # no cgroup for an ordinary user: per process
                else:
                    limit = bounds.get(what)
                if not said:
                    failures.append(f"{label}: inside said nothing (status {status}): {out[-300:]!r} {err[-300:]!r}")
                elif limit is not None:
                    if not count or count[0] > limit:
                        failures.append(f"{label}: inside got {count} over the bound {limit}: {said[0]}")
                    else:
                        print(f"ok  {label}: inside bounded: {said[0]}")
                elif not said[0].startswith("UNABLE"):
                    failures.append(f"{label}: inside the sandbox: {said[0]}")
                else:
                    print(f"ok  {label}: inside: {said[0]}")
                if control_args is None:
                    continue
                control_user = user
                out, err, status = attempt([PYTHON, str(escape), what, *control_args], control_user, terminal)
                said = [line for line in out.splitlines() if line.startswith(("ABLE", "UNABLE"))]
                privileged = what in ("uid", "core-pattern", "proc-sys", "mount", "mknod", "ptrace",
                                      "kill", "tiocsti") or "/root" in " ".join(control_args) or \
                    "/etc/shadow" in " ".join(control_args)
                if user is not None and privileged:
                    continue  # an ordinary user cannot do these outside either: no control
                checks += 1
                if not said or not said[0].startswith("ABLE"):
                    failures.append(f"{label}: the control, without the sandbox, did not succeed: {said or out[-300:]!r} {err[-200:]!r}")
                else:
                    print(f"ok  {label}: control: {said[0]}")

        try:
            check("grader as root", None)
            if args.as_user is not None:
                os.chown(secret, args.as_user, args.as_user)  # the ordinary user's own files
                os.chown(outside, args.as_user, args.as_user)
                check(f"grader as uid {args.as_user}", args.as_user)
        finally:
            bystander.kill()
            bystander.wait()
            listener.close()
    return report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
