"""Test support: the command table, and which step of the student's a hint points at. One place
for every test that reads the table (hints_test.py, mutants_test.py, differential.py), so that
a new command is added to the table alone (reference/interpreter.cpp)."""
import pathlib
import re
import subprocess

SOURCE = pathlib.Path(__file__).resolve().parents[2]


def commands(reference):
    """{name: (usage, functions, grammar)} of each command, in the table's order, as
    `bloom-reference --list-commands` prints commands.tsv."""
    listed = subprocess.run([str(reference), "--list-commands"], capture_output=True, text=True,
                            check=True).stdout
    table = {}
    for line in listed.splitlines():
        if line and not line.startswith("#"):
            name, usage, functions, grammar, _ = line.split("\t")
            table[name] = (usage, [f for f in functions.split(",") if f], grammar)
    return table


def arguments(grammar):
    """[(name, kind, optional)] of a grammar: `INIT <n:1..4294967295> <p:p> [<tweak:u32> ...]`
    gives ("n", "1..4294967295", False), ("p", "p", False), ("tweak", "u32", True), ..."""
    return [(name, kind, "[" in grammar[:grammar.index(f"<{name}:")])
            for name, kind in re.findall(r"<(\w+):([^>]+)>", grammar)]


def student_functions():
    """The functions of BLOOM_FUNCTIONS (reference/functions.hpp) that an exercise's student
    writes: those of a named exercise."""
    text = (SOURCE / "reference" / "functions.hpp").read_text()
    return {name for name, exercise in re.findall(r'X\((\w+), \w+, \w+, "(\w*)"', text) if exercise}


def blames(reference):
    """{command: functions} a hint bound to that command may blame, and what a premise `@given
    COMMAND` claims right, when every line before it in the case was right: the steps its
    answer comes from that a student writes, less those of another command that answers with
    fewer of them (HASH's murmur3_32 is not POSITIONS's to blame). INDEXES's and CONTAINS's
    answers come from the current filter's index function: a hint on either may blame any of
    them, since a case works on one kind of filter and the others cannot fail it."""
    written = student_functions()
    steps = {name: set(functions) & written for name, (_, functions, _) in commands(reference).items()}
    return {name: mine - set().union(*(theirs for other, theirs in steps.items()
                                       if other != name and theirs < mine))
            for name, mine in steps.items()}
