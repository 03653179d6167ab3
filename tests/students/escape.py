#!/usr/bin/env python3
"""A hostile submission. Two uses:

- `escape.py read|write|net TARGET` (the batch test): tries one escape and says on stderr
  whether it got through (ESCAPED) or not (blocked). It answers nothing, so every case fails.
- `escape.py ATTEMPT [KEY=VALUE ...]` (the sandbox catalogue, tests/sandbox_test.py): tries one
  thing of the catalogue and prints one line, `ABLE: ...` or `UNABLE: ...`, plus a count for the
  bounded ones. Each attempt checks for the ability and harms nothing: core_pattern is opened for
  writing and closed unwritten, a mount is undone, a signal is signal 0, a ptrace is a seize
  that ends with this process, a lock is let go as the process ends, a new namespace is made
  by a child that exits at once, a System V segment is removed.
- `escape.py neighbour NAME=... WAIT=SECONDS` and `escape.py victim ...` (the batch of two side by
  side, tests/sandbox_test.py): one submission attacks the other while both run.
Arguments are KEY=VALUE so that the grader does not take a path for a file to show the program.
"""
import ctypes
import fcntl
import glob
import os
import resource
import signal
import socket
import stat
import struct
import subprocess
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


def attempt_proc_sys(args):
    """A file of /proc/sys that opens for writing; with write=current (inside the sandbox
    only), one that also takes its own value back: some are world-writable by mode and
    guarded by a capability instead (kernel/ns_last_pid)."""
    rewrite = args.get("write") == "current"
    refused = []
    for root, _dirs, files in os.walk("/proc/sys"):
        for name in files:
            path = os.path.join(root, name)
            try:
                if not os.stat(path).st_mode & 0o222:
                    continue
                if not rewrite:
                    writable(path)
                    able(f"{path} opens for writing")
                    return
                with open(path) as f:
                    value = f.read()
                with open(path, "w") as f:
                    f.write(value)
                able(f"{path} took a write")
                return
            except OSError as error:
                if rewrite and error.errno not in (13,):  # opened, then the write was refused
                    refused.append(f"{path}: {error.strerror}")
    more = f" and {len(refused) - 2} more" if len(refused) > 2 else ""
    unable("no file of /proc/sys takes a write" + (f" ({'; '.join(refused[:2])}{more})" if refused else ""))


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


def type_into_terminal(text):
    """TIOCSTI, a character at a time, into /dev/tty or else a standard descriptor."""
    targets, said = [], []
    try:
        targets.append(("/dev/tty", os.open("/dev/tty", os.O_RDWR)))
    except OSError as error:
        said.append(f"/dev/tty: {error.strerror}")
    targets += [(f"fd {fd}", fd) for fd in (0, 1, 2)]
    for name, fd in targets:
        try:
            for char in text:
                fcntl.ioctl(fd, termios.TIOCSTI, char.encode())
            able(f"typed into {name}")
            return
        except OSError as error:
            said.append(f"{name}: {error.strerror}")
    unable("TIOCSTI: " + "; ".join(said))


def attempt_tiocsti(_):
    type_into_terminal("\n")  # a newline into a terminal the test owns


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
            print(f"COUNT {written}", flush=True)  # so far: a memory cgroup may kill it (tmpfs pages)
    except OSError as error:
        print(f"stopped: {error.strerror}", flush=True)
    finally:
        for name in (os.listdir(folder) if os.path.isdir(folder) else []):
            if name.startswith(f"fill-{os.getpid()}-"):
                os.unlink(os.path.join(folder, name))
    print(f"COUNT {written}", flush=True)
    (able if written >= wanted else unable)(f"wrote {written} MiB of {wanted} into {folder}")


def attempt_files(args):
    """Makes `n` empty files in a folder (its temporary folder unless `path`): they take no
    space a size counts, and about 1 KiB of kernel memory each, which only a tmpfs's
    nr_inodes (or a memory cgroup) bounds."""
    folder, wanted = args.get("path") or tempfile.gettempdir(), int(args.get("n", "40000"))
    made = 0
    try:
        for n in range(wanted):
            os.close(os.open(os.path.join(folder, f"empty-{os.getpid()}-{n}"), os.O_CREAT | os.O_WRONLY, 0o600))
            made += 1
    except OSError as error:
        print(f"stopped: {error.strerror}", flush=True)
    finally:
        for n in range(made):
            os.unlink(os.path.join(folder, f"empty-{os.getpid()}-{n}"))
    print(f"COUNT {made}", flush=True)
    (able if made >= wanted else unable)(f"made {made} files of {wanted} in {folder}")


