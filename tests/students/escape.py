#!/usr/bin/env python3
"""A hostile submission. Two uses:

- `escape.py read|write|net TARGET` (the batch test): tries one escape and says on stderr
  whether it got through (ESCAPED) or not (blocked). It answers nothing, so every case fails.
- `escape.py ATTEMPT [KEY=VALUE ...]` (the sandbox catalogue, tests/sandbox_test.py): tries one
  thing of the catalogue and prints one line, `ABLE: ...` or `UNABLE: ...`, plus a count for the
  bounded ones. Each attempt checks for the ability and harms nothing: core_pattern is opened for
  writing and closed unwritten, a mount is undone, a signal is signal 0, a ptrace is a seize
  that ends with this process.
Arguments are KEY=VALUE so that the grader does not take a path for a file to show the program.
"""
import ctypes
import fcntl
import os
import socket
import stat
import sys
import tempfile
import termios
import time

libc = ctypes.CDLL(None, use_errno=True)


def able(what):
    print(f"ABLE: {what}", flush=True)


def unable(what):
    print(f"UNABLE: {what}", flush=True)


def oserror(what, error):
    unable(f"{what}: {error.strerror}")


def attempt_uid(_):
    caps = "?"
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("CapEff:"):
                caps = line.split()[1]
    privileged = os.getuid() == 0 or int(caps, 16) != 0
    (able if privileged else unable)(f"uid {os.getuid()} CapEff {caps}")


def writable(path):
    fd = os.open(path, os.O_WRONLY)  # opened for writing, closed unwritten
    os.close(fd)


def attempt_core_pattern(_):
    try:
        writable("/proc/sys/kernel/core_pattern")
        able("core_pattern opens for writing")
    except OSError as error:
        oserror("core_pattern", error)


def attempt_proc_sys(_):
    for root, _dirs, files in os.walk("/proc/sys"):
        for name in files:
            path = os.path.join(root, name)
            try:
                if os.stat(path).st_mode & 0o222:
                    writable(path)
                    able(f"{path} opens for writing")
                    return
            except OSError:
                pass
    unable("no file of /proc/sys opens for writing")


def attempt_mount(_):
    target = tempfile.mkdtemp()
    try:
        if libc.mount(b"tmpfs", target.encode(), b"tmpfs", 0, b"size=1m") == 0:
            libc.umount2(target.encode(), 2)
            able("mounted a tmpfs")
        else:
            unable(f"mount: {os.strerror(ctypes.get_errno())}")
    finally:
        os.rmdir(target)


def attempt_mknod(_):
    folder = tempfile.mkdtemp()
    node = os.path.join(folder, "null")
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        os.unlink(node)
        able("made a device node")
    except OSError as error:
        oserror("mknod", error)
    finally:
        os.rmdir(folder)


def attempt_ptrace(args):
    pid = int(args["pid"])
    PTRACE_SEIZE = 0x4206  # does not stop the tracee; this process's exit detaches it
    if libc.ptrace(PTRACE_SEIZE, pid, None, None) == 0:
        able(f"ptrace seized pid {pid}")
    else:
        unable(f"ptrace {pid}: {os.strerror(ctypes.get_errno())}")


def attempt_kill(args):
    pid = int(args["pid"])
    try:
        os.kill(pid, 0)  # signal 0: only asks whether a signal could be sent
        able(f"may signal pid {pid}")
    except OSError as error:
        oserror(f"kill {pid}", error)


def attempt_read(args):
    path = args["path"]
    try:
        if os.path.isdir(path):
            able(f"listed {path}: {len(os.listdir(path))} entries")
        else:
            with open(path, "rb") as f:
                f.read(1)
            able(f"read {path}")
    except OSError as error:
        oserror(f"read {path}", error)


def attempt_write(args):
    path = os.path.join(args["path"], f"escape-{os.getpid()}")
    try:
        with open(path, "x") as f:
            f.write("a submission wrote this\n")
        os.unlink(path)
        able(f"wrote {path}")
    except OSError as error:
        oserror(f"write {path}", error)


def attempt_net(args):
    try:
        with socket.create_connection(("127.0.0.1", int(args["port"])), timeout=3):
            able(f"connected to 127.0.0.1:{args['port']}")
    except OSError as error:
        oserror("connect", error)


