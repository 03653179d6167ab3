"""The mutation corpus's mutator: every one-place change of the kinds students make, inside the
solution regions of the reference (`// BEGIN SOLUTION EXERCISE` to `// STUB` or
`// END SOLUTION`, CONTRIBUTING.md), each labelled with the step it breaks: the function of
BLOOM_FUNCTIONS (reference/functions.hpp) whose region it edits, or, for a region of helpers,
the one function whose region calls them. No randomness: the same sources give the same
mutants, in the same order, with the same ids.

It reads C++ as tokens of one line at a time, which is all the regions need: a `<` after a
name and before a type opens a template's arguments; a `*` or `&` after a type declares a
pointer or a reference; an operator is binary when a value stands before it.

  mutator.py REFERENCE_DIR [--exercise NAME]...    lists the mutants, one a line"""
import dataclasses
import pathlib
import re
import sys

# What a student's slip turns each operator into (issue 36's list): one mutant each.
OPERATORS = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "^": ["|"], "|": ["^", "&"], "&": ["|"],
             "<<": [">>"], ">>": ["<<"], "<": ["<="], "<=": ["<"], ">": [">="], ">=": [">"],
             "==": ["!="], "!=": ["=="], "+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="],
             "^=": ["|="], "|=": ["^=", "&="], "&=": ["|="], "<<=": [">>="], ">>=": ["<<="]}
# Widths and signedness: a narrower or a signed type where the solution has its own.
TYPES = {"std::uint64_t": ["std::uint32_t", "std::int64_t"], "std::uint32_t": ["std::int32_t"],
         "std::int64_t": ["std::int32_t"], "std::uint8_t": ["std::int8_t"],
         "std::size_t": ["std::uint8_t", "std::uint16_t"], "double": ["float"]}
# The library function a student reaches for instead.
CALLS = {"std::log": ["std::log10", "std::log2"], "std::ceil": ["std::floor", "std::round"],
         "std::floor": ["std::ceil", "std::round"], "std::round": ["std::trunc", "std::ceil"],
         "std::trunc": ["std::round", "std::ceil"], "std::min": ["std::max"], "std::max": ["std::min"],
         "std::rotl": ["std::rotr"]}
RESERVE = re.compile(r"\s*\w+\.reserve\(.*\);\s*$")
SHIFTS = {"<<", ">>", "<<=", ">>="}
TYPE_WORDS = {"int", "unsigned", "double", "float", "char", "bool", "long", "short", "auto", "void", "const",
              "constexpr", "std", "static", "signed"}
KEYWORDS = {"if", "for", "while", "switch", "return", "case", "static_cast", "reinterpret_cast",
            "sizeof", "throw", "decltype"}
TOKEN = re.compile(r"""(?P<space>\s+)|(?P<comment>//.*)|(?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
    |(?P<number>0[xX][0-9a-fA-F]+[uUlL]*|\d+\.\d*(?:[eE][+-]?\d+)?|\d+(?:[eE][+-]?\d+)?[uUlL]*)
    |(?P<name>[A-Za-z_]\w*)
    |(?P<op><<=|>>=|->|::|<<|>>|<=|>=|==|!=|&&|\|\||\+\+|--|\+=|-=|\*=|/=|%=|&=|\|=|\^=|.)""", re.X)


@dataclasses.dataclass(frozen=True)
class Token:
    kind: str
    text: str
    start: int
    end: int


@dataclasses.dataclass(frozen=True)
class Region:
    path: pathlib.Path
    exercise: str
    first: int  # 0-based index of its first line of code
    last: int  # one past its last line of code (the `// STUB` or `// END SOLUTION` line)
    function: str  # the C++ function it is in, "" for a region of helpers


@dataclasses.dataclass(frozen=True)
class Mutant:
    id: str  # FILE:LINE:COLUMN:KIND:replacement, unique
    path: pathlib.Path
    exercise: str
    step: str  # BLOOM_FUNCTIONS' name of the function it breaks
    kind: str  # constant, shift, operator, statement, type, index, bound, arguments, float, call
    line: int  # 1-based
    before: str  # the line as it was
    after: str  # the line with the change
    text: str  # the whole mutated file

    def describe(self):
        return f"{self.id}: {self.before.strip()}  ->  {self.after.strip()}"


def tokens(code: str) -> list[Token]:
    """The tokens of one line of C++, white space and comments left out."""
    found = []
    for match in TOKEN.finditer(code):
        kind = match.lastgroup
        if kind in ("space", "comment"):
            continue
        found.append(Token(kind, match.group(), match.start(), match.end()))
    return found


