#!/usr/bin/env python3
"""The sandbox's catalogue of escapes (docs/batch.md, "What the sandbox stops"), against both
kinds, each attempt with its control.

- The catalogue: each attempt of tests/students/escape.py runs through `bloom-grader sandbox`,
  where it must fail (or stay within its bound), and as a plain process, the control, where it
  must succeed, so that the test can tell the difference. It runs against `--sandbox` and
  `--sandbox-users` with the grader as root, then with cgroups hidden (a mount namespace whose
  /sys/fs/cgroup is empty), then against `--sandbox` with the grader as an ordinary user
  (`--as-user UID`), whose controls are what an ordinary user can do. `--table FILE` writes
  what each attempt got in each, the table docs/batch.md shows, and every row must be named
  there.
- A terminal: an interactive bash in a pseudo-terminal runs `bloom-grader run` and `batch` on a
  program that types a command into its terminal (TIOCSTI), as the attack was first seen; the
  shell must not run it, and does when the program runs bare.
- Side by side: a batch of two submissions at once, one attacking the other (reading and
  rewriting its files, reading its temporary folder, signalling it, locking a file it reads),
  under each kind and bare (the control).
- Two graders at once, one in a private mount namespace with a /run/lock of its own, each
  running programs that leave a process behind for the cleanup to kill: both get every verdict
  right.
- `bloom-grader build` (Gradescope's): a build that writes 1 GiB stops at the 512 MiB of its
  copy and leaves the submission as it was (the control, unsandboxed, writes 640 MiB); a build
  whose program is a link to /etc/shadow brings nothing back.
- The kit: `--sandbox-users` refuses a grader whose folder or kit every uid may read; from a kit
  that is root's, a CMakeLists.txt that reads the reference solution gets nothing under either
  kind, and the control does.

The attempts check for ability and harm nothing (see escape.py).

Usage: sandbox_test.py GRADER ESCAPE_PY --student PY --reference BINARY [--as-user UID] [--docs MD] [--table FILE]
"""
import json
import os
import pathlib
import pty
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from grader_files import install_grader  # noqa: E402
from outcome import Tally  # noqa: E402

PYTHON = "/usr/bin/python3"  # the sandbox shows /usr, and nothing of a user's own Python
PROCESS_BOUND = 64   # SandboxOptions::processes
TMP_MIB = 64         # SandboxOptions::tmp_bytes
TMP_INODES = 16384   # SandboxOptions::tmp_inodes
SCRATCH_MIB = 512    # SandboxOptions::scratch_bytes, also /var/tmp's under --sandbox-users
MEMORY_MIB = 512     # the --memory this test gives
KINDS = ("--sandbox", "--sandbox-users")
HIDE_CGROUPS = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                'mount -t tmpfs tmpfs /sys/fs/cgroup && exec "$@"', "sh"]
OWN_RUN_LOCK = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                'mount -t tmpfs tmpfs /run/lock && exec "$@"', "sh"]


class Row:
    """One escape: `attempt` with `args` inside; `control` its arguments outside (None: never
    run outside, it would harm the host). `root_control`: only root can do it outside, so an
    ordinary user's control is left out. `as_user_control`: the control runs as the ordinary
    user even when the grader is root (a setuid program gives root only to a non-root).
    `read`: files the sandbox is told it may read (--sandbox-read)."""

    SAME = object()  # the control takes the same arguments

    def __init__(self, label, attempt, args=(), control=SAME, root_control=False, as_user_control=False,
                 read=(), terminal=False):
        self.label, self.attempt, self.args = label, attempt, list(args)
        self.control = None if control is None else list(args if control is Row.SAME else control)
        self.root_control, self.as_user_control = root_control, as_user_control
        self.read, self.terminal = list(read), terminal


