#!/usr/bin/env python3
"""Every example command of README.md and docs/ runs as written, so the docs cannot drift.

Each fenced `sh` block is run with bash, from the top of a scratch copy of the kit, in the
order the files list them. A block passes when every command in it exits 0 or 1 (1 is a
judged failure, as when a stub is graded); 2 or more (could not run) fails it. A block that
cannot run here says why on the line before it, `<!-- docs-test: not run: REASON -->`, and
is still checked: `bash -n`, and each option it gives a kit program is one that program's
--help lists. The test prints every block it did not run, with its reason.

What the examples assume is there, made by this test before any block:
- `build/bin/` (the kit's build) and `bloom-grader` on PATH;
- `./build/bloom` and `./student/build/bloom`: a student's program (the reference);
- `bloom.py`: a program in another language (tests/oracle/bloom.py);
- `submissions/`: two bip37 submissions, the solved starter and the starter as given;
- `hidden/bip37/`: a hidden suite, generated as docs/mistakes.md generates it;
- a git repository (docs/mistakes.md sets its hooks path).

Usage: docs_examples_test.py SOURCE BUILD_BIN
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402
from starters import solved_starters  # noqa: E402

FENCE = re.compile(r"(?:<!-- docs-test: (?P<skip>[^>]*?) -->\n)?```(?:sh|bash)\n(?P<body>.*?)```", re.S)
PROGRAMS = ("bloom-grader", "bloom-reference", "bloom-make-starters")


def blocks(source):
    """(file, line, body, reason-not-run or None) for each sh block, README first."""
    files = [source / "README.md"] + sorted((source / "docs").glob("*.md"))
    for path in files:
        text = path.read_text()
        for match in FENCE.finditer(text):
            line = text[:match.start("body")].count("\n")
            skip = match.group("skip")
            if skip is not None and not skip.startswith("not run"):
                raise SystemExit(f"{path}:{line}: a docs-test marker must say 'not run: REASON'")
            yield path.relative_to(source), line, match.group("body"), skip


def options_problems(body, bin_dir):
    """Options given to a kit program in `body` that its --help does not list."""
    problems = []
    joined = body.replace("\\\n", " ")
    for line in joined.splitlines():
        line = line.split(" #")[0]
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        for i, word in enumerate(words):
            program = pathlib.Path(word).name
            if program not in PROGRAMS:
                continue
            rest = words[i + 1:]
            if "--" in rest:
                rest = rest[:rest.index("--")]
            sub = [rest[0]] if program == "bloom-grader" and rest and not rest[0].startswith("-") else []
            help_text = subprocess.run([bin_dir / program, *sub, "--help"], capture_output=True,
                                       text=True).stdout
            for option in (w.split("=")[0] for w in rest if w.startswith("--")):
                if option not in help_text:
                    problems.append(f"{program} {' '.join(sub)}: {option} is not in its --help")
    return problems


def scratch_copy(source, build_bin, tmp):
    """The kit's files (as git lists them, committed or not) and the fixtures named above."""
    root = tmp / "kit"
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=source,
                            capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, listed):
        target = root / name
        if (source / name).is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / name, target)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / "build").mkdir()
    (root / "build" / "bin").symlink_to(build_bin)
    (root / "build" / "bloom").symlink_to(build_bin / "bloom-reference")
    (root / "student" / "build").mkdir(parents=True)
    (root / "student" / "build" / "bloom").symlink_to(build_bin / "bloom-reference")
    shutil.copy(source / "tests" / "oracle" / "bloom.py", root / "bloom.py")
    solved_starters(build_bin / "bloom-make-starters", root, tmp / "solved", "bip37")
    shutil.copytree(tmp / "solved" / "bip37", root / "submissions" / "solved")
    shutil.copytree(root / "starter" / "bip37", root / "submissions" / "as-given")
    subprocess.run([build_bin / "bloom-reference", "--generate", "bip37", "--seed", "2027",
                    "--count", "40", "--out", "hidden"], cwd=root, check=True, stdout=subprocess.DEVNULL)
    for folder in (tmp, root):  # the sandbox's users must reach the submissions
        folder.chmod(0o755)
    return root


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("build_bin", type=pathlib.Path)
    args = parser.parse_args()
    source, build_bin = args.source.resolve(), args.build_bin.resolve()
    failures, checks = [], 0
    with tempfile.TemporaryDirectory(prefix="bloom-docs-") as tmp_name:
        root = scratch_copy(source, build_bin, pathlib.Path(tmp_name))
        env = dict(os.environ, PATH=f"{build_bin}:{os.environ['PATH']}")
        for path, line, body, skip in blocks(source):
            checks += 1
            where = f"{path}:{line}"
            syntax = subprocess.run(["bash", "-n"], input=body, capture_output=True, text=True)
            problems = options_problems(body, build_bin)
            if syntax.returncode != 0:
                problems.append(f"bash -n: {syntax.stderr.strip()}")
            if skip:
                print(f"{where}: {skip}")
            else:
                # every command may exit 0 or 1 (a judged failure); 2 or more ends the block
                script = "set -o pipefail\ntrap 's=$?; [ $s -ge 2 ] && exit $s' ERR\n" + body
                start = time.monotonic()
                done = subprocess.run(["bash", "-c", script], cwd=root, env=env, capture_output=True,
                                      text=True, timeout=900)
                if done.returncode >= 2:
                    problems.append(f"exit {done.returncode}:\n{done.stdout[-1500:]}{done.stderr[-1500:]}")
                else:
                    print(f"{where}: ran, exit {done.returncode}, {time.monotonic() - start:.0f} s")
            failures += [f"{where}: {p}" for p in problems]
    return report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
