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


def directive(case: pathlib.Path, name: str):
    """The value of the case's `@NAME VALUE` directive, or None when it has none."""
    for line in case.read_text().splitlines():
        if line.startswith(f"@{name} "):
            return line[len(name) + 2:].strip()
    return None


def points(case: pathlib.Path) -> int:
    """What the case is worth: its @points, 1 without one."""
    value = directive(case, "points")
    return 1 if value is None else int(value)
