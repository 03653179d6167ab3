#!/usr/bin/env python3
"""An option that several subcommands of bloom-grader take says the same in each: its --help
line and its default are one declaration's (grader/main.cpp's add_*_option helpers), so they
cannot drift apart. The few options whose meaning is the subcommand's own are listed below,
each with why; for those, the test checks that they are where the table says.

Usage: options_test.py BLOOM_GRADER"""
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402

# option: (the subcommands that take it, why its words differ between them)
OWN_MEANING = {
    "--out": ({"batch", "merge", "report", "classroom"}, "each writes a different thing there"),
    "--kit": ({"classroom", "exercises"}, "classroom writes from the kit's sources; exercises reads "
              "any kit that holds the manifest, an installed one too"),
    "--report": ({"run", "build"}, "build writes only what a format says of a failed build"),
}
# --timeout is one declaration among the grading subcommands and another among those that run
# one command; --jobs is one declaration whose noun is what runs at once there.
GROUPS = {
    "--timeout": [{"run", "record", "audit", "batch"}, {"sandbox", "build"}],
}
NOUN = {"--jobs": re.compile(r"^INT:INT in \[1 - 256\] (cases run|submissions graded) at once")}


def help_text(grader, args):
    return subprocess.run([grader, *args, "--help"], capture_output=True, text=True, check=True).stdout


def options_of(text):
    """{option: its help, the lines of its paragraph joined}."""
    found, current = {}, None
    for line in text.splitlines():
        match = re.match(r"^  (-\S+)\s*(.*)$", line)
        if match:
            current = match.group(1).split(",")[-1]
            found[current] = match.group(2).strip()
        elif current and line.startswith("      "):
            found[current] += " " + line.strip()
        else:
            current = None
    return found


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    args = parser.parse_args()
    top = help_text(args.grader, [])
    subcommands = re.findall(r"^  ([a-z]+)\s", top.split("Subcommands:", 1)[1], re.M)
    taken = {}  # option -> {subcommand: help}
    for sub in subcommands:
        for option, text in options_of(help_text(args.grader, [sub])).items():
            taken.setdefault(option, {})[sub] = text
    failures, checks = [], 0
    for option, by_sub in sorted(taken.items()):
        if len(by_sub) < 2 or option == "--help":
            continue
        checks += 1
        if option in OWN_MEANING:
            if set(by_sub) != OWN_MEANING[option][0]:
                failures.append(f"{option} is taken by {sorted(by_sub)}, the table says "
                                f"{sorted(OWN_MEANING[option][0])}: say why its words differ there")
            continue
        groups = GROUPS.get(option, [set(by_sub)])
        for group in groups:
            texts = {sub: by_sub[sub] for sub in group if sub in by_sub}
            if option in NOUN:
                texts = {sub: NOUN[option].sub("", text) for sub, text in texts.items()}
            if len(set(texts.values())) > 1:
                failures.append(f"{option} says different things in " + "; ".join(
                    f"{sub}: {text!r}" for sub, text in sorted(texts.items())))
        grouped = set().union(*groups)
        if set(by_sub) - grouped:
            failures.append(f"{option} is taken by {sorted(set(by_sub) - grouped)}, in no group of the table")
    return report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
