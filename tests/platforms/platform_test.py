#!/usr/bin/env python3
"""The portability matrix: each cell builds what one platform's users build, with that
platform's toolchain, and runs only what that toolchain adds.

Starter cells build each exercise's solved starter (bloom-make-starters --solved) with
-Werror and require build/check to pass every case; then put the student's stubs back, rebuild,
and require check to name every function still to write. The Windows cell cross-compiles with
MinGW-w64 and grades bloom.exe through wine. The kit cell builds the reference, the grader and
their C++ tests in another Debian release, and runs those tests (the kit's clang build is
scripts/test.sh's ASan + UBSan stage, which runs them too).

Cells that need a Debian root get it from scripts/debian-root.sh (cached), and compile in it
through a ccache of that suite's kept beside the roots (tests/support/debian_root.py): every
build still runs with the root's compiler and -Werror, and a failed compile is never cached, so
a rerun fails where the first run would. `--list` prints the cell names, one a line:
tests/CMakeLists.txt makes one CTest test of each."""
import filecmp
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "support"))
import cli  # noqa: E402
from debian_root import ROOTS, Failure, Root, run  # noqa: E402
from starters import cmake_build, solved_starters  # noqa: E402

EXERCISES_FROM = "starter"  # the committed starters name the exercises: one folder each
CACHE = ROOTS.parent


def need(program):
    if shutil.which(program) is None:
        raise Failure(f"{program} is not installed: scripts/deps.sh installs the platform "
                      "toolchains")


def student_files(stub, solved):
    """The files of the starter that the solved starter replaces: the student's."""
    return [p.relative_to(stub) for p in sorted(stub.rglob("*"))
            if p.is_file() and not filecmp.cmp(p, solved / p.relative_to(stub), shallow=False)]


def expect_check(execute, check, solved):
    """Runs the starter's own build/check and holds it to what a student must see."""
    try:
        result = execute([check])
        output, status = result.stdout, 0
    except Failure as failure:
        output, status = str(failure), 1
    summary = re.search(r"^(\d+) passed, (\d+) failed$", output, re.M)
    if solved and (status != 0 or not summary or summary.group(2) != "0"):
        raise Failure(f"the solved starter's check should pass every case:\n{output[-2000:]}")
    if not solved and (status == 0 or "still to write:" not in output):
        raise Failure(f"the starter's check should fail and list what is still to write:\n"
                      f"{output[-2000:]}")
    return summary.group(0) if summary else output.strip().splitlines()[-1]


def starter_cell(args, work, execute, cmake_args, env=None, checks=()):
    """Builds each exercise, solved and then as given, with `execute` (run, or a Root)."""
    for exercise in sorted(p.name for p in (args.source / EXERCISES_FROM).iterdir()):
        solved_root = work / "solved"
        if not solved_root.exists():
            solved_starters(args.make_starters, args.source, solved_root)
        folder = work / exercise
        shutil.copytree(solved_root / exercise, folder)
        build = cmake_build(folder, configure=cmake_args, execute=execute, env=env)
        passed = expect_check(execute, build / "check", solved=True)
        for check in checks:
            check(build)
        # The stubs back in place: the student's first build.
        stub = args.source / "starter" / exercise
        for name in student_files(stub, solved_root / exercise):
            shutil.copyfile(stub / name, folder / name)
        execute(["cmake", "--build", build, "-j", "2"], env=env)
        first = expect_check(execute, build / "check", solved=False)
        print(f"{exercise}: solved {passed}; as given: {first.splitlines()[-1]}")


# What the self-check may call in the C library: POSIX.1-2008 functions that macOS also has.
# A new import fails this list until it is checked against both and added.
POSIX_CALLS = {
    "_exit", "access", "chdir", "close", "dup2", "execv", "execve", "fcntl", "fork", "getenv",
    "getpgrp", "getpid", "isatty",
    "kill", "mkdtemp", "pipe", "poll", "read", "setpgid", "setrlimit", "signal", "strerror",
    "waitpid", "write", "strtod", "strtoull", "memchr", "memcmp", "memcpy", "memmove", "memset",
    "strlen", "strcmp", "strncmp", "abort", "free", "malloc", "calloc", "realloc", "fwrite",
    "fputs", "fputc", "printf", "fprintf", "snprintf", "vsnprintf", "pthread_create",
    "pthread_join", "pthread_detach", "pthread_mutex_lock", "pthread_mutex_unlock", "sysconf",
    "stat", "lstat", "open", "opendir", "readdir", "closedir", "unlink", "rmdir", "getcwd",
    "nanosleep", "clock_gettime", "sigemptyset", "sigprocmask",
    "getrusage",  # the CPU time of a run's reaped processes (RUSAGE_CHILDREN), runner_fork.cpp
    "pthread_cond_timedwait",  # RunsApart's poll of the stop flag, judge.cpp (never clockwait)
}
# What the compiler and glibc's headers refer to, not calls in the self-check's code.
RUNTIME_ENTRIES = {
    "__libc_single_threaded", "__errno_location", "__libc_start_main", "__stack_chk_fail",
    "__cxa_finalize", "__cxa_atexit", "__gmon_start__", "_ITM_deregisterTMCloneTable",
    "_ITM_registerTMCloneTable",
    # clang's optimiser writes a memcmp compared only for equality as bcmp, on the targets whose
    # C library has it (LLVM's TargetLibraryInfo: Linux and Darwin, where macOS's libSystem has
    # it; not MinGW): the starters' Release build brings it in
    "bcmp",
}


