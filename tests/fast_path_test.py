#!/usr/bin/env python3
"""batch --starter's fast path (docs/batch.md, "Reusing what every submission shares"): the
same distinct bip37 submissions graded under --sandbox twice, the fast way and with
--no-fast-path (every build CMake's), and the fast way once more under --sandbox-users (the
kind for machines without user namespaces, Gradescope's), get the same verdict, points and
details on every case.
The gradebook's build_path says which way each went: fast for those shaped like the starter
(the stub, the solution, three mistakes in the student's file, one that does not compile,
one that includes a file of the grader's folder by its absolute path, one with a macro before
its includes), cmake for one that changed a given file and one whose new header sits beside the
given files. The student's file compiles through the starter build's precompiled header
(docs/batch.md, "The fast path") when its includes come first, and the objects are the same
byte for byte both ways; the one whose macro comes first compiles plainly: the macro renames a
standard class, so its own includes fail to compile, as CMake's build shows, where the
precompiled header would have read them before the macro and built it. That include is
refused every way alike, as the sandbox shows the build nothing of the grader's folders (the
users kind: nothing its uid may not read, and the file is root's, mode 600). The
second batch reuses the starter's build of the first (--starter-cache), and the cache's key
changes with the starter's files (grader/batch/fast_build_test.cpp for the rest)."""
import csv
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402
from grader_files import install_grader  # noqa: E402
from starters import solved_starters  # noqa: E402

STUDENT = pathlib.Path("src/bip37.cpp")
# (id, what replaces what in the solved student's file); None: the stub as given
EDITS = {
    "stub": None,
    "solved": ("", ""),
    "round-up-bytes": ("const std::uint32_t bytes = bits / 8;", "const std::uint32_t bytes = (bits + 7) / 8;"),
    "no-wrap": ("hash_index * kSeedStep + tweak", "static_cast<std::uint32_t>((std::uint64_t{hash_index} * kSeedStep + tweak) % 4294967291u)"),
    "no-flags": ("out.push_back(filter.flags());", "out.push_back(0);"),
    "no-compile": ("return {bytes, hashes};", "return {bytes, hashes}"),
}


def batch(grader, starter, cases, subs, out, cache, *extra, kind="--sandbox"):
    command = [grader, "batch", "--cases", cases / "protocol", "--cases", cases / "bip37", "--submissions", subs,
               "--out", out, "--build", "cmake", "--run", "{project}/build/bloom", "--starter", starter,
               "--starter-cache", cache, "--jobs", "2", kind, *extra]
    print("batch", " ".join(map(str, extra)), flush=True)
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def make_submissions(starter, solved, subs, secret):
    for ident, edit in EDITS.items():
        shutil.copytree(starter, subs / ident)
        if edit is None:
            continue
        text = (solved / STUDENT).read_text()
        assert edit[0] in text, edit
        (subs / ident / STUDENT).write_text(text.replace(edit[0], edit[1], 1) + f"\n// {ident}\n")
    shutil.copytree(subs / "solved", subs / "odd-include")
    with (subs / "odd-include" / STUDENT).open("a") as student:
        student.write(f'#include "{secret}"\n')
    shutil.copytree(subs / "no-flags", subs / "given-changed")
    with (subs / "given-changed" / "src" / "murmur3.cpp").open("a") as given:
        given.write("// a student's note in a given file\n")
    shutil.copytree(subs / "solved", subs / "new-header")
    (subs / "new-header" / "src" / "helper.hpp").write_text("// nothing yet\n")
    shutil.copytree(subs / "solved", subs / "macro-first")
    text = (subs / "macro-first" / STUDENT).read_text()
    (subs / "macro-first" / STUDENT).write_text("#define runtime_error logic_error\n" + text)