def attempt_capabilities(_):
    """What a setuid program could give back: the bounding set, and no_new_privs."""
    fields = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    bounding, nnp = fields.get("CapBnd", "?"), fields.get("NoNewPrivs", "?")
    (able if bounding.strip("0") or nnp == "0" else unable)(f"CapBnd {bounding} NoNewPrivs {nnp}")


def attempt_setuid(args):
    """Runs a setuid-root copy of id(1): does it get euid 0?"""
    try:
        said = subprocess.run([args["path"]], capture_output=True, text=True, timeout=10).stdout.split()
    except OSError as error:
        oserror(f"run {args['path']}", error)
        return
    ids = dict(word.split("=", 1) for word in said if "=" in word)
    euid = ids.get("euid", ids.get("uid", "?")).split("(")[0]
    (able if euid == "0" else unable)(f"a setuid-root program runs with euid {euid}")


def in_child(call):
    """Runs call() in a child that exits with its errno (0: it succeeded); returns how the
    child ended: ("exit", errno) or ("signal", number)."""
    pid = os.fork()
    if pid == 0:
        try:
            os._exit(call() & 0xff)
        except BaseException:
            os._exit(254)
    _, status = os.waitpid(pid, 0)
    return ("signal", os.WTERMSIG(status)) if os.WIFSIGNALED(status) else ("exit", os.WEXITSTATUS(status))


def errno_of(result):
    return 0 if result >= 0 else ctypes.get_errno()


def attempt_userns(_):
    """A user namespace, by unshare and by clone, in a child that exits at once."""
    CLONE_NEWUSER, SIGCHLD, SYS_clone = 0x10000000, 17, 56
    said = []
    for name, call in (("unshare", lambda: errno_of(libc.unshare(CLONE_NEWUSER))),
                       ("clone", lambda: errno_of(libc.syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0)))):
        how, value = in_child(call)
        if how == "exit" and value == 0:
            able(f"{name}(CLONE_NEWUSER) made a user namespace")
            return
        said.append(f"{name}: {os.strerror(value) if how == 'exit' else f'signal {value}'}")
    unable("; ".join(said))


# Refused calls with harmless arguments, x86-64 numbers: (number, arguments) as root makes them work.
SYSCALLS = {
    "keyctl": (250, (0, -3, 1)),  # KEYCTL_GET_KEYRING_ID of the session keyring
    "bpf": (321, None),           # BPF_MAP_CREATE of a one-entry array
    "perf_event_open": (298, None),
    "userfaultfd": (323, (0o2000000,)),  # O_CLOEXEC
    "io_uring_setup": (425, None),
}


def attempt_syscall(args):
    """One refused system call: ABLE when the kernel did it."""
    name = args["name"]
    number, arguments = SYSCALLS[name]
    if name == "bpf":
        attr = ctypes.create_string_buffer(struct.pack("IIII", 2, 4, 4, 1) + bytes(112))  # array map
        arguments = (0, attr, 128)
    elif name == "perf_event_open":
        attr = ctypes.create_string_buffer(struct.pack("IIQ", 1, 128, 1) + bytes(112))  # software, task clock
        ctypes.memmove(ctypes.addressof(attr) + 40, struct.pack("Q", 1 << 5 | 1 << 6), 8)  # no kernel, no hv
        arguments = (attr, 0, -1, -1, 0)
    elif name == "io_uring_setup":
        arguments = (1, ctypes.create_string_buffer(120))
    result = libc.syscall(number, *arguments)
    if result >= 0:
        able(f"{name} returned {result}")
    else:
        unable(f"{name}: {os.strerror(ctypes.get_errno())}")


def attempt_tioclinux(_):
    """TIOCLINUX on the standard descriptors: ABLE when the kernel answered (not a refusal)."""
    said = []
    for fd in (0, 1, 2):
        try:
            fcntl.ioctl(fd, 0x541C, b"\x06")  # TIOCL_GETSHIFTSTATE
            able(f"TIOCLINUX on fd {fd} answered")
            return
        except OSError as error:
            if error.errno != 1:  # EPERM: the filter's; anything else, the kernel's answer
                able(f"TIOCLINUX on fd {fd} reached the kernel: {error.strerror}")
                return
            said.append(f"fd {fd}: {error.strerror}")
    unable("TIOCLINUX: " + "; ".join(said))