CATALOGUE = [
    Row("uid and capabilities", "uid", root_control=True),
    Row("bounding set and no_new_privs", "capabilities"),
    Row("a setuid-root program", "setuid", ["path={setuid}"], as_user_control=True, read=["{setuid}"]),
    Row("a new user namespace (unshare, clone)", "userns"),
    Row("open /proc/sys/kernel/core_pattern for writing", "core-pattern", root_control=True),
    Row("write any file of /proc/sys", "proc-sys", ["write=current"], [], root_control=True),
    Row("mount a tmpfs", "mount", root_control=True),
    Row("mknod /dev/null's twin", "mknod", root_control=True),
    Row("ptrace a process outside", "ptrace", ["pid={bystander}"], root_control=True),
    Row("signal a process outside", "kill", ["pid={bystander}"], root_control=True),
    Row("keyctl", "syscall", ["name=keyctl"]),
    Row("bpf", "syscall", ["name=bpf"], root_control=True),
    Row("perf_event_open", "syscall", ["name=perf_event_open"]),
    Row("userfaultfd", "syscall", ["name=userfaultfd"], root_control=True),
    Row("io_uring", "syscall", ["name=io_uring_setup"]),
    Row("TIOCSTI on the terminal", "tiocsti", root_control=True, terminal=True),
    Row("TIOCLINUX", "tioclinux"),
    Row("a system call through the x32 ABI", "x32"),
    Row("read a case file", "read", ["path={secret}"]),
    Row("read another submission", "read", ["path={other}"]),
    Row("read /root", "read", ["path=/root"], root_control=True),
    Row("read /etc/shadow", "read", ["path=/etc/shadow"], root_control=True),
    Row("write outside its folders", "write", ["path={outside}"]),
    Row("write /usr/local", "write", ["path=/usr/local"], control=None),
    Row("write the sandbox's root", "write", ["path=/"], control=None),
    Row("connect to a port open on 127.0.0.1", "net", ["port={port}"]),
    Row("connect to an abstract Unix socket", "abstract", ["name={abstract}"]),
    Row("send through a datagram socketpair to an abstract name", "pair-abstract", ["name={datagram}"]),
    Row("flock a file another run reads", "lock", ["path={escape}", "kind=flock"]),
    Row("fcntl record lock on it", "lock", ["path={escape}", "kind=fcntl"]),
    Row("open file description lock on it", "lock", ["path={escape}", "kind=ofd"]),
    Row("System V shared memory", "ipc"),
    Row("lower another process's limit and priority", "renice"),
    Row("find what a run before left in /tmp, /var/tmp, /dev/shm", "find", ["tag={tag}"]),
    Row("fork 10,000 processes", "fork", ["n=10000"], ["n=300"]),
    Row(f"8 processes × 128 MiB under --memory {MEMORY_MIB}", "memory", ["procs=8", f"mib={MEMORY_MIB // 4}"]),
    Row("fill its temporary folder with 256 MiB in 8 MiB files", "fill", ["mib=256"], ["path={outside}", "mib=128"]),
    Row("fill /dev/shm with 256 MiB", "fill", ["path=/dev/shm", "mib=256"], ["path=/dev/shm", "mib=128"]),
    Row("fill /var/tmp with 1 GiB", "fill", ["path=/var/tmp", "mib=1024"], ["path={outside}", "mib=128"]),
    Row("make 40,000 empty files in its temporary folder", "files", ["n=40000"], ["path={outside}", "n=40000"]),
]


class Host:
    """Where the grader runs: as root or as `user`, with cgroups or with them hidden."""

    def __init__(self, name, user=None, cgroups=True):
        self.name, self.user, self.cgroups = name, user, cgroups

    def argv(self, argv):
        if self.user is not None:
            argv = setpriv(self.user) + argv
        return argv if self.cgroups else HIDE_CGROUPS + argv


def setpriv(user):
    return ["/usr/bin/setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", "--"]


def run_in_pty(argv, env=None):
    """Runs argv with a pseudo-terminal as its controlling terminal and stdin; returns what it
    wrote to stdout (the pty) and stderr, and its exit status."""
    read_end, write_end = os.pipe()
    pid, master = pty.fork()
    if pid == 0:  # the test's own copy: it must exec or exit, never go back into the test
        try:
            os.close(read_end)
            os.dup2(write_end, 2)
            os.execvpe(argv[0], argv, env or os.environ)
        finally:
            os._exit(127)
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


