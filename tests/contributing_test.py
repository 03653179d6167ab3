#!/usr/bin/env python3
"""CONTRIBUTING.md matches the tree. Its architecture names every source folder and module of
the grader: a newcomer who reads it finds each file's place, and a module added without a word
there fails here. No two sources of the grader include each other, directly or around a loop.
Each recipe lists files that exist, as many as its heading says, and no source outside a
recipe lists the names that recipe adds to: for a report format, a batch output and a
protocol command, a file that names more than half of the existing names is such a list, however
it quotes them (`"HASH"`, `"> HASH "`, `b"HASH"`, a bare word in a dictionary).

Usage: contributing_test.py SOURCE"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402

NOT_SOURCES = {"fixtures", "testdata"}  # test programs and data, not modules
CODE = ("grader", "reference", "scripts", "tools", "gradescope", "deploy")
QUOTED = r"[\"']{}[\"' ]"  # a name in quotes: the formats' and outputs' are English words
WORD = r"(?<![A-Za-z0-9_]){}(?![A-Za-z0-9_])"  # a name however quoted: `"> HASH "`, HASH in a list
# Each recipe's table: the file, the line that opens the table, a row's pattern (its name), how
# a name is found in a file, and the folders where a second list would make the recipe untrue
# (the batch outputs' names are also files that tests read, which is no list of them).
TABLES = {"Add a report format": ("grader/report/formats.cpp", "kFormats[] = {", r'^\s*\{"([a-z]+)", "',
                                  QUOTED, CODE + ("tests",)),
          "Add a batch output": ("grader/report/batch_outputs.cpp", "kOutputs[] = {",
                                 r'^\s*\{"([a-z.]+)", (?:true|false),', QUOTED, CODE),
          "Add a protocol command": ("reference/interpreter.cpp", "kCommands[] = {", r'^\s*\{"([A-Z0-9]+)", "',
                                     WORD, CODE + ("tests", "fuzz"))}
CITATION = re.compile(r'docs/protocol\.md, \\?"[^"\\]*\\?"')  # the citations_test.py form
SEARCHED = (".cpp", ".hpp", ".py", ".js", ".sh", ".cmake", ".txt", ".dict")


def sources(root: pathlib.Path):
    """Every .cpp and .hpp of grader/ and its folders, but tests, relative to grader/."""
    for path in sorted((root / "grader").rglob("*")):
        relative = path.relative_to(root / "grader")
        if (path.suffix in (".cpp", ".hpp") and relative.parts[0] not in NOT_SOURCES
                and not path.stem.endswith("_test") and path.stem != "test_main"):
            yield relative


def table_names(root: pathlib.Path, table: str, opening: str, row: str):
    """The names of the rows of the table that opens at `opening`, up to its closing `};`."""
    text = (root / table).read_text()
    start = text.find(opening)
    if start < 0:
        return []
    return re.findall(row, text[start:text.index("};", start)], re.M)


def include_loops(root: pathlib.Path):
    """Each loop of #include "..." among the grader's sources (a .cpp counts as its module's)."""
    grader = root / "grader"
    edges = {}
    for relative in sources(root):
        module = str(relative.with_suffix(""))
        for name in re.findall(r'^#include "([^"]+)"', (grader / relative).read_text(), re.M):
            # as the compiler looks: the including file's folder, then the include paths
            for base in ((grader / relative).parent, grader, grader / "core"):
                if (base / name).exists():
                    target = str((base / name).relative_to(grader).with_suffix(""))
                    if target != module:
                        edges.setdefault(module, set()).add(target)
                    break
    loops, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                loops.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    return loops


def check_recipes(root: pathlib.Path, text: str, failures: list) -> int:
    checks = 0
    section = re.search(r"^## Recipes\n(.*?)^## ", text, re.S | re.M)
    if section is None:
        failures.append("CONTRIBUTING.md has no \"## Recipes\" section")
        return 1
    recipes = re.findall(r"^### (.+?) \((\d+) files\)\n(.*?)(?=^### |\Z)", section.group(1), re.S | re.M)
    if sorted(title for title, _, _ in recipes) != sorted(TABLES):
        failures.append(f"the recipes are {[t for t, _, _ in recipes]}, not {sorted(TABLES)}")
    for title, count, body in recipes:
        files = re.findall(r"^- `([^`]+)`", body, re.M)
        checks += 1
        if len(files) != int(count):
            failures.append(f"recipe \"{title}\" says {count} files and lists {len(files)}")
        for name in files:
            checks += 1
            if not (root / name).exists():
                failures.append(f"recipe \"{title}\" names {name}, which does not exist")
        if title not in TABLES:
            continue
        table, opening, row, found, searched = TABLES[title]
        names = table_names(root, table, opening, row)
        if len(names) < 3:
            failures.append(f"recipe \"{title}\": found {names} in {table}, not its table")
            continue
        listed = {pathlib.PurePath(f) for f in files}
        for folder in searched:
            for path in sorted((root / folder).rglob("*")):
                if not path.is_file() or path.suffix not in SEARCHED:
                    continue
                # a citation of docs/protocol.md names a part by its heading, which may hold a
                # command's name ("MurmurHash3 x86_32 (HASH)"): that names no command to change
                content = CITATION.sub("", path.read_text(errors="replace"))
                quoted = [n for n in names if re.search(found.format(re.escape(n)), content)]
                checks += 1
                relative = pathlib.PurePath(path.relative_to(root))
                if 2 * len(quoted) > len(names) and relative not in listed:
                    failures.append(f"{relative} lists {len(quoted)} of the {len(names)} names that recipe "
                                    f"\"{title}\" adds to, and the recipe does not name it")
    return checks


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    args = parser.parse_args()
    text = (args.source / "CONTRIBUTING.md").read_text()
    section = re.search(r"^## Architecture\n(.*?)^## ", text, re.S | re.M)
    if section is None:
        return report(["CONTRIBUTING.md has no \"## Architecture\" section"])
    architecture = section.group(1)
    failures, checks = [], 0
    # a module is named as `name.cpp`, `name.{hpp,cpp}` or `name.hpp`; one in a folder of
    # grader/ other than core/ with its folder, `report/json.{hpp,cpp}`
    named = set(re.findall(r"((?:[a-z_0-9]+/)?[a-z_0-9]+)\.(?:\{hpp,cpp\}|cpp|hpp)", architecture))
    named |= {n.split("/")[-1] for n in named if n.startswith(("core/", "grader/"))}
    found = sorted({str(p.with_suffix("")) if p.parts[0] != "core" else p.stem for p in sources(args.source)})
    failures += [f"grader module {m} is not named in CONTRIBUTING.md's architecture" for m in found
                 if m not in named]
    checks += len(found)
    folders = sorted({p.parts[0] for p in sources(args.source) if len(p.parts) > 1})
    failures += [f"grader folder {f}/ is not named in CONTRIBUTING.md's architecture" for f in folders
                 if f"{f}/" not in architecture]
    checks += len(folders)
    loops = include_loops(args.source)
    failures += [f"an include loop among the grader's sources: {loop}" for loop in loops]
    checks += 1
    checks += check_recipes(args.source, text, failures)
    return report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
