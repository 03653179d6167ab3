#!/usr/bin/env python3
"""The options table (grader/core/option_table.cpp) is what the command lines and the docs say:

- every options table of the docs, marked `<!-- bloom-grader options [COMMAND...] -->` on the
  line before it, is what `bloom-grader options [COMMAND...]` prints, byte for byte;
- each subcommand's --help lists exactly the options the table gives it, each with the row's
  help, and check's usage lists exactly check's rows, each with its help.

Usage: options_test.py SOURCE_DIR BLOOM_GRADER CHECK"""
import difflib
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402

MARKER = re.compile(r"^<!-- bloom-grader options([a-z ]*) -->$")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def rows_of(markdown):
    """[(names, help)] of a Markdown options table: the first cell's words in backquotes, the
    last cell as --help prints it."""
    rows = []
    for line in markdown.splitlines()[2:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        names = re.findall(r"`([^`]+)`", cells[0])
        rows.append((names, cells[-1].replace("\\|", "|").replace("<br>", " ")))
    return rows


def grader_help_options(text):
    """{name: its --help paragraph, joined} of a subcommand's --help, operands included."""
    found, current, section = {}, None, None
    for line in text.splitlines():
        if re.match(r"^[A-Z][a-z]+:$", line):
            section, current = line, None
            continue
        match = re.match(r"^  (\S+)\s*(.*)$", line)
        if section in ("Options:", "Positionals:") and match:
            current = match.group(1).split(",")[-1]
            found[current] = match.group(2).strip()
        elif current and line.startswith("      "):
            found[current] += " " + line.strip()
        else:
            current = None
    return found


def doc_tables(source, grader, tally):
    marked = 0
    for doc in sorted((source / "docs").glob("*.md")):
        lines = doc.read_text().splitlines()
        for number, line in enumerate(lines, 1):
            match = MARKER.match(line)
            if not match:
                continue
            marked += 1
            table = []
            for row in lines[number:]:
                if not row.startswith("|"):
                    break
                table.append(row + "\n")
            printed = run([grader, "options", *match.group(1).split()])
            diff = "".join(difflib.unified_diff(table, printed.splitlines(True), f"{doc.name}:{number}",
                                                "bloom-grader options" + match.group(1)))
            tally(not diff, f"{doc.name}:{number}: the table is not what the options table prints:\n{diff}")
    tally(marked >= 2, f"the docs mark {marked} options tables; grader.md and github-classroom.md have one each")


def grader_helps(grader, tally):
    top = run([grader, "--help"])
    subcommands = re.findall(r"^  ([a-z]+)\s", top.split("Subcommands:", 1)[1], re.M)
    tally(len(subcommands) >= 11, f"bloom-grader --help lists {subcommands}")
    for sub in subcommands:
        listed = grader_help_options(run([grader, sub, "--help"]))
        listed.pop("--help")
        rows = rows_of(run([grader, "options", sub]))
        names = [names[-1] for names, _ in rows]
        tally(sorted(listed) == sorted(names),
              f"{sub} --help lists {sorted(listed)}, the table gives it {sorted(names)}")
        for name, (names_, help_) in zip(names, rows):
            text = listed.get(name, "")
            tally(text.endswith(help_), f"{sub} --help says of {name} {text!r}, the table {help_!r}")


def check_usage(grader, check, tally):
    usage = run([check, "--help"])
    flat = " ".join(usage.split())
    synopsis = " ".join(usage.split("\n\n", 1)[0].split())
    rows = rows_of(run([grader, "options", "check"]))
    options = [names[-1] for names, _ in rows if names[-1].startswith("-")]
    listed = re.findall(r"\[(--[a-z-]+)", synopsis)
    tally(listed == ["--help", *options], f"check's usage lists {listed}, the table gives it {options}")
    for names, help_ in rows:
        if not names[-1].startswith("-"):
            continue  # an operand: the usage's about text says what they are
        tally(" ".join(help_.split()) in flat, f"check's usage lacks the help of {names}: {help_!r}")


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("grader")
    parser.add_argument("check")
    args = parser.parse_args()
    tally = Tally()
    doc_tables(args.source, args.grader, tally)
    grader_helps(args.grader, tally)
    check_usage(args.grader, args.check, tally)
    return tally.report()


if __name__ == "__main__":
    sys.exit(main())
