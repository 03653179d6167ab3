#!/usr/bin/env python3
"""CONTRIBUTING.md's architecture names every source of the grader: a newcomer who reads it
finds each file's place, and a module added without a word there fails here.

Usage: contributing_test.py SOURCE"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402


def modules(source: pathlib.Path):
    """The grader's modules: each .cpp or .hpp of grader/ and grader/core/ but tests, by stem."""
    found = set()
    for folder in (source / "grader", source / "grader" / "core"):
        for path in folder.iterdir():
            if path.suffix in (".cpp", ".hpp") and not path.stem.endswith("_test") and path.stem != "test_main":
                found.add(path.stem)
    return sorted(found)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    args = parser.parse_args()
    text = (args.source / "CONTRIBUTING.md").read_text()
    section = re.search(r"^## Architecture\n(.*?)^## ", text, re.S | re.M)
    if section is None:
        return report(["CONTRIBUTING.md has no \"## Architecture\" section"])
    # a module is named as `name.cpp`, `name.{hpp,cpp}`, `name.hpp` or `core/name...`
    named = set(re.findall(r"([a-z_0-9]+)\.(?:\{hpp,cpp\}|cpp|hpp)", section.group(1)))
    found = modules(args.source)
    failures = [f"grader module {m} is not named in CONTRIBUTING.md's architecture" for m in found
                if m not in named]
    return report(failures, len(found))


if __name__ == "__main__":
    sys.exit(main())
