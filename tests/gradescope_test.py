#!/usr/bin/env python3
"""The Gradescope autograder for four submissions: a solved starter gets full marks, the
starter as given gets the protocol cases, a submission that does not compile and an empty one
still get a valid results.json that says why. Every results.json is checked as
tests/validate_reports.py checks Gradescope's format.

Two ways: run_autograder from the kit against a fake /autograder tree (AUTOGRADER_ROOT), or,
with --debian-root SUITE, the zip from gradescope/make-zip.sh unpacked into /autograder of a
debootstrapped root older than Gradescope's Ubuntu 22.04 image, its setup.sh run there, then
run_autograder in that root (chroot) as Gradescope runs it."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from grader_files import install_grader  # noqa: E402
from debian_root import Root, run  # noqa: E402
import outcome  # noqa: E402
from starters import solved_starters  # noqa: E402
import validate_reports  # noqa: E402


MARKER = "SECRET-HIDDEN-MARKER-7f3a"
INPUT_MARKER = "5ec12e7c0ffee0"  # a key only the hidden case sends
HIDDEN_CASE = f"""# {MARKER}: a hidden case no student may see.
# (lesson 000, "Worked example")
@hidden
> INIT 8 0.05 7 0
bytes=6 hashes=4
> INSERT {INPUT_MARKER}
ok
"""
# Appended to a student's source file: at start, every hidden file to stderr, and a wrong
# first line so that every case fails and shows its stderr.
LEAKING_PROGRAM = r"""
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
namespace {
const bool leaked = [] {
  std::error_code error;
  std::filesystem::recursive_directory_iterator it("HIDDEN_DIR", error), end;
  if (error) std::cerr << "could not read HIDDEN_DIR: " << error.message() << "\n";
  for (; !error && it != end; it.increment(error)) {
    std::ifstream in(it->path());
    for (std::string line; std::getline(in, line);) std::cerr << "LEAK " << line << "\n";
  }
  std::cout << "leaked\n";
  return true;
}();
}  // namespace
"""
# Appended to a student's source file: each run leaves its input where every program may
# write (/tmp, /var/tmp, /dev/shm, its TMPDIR), readable by all, then waits (3 s at most) for a
# run that started after it to leave one, and prints that to stderr, which students see on a
# failed visible case. Of two cases that start together the one that sees the other's input
# ends first, so its slot takes the next case while the other still waits: the visible case
# that runs beside the hidden one, which comes last, sees the hidden one's input.
LEAKING_RUN = r"""
#include <sys/stat.h>
#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
namespace {
const bool passed_on = [] {
  namespace fs = std::filesystem;
  const std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  const char* tmpdir = std::getenv("TMPDIR");
  const std::string folders[] = {"/tmp", "/var/tmp", "/dev/shm", tmpdir ? tmpdir : "/tmp"};
  const std::string mine = "bloom-gs-leak-" + std::to_string(::getpid());
  for (const std::string& folder : folders) {
    std::ofstream(folder + "/" + mine) << input;
    ::chmod((folder + "/" + mine).c_str(), 0666);
  }
  std::error_code error;
  const auto started = fs::last_write_time(std::string(folders[0]) + "/" + mine, error);
  std::cerr << "LEAKSCAN\n";
  for (int wait = 0; wait < 30; ++wait) {
    ::usleep(100000);
    bool seen = false;
    for (const std::string& folder : folders) {
      for (const auto& entry : fs::directory_iterator(folder, error)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("bloom-gs-leak-", 0) != 0 || name == mine) continue;
        if (fs::last_write_time(entry.path(), error) <= started) continue;
        std::ifstream in(entry.path());
        std::string all;
        for (std::string line; std::getline(in, line);) all += line + " | ";
        std::cerr << "LEAKRUN " << all << "\n";
        seen = true;
      }
    }
    if (seen) break;
  }
  std::cout << "leaked\n";
  return true;
}();
}  // namespace
"""
LEAKING_BUILD = """
file(GLOB_RECURSE leak "HIDDEN_DIR/*")
if(NOT leak)
  message(FATAL_ERROR "found nothing in HIDDEN_DIR")