def is_type_name(token: Token) -> bool:
    return token.kind == "name" and (token.text in TYPE_WORDS or token.text.endswith("_t")
                                     or token.text[0].isupper())


def template_brackets(toks: list[Token]) -> set[int]:
    """The indexes of the `<`, `>` and `>>` tokens that open and close template arguments."""
    brackets, depth = set(), 0
    for index, token in enumerate(toks):
        nxt = toks[index + 1] if index + 1 < len(toks) else None
        if (token.text == "<" and index > 0 and toks[index - 1].kind == "name"
                and nxt is not None and (is_type_name(nxt) or nxt.text == "::")):
            brackets.add(index)
            depth += 1
        elif depth > 0 and token.text in (">", ">>"):
            brackets.add(index)
            depth -= len(token.text)
    return brackets


def is_binary(toks: list[Token], index: int, brackets: set[int]) -> bool:
    """Whether toks[index] is a binary operator: a value stands before it."""
    if index == 0 or index in brackets:
        return False
    before = toks[index - 1]
    if before.kind == "number" or before.text in (")", "]", "}"):
        return True
    if before.kind == "name" and before.text not in KEYWORDS:
        return not is_type_name(before) or toks[index].text not in ("*", "&")
    return False


def number_changes(token: Token, toks: list[Token], index: int) -> list[tuple[str, str]]:
    """(kind, replacement) for a numeric literal: a digit changed, the constant cut to fewer
    digits, an integer one up or down (a shift or rotate amount by 1 and 2)."""
    text = token.text
    if text.lower().startswith("0x"):
        digits, suffix = re.match(r"0[xX]([0-9a-fA-F]+)([uUlL]*)", text).groups()
        changes = []
        for place in sorted({0, len(digits) - 1}):  # the first digit and the last
            value = (int(digits[place], 16) + 1) % 16
            digit = format(value, "x" if digits[place].islower() or digits[place].isdigit() else "X")
            changes.append(("constant", text[:2] + digits[:place] + digit + digits[place + 1:] + suffix))
        if len(digits) >= 4:
            changes.append(("constant", text[:2] + digits[:-1] + suffix))
        return changes
    if "." in text:
        whole, fraction = text.split(".", 1)
        fraction, exponent = (fraction.split("e", 1) + [""])[:2] if "e" in fraction else (fraction, "")
        exponent = "e" + exponent if exponent else ""
        changes = []
        places = {len(fraction) - 1} if len(fraction) <= 2 else {len(fraction) - 1, len(fraction) // 2}
        for place in sorted(places):
            for step in (1, -1) if len(fraction) <= 2 else (1,):
                digit = int(fraction[place]) + step
                if 0 <= digit <= 9:
                    changed = fraction[:place] + str(digit) + fraction[place + 1:]
                    changes.append(("constant", f"{whole}.{changed}{exponent}"))
        if len(fraction) > 4:  # cut short, as the constant is copied from a table: 0.69, 0.693
            for keep in (2, 3, 4, 6):
                changes.append(("constant", f"{whole}.{fraction[:keep]}{exponent}"))
            rounded = f"{round(float(whole + '.' + fraction), 4):.4f}"
            changes.append(("constant", rounded + exponent))
        return changes
    digits, suffix = re.match(r"(\d+)([uUlL]*)", text).groups()
    value = int(digits)
    before = toks[index - 1].text if index > 0 else ""
    rotate = index >= 4 and toks[index - 1].text == "," and any(
        t.text in ("rotl", "rotr") for t in toks[max(0, index - 8):index])
    if before in SHIFTS or rotate:
        return [("shift", f"{value + d}{suffix}") for d in (-2, -1, 1, 2) if value + d > 0]
    changes = [("constant", f"{value + d}{suffix}") for d in (-1, 1) if value + d >= 0]
    if value >= 100:
        changes.append(("constant", digits[:-1] + suffix))
    return changes


def call_arguments(toks: list[Token], open_index: int):
    """The (first, last) token indexes of each argument of the call whose `(` is at open_index,
    or None when the call does not close on this line."""
    arguments, depth, first = [], 0, open_index + 1
    for index in range(open_index, len(toks)):
        text = toks[index].text
        if text in ("(", "[", "{"):
            depth += 1
        elif text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                if index > first:
                    arguments.append((first, index - 1))
                return arguments
        elif text == "," and depth == 1:
            arguments.append((first, index - 1))
            first = index + 1
    return None


def line_changes(code: str, loop_names: set[str], statement_start: bool):
    """(kind, start, end, replacement) of each change to one line of code of a region."""
    toks = tokens(code)
    brackets = template_brackets(toks)
    changes = []
    is_for = bool(toks) and toks[0].text == "for"
    header_end = len(toks)
    if is_for:
        arguments = call_arguments(toks, 1)
        header_end = arguments[-1][1] + 2 if arguments else len(toks)
    index = 0
    while index < len(toks):
        token = toks[index]
        # qualified names: std::uint32_t, std::log
        if token.text == "std" and index + 2 < len(toks) and toks[index + 1].text == "::":
            name = "std::" + toks[index + 2].text
            start, end = token.start, toks[index + 2].end
            for replacement in TYPES.get(name, []):
                changes.append(("type", start, end, replacement))
            for replacement in CALLS.get(name, []):
                changes.append(("call", start, end, replacement))
            index += 3
            continue
        if token.kind == "name" and token.text in TYPES:
            for replacement in TYPES[token.text]:
                changes.append(("float" if token.text == "double" else "type", token.start, token.end,
                                replacement))
        elif token.kind == "number":
            for kind, replacement in number_changes(token, toks, index):
                changes.append((kind, token.start, token.end, replacement))
        elif token.kind == "op" and token.text in OPERATORS and is_binary(toks, index, brackets):
            for replacement in OPERATORS[token.text]:
                changes.append(("operator", token.start, token.end, replacement))
        elif token.kind == "name" and token.text in loop_names and not (is_for and index < header_end):
            for replacement in (f"({token.text} + 1)", f"({token.text} - 1)"):
                changes.append(("index", token.start, token.end, replacement))
        index += 1
    # a subscript by a name: [i] -> [i + 1], [i - 1] (a loop's name is changed above already)
    for index in range(1, len(toks) - 1):
        if (toks[index - 1].text == "[" and toks[index].kind == "name" and toks[index + 1].text == "]"
                and toks[index].text not in loop_names):
            for replacement in (f"{toks[index].text} + 1", f"{toks[index].text} - 1"):
                changes.append(("index", toks[index].start, toks[index].end, replacement))
    # a loop's bound: for (...; i < BOUND; ...) -> BOUND + 1, BOUND - 1
    if is_for:
        parts = [i for i in range(2, header_end) if toks[i].text == ";"]
        if len(parts) == 2:
            condition = toks[parts[0] + 1:parts[1]]
            for place, token in enumerate(condition):
                if token.text in ("<", "<=", ">", ">=") and place + 1 < len(condition):
                    start, end = condition[place + 1].start, condition[-1].end
                    bound = code[start:end]
                    for replacement in (f"{bound} + 1", f"{bound} - 1"):
                        changes.append(("bound", start, end, replacement))
    # swapped arguments: f(a, b) -> f(b, a), each two neighbours
    for index in range(len(toks) - 1):
        if toks[index].kind == "name" and toks[index].text not in KEYWORDS and toks[index + 1].text == "(" \
                and index not in brackets and not is_type_name(toks[index]) \
                and not (index > 0 and is_type_name(toks[index - 1])):  # a definition's parameters
            arguments = call_arguments(toks, index + 1)
            for (a_first, a_last), (b_first, b_last) in zip(arguments or [], (arguments or [])[1:]):
                a = code[toks[a_first].start:toks[a_last].end]
                b = code[toks[b_first].start:toks[b_last].end]
                if a != b:
                    changes.append(("arguments", toks[a_first].start, toks[b_last].end,
                                    code[toks[a_first].start:toks[b_last].end].replace(a, "\0", 1)
                                    .replace(b, a, 1).replace("\0", b, 1)))
    # a dropped statement: a whole line that does something, not a declaration nor a return
    if (statement_start and toks and code.rstrip().endswith(";") and not is_type_name(toks[0])
            and toks[0].text not in ("return", "case", "break") and code.count("(") == code.count(")")):
        changes.append(("statement", toks[0].start, len(code.rstrip()), ""))
    return changes


def regions(path: pathlib.Path) -> list[Region]:
    """The solution regions of one source, each with the function it is in."""
    lines = path.read_text().splitlines()
    found, open_at, exercise = [], None, ""
    for number, line in enumerate(lines):
        begin = re.match(r"\s*// BEGIN SOLUTION (\w+)", line)
        if begin:
            open_at, exercise = number, begin.group(1)
        elif open_at not in (None, -1) and re.match(r"\s*// (STUB|END SOLUTION)\s*$", line):
            function = ""
            if line.startswith(" "):  # inside a function's body: the nearest definition above
                for above in reversed(lines[:open_at]):
                    definition = re.match(r"[A-Za-z][\w:<>, ]*?\b(\w+)\(", above)
                    if definition and not above.startswith(("namespace", "//", "#")):
                        function = definition.group(1)
                        break
            found.append(Region(path, exercise, open_at + 1, number, function))
            open_at = None if line.strip() == "// END SOLUTION" else -1
        elif open_at == -1 and line.strip() == "// END SOLUTION":
            open_at = None
    return found


def function_table(functions_hpp: pathlib.Path) -> list[tuple[str, str, str]]:
    """(name, reference function, Step) of each row of BLOOM_FUNCTIONS, in the table's order."""
    text = functions_hpp.read_text()
    table = text[text.index("#define BLOOM_FUNCTIONS(X)"):]
    table = table[:table.index("\n\n")]
    return re.findall(r"X\((\w+), (\w+), (\w+), ", table)


def steps_of_regions(reference: pathlib.Path):
    """[(region, step)] of every solution region: a function's own region is its step; a region
    of helpers is the step of the one function whose region calls them."""
    names = {reference_name: name for name, reference_name, _ in function_table(reference / "functions.hpp")}
    labelled = []
    for path in sorted(reference.glob("*.cpp")):
        found = regions(path)
        lines = path.read_text().splitlines()
        for region in found:
            if region.function:
                if region.function not in names:
                    raise ValueError(f"{path.name}:{region.first}: the region is in {region.function}, "
                                     "which is no function of BLOOM_FUNCTIONS")
                labelled.append((region, names[region.function]))
                continue
            code = "\n".join(lines[region.first:region.last])
            helpers = set(re.findall(r"^[A-Za-z][\w:<>, ]*?\b(\w+)\(", code, re.M))
            users = {names[other.function] for other in found if other.function
                     for helper in helpers
                     if re.search(rf"\b{helper}\(", "\n".join(lines[other.first:other.last]))}
            if len(users) != 1:
                raise ValueError(f"{path.name}:{region.first}: the helpers {sorted(helpers)} are called by "
                                 f"{sorted(users) or 'no function of the table'}, not by one")
            labelled.append((region, users.pop()))
    return labelled


def mutants(reference: pathlib.Path, exercises=None) -> list[Mutant]:
    """Every mutant of the regions of `exercises` (all when None), in source order, without two
    that make the same file."""
    made, seen = [], set()
    for region, step in steps_of_regions(reference):
        if exercises is not None and region.exercise not in exercises:
            continue
        source = region.path.read_text()
        lines = source.splitlines(keepends=True)
        loop_names = set()
        for line in lines[region.first:region.last]:
            loop_names |= set(re.findall(r"\bfor \((?:const )?[\w:]+ (\w+) = ", line))
        statement_start = True
        for number in range(region.first, region.last):
            line = lines[number]
            code = line.split("//", 1)[0].rstrip("\n")
            if not code.strip() or RESERVE.match(code):
                continue  # a reserve() call sets a vector's capacity, which no answer shows
            for kind, start, end, replacement in line_changes(code, loop_names, statement_start):
                after = line[:start] + replacement + line[end:]
                text = "".join(lines[:number]) + after + "".join(lines[number + 1:])
                if text in seen or text == source:
                    continue
                seen.add(text)
                mutant_id = f"{region.path.name}:{number + 1}:{start + 1}:{kind}:{replacement or 'dropped'}"
                made.append(Mutant(mutant_id, region.path, region.exercise, step, kind, number + 1,
                                   line.rstrip("\n"), after.rstrip("\n"), text))
            statement_start = code.rstrip().endswith((";", "{", "}", ":"))
    return made


def main():
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "support"))
    import cli  # noqa: E402 (tests/support, where the test that imports this module finds it too)
    parser = cli.parser(__doc__)
    parser.add_argument("reference", help="the reference's folder (reference/)")
    parser.add_argument("--exercise", action="append", help="only this exercise's regions (repeatable)")
    args = parser.parse_args()
    for mutant in mutants(pathlib.Path(args.reference), set(args.exercise) if args.exercise else None):
        print(f"{mutant.exercise}\t{mutant.step}\t{mutant.describe()}")


if __name__ == "__main__":
    main()