def same_objects(cache, project):
    """Whether the student's file of `project` compiles to the same object through the
    precompiled header and without it, by the fast path's own script."""
    script = next(cache.glob("starter-*/fast-build.sh"))
    unit = "CMakeFiles/bloom_core.dir/src/bip37.cpp.o"
    objects = []
    for word in (unit + "+pch", unit):
        subprocess.run(["/bin/sh", script, word], cwd=project, check=True, capture_output=True)
        objects.append((project / "build" / unit).read_bytes())
    return objects[0] == objects[1] and len(objects[0]) > 1000


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "make-starters", "kit"):
        parser.add_argument("--" + name, required=True, type=pathlib.Path)
    args = parser.parse_args()
    kit = args.kit.resolve()
    check = outcome.Tally()
    with tempfile.TemporaryDirectory(prefix="bloom-fast-") as tmp:
        tmp = pathlib.Path(tmp)
        tmp.chmod(0o755)  # the sandbox's uids reach the cache (--starter-cache) through it
        solved = solved_starters(args.make_starters, kit, tmp / "solved", "bip37") / "bip37"
        starter, subs, cache = tmp / "starter", tmp / "submissions", tmp / "cache"
        shutil.copytree(kit / "starter" / "bip37", starter)
        secret = tmp / "secret.hpp"
        secret.write_text("int leaked() { return 1; }\n")
        secret.chmod(0o600)  # root's alone, as the users kind asks of the kit's files
        make_submissions(starter, solved, subs, secret)
        reports, paths = {}, {}
        ways = (("fast", [], "--sandbox"), ("cmake", ["--no-fast-path"], "--sandbox"),
                ("fast-users", [], "--sandbox-users"))
        # the users kind runs a copy of the grader from a folder only root may read (docs/batch.md)
        private_grader = install_grader(args.grader, tmp / "grader", mode=0o700)
        private_grader.parent.chmod(0o700)
        for way, extra, kind in ways:
            grader = private_grader if kind == "--sandbox-users" else args.grader
            if kind == "--sandbox-users":
                subs.chmod(0o700)  # that kind's programs see what every uid may read
            done = batch(grader, starter, kit / "cases", subs, tmp / way, cache, *extra, kind=kind)
            if not check(done.returncode == 1 and (tmp / way / "gradebook.csv").exists(),
                         f"{way}: exit {done.returncode}: {done.stderr[-1500:]}"):
                return check.report()
            check((way != "fast") == ("the starter's build reused" in done.stderr),
                  f"{way}: the starter's build reused but the first time: {done.stderr[:600]}")
            reports[way] = {p.stem: json.loads(p.read_text()) for p in (tmp / way).glob("*.json")}
            paths[way] = {row["id"]: row["build_path"] for row in csv.DictReader((tmp / way / "gradebook.csv").open())}
        expected = {ident: "cmake" if ident in ("given-changed", "new-header") else "fast" for ident in paths["fast"]}
        header = {ident: "+pch" in r["build"]["command"] for ident, r in reports["fast"].items()}
        check(header == {ident: way == "fast" and ident not in ("stub", "macro-first") for ident, way in expected.items()},
              f"which fast builds took the precompiled header: {header}")
        project = tmp / "objects"
        shutil.copytree(subs / "no-wrap", project)
        check(same_objects(cache, project), "the precompiled header changed the student's object")
        check(paths["fast"] == expected, f"the fast batch's build paths: {paths['fast']}")
        check(paths["fast-users"] == expected, f"the users kind's fast batch's build paths: {paths['fast-users']}")
        check(set(paths["cmake"].values()) == {"cmake"}, f"--no-fast-path's build paths: {paths['cmake']}")
        check(len(reports["fast"]) == len(EDITS) + 4, f"reports: {sorted(reports['fast'])}")
        for ident, slow in sorted(reports["cmake"].items()):
            for way in ("fast", "fast-users"):
                fast = reports[way].get(ident, {})
                check(fast.get("status") == slow["status"], f"{ident}: {fast.get('status')} {way}, {slow['status']} cmake")
                check(len(fast.get("cases", [])) == len(slow["cases"]), f"{ident}: {way} graded other cases")
                for a, b in zip(fast.get("cases", []), slow["cases"]):
                    same = all(a.get(k) == b.get(k) for k in ("name", "verdict", "points", "summary", "details", "mismatch"))
                    check(same, f"{ident}, {a['name']}: {way} {a['verdict']} {a.get('details')}, "
                                f"cmake {b['verdict']} {b.get('details')}")
            fast = reports["fast"][ident]
            print(f"{ident}: {paths['fast'][ident]}, {fast['status']} {fast['summary']['score']}/"
                  f"{fast['summary']['max_score']} every way", flush=True)
        statuses = {ident: r["status"] for ident, r in reports["fast"].items()}
        check(statuses["solved"] == "passed" and statuses["stub"] == "failed" and statuses["no-compile"] == "build-failed"
              and statuses["macro-first"] == "build-failed",
              f"statuses: {statuses}")
        for way in reports:  # the sandbox shows no file of the grader's: the include fails alike
            odd = reports[way]["odd-include"]
            check(odd["status"] == "build-failed" and "secret.hpp" in odd["build"].get("output", ""),
                  f"{way}: odd-include {odd['status']}: {odd['build'].get('output', '')[-300:]}")
        # a kit change (one byte of a given file) makes another key, so the starter is built again
        with (starter / "src" / "hex.cpp").open("a") as given:
            given.write("\n")
        (tmp / "none").mkdir()
        done = batch(args.grader, starter, kit / "cases", tmp / "none", tmp / "changed", cache)
        check("the starter's build reused" not in done.stderr and len(list(cache.glob("starter-*"))) == 2,
              f"a changed starter: {done.stderr[:600]}; {sorted(p.name for p in cache.glob('starter-*'))}")
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