def attempt_lock(args):
    """A lock on a file others may read too, the channel between two runs at once."""
    path, kind = args["path"], args["kind"]
    try:
        fd = os.open(path, os.O_RDONLY)
        if kind == "flock":
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        else:  # fcntl's record lock (F_SETLK), or an open file description's (F_OFD_SETLK, 37)
            command = fcntl.F_SETLK if kind == "fcntl" else 37
            fcntl.fcntl(fd, command, struct.pack("hhqqi4x", fcntl.F_RDLCK, 0, 0, 0, 0))
        able(f"{kind} lock on {path}")
    except OSError as error:
        oserror(f"{kind} lock on {path}", error)


def attempt_renice(_):
    """Lowers the limit and the priority of another process of its own uid, its child: as a run
    would the init of the sandbox kept for its submission's cases, whose next child inherits
    them."""
    child = os.fork()
    if child == 0:
        time.sleep(30)
        os._exit(0)
    done = []
    try:
        for what, call in (("limit", lambda: resource.prlimit(child, resource.RLIMIT_NOFILE, (64, 64))),
                           ("priority", lambda: os.setpriority(os.PRIO_PROCESS, child, 19))):
            try:
                call()
                done.append(what)
            except OSError as error:
                last = error
    finally:
        os.kill(child, 9)
        os.waitpid(child, 0)
    if done:
        able(f"lowered another process's {' and '.join(done)}")
    else:
        oserror("prlimit and setpriority on another process", last)


def attempt_ipc(_):
    """A System V shared memory segment, removed at once."""
    libc.shmget.restype = ctypes.c_int
    segment = libc.shmget(0, 4096, 0o1000 | 0o600)  # IPC_PRIVATE, IPC_CREAT
    if segment >= 0:
        libc.shmctl(segment, 0, None)  # IPC_RMID
        able(f"made System V segment {segment}")
    else:
        unable(f"shmget: {os.strerror(ctypes.get_errno())}")


def attempt_abstract(args):
    """Connects to an abstract Unix socket someone listens on outside."""
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.connect("\0" + args["name"])
            able(f"connected to @{args['name']}")
    except OSError as error:
        oserror(f"connect @{args['name']}", error)


def attempt_pair_abstract(args):
    """Sends through a datagram socketpair to an abstract name someone bound outside: socket()
    is refused, but a socketpair's end may send to any name in its network namespace."""
    try:
        sender, _ = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        with sender:
            sender.sendto(b"x", "\0" + args["name"])
            able(f"sent to @{args['name']}")
    except OSError as error:
        oserror(f"send to @{args['name']}", error)


def attempt_x32(_):
    """getpid through the x32 ABI (system call numbers with bit 30 set)."""
    how, value = in_child(lambda: errno_of(libc.syscall(0x40000000 | 39)))
    if how == "signal":
        unable(f"killed by {signal.Signals(value).name}")
    else:
        able(f"the kernel answered: {os.strerror(value) if value else 'ok'}")


SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")


def attempt_leave(args):
    """Leaves a file in each folder every uid may write, for a later run to find."""
    left = []
    for folder in SHARED_FOLDERS:
        try:
            path = os.path.join(folder, f"bloom-escape-left-{args['tag']}")
            with open(path, "w") as f:
                f.write("left by an earlier run\n")
            os.chmod(path, 0o666)
            left.append(path)
        except OSError:
            pass
    (able if left else unable)(f"left {left}")


def attempt_find(args):
    """Looks for what an earlier run left (attempt_leave)."""
    found = [p for folder in SHARED_FOLDERS for p in glob.glob(os.path.join(folder, f"bloom-escape-left-{args['tag']}"))]
    for path in found:
        os.unlink(path)  # the control's leftovers, so that a rerun starts clean
    (able if found else unable)(f"found {found}")


def attempt_type(_):
    """Types a command into the controlling terminal, as a user would: the shell that started
    the grader runs it once the grader is done. It only echoes what $((6*7)) makes, so the
    text shows whether a shell ran it."""
    type_into_terminal("echo INJECTED-$((6*7))\n")


