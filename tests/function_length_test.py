#!/usr/bin/env python3
"""No function of grader/ and reference/ is longer than 80 lines, but the data tables below.

A function is measured as ctags measures it, from the line of its name to the line of its
closing brace. Every .cpp and .hpp file counts, tests and fixtures too: a doctest TEST_CASE is
a function, and a test helper is one. A lambda is part of the function it is written in; a
lambda written in a table or a variable outside any function is measured as a function itself.

The measure is a small C++ reader of its own rather than ctags: it needs no package, it reads a
TEST_CASE and a lambda in a table (ctags sees neither), and it says where it could not follow a
file rather than leaving a function out. It strips comments, string, raw string and character
literals and preprocessor lines, then follows the braces: at namespace and class scope a brace
opens a namespace, a class, a function body (after a parameter list and its qualifiers, or a
constructor's initializers) or data (an initializer, whose lambdas it measures). It checks
itself on known snippets first, so a change that breaks it fails here.

Usage: function_length_test.py SOURCE   (the kit's root; any copy of it)"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import report  # noqa: E402

LIMIT = 80  # lines, from the function's name to its closing brace
FOLDERS = ("grader", "reference")

# Data tables: functions that are one table and a return, longer than the limit because the
# table is. Each is (file, function): why it is excepted.
DATA_TABLES = {
    ("reference/kit/mistakes.cpp", "mistakes"):
        "the table of every known mistake, one row each with its slip and its lesson; split, a "
        "new mistake would have two places to go",
    ("grader/core/option_table.cpp", "rows"):
        "the table of every option of bloom-grader and check, one row each with its bound, default "
        "and help; split, a new option would have two places to go",
}

# Functions over the limit that a change under way is shortening, each excepted until it lands
# (this test fails on an entry whose function is gone or short, so an entry cannot outlive its
# reason). None today.
PENDING: set[tuple[str, str]] = set()


class Unreadable(Exception):
    """A file whose braces the reader cannot follow: reported, never skipped."""


def blank(text: str) -> str:
    """`text` with comments, literals and preprocessor lines blanked to spaces, newlines kept: a
    brace left in the result is code. A string becomes "" and a character literal '' (their
    contents blanked), so that a TEST_CASE's head still reads as a call."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":  # a preprocessor line, with its continuations
            j = i
            while j < n and not (text[j] == "\n" and text[j - 1] != "\\"):
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise Unreadable(f"line {text.count(chr(10), 0, i) + 1}: a comment that does not end")
            out.append(re.sub(r"[^\n]", " ", text[i:j + 2]))
            i = j + 2
        elif c == '"' and re.search(r"(?:^|[^\w])(?:u8|u|U|L)?R$", text[max(0, i - 3):i]):
            m = re.compile(r'"([^()\\ \n]{0,16})\(').match(text, i)
            if m is None:
                raise Unreadable(f"line {text.count(chr(10), 0, i) + 1}: a raw string without its delimiter")
            close = ")" + m.group(1) + '"'
            j = text.find(close, m.end())
            if j < 0:
                raise Unreadable(f"line {text.count(chr(10), 0, i) + 1}: a raw string that does not end")
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j + len(close) - 1]) + '"')
            i = j + len(close)
        elif c in "\"'":
            if c == "'" and is_digit_separator(text, i):
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\n":
                    raise Unreadable(f"line {text.count(chr(10), 0, i) + 1}: a literal that does not end")
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def is_digit_separator(text: str, i: int) -> bool:
    """Whether the ' at i is inside a number, as in 1'000'000."""
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_'."):
        j -= 1
    return j < i and text[j].isdigit()


def matching(code: str, i: int, open_: str, close: str, step: int) -> int:
    """The index of the bracket that matches the one at i, reading forward (step 1) or back."""
    depth, start = 0, i
    while 0 <= i < len(code):
        if code[i] == open_:
            depth += 1
        elif code[i] == close:
            depth -= 1
            if depth == 0:
                return i
        i += step
    raise Unreadable(f"line {code.count(chr(10), 0, start) + 1}: a {code[start]!r} that nothing matches")


