"""Test support: what the tests read of a case file (docs/case-format.md) in their own words,
apart from the grader's parser: the lines it sends and its hints."""
import pathlib
import re

HINT = re.compile(r"@hint (?:([A-Z0-9_]+):(?: |$))?(.*)$")


def sent_lines(case: pathlib.Path) -> list[str]:
    """The lines the case sends, without their "> "."""
    return [line[2:] for line in case.read_text().splitlines() if line.startswith("> ")]


def hints(case: pathlib.Path) -> list[tuple[int, str, str]]:
    """(line number, command or "" when bound to none, text) of each @hint."""
    found = []
    for number, line in enumerate(case.read_text().splitlines(), 1):
        bound = HINT.match(line)
        if bound:
            found.append((number, bound.group(1) or "", bound.group(2).strip()))
    return found


# What a report shows in a hint's place when a case's @needs failed too (report.hpp, shown_hints).
BUILDS_ON = re.compile(r"^this case builds on what (\S+(?:, \S+)*(?: and \S+)?) tests?, and .* first$")
# What a report puts before a hint whose @needs were not graded: "if X passes: ".
ASSUMING = re.compile(r"^if \S+(?:, \S+)*(?: and \S+)? pass(?:es)?: ")


def declared_text(shown: str) -> str:
    """A shown hint as its case declares it: without the premise a report puts before it."""
    return ASSUMING.sub("", shown, count=1)