def neighbour(args):
    """In a batch beside the submission in folder `victim` (tests/sandbox_test.py), for up to
    `wait` seconds while it runs: read its files, rewrite them, read what it keeps in its
    temporary folder, signal it, lock a file it reads. One line each on stderr."""
    victim, shared, tag = args["victim"], args["shared"], args["tag"]
    deadline = time.monotonic() + float(args.get("wait", "5"))

    def candidates(*patterns):
        """The paths of `patterns`, only their first component with a * expanded: a folder it
        may not enter still has its names tried, for the refusal to show."""
        paths = []
        for pattern in patterns:
            head, _, rest = pattern.partition("*")
            if not _:
                paths.append(pattern)
                continue
            first, slash, tail = rest.partition("/")
            paths += [match + slash + tail for match in sorted(glob.glob(head + "*" + first))]
        return paths

    def private_folders():  # the users kind's: /tmp/bloom-sandbox-*/slot-UID/run-N
        return [f"{work}/slot-{uid}/run-{run}/victim-secret" for work in glob.glob("/tmp/bloom-sandbox-*")
                for uid in range(60000, 60010) for run in range(1, 6)]

    def read(path):
        with open(path) as f:
            return f"read {path}: {f.readline().strip()}"

    def rewrite(path):
        with open(path, "a") as f:
            f.write("\nraise SystemExit('rewritten by its neighbour')\n")
        return f"rewrote {path}"

    def signal(_):
        refused = None
        for entry in glob.glob("/proc/[0-9]*/cmdline"):
            try:
                with open(entry, "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            if b"python" not in argv[0] or not any(a.endswith(b"/victim.py") for a in argv):
                continue  # not the victim: a shell or a bubblewrap whose command names it
            pid = int(entry.split("/")[2])
            try:
                os.kill(pid, 0)
                return f"may signal the victim, pid {pid}"
            except OSError as error:
                refused = error
        raise refused or FileNotFoundError(2, "no victim process in sight")

    def lock(path):
        fcntl.flock(os.open(path, os.O_RDONLY), fcntl.LOCK_SH | fcntl.LOCK_NB)
        return f"locked {path}, which the victim reads too"

    items = {
        "read its files": (read, lambda: candidates(f"{victim}/solution.txt", "/tmp/bloom-sandbox-*/victim/solution.txt")),
        "rewrite its program": (rewrite, lambda: candidates(f"{victim}/victim.py", "/tmp/bloom-sandbox-*/victim/victim.py")),
        "read its temporary folder": (read, lambda: candidates("/tmp/bloom-run-*/victim-secret", f"/tmp/victim-secret-{tag}-*")
                                      + private_folders()),
        "signal it": (signal, lambda: [None]),
        "lock a file it reads": (lock, lambda: [shared]),
    }
    said = {}
    while items and time.monotonic() < deadline:
        for item, (act, paths) in list(items.items()):
            for path in paths():
                try:
                    said[item] = f"ABLE: {item}: {act(path)}"
                    del items[item]
                    break
                except OSError as error:  # a refusal says more than a name not found
                    if error.errno != 2 or item not in said:
                        said[item] = f"UNABLE: {item}: {error.strerror}"
        time.sleep(0.1)
    for item in items:
        said.setdefault(item, f"UNABLE: {item}: nothing of the victim's found")
    for line in said.values():
        print(line, file=sys.stderr, flush=True)


ATTEMPTS = {
    "uid": attempt_uid, "core-pattern": attempt_core_pattern, "proc-sys": attempt_proc_sys,
    "mount": attempt_mount, "mknod": attempt_mknod, "ptrace": attempt_ptrace,
    "kill": attempt_kill, "read": attempt_read, "write": attempt_write, "net": attempt_net,
    "tiocsti": attempt_tiocsti, "fork": attempt_fork, "memory": attempt_memory,
    "fill": attempt_fill, "files": attempt_files, "capabilities": attempt_capabilities, "setuid": attempt_setuid,
    "userns": attempt_userns, "syscall": attempt_syscall, "tioclinux": attempt_tioclinux,
    "lock": attempt_lock, "ipc": attempt_ipc, "renice": attempt_renice, "abstract": attempt_abstract, "pair-abstract": attempt_pair_abstract,
    "x32": attempt_x32,
    "leave": attempt_leave, "find": attempt_find, "type": attempt_type,
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
    args = dict(arg.split("=", 1) for arg in sys.argv[2:])
    if sys.argv[1] == "neighbour":
        neighbour(args)
        return
    ATTEMPTS[sys.argv[1]](args)


if __name__ == "__main__":
    main()