def lambda_start(code: str, brace: int):
    """The index of the [ that opens the lambda whose body opens at `brace`, or None."""
    before = code[max(0, brace - 300):brace]
    m = re.search(r"\)\s*(?:(?:mutable|constexpr|noexcept)\s*)*(?:->\s*[\w:<>,*&\s]+?)?\s*$", before)
    if m is not None:
        paren = matching(code, brace - len(before) + m.start(), ")", "(", -1)
        j = paren - 1
    else:
        j = brace - 1
    while j >= 0 and code[j].isspace():
        j -= 1
    if j < 0 or code[j] != "]":
        return None
    start = matching(code, j, "]", "[", -1)
    k = start - 1
    while k >= 0 and code[k].isspace():
        k -= 1
    # name[] { is an array's initializer, a[i] { no C++; a lambda follows an operator or ( , { =
    if k >= 0 and (code[k].isalnum() or code[k] in "_)]"):
        return None
    return start


QUALIFIERS = r"(?:\s|const\b|volatile\b|noexcept\b(?:\(\))?|override\b|final\b|&&?)*(?:->.*)?(?:requires\b.*)?"
FUNCTION_HEAD = re.compile(r"\)" + QUALIFIERS + r"$", re.S)
INITIALIZERS = re.compile(r"\)" + r"(?:\s|noexcept\b(?:\(\))?)*:(?!:)", re.S)


def collapsed(head: str) -> str:
    """`head` with the inside of each parenthesis removed, newlines kept: f(a, g(b)) is f()."""
    out, depth = [], 0
    for c in head:
        if c == ")":
            depth -= 1
        if depth == 0 or c == "\n":
            out.append(c)
        if c == "(":
            depth += 1
    return "".join(out)


def top_level_assignment(flat: str) -> bool:
    """Whether the collapsed head assigns, as a variable's initializer does (not operator=)."""
    flat = re.sub(r"\boperator\s*[^\w\s(]+", "operator", without_templates(flat))
    return re.search(r"(?<![=!<>+\-*/%&|^])=(?!=)", flat) is not None


def without_templates(flat: str) -> str:
    """The collapsed head without its template<...> parameter lists (their defaults assign)."""
    while (m := re.search(r"\btemplate\s*<", flat)) is not None:
        depth, j = 0, m.end() - 1
        while j < len(flat):
            depth += {"<": 1, ">": -1}.get(flat[j], 0)
            if depth == 0:
                break
            j += 1
        flat = flat[:m.start()] + re.sub(r"[^\n]", " ", flat[m.start():j + 1]) + flat[j + 1:]
    return flat


