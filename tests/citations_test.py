#!/usr/bin/env python3
"""Feedback cites only what a student's repository holds.

A student's starter (and bundle, and Classroom template) holds docs/protocol.md, generated equal
to the kit's, but not the course's lessons, which the course hands out apart: so the feedback a
student reads cites docs/protocol.md and never a section of a lesson. The feedback is every case
file (its comments and hints), every known mistake's source and message (cases/mistakes.tsv,
recorded from reference/kit/mistakes.cpp), the text the grader's core prints, and the report
docs/mistakes.md shows.

A citation is `docs/protocol.md, "NAME"` (or `"A" and "B"`), optionally followed by `, step N`;
NAME is a heading of docs/protocol.md or the bold label that opens one of its paragraphs (its
closing period dropped), and it must name exactly one of them; step N is a numbered item of that
part. `docs/protocol.md#ANCHOR` must be the GitHub anchor of one of its headings. A lesson may
be named (`lesson 002`), not a section of it (`lesson 002, step 3`, `lesson 004, section 4.3`).

The docs themselves: each symbol means one thing (`·` marks a trailing space in what the grader
shows, docs/grader.md, and nowhere else), and no table is split by a blank line.

  citations_test.py SOURCE"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import outcome  # noqa: E402

CITATION = re.compile(r'docs/protocol\.md,\s+((?:"[^"]+"(?:\s+and\s+|,\s+step\s+\d+|(?=[;)\s])))+)')
NAME = re.compile(r'"([^"]+)"(?:,\s+step\s+(\d+))?')
ANCHOR = re.compile(r"docs/protocol\.md#([A-Za-z0-9_-]+)")
LESSON_SECTION = re.compile(r"\blessons? \d{3}(?:'s)?,? (?:\"|section\b|step\b|§)|§")
MIDDLE_DOT = "\u00b7"


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation but - and _ dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def protocol_parts(text):
    """{name: [the text of each part so named]}: headings (to the next heading) and bold labels
    (to the next blank line)."""
    parts = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        heading = re.match(r"#{1,6} (.+)", line)
        if heading:
            end = next((j for j in range(i + 1, len(lines)) if re.match(r"#{1,6} ", lines[j])), len(lines))
            parts.setdefault(heading[1].strip(), []).append("\n".join(lines[i:end]))
        label = re.match(r"\*\*([^*]+?)\.?\*\*", line)
        if label:
            end = next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))
            parts.setdefault(label[1], []).append("\n".join(lines[i:end]))
    return parts


def flat(text):
    """A case file's text with its comment lines joined, as a reader reads a wrapped citation."""
    return re.sub(r"\n#\s*", " ", text)


def citation_problems(where, text, parts, anchors):
    problems = []
    for match in CITATION.finditer(text):
        for name in NAME.finditer(match[1]):
            found = parts.get(name[1], [])
            if len(found) != 1:
                problems.append(f"{where}: docs/protocol.md, \"{name[1]}\" names {len(found)} parts of it, not 1")
            elif name[2] and not re.search(rf"^{name[2]}\. ", found[0], re.M):
                problems.append(f"{where}: docs/protocol.md, \"{name[1]}\" has no step {name[2]}")
    for match in ANCHOR.finditer(text):
        if match[1] not in anchors:
            problems.append(f"{where}: docs/protocol.md#{match[1]} is no heading's anchor")
    for match in re.finditer(r"docs/protocol\.md(?![#,])", text):
        problems.append(f"{where}: docs/protocol.md is cited with no part of it: {text[match.start():match.start() + 60]!r}")
    for match in LESSON_SECTION.finditer(text):
        problems.append(f"{where}: cites a section of a lesson, which a student's repository does not hold: "
                        f"{text[match.start():match.start() + 60]!r}")
    return problems


def printed(code):
    """The string literals of C++ code, adjacent ones joined: the text it prints, not its comments."""
    code = re.sub(r'"\s*\n\s*"', "", code)
    return "\n".join(s.replace('\\"', '"') for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', code))


def feedback(source):
    """(where, text) of everything a student reads as feedback."""
    for case in sorted((source / "cases").rglob("*.case")):
        yield str(case.relative_to(source)), flat(case.read_text())
    for n, line in enumerate((source / "cases" / "mistakes.tsv").read_text().splitlines(), 1):
        if not line.startswith("#"):
            yield f"cases/mistakes.tsv:{n}", "\t".join(line.split("\t")[2:])
    for file in sorted((source / "grader" / "core").glob("*.cpp")):
        if not file.name.endswith("_test.cpp"):
            yield str(file.relative_to(source)), printed(file.read_text())
    report = re.findall(r"^\s+(?:diagnosis|hint): .*$", (source / "docs" / "mistakes.md").read_text(), re.M)
    yield "docs/mistakes.md", "\n".join(report)


def doc_problems(source):
    problems = []
    for doc in sorted((source / "docs").glob("*.md")):
        text = doc.read_text()
        lines = text.split("\n")
        for n in range(2, len(lines)):
            if lines[n - 2].startswith("|") and not lines[n - 1].strip() and lines[n].startswith("| `"):
                problems.append(f"docs/{doc.name}:{n + 1}: a blank line splits a table")
        for n, line in enumerate(lines, 1):
            if MIDDLE_DOT in line and not (doc.name == "grader.md" and "trailing space" in line):
                problems.append(f"docs/{doc.name}:{n}: {MIDDLE_DOT} here does not mark a trailing space: "
                                f"{line.strip()[:70]!r}")
    return problems


def main():
    source = pathlib.Path(sys.argv[1])
    protocol = (source / "docs" / "protocol.md").read_text()
    parts = protocol_parts(protocol)
    anchors = {anchor(h) for h in re.findall(r"^#{1,6} (.+)$", protocol, re.M)}
    failures, checks, cited = [], 0, 0
    for where, text in feedback(source):
        checks += 1
        cited += len(CITATION.findall(text))
        failures += citation_problems(where, text, parts, anchors)
    failures += doc_problems(source)
    for starter in sorted((source / "starter").iterdir()):
        if (starter / "docs" / "protocol.md").read_text() != protocol:
            failures.append(f"{starter.relative_to(source)}/docs/protocol.md is not docs/protocol.md")
    # the checks themselves, on text that breaks each rule once
    broken = ('(docs/protocol.md, "Sizing") (docs/protocol.md, "Nowhere") '
              '(docs/protocol.md, "Double hashing (POSITIONS)", step 2) docs/protocol.md#nowhere '
              '(lesson 002, step 3) (lesson 004, section 4.3) (lesson 000, "Sizing") see docs/protocol.md')
    found = citation_problems("broken", broken, parts, anchors)
    if len(found) != 8:
        failures.append(f"the checks find {len(found)} of the 8 broken citations: {found}")
    if citation_problems("sound", '(docs/protocol.md, "Bits" and "MurmurHash3 x86_32 (HASH)", step 3) '
                         '(lesson 002) docs/protocol.md#double-hashing-positions', parts, anchors):
        failures.append("the checks refuse sound citations")
    if cited < 100:
        failures.append(f"only {cited} citations found: the pattern no longer reads them")
    print(f"{checks} texts, {cited} citations of docs/protocol.md")
    return outcome.report(failures, checks + 3)


if __name__ == "__main__":
    sys.exit(main())