def interactive_shell(command, seconds=20):
    """Runs `command` in an interactive bash in a pseudo-terminal, as someone at a terminal
    would, and exits the shell; returns everything the terminal showed."""
    pid, master = pty.fork()
    if pid == 0:
        try:
            os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"],
                      {"PATH": "/usr/bin:/bin", "PS1": "$ ", "TERM": "dumb", "HOME": "/root"})
        finally:
            os._exit(127)
    shown = b""

    def read_for(limit, until=None):
        nonlocal shown
        end = time.monotonic() + limit
        while time.monotonic() < end and not (until and until in shown):
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    shown += os.read(master, 65536)
                except OSError:
                    return

    read_for(2, b"$ ")
    os.write(master, (command + "; echo COMMAND-DONE\n").encode())
    read_for(seconds, b"COMMAND-DONE\r\n")
    read_for(1)  # what was typed into the terminal reaches the shell now
    os.write(master, b"exit\n")
    read_for(2)
    os.close(master)
    os.waitpid(pid, 0)
    return shown.decode(errors="replace")


def said(out):
    lines = [line for line in out.splitlines() if line.startswith(("ABLE", "UNABLE"))]
    counts = [int(line.split()[1]) for line in out.splitlines() if line.startswith("COUNT")]
    return (lines[0] if lines else None), (counts[-1] if counts else None)  # the last: the total


ERRORS = ("Operation not permitted", "Permission denied", "No such file or directory",
          "Read-only file system", "No such process", "Connection refused",
          "No such device or address", "Function not implemented")