class Reader:
    """Follows one file's braces and collects each function as (name, first line, last line)."""

    def __init__(self, text: str):
        self.text = text
        self.code = blank(text)
        self.functions = []

    def line(self, i: int) -> int:
        return self.code.count("\n", 0, i) + 1

    def add(self, name: str, first: int, brace: int) -> int:
        end = matching(self.code, brace, "{", "}", 1)
        if re.fullmatch(r"[A-Z_]+", name):  # a test macro's name is its arguments, as written
            name = re.sub(r"\s+", " ", self.text[first:brace]).strip()
        self.functions.append((name, self.line(first), self.line(end)))
        return end + 1

    def data(self, brace: int, owner: str) -> int:
        """Reads an initializer from its {, measuring each lambda in it; returns past its }."""
        code, i, depth = self.code, brace, 0
        while i < len(code):
            c = code[i]
            if c == "{" and depth > 0:
                start = lambda_start(code, i)
                if start is not None:
                    i = self.add(f"lambda in {owner}", start, i)
                    continue
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        raise Unreadable(f"line {self.line(brace)}: an initializer that does not end")

    def scope(self, i: int, classes: tuple) -> int:
        """Reads a namespace's or a class's body (the file's, at i = 0) up to its } or the end."""
        code = self.code
        head_start, parens = i, 0
        while i < len(code):
            c = code[i]
            if c == "(":
                parens += 1
            elif c == ")":
                parens -= 1
            elif c == ";" and parens == 0:
                head_start = i + 1
            elif c == "}":
                if parens != 0:
                    raise Unreadable(f"line {self.line(i)}: a }} inside parentheses")
                return i
            elif c == "{":
                i = self.brace(head_start, i, parens, classes)
                if i < 0:  # the brace ended a declaration: a new one starts after it
                    i = -i
                    head_start, parens = i, 0
                continue
            i += 1
        if classes:
            raise Unreadable(f"the class {'::'.join(classes)} does not end")
        return i

    def brace(self, head_start: int, i: int, parens: int, classes: tuple) -> int:
        """Reads the { at i at namespace or class scope, after the declaration's head; returns
        the index to read on at, negated when the declaration ends there."""
        code = self.code
        head = code[head_start:i]
        flat = collapsed(head)
        words = re.sub(r"\s+", " ", flat).strip()
        if parens > 0:  # in a call or a parameter list: a lambda, or data
            owner = (variable_name(flat, classes) if top_level_assignment(flat)
                     else name_of(flat, classes) or "a declaration")
            start = lambda_start(code, i)
            return self.add(f"lambda in {owner}", start, i) if start is not None else self.data(i, owner)
        if re.match(r"(?:inline )?namespace\b|extern \"\"$", words):
            end = self.scope(i + 1, classes)
            return -(end + 1)
        if top_level_assignment(flat):  # a variable: a lambda, or data
            start = lambda_start(code, i)
            name = variable_name(flat, classes)
            if start is not None:
                return self.add(name, head_start + len(head) - len(head.lstrip()), i)
            return self.data(i, name)
        if INITIALIZERS.search(flat) and re.search(r"[\w>]\s*$", flat):
            return self.data(i, name_of(flat, classes))  # a member's brace initializer
        if FUNCTION_HEAD.search(flat) or (INITIALIZERS.search(flat) and flat.rstrip().endswith("}")):
            name, at = declarator(flat, classes)
            return -self.add(name, head_start + at, i)
        kind = re.search(r"\b(class|struct|union)\s+(?:\[\[[^\]]*\]\]\s*|alignas\(\)\s*)*(\w+)", flat)
        if kind is not None and not re.search(r"\benum\b", flat):
            end = self.scope(i + 1, classes + (kind.group(2),))
            return -(end + 1)
        return self.data(i, name_of(flat, classes) or "a declaration")


def declarator(flat: str, classes: tuple):
    """The function's name in the collapsed head, qualified by its classes, and its index."""
    cut = INITIALIZERS.search(flat)
    part = flat[:cut.start() + 1] if cut else flat
    # the parameter list is the last () before the qualifiers; its name is just before it
    params = FUNCTION_HEAD.search(part)
    operator = r"operator\s*(?:\(\s*\)|(?:new|delete)\s*(?:\[\s*\])?|[^\w\s(]+|\w+)"
    name = r"((?:~?\w+\s*(?:<[^()<>]*>)?\s*::\s*)*(?:" + operator + r"|~?\w+))\s*\("
    names = list(re.finditer(name + r"\s*$", part[:params.start()] if params else part))
    if not names:
        names = list(re.finditer(name + r"\s*\)", part))
    if not names:
        raise Unreadable(f"no function name in {flat.strip()!r}")
    m = names[-1]
    name = re.sub(r"<[^()<>]*>", "", re.sub(r"\s+", "", m.group(1)))
    name = re.sub(r"operator(new|delete)", r"operator \1", name)
    return "::".join(classes + (name,)), m.start(1)


def name_of(flat: str, classes: tuple):
    """The name a declaration's collapsed head declares last, qualified, or None."""
    m = re.findall(r"(\w+)\s*(?:\[\s*\w*\s*\])?\s*(?:=|\{|\(|$)", flat)
    return "::".join(classes + (m[-1],)) if m else None


def variable_name(flat: str, classes: tuple) -> str:
    """The name of the variable a collapsed head initializes with =, qualified."""
    m = re.search(r"(\w+)\s*(?:\[[^\]]*\])?\s*=", flat)
    return "::".join(classes + (m.group(1),)) if m else "a variable"


