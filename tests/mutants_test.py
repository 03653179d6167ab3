#!/usr/bin/env python3
"""The mutation corpus (docs/mistakes.md, "The mutation corpus"): every one-place slip of the
kinds students make, inside the solution regions of the reference (tests/mutants/mutator.py),
is built as a student's program and graded on its exercise's cases; no hint and no diagnosis
shown to it may point at a step it did not break, or call the step it broke right.

Each mutant is the reference with one source file changed: that file is compiled alone, as
compile_commands.json says CMake compiles it (at -O1, without -g and warnings, through a
precompiled header of the standard library), and linked with reference/main.cpp and the other
objects of the reference's libraries (its own and the option reader it links): the program a
student hands in. Where the build compiles through ccache, so do the mutants, into its cache
(Builder): a rerun gets each object the compiler made for the same text, the same program, and
compiles only what changed. One that does not compile is dropped and counted. One that passes every case is run on a long random stream of its
exercise's commands (bloom-reference --generate's cases, one after another): if it answers it as
the reference does, it is equivalent and dropped; otherwise it survives the cases.

A hint blames the functions of the command it is bound to (tests/support/blames.py, from the
command table); its premise `@given COMMAND` claims those functions right, `@given CASE` claims that case passed
(checked in the run); a hint with `@given nothing` lists steps to check and blames none. A
diagnosis blames the step of each mistake it names (reference/kit/mistakes.cpp), a "one of"
claim at least one of its mistakes' steps.

  mutants_test.py GRADER REFERENCE_BINARY REFERENCE_LIBRARY... COMPILE_COMMANDS SOURCE
                  [--jobs N] [--streams N] [--only TEXT] [--verbose] [--launcher ccache]"""
import collections
import concurrent.futures
import json
import os
import pathlib
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
sys.path.insert(0, str(pathlib.Path(__file__).parent / "mutants"))
import case_text  # noqa: E402
import cli  # noqa: E402
import mutator  # noqa: E402
import outcome  # noqa: E402
import blames  # noqa: E402

EXERCISES = ("basics", "hashing", "bip37", "guava")
COMPILE_SECONDS = 60  # a mutant build that takes longer is a hung compiler, not a slow one
STREAM_SECONDS = 20  # the reference answers a stream in a fraction of a second
STREAM_MEMORY = 1 << 30  # bytes: a mutant that loops on push_back stops here
MINIMUM = 300  # mutants compiled, or the corpus tests too little
# Diagnoses that name a mistake of a step the mutant did not break, as the grader names them
# today: (mutant, case, mistake of the claim). None, since diagnoses weigh the whole transcript
# and the four small guava filters also ask HASH128; an entry goes here only with a reason, and
# one that no longer misleads fails the test, so that the list stays exact.
KNOWN_MISLEADING_DIAGNOSES: set[tuple[str, str, str]] = set()


class Timed(subprocess.Popen):
    """A process whose CPU seconds, its own and those of the processes it waited for (a
    compiler's cc1plus and as, the grader's runs of the program), are read when it is reaped."""
    cpu = 0.0

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.cpu = usage.ru_utime + usage.ru_stime
        return pid, status