def attempt_tiocsti(_):
    candidates, said = [], []
    try:
        candidates.append(("/dev/tty", os.open("/dev/tty", os.O_RDWR)))
    except OSError as error:
        said.append(f"/dev/tty: {error.strerror}")
    candidates += [(f"fd {fd}", fd) for fd in (0, 1, 2)]
    for name, fd in candidates:
        try:
            fcntl.ioctl(fd, termios.TIOCSTI, b"\n")  # a newline into a terminal the test owns
            able(f"TIOCSTI on {name}")
            return
        except OSError as error:
            said.append(f"{name}: {error.strerror}")
    unable("TIOCSTI: " + "; ".join(said))


def attempt_fork(args):
    wanted = int(args.get("n", "10000"))
    children = []
    for _ in range(wanted):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(3)
            os._exit(0)
        children.append(pid)
    print(f"COUNT {len(children)}", flush=True)
    (able if len(children) == wanted else unable)(f"forked {len(children)} of {wanted}")


def attempt_memory(args):
    procs, mib = int(args.get("procs", "8")), int(args.get("mib", "256"))
    pids = []
    for _ in range(procs):
        pid = os.fork()
        if pid == 0:
            try:
                block = bytearray(mib << 20)
                for i in range(0, len(block), 4096):
                    block[i] = 1
                time.sleep(2)  # hold it while the others allocate
                os._exit(0)
            except MemoryError:
                os._exit(3)
        pids.append(pid)
    held = sum(mib for pid in pids if os.waitpid(pid, 0)[1] == 0)
    print(f"COUNT {held}", flush=True)
    (able if held == procs * mib else unable)(f"{held} MiB of {procs * mib} held at once")


def attempt_fill(args):
    folder, wanted = args.get("path") or tempfile.gettempdir(), int(args.get("mib", "256"))
    written = 0
    chunk = b"x" * (1 << 20)
    try:
        for n in range(wanted // 8):  # files of 8 MiB: the bound must be on the total
            with open(os.path.join(folder, f"fill-{os.getpid()}-{n}"), "wb") as f:
                for _ in range(8):
                    f.write(chunk)
                    f.flush()
                    written += 1
    except OSError as error:
        print(f"stopped: {error.strerror}", flush=True)
    finally:
        for name in os.listdir(folder):
            if name.startswith(f"fill-{os.getpid()}-"):
                os.unlink(os.path.join(folder, name))
    print(f"COUNT {written}", flush=True)
    (able if written >= wanted else unable)(f"wrote {written} MiB of {wanted} into {folder}")


ATTEMPTS = {
    "uid": attempt_uid, "core-pattern": attempt_core_pattern, "proc-sys": attempt_proc_sys,
    "mount": attempt_mount, "mknod": attempt_mknod, "ptrace": attempt_ptrace,
    "kill": attempt_kill, "read": attempt_read, "write": attempt_write, "net": attempt_net,
    "tiocsti": attempt_tiocsti, "fork": attempt_fork, "memory": attempt_memory,
    "fill": attempt_fill,
}


def batch_mode(mode, target):
    try:
        if mode == "read":
            with open(target, encoding="utf-8", errors="replace") as f:
                first = f.readline().strip()
            print(f"ESCAPED: read {target}: {first[:60]}", file=sys.stderr)
        elif mode == "write":
            with open(target, "w", encoding="utf-8") as f:
                f.write("a submission wrote this\n")
            print(f"ESCAPED: wrote {target}", file=sys.stderr)
        elif mode == "net":
            with socket.create_connection(("127.0.0.1", int(target)), timeout=3):
                print(f"ESCAPED: connected to 127.0.0.1:{target}", file=sys.stderr)
    except OSError as error:
        print(f"blocked: {mode} {target}: {error}", file=sys.stderr)


def main():
    if len(sys.argv) == 3 and "=" not in sys.argv[2]:
        batch_mode(sys.argv[1], sys.argv[2])
        return
    ATTEMPTS[sys.argv[1]](dict(arg.split("=", 1) for arg in sys.argv[2:]))


if __name__ == "__main__":
    main()