def functions(text: str):
    """Each function of one C++ file: (name, first line, last line)."""
    reader = Reader(text)
    end = reader.scope(0, ())
    if end < len(reader.code):
        raise Unreadable(f"line {reader.line(end)}: a }} that closes nothing")
    return reader.functions


SNIPPETS = [  # (source, the functions it holds): the reader's own checks
    ("namespace a {\nint f(int x) {\n  return x;\n}\n}  // namespace a\n", [("f", 2, 4)]),
    ('void g() {\n  auto s = "}";\n  char c = \'}\';\n  // }\n  /* { */\n  int n = 1\'000;\n}\n',
     [("g", 1, 7)]),
    ('const char* t() {\n  return R"x(})" {)x";\n}\nint u() { return 1; }\n', [("t", 1, 3), ("u", 4, 4)]),
    ("#define OPEN {\nstruct S : B<int> {\n  S(int a) : a_{a}, b_(a) {}\n  int get() const noexcept {\n"
     "    return a_;\n  }\n  bool operator==(const S&) const = default;\n  int a_{0};\n"
     "  friend bool operator!=(const S& a, const S& b) { return a.a_ != b.a_; }\n};\n",
     [("S::S", 3, 3), ("S::get", 4, 6), ("S::operator!=", 9, 9)]),
    ("auto X::operator()(int a) -> std::vector<int> {\n  auto l = [&](int b) {\n    return b;\n  };\n"
     "  return {l(a)};\n}\n", [("X::operator()", 1, 6)]),
    ('TEST_CASE("a {") {\n  SUBCASE("b") {\n  }\n}\n', [('TEST_CASE("a {")', 1, 4)]),
    ("const Row kRows[] = {\n  {\"a\", [](int x) {\n          return x;\n        }},\n  {\"b\", nullptr},\n};\n"
     "const auto kF = [](int y) {\n  return y;\n};\nenum class E { A, B };\nint v{3};\n",
     [("lambda in kRows", 2, 4), ("kF", 7, 9)]),
    ("const auto kG = wrap([](int y) {\n  return y;\n});\n", [("lambda in kG", 1, 3)]),
    ("template <typename T>\nstd::optional<T> Box<T>::take(\n    int a,\n    int b) {\n  return {};\n}\n",
     [("Box::take", 2, 6)]),
]


def check_reader(failures: list) -> int:
    for source, expected in SNIPPETS:
        try:
            found = functions(source)
        except Unreadable as error:
            found = f"unreadable: {error}"
        if found != expected:
            failures.append(f"the reader measures {found} in this snippet, not {expected}:\n{source}")
    return len(SNIPPETS)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("source", type=pathlib.Path)
    args = parser.parse_args()
    failures = []
    checks = check_reader(failures)
    long, seen = [], set()
    for folder in FOLDERS:
        paths = sorted(p for p in (args.source / folder).rglob("*") if p.suffix in (".cpp", ".hpp"))
        if not paths:
            failures.append(f"no C++ source under {args.source / folder}")
        for path in paths:
            relative = path.relative_to(args.source).as_posix()
            checks += 1
            try:
                found = functions(path.read_text())
            except Unreadable as error:
                failures.append(f"{relative}: cannot follow its braces: {error}")
                continue
            for name, first, last in found:
                seen.add((relative, name))
                length = last - first + 1
                if length > LIMIT:
                    long.append((relative, name, first, length))
    excepted = DATA_TABLES.keys() | PENDING
    for relative, name, first, length in long:
        checks += 1
        if (relative, name) not in excepted:
            failures.append(f"{relative}:{first}: {name} is {length} lines, over {LIMIT}: split it "
                            f"into functions with one job each")
    still_long = {(relative, name) for relative, name, _, _ in long}
    for key in sorted(excepted):
        checks += 1
        if key not in still_long:
            where = "is no longer over the limit" if key in seen else "is not found"
            kind = "DATA_TABLES" if key in DATA_TABLES else "PENDING"
            failures.append(f"{kind} names {key[0]}'s {key[1]}, which {where}: take it out")
    for relative, name, first, length in long:
        if (relative, name) in PENDING:
            print(f"pending: {relative}:{first}: {name} is {length} lines")
    return report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
