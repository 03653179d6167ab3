#!/usr/bin/env python3
"""What the kit says of code nobody here wrote. tests/libraries/bloom.js is a student's program
for the hashing and basics exercises built on popular npm packages, the versions pinned by
tests/libraries/package-lock.json; this installs them (npm ci) and grades the program with each
package doing its step, as a course grades an exercise (its public cases), and requires the kit
to name exactly the mistakes that package makes, as its source shows (docs/mistakes.md, "The
forms real code takes"), and nothing where a package is right.

  libraries_test.py GRADER CASES WORK_FOLDER"""
import json
import pathlib
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402

HERE = pathlib.Path(__file__).parent / "libraries"
# (exercise, the program's options, what the kit must name, whether every case must pass)
PROGRAMS = [
    ("hashing", ["--murmur", "murmurhash"], set(), True),  # UTF-8 bytes: right
    ("hashing", ["--murmur", "murmurhash3js"], {"utf16-code-units"}, False),
    ("hashing", ["--murmur", "murmurhash-js"], {"utf16-code-units"}, False),
    # charCodeAt & 0xffff: the code-unit form for é alone, a form of its own for €, π and 😀; no
    # case's answers are all utf16-code-units', so nothing is named
    ("hashing", ["--murmur", "imurmurhash"], set(), False),
    # input read as Latin-1, a character per byte: charCodeAt & 0xff gives the bytes back (right),
    # and a library that encodes its string as UTF-8 encodes them a second time
    ("hashing", ["--murmur", "murmurhash-js", "--input", "latin1"], set(), True),
    ("hashing", ["--murmur", "murmurhash", "--input", "latin1"], {"utf8-twice"}, False),
    ("basics", [], set(), True),  # every step written by hand, right
    ("basics", ["--fnv", "@sindresorhus/fnv1a"], {"fnv-1a-32"}, False),  # its default size is 32
    ("basics", ["--fnv", "fnv-plus-64"], {"characters-hashed"}, False),  # charCodeAt, not UTF-8
    ("basics", ["--fnv", "fnv-plus"], set(), False),  # its default: folded to 52 bits, no known form
    ("basics", ["--size", "bloom-filters"], {"k-rounded-up"}, False),  # Math.ceil of (m/n) ln 2
]


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "cases", "work"):
        parser.add_argument(name)
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json", "bloom.js"):
        shutil.copy(HERE / name, work / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work, check=True)
    failures = []
    for exercise, options, expected, passes in PROGRAMS:
        label = f"{exercise}: node bloom.js {' '.join(options)}"
        report = work / "report.json"
        subprocess.run([args.grader, "run", "--cases", pathlib.Path(args.cases) / exercise, "--report",
                        f"json:{report}", "--", "node", work / "bloom.js", *options],
                       stdout=subprocess.DEVNULL, check=False)
        summary = json.loads(report.read_text())["summary"]
        told = {entry["id"] for entry in summary["diagnosis"]}
        print(f"{label}: {summary['passed']} passed, {summary['failed']} failed, named {sorted(told)}")
        if told != expected:
            failures.append(f"{label}: named {sorted(told)}, where the package makes {sorted(expected)}")
        if passes and summary["failed"]:
            failures.append(f"{label}: {summary['failed']} cases failed, where the package is right")
        if not passes and not summary["failed"]:
            failures.append(f"{label}: every case passed: the cases miss what the package does")
    return outcome.report(failures, len(PROGRAMS))


if __name__ == "__main__":
    sys.exit(main())