def short(line, count):
    """A table cell: what the attempt said, without its verdict word, paths and pids: the
    error, the count of a bounded attempt, or what it did."""
    if line is None:
        return "(nothing)"
    text = line.split(": ", 1)[1] if ": " in line else line
    if count is not None and "killed by its memory bound" in text:
        return f"{count} MiB, then killed (cgroup memory)"
    if count is not None:
        return f"{count} MiB" if "MiB" in text else f"{count} files" if " files of " in text else f"{count} processes"
    errors = [word for word in ERRORS if word in text]
    if errors and not text.startswith(("uid", "CapBnd", "the kernel")):
        return ("no terminal; TIOCSTI: " if "/dev/tty" in text else "") + errors[-1]
    for prefix, cell in (("read /", "read"), ("listed /", "listed"), ("wrote /", "written"),
                         ("connected", "connected"), ("sent to", "sent"), ("may signal", "may signal"), ("ptrace seized", "seized"),
                         ("found ['", "found"), ("found []", "none found"), ("made System V", "made"),
                         ("flock lock", "locked"), ("fcntl lock", "locked"), ("ofd lock", "locked"),
                         ("locked", "locked"), ("rewrote", "rewritten"),
                         ("TIOCLINUX on fd", "reached the kernel"), ("typed into", "typed")):
        if text.startswith(prefix):
            return cell
    return text.split(" returned")[0] + " worked" if " returned " in text else text


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    parser.add_argument("escape", type=pathlib.Path)
    parser.add_argument("--student", type=pathlib.Path, required=True, help="a right Python program (the victim)")
    parser.add_argument("--reference", type=pathlib.Path, required=True, help="bloom-reference (two graders)")
    parser.add_argument("--cases", type=pathlib.Path, required=True, help="the kit's cases/")
    parser.add_argument("--as-user", type=int, help="also run the grader as this ordinary uid")
    parser.add_argument("--docs", type=pathlib.Path, help="docs/batch.md: every row must be named there")
    parser.add_argument("--table", type=pathlib.Path, help="write the measured table here (Markdown)")
    parts = ("catalogue", "beside", "terminal", "graders", "build", "kit")
    parser.add_argument("--only", action="append", choices=parts, help="run only this part (repeatable)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("sandbox_test: must run as root (as CI does): it checks the sandbox holds against "
              "a root grader, and controls need root", file=sys.stderr)
        return 2

    expect = Tally()
    table = {}  # (row label, column) -> cell: the catalogue
    beside = {}  # the same for the batch side by side, the terminal and two graders

    with tempfile.TemporaryDirectory(prefix="bloom-sandbox-test-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        tmp.chmod(0o755)
        # What a program must not reach: a case file, another submission, a folder outside its
        # own, kept root's alone as docs/batch.md asks under --sandbox-users.
        secret = tmp / "cases" / "hidden.case"
        secret.parent.mkdir()
        secret.write_text("> INIT 180603 0.1 3765542390 186\nbytes=36000 hashes=0\n")
        other = tmp / "submissions" / "someone-else" / "src"
        other.mkdir(parents=True)
        (other / "bloom.cpp").write_text("// another student's answer\n")
        outside = tmp / "outside"
        outside.mkdir()
        for path in (secret.parent, tmp / "submissions", outside):
            path.chmod(0o700)
        # Everything the grader runs from here, so that an ordinary uid can reach it too; the
        # root grader's own copy is root's alone, as --sandbox-users asks.
        bin_dir = tmp / "bin"
        bin_dir.mkdir()
        user_grader = install_grader(args.grader, bin_dir)
        grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        grader.parent.chmod(0o700)
        grader_of = lambda host: user_grader if host.user is not None else grader
        escape = bin_dir / "escape.py"
        shutil.copy(args.escape, escape)
        setuid = bin_dir / "id-setuid"  # a setuid-root copy of id(1)
        shutil.copy("/usr/bin/id", setuid)
        for path, mode in ((bin_dir, 0o755), (grader, 0o755), (escape, 0o755), (setuid, 0o4755)):
            path.chmod(mode)
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        abstract = socket.socket(socket.AF_UNIX)
        abstract_name = f"bloom-sandbox-test-{os.getpid()}"
        abstract.bind("\0" + abstract_name)
        abstract.listen(8)
        datagram = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        datagram_name = f"bloom-sandbox-test-datagram-{os.getpid()}"
        datagram.bind("\0" + datagram_name)
        bystander = subprocess.Popen(["sleep", "600"])
        one_case = tmp / "one-case"
        one_case.mkdir()
        shutil.copy(args.cases / "bip37" / "worked-example.case", one_case)
        values = {"secret": secret, "other": other, "outside": outside, "setuid": setuid,
                  "bystander": bystander.pid, "port": listener.getsockname()[1],
                  "abstract": abstract_name, "datagram": datagram_name, "escape": escape}
        fill = lambda words, tag="": [w.format(**values, tag=tag) for w in words]

        def attempt(argv, user, terminal):
            env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
            if user is not None:
                argv = setpriv(user) + argv
            if terminal:
                return run_in_pty(argv, env)
            done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
            return done.stdout, done.stderr, done.returncode

        def inside(host, kind, row, words):
            argv = [str(grader_of(host)), "sandbox", kind, "--memory", str(MEMORY_MIB), "--timeout", "60"]
            for path in fill(row.read):
                argv += ["--sandbox-read", path]
            argv = host.argv(argv + ["--", PYTHON, str(escape), row.attempt, *words])
            return attempt(argv, None, row.terminal)

        def bound_of(row, host, kind):
            """The most a bounded attempt may get inside; None: refused outright."""
            if row.attempt == "fork":
                return PROCESS_BOUND + (40 if host.user is not None else 0)  # RLIMIT_NPROC counts the user's own
            if row.attempt == "memory":
                return MEMORY_MIB if host.cgroups and host.user is None else MEMORY_MIB * PROCESS_BOUND
            if row.attempt == "fill" and "path=/var/tmp" in row.args:
                return 0 if kind == "--sandbox" else SCRATCH_MIB  # bubblewrap shows no /var/tmp
            if row.attempt == "fill":  # the users kind's own folder and /dev/shm: the grader's tmpfs
                return TMP_MIB
            if row.attempt == "files":  # bubblewrap's tmpfs has no nr_inodes: only kernel memory is left
                return 40000 if kind == "--sandbox" else TMP_INODES
            return None

        def floor_of(row):
            """The least a bounded attempt must get inside: a tmpfs the docs promise is one to
            write, not a read-only folder (its last 8 MiB file may not fit whole)."""
            return TMP_MIB - 8 if row.attempt == "fill" and "path=/var/tmp" not in row.args else 0

        def catalogue(host, kind):
            column = f"{kind}, {host.name}"
            # the host is what it says: cgroups there or not
            done = subprocess.run(host.argv([str(grader_of(host)), "sandbox", kind]), capture_output=True, text=True)
            expect(done.returncode == 0 and ("cgroup pids.max" in done.stdout) == (host.cgroups and host.user is None),
                   f"{column}: bloom-grader sandbox says {done.stdout[-600:]!r} {done.stderr[-300:]!r}")
            for row in CATALOGUE:
                label = f"{column}: {row.label}"
                tag = f"{os.getpid()}-{len(table)}"
                if row.attempt == "find":  # a run leaves its files, a later one looks
                    inside(host, kind, Row("", "leave"), [f"tag={tag}"])
                out, err, status = inside(host, kind, row, fill(row.args, tag))
                line, count = said(out)
                limit = bound_of(row, host, kind)
                if line is None and count is not None and limit is not None and "killed by" in err:
                    line = f"UNABLE: killed by its memory bound after {count} MiB"  # tmpfs pages count there
                table[row.label, column] = short(line, count)
                if line is None:
                    expect(False, f"{label}: inside said nothing (status {status}): {out[-300:]!r} {err[-300:]!r}")
                elif limit is not None:
                    if expect(count is not None and floor_of(row) <= count <= limit,
                              f"{label}: inside got {count}, not within {floor_of(row)}..{limit}: {line}"):
                        print(f"ok  {label}: inside bounded: {line}")
                elif expect(line.startswith("UNABLE"), f"{label}: inside the sandbox: {line}"):
                    print(f"ok  {label}: inside: {line}")

        def controls(user):
            column = "control: " + ("root, no sandbox" if user is None else f"uid {user}, no sandbox")
            for row in CATALOGUE:
                if row.control is None or (user is not None and row.root_control):
                    continue  # it would harm the host / an ordinary user cannot do it outside either
                tag = f"{os.getpid()}-control-{len(table)}"
                as_user = (args.as_user or 65534) if row.as_user_control else user
                if row.attempt == "find":
                    attempt([PYTHON, str(escape), "leave", f"tag={tag}"], as_user, False)
                out, err, status = attempt([PYTHON, str(escape), row.attempt, *fill(row.control, tag)], as_user, row.terminal)
                line, count = said(out)
                table[row.label, column] = short(line, count)
                if expect(line is not None and line.startswith("ABLE"),
                          f"{row.label}: the control, {column}, did not succeed: {line or out[-300:]!r} {err[-200:]!r}"):
                    print(f"ok  {row.label}: {column}: {line}")

        def side_by_side(kind):
            """Two submissions at once, the attacker trying its neighbour's files, temporary
            folder, processes and locks; the victim writes a secret where it keeps its files
            and answers right, after a moment."""
            name = (kind or "none").strip("-")
            subs = tmp / f"side-by-side-{name}"
            victim, attacker = subs / "victim", subs / "attacker"
            victim.mkdir(parents=True)
            attacker.mkdir()
            shutil.copy(args.student, victim / "bloom.py")
            (victim / "solution.txt").write_text("the victim's own solution\n")
            (victim / "victim.py").write_text(
                "import os, sys, tempfile, time\n"
                f"for path in (os.path.join(tempfile.gettempdir(), 'victim-secret'), f'/tmp/victim-secret-{name}-{{os.getpid()}}'):\n"
                "    try:\n"
                "        with open(path, 'w') as f:\n"
                "            f.write('the victim keeps this to itself\\n')\n"
                "    except OSError:\n"
                "        pass\n"
                "time.sleep(3)\n"
                "os.execv(sys.executable, [sys.executable, os.path.join(os.path.dirname(__file__), 'bloom.py')])\n")
            shutil.copy(escape, attacker / "escape.py")
            subs.chmod(0o700)
            run = (f"case {{dir}} in */victim) exec {PYTHON} {{dir}}/victim.py;; "
                   f"*) exec {PYTHON} {{dir}}/escape.py neighbour victim={victim} tag={name} shared={PYTHON} wait=6;; esac")
            out = tmp / f"side-by-side-{name}-grades"
            done = subprocess.run([str(grader), "batch", *([kind] if kind else []), "--cases", one_case,
                                   "--submissions", subs, "--out", out, "--run", run, "--jobs", "2",
                                   "--timeout", "30"], capture_output=True, text=True, timeout=300)
            grades = {n: json.loads((out / f"{n}.json").read_text()) for n in ("victim", "attacker")
                      if (out / f"{n}.json").exists()}
            if not expect(len(grades) == 2, f"side by side {name}: batch exit {done.returncode}: {done.stderr[-800:]}"):
                return
            stderr = grades["attacker"]["cases"][0].get("stderr", "").replace("\\x0a", "\n")
            lines = [line for line in stderr.splitlines() if line.startswith(("ABLE", "UNABLE"))]
            expect(len(lines) == 5, f"side by side {name}: the attacker said {lines}")
            for line in lines:
                verdict, item, detail = line.split(": ", 2)
                beside[f"beside another submission: {item}", kind or "control"] = short(f"{verdict}: {detail}", None)
                if kind:
                    expect(line.startswith("UNABLE"), f"side by side {name}: {line}")
                else:
                    expect(line.startswith("ABLE"), f"side by side, the control: {line}")
            if kind:
                expect(grades["victim"]["status"] == "passed",
                       f"side by side {name}: the victim {grades['victim']['status']}: {json.dumps(grades['victim'])[:600]}")
            for left in pathlib.Path("/tmp").glob(f"victim-secret-{name}-*"):
                left.unlink()  # the control's: nothing cleans up after a run without the sandbox
            print(f"ok  side by side {name}: {lines}")

        def typed_into_terminal(subcommand, kind):
            """An interactive shell runs the grader; the program types a command into the
            terminal. The shell must not run it (it would print INJECTED-42)."""
            name = f"{subcommand} {kind or '(no sandbox)'}"
            if subcommand == "run":
                command = f"{grader} run {kind} --cases {tmp / 'one-case'} -- {PYTHON} {escape} type"
            elif subcommand == "batch":
                subs = tmp / f"typing-{(kind or 'none').strip('-')}" / "typist"
                subs.mkdir(parents=True)
                shutil.copy(escape, subs / "escape.py")
                subs.parent.chmod(0o700)
                out = subs.parent.parent / f"typing-{(kind or 'none').strip('-')}-grades"
                command = (f"{grader} batch {kind} --cases {tmp / 'one-case'} --submissions {subs.parent} "
                           f"--out {out} --run '{PYTHON} {{dir}}/escape.py type' --jobs 1")
            else:
                command = f"{PYTHON} {escape} type"  # the control: the program run bare
            shown = interactive_shell(command)
            executed = "INJECTED-42" in shown
            expect(executed == (kind is None), f"typed into the terminal, {name}: the shell "
                   f"{'ran' if executed else 'did not run'} it:\n{shown[-1500:]}")
            beside[f"type a command into the terminal that started the grader ({subcommand})",
                  kind or "control"] = "the shell ran it" if executed else "not run"
            print(f"ok  terminal, {name}: {'ran' if executed else 'not run'}")

        def two_graders(kind):
            """Two graders at once on one kernel, the second in a private mount namespace with a
            /run/lock of its own; each program leaves a process behind, so each cleanup kills
            what its uid still runs."""
            program = bin_dir / "leaves-one-behind.sh"
            reference = bin_dir / "bloom-reference"
            if not program.exists():
                shutil.copy(args.reference, reference)
                reference.chmod(0o755)
                program.write_text(f"#!/bin/sh\n(sleep 30 &)\nsleep 0.3\nexec {reference}\n")
                program.chmod(0o755)
            cases = tmp / "two-graders-cases"
            if not cases.exists():
                cases.mkdir()
                for case in sorted((args.cases / "protocol").glob("*.case"))[:4] + sorted((args.cases / "bip37").glob("*.case"))[:4]:
                    shutil.copy(case, cases)
            # bubblewrap shows the program alone: the reference it runs is named (--sandbox-read)
            shown = ["--sandbox-read", str(reference)] if kind == "--sandbox" else []
            argv = [str(grader), "run", kind, "--jobs", "2", "--timeout", "20", "--memory", "0",
                    "--cases", str(cases), *shown, "--", str(program)]
            graders = [subprocess.Popen(a, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                       for a in (argv, OWN_RUN_LOCK + argv)]
            results = [g.communicate(timeout=300) for g in graders]
            summaries = []
            for where, g, (out, err) in zip(("on the host", "with its own /run/lock"), graders, results):
                summary = out.strip().splitlines()[-1] if out.strip() else ""
                summaries.append(summary)
                expect(g.returncode == 0 and summary == "8 passed, 0 failed",
                       f"two graders, {kind}, the one {where}: exit {g.returncode}, {summary!r}\n{out[-1500:]}{err[-500:]}")
                beside[f"two graders at once, one with its own /run/lock ({where})", kind] = summary
            print(f"ok  two graders {kind}: {summaries}")

        def build(kind):
            """bloom-grader build on a project whose build writes `mib` MiB, and on one whose
            program is a link to /etc/shadow."""
            name = (kind or "none").strip("-")
            label = "bloom-grader build: "
            filler = tmp / f"build-fills-{name}" / "upload"
            filler.mkdir(parents=True)
            mib = 1024 if kind else 640  # over the bound inside; the control shows it can be done
            (filler / "CMakeLists.txt").write_text(
                "cmake_minimum_required(VERSION 3.16)\nproject(fills NONE)\n"
                # files of 32 MiB: the bound is on the total, each file has its own (64 MiB)
                f"execute_process(COMMAND sh -c \"for i in $(seq {mib // 32}); do dd if=/dev/zero of=big$i bs=1M count=32 2>&1 | "
                "grep -v records; done; echo WROTE $(($(cat big* | wc -c) >> 20)) MiB; rm -f big*\" OUTPUT_VARIABLE said)\n"
                "message(FATAL_ERROR \"${said}\")\n")
            done = subprocess.run([str(grader), "build", *([kind] if kind else []), str(filler)],
                                  capture_output=True, text=True, timeout=600)
            wrote = [int(w.split()[1]) for w in done.stderr.splitlines() if w.strip().startswith("WROTE")]
            beside[label + "a build that writes 1 GiB (the control 640 MiB)", kind or "control"] = \
                f"{wrote[0]} MiB" if wrote else "(nothing)"
            if kind:
                expect(done.returncode == 1 and wrote and wrote[0] <= 512 and "No space left" in done.stderr
                       and sorted(p.name for p in filler.iterdir()) == ["CMakeLists.txt"],
                       f"build {kind}: a build that fills its folder: exit {done.returncode}, wrote {wrote}: {done.stderr[-600:]}")
            else:
                expect(wrote == [mib], f"build, the control: wrote {wrote}: {done.stderr[-600:]}")
            linker = tmp / f"build-links-{name}"
            linker.mkdir()
            (linker / "CMakeLists.txt").write_text(
                "cmake_minimum_required(VERSION 3.16)\nproject(links NONE)\n"
                "add_custom_target(bloom ALL COMMAND ln -sf /etc/shadow ${CMAKE_BINARY_DIR}/bloom)\n")
            done = subprocess.run([str(grader), "build", *([kind] if kind else []), str(linker)],
                                  capture_output=True, text=True, timeout=600)
            program = linker / "build" / "bloom"
            brought = program.is_symlink() or program.exists()
            beside[label + "a program that is a link to /etc/shadow", kind or "control"] = \
                "brought back" if brought else "refused"
            if kind:
                expect(done.returncode == 1 and not brought and "made no program" in done.stderr,
                       f"build {kind}: a program linked to /etc/shadow: exit {done.returncode}, {done.stderr[-400:]}")
            else:
                expect(done.returncode == 0 and program.is_symlink(), f"build, the control: {done.stderr[-400:]}")
            print(f"ok  build {name}: wrote {wrote}, link {'brought back' if brought else 'refused'}")

        def kit(kinds):
            """The kit unreadable to what it grades: --sandbox-users refuses a grader whose folder
            or kit every uid may read, and runs once they are root's; from there, a submission's
            CMakeLists.txt that reads the reference solution at configure time gets nothing of it
            under either kind, and the control, unsandboxed, gets it."""
            open_kit = tmp / "kit"
            (open_kit / "reference").mkdir(parents=True)
            (open_kit / "cases").mkdir()
            solution = open_kit / "reference" / "bip37.cpp"
            solution.write_text(f"// REFERENCE-SOLUTION-{os.getpid()}\n")
            kit_grader = install_grader(args.grader, open_kit / "bin")
            open_kit.chmod(0o755)
            label = "the kit: "
            done = subprocess.run([str(kit_grader), "sandbox", "--sandbox-users"], capture_output=True, text=True)
            refused = done.returncode == 2 and f"the grader's folder {open_kit / 'bin'} can be read" in done.stderr \
                and f"chmod o-rwx {open_kit / 'bin'}" in done.stderr
            beside[label + "--sandbox-users from a grader folder every uid may read", "--sandbox-users"] = \
                "refused" if refused else "ran"
            expect(refused, f"kit: a readable grader folder: exit {done.returncode}, {done.stderr.strip()!r}")
            (open_kit / "bin").chmod(0o700)
            done = subprocess.run([str(kit_grader), "sandbox", "--sandbox-users"], capture_output=True, text=True)
            refused = done.returncode == 2 and f"the kit {open_kit} can be read" in done.stderr
            beside[label + "--sandbox-users from a kit every uid may read", "--sandbox-users"] = \
                "refused" if refused else "ran"
            expect(refused, f"kit: a readable kit: exit {done.returncode}, {done.stderr.strip()!r}")
            open_kit.chmod(0o700)
            done = subprocess.run([str(kit_grader), "sandbox", "--sandbox-users"], capture_output=True, text=True)
            expect(done.returncode == 0, f"kit: a kit root's alone: exit {done.returncode}, {done.stderr.strip()!r}")
            for kind in (*kinds, None):
                name = (kind or "none").strip("-")
                reader = tmp / f"kit-reader-{name}" / "upload"
                reader.mkdir(parents=True)
                (reader / "CMakeLists.txt").write_text(
                    "cmake_minimum_required(VERSION 3.16)\nproject(reads NONE)\n"
                    f"file(READ \"{solution}\" said)\nmessage(FATAL_ERROR \"READ: ${{said}}\")\n")
                done = subprocess.run([str(kit_grader), "build", *([kind] if kind else []), str(reader)],
                                      capture_output=True, text=True, timeout=600)
                leaked = f"REFERENCE-SOLUTION-{os.getpid()}" in done.stdout + done.stderr
                beside[label + "a configure-time read of the reference solution", kind or "control"] = \
                    "read" if leaked else "refused"
                expect(leaked == (kind is None),
                       f"kit: {kind or 'control'}: CMake reading {solution}: exit {done.returncode}, {done.stderr[-600:]}")
            print("ok  the kit: refused while readable; the reference unread at configure time")

        hosts = [Host("root, cgroup v1 writable"), Host("root, no cgroup", cgroups=False)]
        wanted = set(args.only or parts)
        try:
            if "catalogue" in wanted:
                for host in hosts:
                    for kind in KINDS:
                        catalogue(host, kind)
                controls(None)
            if "beside" in wanted:
                for kind in (*KINDS, None):
                    side_by_side(kind)
            if "terminal" in wanted:
                for kind in (*KINDS, None):
                    for subcommand in (("run", "batch") if kind else ("bare",)):
                        typed_into_terminal(subcommand, kind)
            if "graders" in wanted:
                for kind in KINDS:
                    two_graders(kind)
            if "build" in wanted:
                for kind in (*KINDS, None):
                    build(kind)
            if "kit" in wanted:
                kit(KINDS)
            if args.as_user is not None and "catalogue" in wanted:
                user = Host(f"uid {args.as_user}", user=args.as_user)
                for path in (secret.parent, outside, tmp / "submissions"):  # the ordinary user's own files
                    path.chmod(0o755)
                os.chown(secret, args.as_user, args.as_user)
                os.chown(outside, args.as_user, args.as_user)
                catalogue(user, "--sandbox")
                controls(args.as_user)
                done = subprocess.run(user.argv([str(user_grader), "sandbox", "--sandbox-users"]), capture_output=True, text=True)
                expect(done.returncode == 2 and "needs the grader to run as root" in done.stderr,
                       f"--sandbox-users as uid {args.as_user}: exit {done.returncode}, {done.stderr.strip()!r}")
        finally:
            bystander.kill()
            bystander.wait()
            listener.close()
            abstract.close()
            datagram.close()

    def markdown(cells):
        rows = list(dict.fromkeys(label for label, _ in cells))
        # the kinds' columns first, each kind's hosts together, the controls last
        present = list(dict.fromkeys(column for _, column in cells))
        columns = sorted(present, key=lambda c: (c.startswith("control"), c.startswith("--sandbox-users"),
                                                 present.index(c)))
        lines = ["| attempt | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
        lines += ["| " + row + " | " + " | ".join(cells.get((row, c), "—") for c in columns) + " |" for row in rows]
        return rows, "\n".join(lines) + "\n"

    rows, text = markdown(table)
    beside_rows, beside_text = markdown(beside)
    if args.table:
        args.table.write_text("\n".join(t for t, r in ((text, rows), (beside_text, beside_rows)) if r))
        print(f"the measured tables: {args.table}")
    if args.docs:
        documented = args.docs.read_text()
        missing = [row for row in rows + beside_rows if row.split(" (")[0] not in documented]
        expect(not missing, f"{args.docs} does not name these rows: {missing}")
    return expect.report()


if __name__ == "__main__":
    sys.exit(main())
