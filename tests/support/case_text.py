"""Test support: what the tests read of a case file (docs/case-format.md) in their own words,
apart from the grader's parser: the lines it sends and its hints."""
import pathlib
import re
import subprocess

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


def premises(case: pathlib.Path) -> dict[str, list[str]]:
    """hint text -> its premise, the values of the `@given` lines after it (["nothing"] for a
    hint that claims no step right; [] when it writes none)."""
    found, text = {}, None
    for line in case.read_text().splitlines():
        bound = HINT.match(line)
        if bound:
            text = bound.group(2).strip()
            found[text] = []
        elif line.startswith("@given ") and text is not None:
            found[text].append(line[len("@given "):].strip())
        elif not line.startswith("@"):
            text = None
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


def hidden_suite(kit: pathlib.Path, exercise: str, public: str) -> pathlib.Path:
    """An instructor's hidden suite in the kit, where every path that grades an exercise
    finds it (hidden/EXERCISE/, docs/mistakes.md): the public case `public` of the exercise
    (its name without .case) as the hidden case `secret-PUBLIC`, so the reference passes it
    and a mistake that fails the public case fails it too. Returns the case's path."""
    text = (kit / "cases" / exercise / f"{public}.case").read_text()
    case = kit / "hidden" / exercise / f"secret-{public}.case"
    case.parent.mkdir(parents=True, exist_ok=True)
    case.write_text("# A hidden copy of a public case, as an instructor's hidden suite.\n@hidden\n" + text)
    return case


# What a report shows in a hint's place when a case's @needs failed too (report.hpp, shown_hints).
BUILDS_ON = re.compile(r"^this case builds on what (\S+(?:, \S+)*(?: and \S+)?) tests?, and .* first$")
# What a report puts before a hint whose @needs were not graded: "if X passes: ".
ASSUMING = re.compile(r"^if \S+(?:, \S+)*(?: and \S+)? pass(?:es)?: ")


def declared_text(shown: str) -> str:
    """A shown hint as its case declares it: without the premise a report puts before it."""
    return ASSUMING.sub("", shown, count=1)


def listed_mistakes(program) -> dict[str, str]:
    """id -> exercise of each known mistake `program --list-mistakes` prints, in its order: the
    catalogue in mistakes.tsv's form (docs/grader.md), whose `#` lines are comments."""
    listed = subprocess.run([program, "--list-mistakes"], capture_output=True, text=True,
                            check=True).stdout
    rows = [line.split("\t") for line in listed.splitlines() if line and not line.startswith("#")]
    return {row[0]: row[1] for row in rows}
