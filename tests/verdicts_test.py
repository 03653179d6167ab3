#!/usr/bin/env python3
"""How a program ended is told the same way whichever way it runs: a segfault, a file-size kill
(SIGXFSZ) and running out of memory, in C++ and in Python where the two behave differently,
each under `run`, `run --sandbox`, `run --sandbox-users` and `batch` (open and sandboxed), with
the exact verdict and summary, and the class report's counts.

Where Python differs: it ignores SIGXFSZ (CPython sets it to SIG_IGN at start), so a write past
the file-size limit fails with EFBIG and the program exits with status 1; it raises MemoryError
where C++ throws std::bad_alloc. Out of memory has two roads, and both are `memory-limit`: a
process's address space (RLIMIT_AS, every mode) and, where the sandbox gives each run a memory
cgroup (`bloom-grader sandbox` says so), its processes together, ended by the kernel's OOM
killer. Without a cgroup the processes' total is not bounded, and that program's answers are
merely wrong, as the control shows.

Usage: verdicts_test.py GRADER FIXTURES_DIR CASE   (as root, for --sandbox-users)
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from grader_files import install_grader  # noqa: E402
from outcome import Tally  # noqa: E402

PYTHON = "/usr/bin/python3"  # the sandbox shows /usr, and nothing of a user's own Python
MEMORY_MIB = 256  # small, so that filling it takes a fraction of the CPU-time limit

PROGRAMS = {  # the Python ones; the C++ ones are fixtures
    "segfault.py": "import ctypes, sys\nprint('48ad2c42', flush=True)\nctypes.string_at(0)\n",
    "file_size.py": ("import resource\nprint('48ad2c42', flush=True)\n"
                     "hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]\n"
                     "resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, hard))\n"
                     "with open('big', 'wb') as f:\n    f.write(b'x' * (2 << 20))\n"),
    "out_of_memory.py": "blocks = []\nwhile True:\n    blocks.append(b'x' * (64 << 20))\n",
    # four processes of 100 MiB each: within the address-space limit one at a time, past the
    # cgroup's limit together
    "processes_out_of_memory.py": ("import os, time\nkids = []\nfor i in range(4):\n"
                                   "    pid = os.fork()\n    if pid == 0:\n"
                                   "        block = b'x' * (100 << 20)\n        time.sleep(3)\n"
                                   "        os._exit(0)\n    kids.append(pid)\n"
                                   "for pid in kids:\n    os.waitpid(pid, 0)\n"),
}

CRASHED_SEGV = ("crashed", "killed by SIGSEGV (1 of 2 expected lines came)")
BAD_ALLOC = ("memory-limit", f"ran out of memory: an allocation failed (std::bad_alloc) under the limit of "
                             f"{MEMORY_MIB} MiB per process (0 of 2 expected lines came)")
MEMORY_ERROR = ("memory-limit", f"ran out of memory: an allocation failed (MemoryError) under the limit of "
                                f"{MEMORY_MIB} MiB per process (0 of 2 expected lines came)")
OOM_KILLED = ("memory-limit", f"ran out of memory: its processes together reached the memory limit, "
                              f"{MEMORY_MIB} MiB, and the kernel ended one (0 of 2 expected lines came)")
NO_OUTPUT = ("no-output", "no output at all; 2 lines were expected")


def expected(name, cgroup_memory):
    """The verdict and summary of program `name` in a mode with (or without) a memory cgroup."""
    return {
        "cpp-segfault": CRASHED_SEGV,
        "py-segfault": CRASHED_SEGV,
        "cpp-file-size": ("crashed", "killed by SIGXFSZ (1 of 2 expected lines came)"),
        "py-file-size": ("exit-code", "exited with status 1 (a program ends with 0 at the end of its input)"),
        "cpp-out-of-memory": BAD_ALLOC,
        "py-out-of-memory": MEMORY_ERROR,
        "py-processes-out-of-memory": OOM_KILLED if cgroup_memory else NO_OUTPUT,
    }[name]


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    parser.add_argument("fixtures", type=pathlib.Path)
    parser.add_argument("case", type=pathlib.Path)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("verdicts_test: must run as root (as CI does), for --sandbox-users", file=sys.stderr)
        return 2
    check = Tally()

    with tempfile.TemporaryDirectory(prefix="bloom-verdicts-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        tmp.chmod(0o755)  # the slot uids of --sandbox-users read the programs here
        # and not the grader: --sandbox-users runs one whose folder is root's alone
        args.grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        args.grader.parent.chmod(0o700)
        # the case without its @timeout: the run's own limit, 10 s of CPU, which filling
        # MEMORY_MIB stays well within
        case = tmp / "verdicts" / "hostile.case"
        case.parent.mkdir()
        case.write_text("".join(line for line in args.case.read_text().splitlines(keepends=True)
                                if not line.startswith("@timeout")))
        programs = {}  # name -> (program file, its command line's words before the file)
        for name, fixture in (("cpp-segfault", "hostile_segfault"), ("cpp-file-size", "hostile_file_size"),
                              ("cpp-out-of-memory", "hostile_allocate_forever")):
            programs[name] = (args.fixtures / fixture, [])
        for file, text in PROGRAMS.items():
            (tmp / file).write_text(text)
            (tmp / file).chmod(0o644)
            programs["py-" + file[:-3].replace("_", "-")] = (tmp / file, [PYTHON])

        cgroup_memory = {}
        for flag in ("--sandbox", "--sandbox-users"):
            said = subprocess.run([args.grader, "sandbox", flag], capture_output=True, text=True)
            check(said.returncode == 0, f"bloom-grader sandbox {flag}: {said.stderr.strip()}")
            cgroup_memory[flag] = "(cgroup memory)" in said.stdout

        # run, in each mode
        for mode in ("", "--sandbox", "--sandbox-users"):
            for name, (program, before) in programs.items():
                out = tmp / f"run{mode}-{name}.json"
                print(f"run {mode or '(open)'} {name}", flush=True)
                done = subprocess.run([args.grader, "run", *([mode] if mode else []), "--memory", str(MEMORY_MIB),
                                       "--cases", case, "--report", f"json:{out}", "--", *before, program],
                                      capture_output=True, text=True, timeout=300)
                got = json.loads(out.read_text())["cases"][0] if out.exists() else {}
                want = expected(name, cgroup_memory.get(mode, False))
                check((got.get("verdict"), got.get("summary")) == want,
                      f"run {mode or '(open)'} {name}: {got.get('verdict')}: {got.get('summary')!r}, "
                      f"expected {want[0]}: {want[1]!r} {done.stderr[-300:]!r}")
            print(f"run {mode or '(open)'}: {len(programs)} programs judged")

        # batch, open and sandboxed: each program a submission that carries it
        subs = tmp / "submissions"
        for name, (program, before) in programs.items():
            (subs / name).mkdir(parents=True)
            shutil.copy(program, subs / name / program.name)
            words = " ".join([*before, "{dir}/" + program.name])
            (subs / name / "run").write_text(f"#!/bin/sh\nexec {words.replace('{dir}', str(subs / name))}\n")
            (subs / name / "run").chmod(0o755)
        for mode in ("", "--sandbox"):
            out = tmp / f"batch{mode}"
            done = subprocess.run([args.grader, "batch", *([mode] if mode else []), "--memory", str(MEMORY_MIB),
                                   "--cases", case, "--submissions", subs, "--out", out, "--run", "{dir}/run",
                                   "--jobs", "2"], capture_output=True, text=True)
            check(done.returncode == 1, f"batch {mode or '(open)'}: exit {done.returncode}: {done.stderr[-500:]}")
            wanted = {name: expected(name, cgroup_memory.get(mode, False)) for name in programs}
            for name, want in wanted.items():
                got = json.loads((out / f"{name}.json").read_text())["cases"][0] if (out / f"{name}.json").exists() else {}
                check((got.get("verdict"), got.get("summary")) == want,
                      f"batch {mode or '(open)'} {name}: {got.get('verdict')}: {got.get('summary')!r}, "
                      f"expected {want[0]}: {want[1]!r}")
            # the class report counts each kind of ending once per submission
            page = (out / "report.html").read_text() if (out / "report.html").exists() else ""
            for ident, verdict in (("sum-crashes", "crashed"), ("sum-memory", "memory-limit")):
                shown = re.search(rf'id="{ident}">(\d+)<', page)
                count = sum(v == verdict for v, _ in wanted.values())
                check(shown is not None and int(shown.group(1)) == count,
                      f"batch {mode or '(open)'}: the class report's {ident} is "
                      f"{shown.group(1) if shown else None}, the verdicts give {count}")
            print(f"batch {mode or '(open)'}: {len(programs)} submissions judged")
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