def posix_only(build):
    """The stand-in for macOS: the self-check imports nothing glibc-only from the C library."""
    symbols = run(["nm", "-D", "--undefined-only", build / "check"]).stdout.split("\n")
    libc = {m.group(1) for line in symbols
            if (m := re.search(r"\bU (\w+)@GLIBC_", line)) or (m := re.search(r"\bw (\w+)$", line))}
    extra = sorted(libc - POSIX_CALLS - RUNTIME_ENTRIES)
    if extra:
        raise Failure(f"check imports C library calls outside POSIX.1-2008 + macOS: {extra}")
    sources = (build.parent / "check").glob("*.cpp")
    if any("/proc/" in p.read_text() for p in sources):
        raise Failure("check reads /proc, which macOS has not")


def outputs_where_readme_says(build):
    for name in ("bloom", "check"):
        if not (build / name).is_file():
            raise Failure(f"build/{name} is missing after a multi-config build: "
                          f"{sorted(p.name for p in build.iterdir())}")


def windows_cell(args, work):
    need("x86_64-w64-mingw32-g++-posix")
    need("wine")
    toolchain = work / "mingw.cmake"
    toolchain.write_text(
        "set(CMAKE_SYSTEM_NAME Windows)\n"
        "set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)\n"
        "set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)\n"
        # no MinGW runtime DLLs to ship beside bloom.exe
        "set(CMAKE_EXE_LINKER_FLAGS_INIT -static)\n")
    prefix = CACHE / "wine"  # made once: a first wine start takes seconds
    prefix.mkdir(parents=True, exist_ok=True)
    env = ["env", f"WINEPREFIX={prefix}", "WINEDEBUG=-all"]
    run([*env, "wine", "cmd", "/c", "ver"])
    solved_starters(args.make_starters, args.source, work / "solved")
    for exercise in sorted(p.name for p in (args.source / EXERCISES_FROM).iterdir()):
        folder = work / "solved" / exercise
        build = folder / "build"
        configured = run(["cmake", "-S", folder, "-B", build, "-DCMAKE_CXX_FLAGS=-Werror",
                          f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"])
        if "run build/check from WSL" not in configured.stdout:
            raise Failure("configuring for Windows should say that check is left out")
        run(["cmake", "--build", build, "-j", "2"])
        if (build / "check.exe").exists() or not (build / "bloom.exe").exists():
            raise Failure(f"expected build/bloom.exe and no check.exe: {sorted(os.listdir(build))}")
        graded = run([args.grader, "run", "--jobs", "2", "--cases", folder / "cases", "--",
                      *env, "wine", build / "bloom.exe"])
        print(f"{exercise}: bloom.exe under wine: {graded.stdout.strip().splitlines()[-1]}")


KIT_TESTS = ["reference_test", "starter_gen_test", "grader_test", "fork_safety_test"]


def kit_cell(source, build, execute, cmake_args, env=None, exclude=()):
    """Configures and builds the kit at `source` (reference, grader, tools, C++ tests) in
    `build`, then runs the C++ tests. The root's ccache (Root's ccache) keeps reruns short when
    the sources have not changed."""
    execute(["cmake", "-S", source, "-B", build, "-G", "Ninja", "-DBLOOM_WERROR=ON",
             "-DBLOOM_BENCHMARKS=OFF", *cmake_args], env=env)
    execute(["cmake", "--build", build, "-j", "2"], env=env)
    for test in KIT_TESTS:
        # `exclude`: doctest patterns of grader_test's cases this cell cannot run, said below
        flags = [f"--test-case-exclude={','.join(exclude)}"] if exclude and test == "grader_test" else []
        done = execute([build / "bin" / test, "--no-intro", *flags], env=env)
        counts = [line for line in done.stdout.splitlines() if "test cases:" in line]
        print(f"{test}: {counts[-1] if counts else done.stdout.strip()[-200:]}")


def cell_table():
    """The cells. GCC 12, Debian 12's own compiler, is the cell that tests/starter_test.py
    already is (the two "starter builds alone" tests), so it is not built a second time."""
    def native(cxx, flags="", cmake_args=(), checks=()):
        def cell(args, work):
            need(cxx)
            env = dict(os.environ, CXX=cxx, CXXFLAGS=flags)
            starter_cell(args, work, run, list(cmake_args), env=env, checks=checks)
        return cell

    def bullseye_starter(args, work):
        # Compiles go through the root's ccache (Root's ccache): a rerun gets GCC 10's own
        # output back, and the exercises share their common sources' objects; every build
        # still runs, with -Werror, and each check is run as before.
        root = Root(args.source, "bullseye", ["g++", "cmake", "make"], work, ccache=True)
        print(root(["g++", "--version"]).stdout.splitlines()[0])
        starter_cell(args, work, root, [])
        # Its Boost (1.74) cannot build the grader: deps.sh says so and names the way out.
        root.binds.append(f"{args.source}:{args.source}")
        refused = root(["bash", args.source / "scripts" / "deps.sh", "grader"], check=False)
        if refused.returncode != 2 or "static" not in refused.stderr:
            raise Failure(f"deps.sh grader on Debian 11 should refuse and point to the static "
                          f"grader: exit {refused.returncode}\n{refused.stderr}")

    def trixie_kit(args, work):
        packages = ["g++", "cmake", "ninja-build", "python3", "libboost-dev",
                    "libboost-filesystem-dev", "libcli11-dev", "nlohmann-json3-dev",
                    "doctest-dev", "bubblewrap", "ccache", "make",  # make: the build recipe's fallback
                    "libseccomp-dev", "git"]  # git: the Classroom template is a repository
        root = Root(args.source, "trixie", packages, work, ccache=True)
        # The kit and its build folder have the same paths inside the root every run, whatever
        # the clone's: the C++ tests are compiled with their programs' and the kit's paths in
        # them (BLOOM_GRADER_BINARY, BLOOM_SOURCE_DIR, ...), which a folder of a new name each
        # run, or a fresh clone elsewhere, would keep out of the ccache (every test source
        # compiled again: 70 s of CPU warm, 550 s cold). Each run's root has its own mounts,
        # so no two runs share them. It is the same build of the same sources.
        inside = pathlib.Path("/bloom-kit-cell")
        root.binds += [f"{args.source}:{args.source}", f"{work}:{inside}",
                       f"{args.source}:{inside / 'source'}"]
        # a git worktree's repository lies outside it: the Classroom template's tests read it
        common = pathlib.Path(run(["git", "-C", args.source, "rev-parse", "--path-format=absolute",
                                   "--git-common-dir"], check=False).stdout.strip() or args.source)
        if not common.is_relative_to(args.source) and common.is_dir():
            root.binds.append(f"{common}:{common}")
        # deps.sh finds Debian 13's Boost under its own name: all it asks for is in the root.
        root(["bash", args.source / "scripts" / "deps.sh", "grader"])
        # The root is a chroot, in which the kernel refuses a user namespace (unshare(2),
        # EPERM): bubblewrap's kind cannot run here, as on a host without user namespaces. Its
        # cases run on the host (the plain build); here the grader must refuse it by name.
        namespaces_only = ["*in the namespaces sandbox*", "a sandboxed run's CPU time is all of its processes'*",
                           "a kept sandbox's next run*", "a kept sandbox whose init*"]
        kit_cell(inside / "source", inside / "kit", root, [], exclude=namespaces_only)
        refused = root([inside / "kit" / "bin" / "bloom-grader", "sandbox"], check=False)
        if refused.returncode != 2 or "cannot create its namespaces here" not in refused.stderr:
            raise Failure(f"bloom-grader sandbox in a chroot should refuse the namespaces kind by "
                          f"name: exit {refused.returncode}\n{refused.stderr}")
        print(f"grader_test: not run here, the namespaces kind's cases ({', '.join(namespaces_only)}); "
              f"bloom-grader sandbox refuses it: {refused.stderr.strip().splitlines()[0][:120]}")

    return {
        "starters-gcc-11": native("g++-11"),
        "starters-clang-14-libstdc++": native("clang++-14"),
        # macOS stand-in: Apple clang's standard library, and no Linux-only calls
        "starters-clang-14-libc++": native("clang++-14", "-stdlib=libc++", checks=[posix_only]),
        # Xcode and Visual Studio put programs in build/<Config>/: the README's paths still hold
        "starters-ninja-multi-config": native("g++", cmake_args=["-G", "Ninja Multi-Config"],
                                              checks=[outputs_where_readme_says]),
        "starters-debian-11-gcc-10": bullseye_starter,
        "starters-windows-mingw-wine": windows_cell,
        "kit-debian-13": trixie_kit,
    }


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("--list", action="store_true", help="print the cell names and stop")
    parser.add_argument("--cell")
    parser.add_argument("--source", type=pathlib.Path)
    parser.add_argument("--make-starters")
    parser.add_argument("--grader")
    args = parser.parse_args()
    cells = cell_table()
    if args.list:
        print("\n".join(cells))
        return 0
    if args.cell not in cells or not (args.source and args.make_starters and args.grader):
        parser.error(f"--cell is one of {', '.join(cells)}, with --source, --make-starters "
                     "and --grader")
    args.source = args.source.resolve()
    with tempfile.TemporaryDirectory(prefix=f"bloom-{args.cell}-") as tmp:
        # open to every uid, as a kit's build folder is: the sandbox's unprivileged uids run
        # the test fixtures built here (a 0700 folder keeps them out, and the sandbox's cases
        # fail for it)
        pathlib.Path(tmp).chmod(0o755)
        try:
            cells[args.cell](args, pathlib.Path(tmp))
        except Failure as failure:
            print(f"FAIL: {args.cell}: {failure}", file=sys.stderr)
            return 1
    print(f"{args.cell}: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