class Phases:
    """CPU seconds of the processes the test starts, summed by phase across the jobs (printed
    at the end: what to cut next)."""

    def __init__(self):
        self.seconds, self.lock = collections.Counter(), threading.Lock()

    def run(self, phase, command, input=None, timeout=None, **options):
        """subprocess.run(command, capture_output=True), its CPU seconds counted in `phase`."""
        with Timed(command, stdin=subprocess.PIPE if input is not None else None, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, **options) as process:
            try:
                out, err = process.communicate(input, timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                raise
            finally:
                process.wait()
                self.add(phase, process.cpu)
        done = subprocess.CompletedProcess(command, process.returncode, out, err)
        done.cpu = process.cpu
        return done

    def add(self, phase, seconds):
        with self.lock:
            self.seconds[phase] += seconds

    def __str__(self):
        return ", ".join(f"{phase} {seconds:.1f}" for phase, seconds in self.seconds.items()) + \
            f"; {sum(self.seconds.values()):.1f} in all"


PHASES = Phases()


def mistake_steps(source: pathlib.Path) -> dict[str, str]:
    """id -> the function (BLOOM_FUNCTIONS' name) each known mistake slips in, read from the
    catalogue's entries in reference/kit/mistakes.cpp: {"ID", "EXERCISE", ..., Step::STEP, SLIPS}."""
    by_step = {step: name for name, _, step in mutator.function_table(source / "reference" / "functions.hpp")}
    text = (source / "reference" / "kit" / "mistakes.cpp").read_text()
    catalogue = text[text.index("const std::vector<Mistake>& mistakes()"):]
    entries = re.findall(r'\{"([a-z0-9-]+)",\s*"\w+",.*?Step::(\w+),\s*\w+\}', catalogue, re.S)
    return {mistake: by_step[step] for mistake, step in entries}


class Builder:
    """Builds a mutant of one reference source into a program, as CMake builds the reference.

    Where the build compiles through ccache (CMAKE_CXX_COMPILER_LAUNCHER), so do the mutants,
    into the same cache: a mutant is a file of its own, and a rerun (a fresh clone at the same
    place, as scripts/test.sh's builds are) compiles only the mutants of a source that changed.
    A mutant's object comes out of the cache as the compiler made it, so the program linked is
    the one a compile would give. A compile that fails is not cached and runs each time. For
    hits across runs every path a compile names inside the scratch folder is relative to the
    mutant's own folder, and the precompiled header, whose bytes differ from one build to the
    next (GCC writes addresses into it), is built through ccache too, so that a rerun gets the
    same bytes back and the mutants' keys, which hash it, stay the same."""

    def __init__(self, commands_file, libraries, source, scratch, launcher=None):
        self.libraries, self.scratch = list(libraries), scratch
        self.launcher, self.environment = [], None
        if launcher and pathlib.Path(launcher).name == "ccache":
            self.launcher = [launcher]
            # pch_defines,time_macros: what ccache asks before it caches a compile through a
            # precompiled header; depend mode: a miss compiles once with -MD for the manifest
            # rather than preprocessing first; the inode cache: a hit reads the 40 MB header's
            # hash from it rather than hashing it again
            sloppiness = ",".join(filter(None, [os.environ.get("CCACHE_SLOPPINESS"), "pch_defines,time_macros"]))
            self.environment = dict(os.environ, CCACHE_SLOPPINESS=sloppiness, CCACHE_DEPEND="1",
                                    CCACHE_INODECACHE="1")
        self.flags = {}
        for entry in json.loads(pathlib.Path(commands_file).read_text()):
            words = shlex.split(entry["command"]) if "command" in entry else entry["arguments"]
            kept, skip = [], False
            for word in words[1:]:
                if skip:
                    skip = False
                elif word in ("-o", "-c"):
                    skip = True
                elif not (word.startswith("-O") or word in ("-g", "-Werror") or word.startswith("-W")
                          or word == entry["file"]):
                    kept.append(word)
            # -Wfatal-errors: a mutant that does not compile stops at its first error, in a
            # quarter of the time, and is as uncompiled; one that compiles is the same object
            self.flags[pathlib.Path(entry["file"]).resolve()] = [words[0], *kept, "-O1", "-w", "-Wfatal-errors"]
        self.reference = pathlib.Path(source) / "reference"
        self.pch, self.pch_lock = {}, threading.Lock()  # built once, whichever job asks first
        main = (self.reference / "main.cpp").resolve()
        self.main_object = scratch / "main.o"
        self.compile(main, main, self.main_object)
        # gold links a mutant in half the time of ld.bfd (0.06 s against 0.11); where the
        # toolchain has none, the default linker
        self.linker = ["-fuse-ld=gold"]
        if PHASES.run("setup", [self.command(main)[0], *self.linker, "-o", scratch / "linked", self.main_object,
                                *self.libraries]).returncode != 0:
            self.linker = []

    def precompiled(self, command):
        """The folder of a precompiled header of the standard headers the regions' sources
        include, built with `command`'s flags, or None (Clang, or it failed): a mutant then
        parses them itself."""
        key = tuple(command)
        with self.pch_lock:
            return self.pch[key] if key in self.pch else self.build_precompiled(key, command)

    def build_precompiled(self, key, command):
        if key not in self.pch:
            self.pch[key] = None
            version = PHASES.run("setup", [command[0], "--version"], text=True).stdout
            if "clang" not in version.lower():
                folder = self.scratch / f"pch{len(self.pch)}"
                folder.mkdir()
                # the sources with a region and their headers: a header of all the reference's
                # includes costs a mutant 0.05 s more to load than it saves
                sources = [f for f in self.reference.glob("*.cpp") if "// BEGIN SOLUTION" in f.read_text()]
                files = [f for source in sources for f in (source, source.with_suffix(".hpp")) if f.exists()]
                include = re.compile(r"^#include <([a-z_]+)>", re.M)
                headers = sorted({h for f in files for h in include.findall(f.read_text())})
                (folder / "std.hpp").write_text("".join(f"#include <{h}>\n" for h in headers))
                built = self.run_compiler("setup", command, [], "std.hpp", folder / "std.hpp.gch",
                                          ["-x", "c++-header"])
                if built.returncode == 0:
                    self.pch[key] = folder
        return self.pch[key]

    def command(self, original):
        """How CMake compiles `original`; reference/main.cpp, in no target of the kit's, as the
        library's sources are."""
        path = pathlib.Path(original).resolve()
        return self.flags.get(path) or self.flags[(self.reference / "murmur3.cpp").resolve()]

    def compile(self, original, copy, object_file, phase="setup"):
        command = self.command(original)
        pch = self.precompiled(command)
        return self.run_compiler(phase, command, [pch / "std.hpp"] if pch else [], copy, object_file, ["-c"])

    def run_compiler(self, phase, command, included, source, output, mode):
        """`command` on `source` into `output`, in `output`'s folder; a path inside the scratch
        folder is named relative to it, so that ccache's key is the same in every run."""
        folder = output.parent

        def named(path):
            path = folder / path
            return os.path.relpath(path, folder) if path.is_relative_to(self.scratch) else str(path)

        include = [word for header in included for word in ("-include", named(header))]
        depend = ["-MD"] if self.launcher else []
        return PHASES.run(phase, [*self.launcher, *command, *include, *depend, *mode, named(source), "-o",
                                  named(output)], text=True, timeout=COMPILE_SECONDS, cwd=folder,
                          env=self.environment)

    def build(self, original: pathlib.Path, text: str, folder: pathlib.Path, phase=""):
        """The program with `original` replaced by `text`, or None when it does not compile;
        its CPU seconds counted in the phases `phase`compile and `phase`link."""
        folder.mkdir()
        copy = folder / original.name
        copy.write_text(text)
        try:
            compiled = self.compile(original, copy, folder / "mutant.o", phase + "compile")
            if compiled.returncode != 0:
                PHASES.add(phase + "compile", -compiled.cpu)
                PHASES.add(phase + "compile (did not compile)", compiled.cpu)
                return None
            program = folder / "bloom"
            # without the libraries' debug information (RelWithDebInfo), which is 3 MB of a
            # 3.1 MB program and 40 % of its link: the code linked is the same
            linked = PHASES.run(phase + "link", [self.command(original)[0], *self.linker, "-Wl,--strip-debug",
                                                 "-o", program, self.main_object, folder / "mutant.o",
                                                 *self.libraries],
                                text=True, timeout=COMPILE_SECONDS)
        except subprocess.TimeoutExpired:
            return None
        return program if linked.returncode == 0 else None


def limited_memory():
    resource.setrlimit(resource.RLIMIT_AS, (STREAM_MEMORY, STREAM_MEMORY))


def answers(program, stream: bytes, phase="setup"):
    """What `program` prints for `stream`, or a word for how it ended otherwise."""
    try:
        run = PHASES.run(phase, [program], input=stream, timeout=STREAM_SECONDS, preexec_fn=limited_memory)
    except subprocess.TimeoutExpired:
        return "timed out"
    return run.stdout if run.returncode == 0 else f"exit {run.returncode}"


def random_streams(reference_binary, cases: pathlib.Path, folder: pathlib.Path, count: int) -> dict[str, bytes]:
    """exercise -> the sent lines of `count` random cases of it, one case after the other: each
    line of a case is one the reference answers from the case's start, so no case leans on the
    one before."""
    streams = {}
    for exercise in EXERCISES:
        generated = PHASES.run("setup", [reference_binary, "--generate", exercise, "--seed", "36", "--count",
                                         str(count), "--out", folder, "--cases", cases])
        if generated.returncode != 0:
            raise subprocess.CalledProcessError(generated.returncode, generated.args, generated.stdout,
                                                generated.stderr)
        lines = [line for case in sorted((folder / exercise).glob("*.case"))
                 for line in case_text.sent_lines(case)]
        streams[exercise] = "".join(line + "\n" for line in lines).encode()
    return streams


class Judge:
    """What a mutant's graded report claims, against the step the mutant broke."""

    def __init__(self, cases: pathlib.Path, steps_of_mistakes, blamed_by):
        self.steps_of_mistakes, self.blamed_by = steps_of_mistakes, blamed_by
        self.declared, self.premises = {}, {}
        for case in cases.rglob("*.case"):
            name = f"{case.parent.name}/{case.stem}"
            self.declared[name] = {text: command for _, command, text in case_text.hints(case)}
            self.premises[name] = case_text.premises(case)

    def mistake_step(self, mistake):
        return self.steps_of_mistakes.get(mistake, f"(a mistake not in the catalogue: {mistake})")

    def misleading(self, step, graded):
        """(case, claim, why) of each claim of `graded` (a JSON report's cases) that blames a
        step other than `step` or calls `step` right; and how many claims it judged."""
        found, judged = [], 0
        verdicts = {case["name"]: case["verdict"] for case in graded}
        for case in graded:
            for hint in case["hints"]:
                if case_text.BUILDS_ON.match(hint):
                    continue  # names another case to fix first: a fact of this run, no step
                text = case_text.declared_text(hint)
                if text not in self.declared.get(case["name"], {}):
                    found.append((case["name"], hint, "a hint the case does not declare"))
                    continue
                given = self.premises[case["name"]].get(text, [])
                if given == ["nothing"]:
                    continue  # lists the steps to check, in order: blames no one step
                blamed = self.blamed_by.get(self.declared[case["name"]][text], set())
                judged += 1
                if step not in blamed:
                    found.append((case["name"], hint, f"blames {sorted(blamed)}"))
                for premise in given:
                    if step in self.blamed_by.get(premise, set()):
                        found.append((case["name"], hint, f"its premise @given {premise} calls {step} right"))
                    elif "/" in premise and verdicts.get(premise, "passed") != "passed":
                        found.append((case["name"], hint, f"its premise @given {premise}, which failed"))
            for claim in case["claims"]:
                judged += 1
                named = claim.get("one_of") or [claim.get("mistake")]
                if all(self.mistake_step(m) != step for m in named):
                    steps = sorted({self.mistake_step(m) for m in named})
                    found.append((case["name"], "diagnosis " + " or ".join(named), f"blames {steps}"))
        return found, judged


def grade(args, mutant, program, folder, phase="grade"):
    report = folder / "report.json"
    cases = pathlib.Path(args.source) / "cases" / mutant.exercise
    # a slip that loops is stopped after 2 s of CPU in one case, and its other cases are skipped
    run = PHASES.run(phase, [args.grader, "run", "--cases", cases, "--jobs", "1", "--timeout", "2",
                             "--skip-after-timeouts", "1", "--report", f"json:{report}", "--", program], text=True)
    if run.returncode not in (0, 1) or not report.exists():
        return None, f"the grader exited {run.returncode}: {run.stderr.strip()[-300:]}"
    return json.loads(report.read_text())["cases"], None


def try_mutant(args, builder, judge, streams, expected, number, mutant, scratch):
    """What became of one mutant: its fate (uncompiled, equivalent, survivor, caught or error),
    the cases it failed, its misleading claims, and the seconds each phase took."""
    folder = scratch / f"mutant-{number}"
    seconds, began = {}, time.monotonic()

    def lap(phase):
        nonlocal began
        seconds[phase] = time.monotonic() - began
        began = time.monotonic()

    try:
        program = builder.build(mutant.path, mutant.text, folder)
        lap("build")
        if program is None:
            return {"fate": "uncompiled", "seconds": seconds}
        graded, error = grade(args, mutant, program, folder)
        lap("grade")
        if graded is None:
            return {"fate": "error", "error": error, "seconds": seconds}
        failed = [c for c in graded if c["verdict"] != "passed"]
        misleading, judged = judge.misleading(mutant.step, graded)
        result = {"failed": [c["name"] for c in failed], "misleading": misleading, "judged": judged,
                  "named": any(c["claims"] for c in graded), "hinted": any(c["hints"] for c in graded),
                  "seconds": seconds}
        if failed:
            result["fate"] = "caught"
        else:
            same = answers(program, streams[mutant.exercise], "stream") == expected[mutant.exercise]
            result["fate"] = "equivalent" if same else "survivor"
            lap("stream")
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader")
    parser.add_argument("reference")
    parser.add_argument("libraries", nargs="+", help="the static libraries bloom-reference links, in link order")
    parser.add_argument("compile_commands")
    parser.add_argument("source")
    parser.add_argument("--jobs", type=int, default=2, help="mutants built and graded at once")
    parser.add_argument("--streams", type=int, default=1000, help="random cases in each exercise's stream")
    parser.add_argument("--only", help="only the mutants whose id contains this")
    parser.add_argument("--verbose", action="store_true", help="print each mutant's fate")
    parser.add_argument("--launcher", help="what the build compiles through (CMAKE_CXX_COMPILER_LAUNCHER): "
                        "ccache, which the mutants then compile through too; another is not used")
    args = parser.parse_args()
    began = time.monotonic()
    if not pathlib.Path(args.compile_commands).exists():
        print(f"skipped: no {args.compile_commands}, which says how CMake compiles each source: "
              "CMAKE_EXPORT_COMPILE_COMMANDS needs the Ninja or a Makefile generator")
        return 77
    source = pathlib.Path(args.source)
    tally = outcome.Tally()
    steps_of_mistakes = mistake_steps(source)
    listed = case_text.listed_mistakes(args.reference)
    tally(set(steps_of_mistakes) == set(listed),
          f"reference/kit/mistakes.cpp's entries read as {sorted(steps_of_mistakes)}, where "
          f"--list-mistakes prints {sorted(listed)}: the reading of the catalogue is out of date")
    corpus = [m for m in mutator.mutants(source / "reference", set(EXERCISES))
              if args.only is None or args.only in m.id]
    judge = Judge(source / "cases", steps_of_mistakes, blames.blames(args.reference))
    with tempfile.TemporaryDirectory() as tmp:
        scratch = pathlib.Path(tmp)
        builder = Builder(args.compile_commands, args.libraries, source, scratch, args.launcher)
        streams = random_streams(args.reference, source / "cases", scratch / "random", args.streams)
        # the pipeline itself, on the reference unchanged: it must pass every case
        unchanged = builder.build(source / "reference" / "murmur3.cpp",
                                  (source / "reference" / "murmur3.cpp").read_text(), scratch / "unchanged",
                                  "setup ")
        if not tally(unchanged is not None, "the reference, built as a mutant is, does not build"):
            return tally.report()
        expected = {exercise: answers(args.reference, stream) for exercise, stream in streams.items()}
        for exercise in EXERCISES:
            graded, error = grade(args, mutator.Mutant("unchanged", source, exercise, "", "", 0, "", "", ""),
                                  unchanged, scratch, "setup")
            tally(graded is not None and all(c["verdict"] == "passed" for c in graded),
                  f"the reference, built as a mutant is, fails {exercise}'s cases: {error or ''}")
            tally(answers(unchanged, streams[exercise]) == expected[exercise],
                  f"the reference, built as a mutant is, answers {exercise}'s random stream otherwise")
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            fates = list(pool.map(lambda n: try_mutant(args, builder, judge, streams, expected, n, corpus[n],
                                                       scratch), range(len(corpus))))
    count = collections.Counter(fate["fate"] for fate in fates)
    seen_known = set()
    compiled = len(corpus) - count["uncompiled"]
    for mutant, fate in zip(corpus, fates):
        if args.verbose:
            print(f"{fate['fate']:10} {mutant.step:20} {mutant.describe()}")
        if fate["fate"] == "error":
            tally(False, f"{mutant.describe()}: {fate['error']}")
        for case, claim, why in fate.get("misleading", []):
            said = (f"mutant {mutant.id} ({mutant.step}: {mutant.before.strip()} -> "
                    f"{mutant.after.strip()}), {case}: {claim!r} {why}")
            known = (mutant.id, case, claim.removeprefix("diagnosis ")) in KNOWN_MISLEADING_DIAGNOSES
            if known:
                seen_known.add((mutant.id, case, claim.removeprefix("diagnosis ")))
                print(f"known misleading diagnosis: {said}")
            tally(known, f"misleading: {said}")
    ran = {m.id for m in corpus}
    for entry in sorted(KNOWN_MISLEADING_DIAGNOSES - seen_known):
        tally(entry[0] not in ran, f"{entry} misleads no more: take it out of KNOWN_MISLEADING_DIAGNOSES")
    graded = [f for f in fates if f["fate"] in ("caught", "survivor")]
    survivors = [(m, f) for m, f in zip(corpus, fates) if f["fate"] == "survivor"]
    misled = sum(any((m.id, case, claim.removeprefix("diagnosis ")) not in KNOWN_MISLEADING_DIAGNOSES
                     for case, claim, _ in f.get("misleading", [])) for m, f in zip(corpus, fates))
    print(f"mutants: {len(corpus)} generated, {compiled} compiled ({count['uncompiled']} did not), "
          f"{count['equivalent']} equivalent (dropped), {count['caught']} caught, "
          f"{sum(f['named'] for f in graded)} named, {sum(f['hinted'] for f in graded)} given a hint, "
          f"{misled} misleading (and {len({e[0] for e in seen_known})} with a known misleading diagnosis), "
          f"{len(survivors)} survivors; {sum(f.get('judged', 0) for f in fates)} hints and diagnoses judged")
    tally(sum(f.get("judged", 0) for f in fates) > 0 or args.only is not None,
          "no hint with a premise and no diagnosis was shown: the test judged nothing")
    by_step = collections.Counter(m.step for m, _ in survivors)
    print("survivors by step: " + (", ".join(f"{step} {n}" for step, n in sorted(by_step.items())) or "none"))
    for mutant, _ in survivors:
        print(f"  survivor: {mutant.step}: {mutant.describe()}")
    tally(compiled >= MINIMUM or args.only is not None,
          f"only {compiled} mutants compiled, fewer than {MINIMUM}: the corpus tests too little")
    phases = collections.Counter()
    for fate in fates:
        phases.update(fate["seconds"])
    print(f"{time.monotonic() - began:.0f} s; of the mutants' wall seconds, summed over the jobs: "
          + ", ".join(f"{phase} {total:.0f}" for phase, total in phases.items()))
    own = resource.getrusage(resource.RUSAGE_SELF)
    print(f"CPU seconds of the processes started, by phase: {PHASES}; and the test's own "
          f"{own.ru_utime + own.ru_stime:.1f}")
    return tally.report()


if __name__ == "__main__":
    sys.exit(main())