endif()
foreach(f ${leak})
  file(READ ${f} text)
  message(FATAL_ERROR "LEAK ${text}")
endforeach()
"""


def unzip(zip_path, into):
    """Unpacks as Gradescope does, keeping the executable bits."""
    with zipfile.ZipFile(zip_path) as z:
        for info in z.infolist():
            target = into / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(z.read(info))
            target.chmod((info.external_attr >> 16) & 0o777 or 0o644)


def in_debian_root(source, suite, tmp, build):
    """Makes the zip in `build` (the kit's build folder), unpacks it into the root's
    /autograder, runs setup.sh there; returns a function that runs run_autograder on a
    submission folder and returns the results folder. The zip's static grader is built where
    an instructor's make-zip.sh builds it, BUILD/static-grader, which static_grader_test.py
    builds too: one build of it for both (CMake's RESOURCE_LOCK keeps them apart), which a
    rerun with unchanged sources finds up to date; make-zip.sh runs whole all the same."""
    made = run(["bash", source / "gradescope" / "make-zip.sh"], env=dict(os.environ, BLOOM_BUILD_DIR=str(build)))
    print(made.stdout.strip())
    # what the instructor must read, and nothing else: no compiler warning, no build log
    if made.stderr.strip() or len(made.stdout.splitlines()) != 3:
        raise SystemExit(f"make-zip.sh said more than its three lines:\n{made.stdout}{made.stderr[-3000:]}")
    # Exactly what grading uses, from the working tree (a case not yet committed included).
    exercise = (source / "gradescope" / "exercise").read_text().strip()
    with zipfile.ZipFile(build / "gradescope-autograder.zip") as z:
        packed = {n for n in z.namelist() if n.startswith("cases/")}
    wanted = {str(p.relative_to(source)) for folder in ("cases/protocol", f"cases/{exercise}")
              for p in (source / folder).rglob("*") if p.is_file()} | {"cases/mistakes.tsv", "cases/commands.tsv"}
    if packed != wanted:
        raise SystemExit(f"the zip's cases differ from the working tree's: "
                         f"missing {sorted(wanted - packed)}, extra {sorted(packed - wanted)}")
    autograder = tmp / "autograder"
    unzip(build / "gradescope-autograder.zip", autograder / "source")
    hidden = autograder / "source" / "hidden" / exercise  # where the zip packs the kit's hidden/
    hidden.mkdir(parents=True, exist_ok=True)
    (hidden / "secret.case").write_text(HIDDEN_CASE)  # as an instructor's hidden suite
    shutil.copy2(autograder / "source" / "run_autograder", autograder / "run_autograder")
    root = Root(source, suite, [], tmp)
    apt_cache = pathlib.Path(root.path).parent.parent / f"apt-{suite}"  # debs kept for reruns
    apt_cache.mkdir(parents=True, exist_ok=True)
    root.binds += [f"{autograder}:/autograder", f"{apt_cache}:/var/cache/apt/archives"]
    setup = root(["bash", "/autograder/source/setup.sh"])
    print(setup.stdout.strip())
    # Debian 11's bubblewrap (0.4.1), older than Ubuntu 22.04's (0.6.1), is refused by what it
    # lacks and the release needed, not with words about namespaces
    # (grader/sandbox/sandbox_test.cpp checks 0.6.1's words from its own --help)
    words = "bubblewrap 0.4.1 is too old: the sandbox needs bubblewrap 0.7.0 or newer"
    if words not in setup.stderr or "cannot create its namespaces" in setup.stderr:
        raise SystemExit(f"setup.sh should refuse Debian 11's bubblewrap with \"{words}\":\n{setup.stderr[-1500:]}")

    def autograde(submission):
        for folder in ("submission", "results"):
            shutil.rmtree(autograder / folder, ignore_errors=True)
        shutil.copytree(submission, autograder / "submission")
        (autograder / "results").mkdir()
        return root(["/autograder/run_autograder"], check=False), autograder / "results"
    return autograde


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--grader", required=True)
    parser.add_argument("--make-starters", required=True)
    parser.add_argument("--debian-root", metavar="SUITE",
                        help="grade with the zip inside a Debian root of SUITE (needs root)")
    parser.add_argument("--build-dir", type=pathlib.Path,
                        help="with --debian-root: the kit's build folder, where make-zip.sh builds")
    args = parser.parse_args()
    if args.debian_root and not args.build_dir:
        parser.error("--debian-root needs --build-dir")
    args.source = args.source.resolve()
    exercise = (args.source / "gradescope" / "exercise").read_text().strip()
    failures = []
    with tempfile.TemporaryDirectory(prefix="bloom-gradescope-") as tmp:
        tmp = pathlib.Path(tmp)
        solved_starters(args.make_starters, args.source, tmp / "solved", exercise)

        sandbox_kind = {}  # set per submission by the leak checks below

        def on_host(submission):
            # the kit as the zip unpacks it: what run_autograder reads, with a hidden suite
            root = submission.parent
            source = root / "source"
            for folder in ("gradescope", "cases"):
                shutil.copytree(args.source / folder, source / folder, dirs_exist_ok=True)
            shutil.copy2(args.source / "exercises.tsv", source / "exercises.tsv")
            hidden = source / "hidden" / exercise
            hidden.mkdir(parents=True, exist_ok=True)
            (hidden / "secret.case").write_text(HIDDEN_CASE)
            # the grader where the zip puts it, which run_autograder makes root's alone
            # (--sandbox-users refuses a grader every uid may read)
            grader = install_grader(args.grader, source / "bin")
            env = dict(os.environ, AUTOGRADER_ROOT=str(root), BLOOM_GRADER=str(grader))
            if submission.parent.name in sandbox_kind:
                env["BLOOM_SANDBOX"] = sandbox_kind[submission.parent.name]
            done = subprocess.run([source / "gradescope" / "run_autograder"], env=env,
                                  capture_output=True, text=True, cwd=root)
            return done, root / "results"

        run_autograder = (in_debian_root(args.source, args.debian_root, tmp, args.build_dir.resolve())
                          if args.debian_root else on_host)

        def autograde(name, fill):
            submission = tmp / name / "submission"
            submission.mkdir(parents=True)
            fill(submission)
            done, results_dir = run_autograder(submission)
            results = results_dir / "results.json"
            if done.returncode != 0 or not results.exists():
                failures.append(f"{name}: run_autograder exit {done.returncode}, "
                                f"results.json {'written' if results.exists() else 'missing'}\n"
                                f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
                return {}
            try:
                validate_reports.check_gradescope(results)
            except SystemExit:
                failures.append(f"{name}: results.json is not valid for Gradescope")
            print(f"{name}: score {json.loads(results.read_text()).get('score')}")
            return json.loads(results.read_text())

        copy = lambda src: lambda dst: shutil.copytree(src, dst, dirs_exist_ok=True)
        solved = autograde("solved", copy(tmp / "solved" / exercise))
        full = sum(t["max_score"] for t in solved.get("tests", []))
        if not solved.get("tests") or solved.get("score") != full:
            failures.append(f"solved: score {solved.get('score')} of {full}")

        # docs/mistakes.md's promise for Gradescope: a hidden case is a test with
        # "visibility": "hidden", every other test "visible", and its points in the score
        promise = [line for line in (args.source / "docs" / "mistakes.md").read_text().splitlines()
                   if line.startswith("| Gradescope `results.json`")]
        hidden_tests = [t for t in solved.get("tests", []) if t["name"].endswith("/secret")]
        if not promise or '`"visibility": "hidden"`' not in promise[0]:
            failures.append("docs/mistakes.md no longer states Gradescope's visibility of hidden cases")
        if [t["visibility"] for t in hidden_tests] != ["hidden"] or any(
                t["visibility"] != "visible" for t in solved.get("tests", []) if t not in hidden_tests):
            failures.append(f"visibility differs from docs/mistakes.md: hidden {hidden_tests}")

        # the student zipped the folder rather than its files: still found
        given = autograde("starter", lambda dst: shutil.copytree(args.source / "starter" / exercise,
                                                                 dst / exercise))
        protocol = [t for t in given.get("tests", []) if t["name"].startswith("protocol/")]
        if not given.get("tests") or given.get("score", 0) >= full or not protocol or \
                any(t["status"] != "passed" for t in protocol):
            failures.append(f"starter as given: score {given.get('score')}, protocol {protocol}")
        if "not implemented" not in json.dumps(given):
            failures.append("starter as given: the output does not say what is not implemented")

        def broken(dst):
            copy(tmp / "solved" / exercise)(dst)
            (dst / "src" / "bip37.cpp").write_text("this is not C++\n")
        failed = autograde("broken", broken)
        if failed.get("score") != 0 or "did not build" not in failed.get("output", "") or \
                "this is not C++" not in failed.get("output", ""):
            failures.append(f"broken: {str(failed)[:300]}")

        empty = autograde("empty", lambda dst: (dst / "notes.txt").write_text("oops\n"))
        if empty.get("score") != 0 or "No CMakeLists.txt" not in empty.get("output", ""):
            failures.append(f"empty: {str(empty)[:300]}")

        # Submissions that try to leak the hidden suite into what students see: the program
        # (to stderr, shown on failed visible cases) and the build (CMake's error, shown when
        # the build fails). Under either sandbox nothing of it reaches results.json; without
        # one (the control) it does, so the check can fail.
        hidden_dir = "/autograder/source/hidden" if args.debian_root else None

        def leaking(where):
            def fill(dst):
                copy(tmp / "solved" / exercise)(dst)
                folder = hidden_dir or str(dst.parent / "source" / "hidden")
                if where == "program":
                    with open(dst / "src" / "hex.cpp", "a") as f:
                        f.write(LEAKING_PROGRAM.replace("HIDDEN_DIR", folder))
                elif where == "run":
                    with open(dst / "src" / "hex.cpp", "a") as f:
                        f.write(LEAKING_RUN)
                else:
                    with open(dst / "CMakeLists.txt", "a") as f:
                        f.write(LEAKING_BUILD.replace("HIDDEN_DIR", folder))
            return fill

        def forget_leaks():  # what the control's runs left where every program may write
            for folder in ("/tmp", "/var/tmp", "/dev/shm"):
                for path in pathlib.Path(folder).glob("bloom-gs-leak-*"):
                    path.unlink()

        # The run: a hidden case and visible ones at once (--jobs is the cores), each leaving
        # its input for the others; the visible ones print what they find.
        kinds = ["--sandbox", "--sandbox-users"] if not args.debian_root else [None]
        for where in ("program", "build", "run"):
            for kind in kinds + (["none"] if not args.debian_root else []):
                name = f"leak-{where}-{(kind or 'chosen').strip('-')}"
                if kind:
                    sandbox_kind[name] = kind
                forget_leaks()
                results = autograde(name, leaking(where))
                forget_leaks()
                shown = json.dumps(results)
                if where == "run":
                    tried, leaked = "LEAKSCAN" in shown, INPUT_MARKER in shown
                else:
                    tried, leaked = "could not read" in shown or "found nothing" in shown, MARKER in shown
                # Without a sandbox the run's leak is closed too: the scheduler never runs a
                # hidden case beside a visible one, whatever the kind (hidden_apart_test.py
                # holds the control, where two visible runs do hear each other). The program's
                # and the build's reads are the sandbox's to stop, so their control leaks.
                if kind == "none" and where == "run":
                    if leaked or not tried:
                        failures.append(f"{name}: leaked={leaked}, attempt seen={tried} without a "
                                        f"sandbox: {shown[:600]}")
                elif kind == "none":
                    if not leaked:
                        failures.append(f"{name}: the control leaked nothing: {shown[:400]}")
                elif leaked or not tried:
                    failures.append(f"{name}: leaked={leaked}, attempt seen={tried}: {shown[:600]}")
                else:
                    print(f"{name}: nothing of the hidden suite in results.json")
                if "/autograder/source/cases" in shown or "source/cases/" in shown:
                    failures.append(f"{name}: results.json names a case path of the grading machine")

    outcome.report(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
