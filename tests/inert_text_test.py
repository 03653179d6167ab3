#!/usr/bin/env python3
"""Text from a submission is inert wherever the grader shows it. Submission folders named
with OSC 0 (window title), OSC 52 (clipboard) and cursor moves, and a program whose output
holds C1 controls (raw and as UTF-8), U+202E and the other bidirectional controls, surrogates
and overlong forms, go through `run`'s report, `batch`'s progress line (on a terminal and
off it) and table, `merge`, `report` and `build`; no byte a terminal acts on, and no
character that reorders a line, reaches their output. As a control, the folder names and the
program's own output do hold each of them.

The files an instructor opens elsewhere: gradebook.csv starts no cell with a formula (ids
that begin with =, +, -, @, a tab), read back with Python's csv module; junit.xml parses
with a real XML parser (xml.dom.minidom) whatever bytes the program printed: U+FFFE, U+FFFF,
surrogates, C0 controls, bytes that are not UTF-8.

usage: inert_text_test.py GRADER CASE_FILE"""
import csv
import os
import pathlib
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import xml.dom.minidom

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402

OSC_TITLE = b"\x1b]0;owned\x07"
OSC_CLIPBOARD = b"\x1b]52;c;ZXZpbA==\x07"
CURSOR = b"\x1b[2J\x1b[H\x1b[5A"
# each kind of hostile text a program can print, by name: the bytes of each
HOSTILE = {
    "ESC": b"\x1b[31m",
    "C1 as raw bytes": b"\x9b\x9d",
    "C1 as UTF-8": "\u009b\u009d\u0085".encode(),
    "U+202E": "\u202e".encode(),
    "other bidi controls": "\u2066\u200f\u061c".encode(),
    "a surrogate": b"\xed\xa0\x80",
    "overlong forms": b"\xc0\xaf\xe0\x82\x9b",
    "U+FFFE and U+FFFF": "\ufffe\uffff".encode(),
    "C0 controls": b"\x01\x0b\x0c",
    "bytes never in UTF-8": b"\xff\xfe",
}
EVERY_KIND = b" ".join(HOSTILE.values())
FORMULAS = ["=HYPERLINK(\"evil\")", "+1+1", "-2+3", "@SUM(1)", "\t=1"]

# What may reach a terminal: printable text, and the newline and carriage return of the
# grader's own lines (the progress bar redraws itself with CR).
FORBIDDEN = re.compile("[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                       "\ufffe\uffff]")

failures = []


def expect(ok, message):
    if not ok:
        failures.append(message)
    return ok


def inert(name, output):
    """Whether `output` (bytes a terminal would get) holds nothing that acts on it."""
    try:
        text = output.decode("utf-8")  # strict: a surrogate, an overlong form or a stray byte fails
    except UnicodeDecodeError as error:
        return expect(False, f"{name}: the output is not valid UTF-8 ({error}): {output[:300]!r}")
    found = FORBIDDEN.search(text)
    if found is None:
        return True
    around = text[max(0, found.start() - 80):found.end() + 80]
    return expect(False, f"{name}: {found.group()!r} reaches the terminal: {around!r}")


def program(folder):
    """A program that answers the first command with every kind of hostile text, as its
    "not implemented" function's name too, and writes them to stderr."""
    script = folder / "prog.sh"
    lines = [b"error: not implemented: f" + HOSTILE["U+202E"] + HOSTILE["C1 as UTF-8"] + OSC_TITLE,
             EVERY_KIND]
    octal = lambda data: "".join("\\%03o" % b for b in data)
    script.write_text("#!/bin/sh\nprintf '" + octal(b"\n".join(lines) + b"\n") + "'\n"
                      "printf '" + octal(EVERY_KIND + b"\n" + OSC_CLIPBOARD + CURSOR + b"\n") + "' >&2\n")
    script.chmod(0o755)
    return script


def grader_run(grader, *args, stderr_tty=False):
    """Runs the grader; its stdout and stderr as bytes, stderr on a pseudo-terminal if asked."""
    if not stderr_tty:
        done = subprocess.run([grader, *args], capture_output=True, timeout=120)
        return done.returncode, done.stdout, done.stderr
    master, slave = pty.openpty()
    chunks = []

    def read():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the terminal
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read)
    reader.start()
    done = subprocess.run([grader, *args], stdout=subprocess.PIPE, stderr=slave, timeout=120)
    os.close(slave)
    reader.join(30)
    os.close(master)
    return done.returncode, done.stdout, b"".join(chunks)


def check_run(grader, cases, tmp):
    prog = program(tmp)
    raw = subprocess.run([prog], capture_output=True)
    for kind, data in HOSTILE.items():
        expect(data in raw.stdout and data in raw.stderr, f"control: the program does not print {kind}")
    junit = tmp / "junit.xml"
    status, out, err = grader_run(grader, "run", "--cases", cases, "--report", "text",
                                  "--report", f"junit:{junit}", "--", prog)
    expect(status == 1, f"run exits {status}, not 1 (a failed case): {err!r}")
    inert("run's report", out + err)
    expect(b"\\u202e" in out and b"\\xed\\xa0\\x80" in out and b"\\x1b]52" in out,
           f"run's report does not show the hostile text as escapes: {out!r}")
    try:
        document = xml.dom.minidom.parse(str(junit))
        failure = document.getElementsByTagName("failure")[0].firstChild.data
        expect("\\ufffe\\uffff" in failure and "\\xed\\xa0\\x80" in failure and "\\x01" in failure,
               f"junit.xml does not show the bytes XML cannot hold as escapes: {failure!r}")
    except Exception as error:  # noqa: BLE001: any parser error is the failure
        expect(False, f"junit.xml is not XML 1.0: {error}")
    expect(HOSTILE["U+202E"] not in junit.read_bytes(), "junit.xml holds U+202E raw")


def submissions(tmp):
    subs = tmp / "submissions"
    names = [b"title" + OSC_TITLE, b"clip" + OSC_CLIPBOARD, b"cursor" + CURSOR,
             b"c1" + HOSTILE["C1 as UTF-8"] + HOSTILE["C1 as raw bytes"], b"bidi" + HOSTILE["U+202E"],
             *(name.encode() for name in FORMULAS)]
    for name in names:
        folder = pathlib.Path(os.fsdecode(bytes(subs) + b"/" + name))
        folder.mkdir(parents=True)
        program(folder)
    listed = [os.fsencode(entry) for entry in os.listdir(subs)]
    for data in (OSC_TITLE, OSC_CLIPBOARD, CURSOR, HOSTILE["C1 as UTF-8"], HOSTILE["U+202E"]):
        expect(any(data in name for name in listed), f"control: no folder name holds {data!r}")
    return subs


def check_batch(grader, cases, tmp):
    subs = submissions(tmp)
    out = tmp / "out"
    common = ["batch", "--cases", cases, "--submissions", subs, "--run", "sh {dir}/prog.sh", "--jobs", "2"]
    status, stdout, stderr = grader_run(grader, *common, "--out", out)
    expect(status == 1, f"batch exits {status}, not 1: {stderr!r}")
    expect(len(re.findall(rb"^graded ", stderr, re.M)) == 10, f"batch's progress lines are not one per submission: {stderr!r}")
    inert("batch's progress lines", stderr)
    inert("batch's table", stdout)
    expect(b"\\x1b]0;owned\\x07" in stdout and b"\\u202e" in stdout,
           f"batch's table does not show the names and the function as escapes: {stdout!r}")
    status, stdout, stderr = grader_run(grader, *common, "--out", out, "--regrade", stderr_tty=True)
    expect(b"10/10" in stderr, f"batch's progress bar did not draw on a terminal: {stderr!r}")
    inert("batch's progress bar", stderr)
    inert("batch's table, with a terminal", stdout)

    with open(out / "gradebook.csv", newline="", encoding="utf-8", errors="surrogateescape") as f:
        ids = [row["id"] for row in csv.DictReader(f)]
    expect(len(ids) == 10, f"the gradebook has {len(ids)} rows, not 10")
    for formula in FORMULAS:
        expect("'" + formula in ids, f"the gradebook does not write {formula!r} as text: {ids!r}")
    expect(not any(i[:1] in ("=", "+", "-", "@", "\t", "\r") for i in ids), f"a gradebook cell is a formula: {ids!r}")

    # merge and report, when they succeed and when a report's file name is hostile
    status, stdout, stderr = grader_run(grader, "merge", out, "--out", tmp / "merged" / "gradebook.csv")
    expect(status == 0 and b"merged 10 reports" in stdout, f"merge failed: {stdout!r} {stderr!r}")
    inert("merge", stdout + stderr)
    status, stdout, stderr = grader_run(grader, "report", out)
    expect(status == 0 and b"class report of 10" in stdout, f"report failed: {stdout!r} {stderr!r}")
    inert("report", stdout + stderr)
    broken = tmp / "broken"
    shutil.copytree(out, broken)
    (broken / os.fsdecode(b"x" + OSC_TITLE + HOSTILE["U+202E"] + b".json")).write_text("{")
    for command in (["merge", broken, "--out", tmp / "m2" / "gradebook.csv"], ["report", broken]):
        status, stdout, stderr = grader_run(grader, *command)
        expect(status == 2 and b"\\x1b]0;owned" in stderr,
               f"{command[0]} does not name the broken report, inert: {stderr!r}")
        inert(command[0] + "'s error", stdout + stderr)


def check_build(grader, tmp):
    folder = tmp / "build-me"
    folder.mkdir()
    # a project whose configure step prints each kind of hostile text, then fails
    (folder / "say.txt").write_bytes(EVERY_KIND + OSC_CLIPBOARD)
    (folder / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(hostile NONE)\n"
        "file(READ say.txt said)\nmessage(\"${said}\")\nmessage(FATAL_ERROR \"no\")\n")
    status, stdout, stderr = grader_run(grader, "build", folder)
    expect(status == 1, f"build exits {status}, not 1: {stderr!r}")
    expect(b"\\x1b]52" in stderr and b"\\u202e" in stderr, f"build's log does not show the text as escapes: {stderr!r}")
    inert("build's log", stdout + stderr)


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("grader", type=pathlib.Path)
    parser.add_argument("case", type=pathlib.Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bloom-inert-") as tmp:
        tmp = pathlib.Path(tmp)
        cases = tmp / "cases"
        cases.mkdir()
        shutil.copy(args.case, cases)
        check_run(args.grader, cases, tmp)
        check_batch(args.grader, cases, tmp)
        check_build(args.grader, tmp)
    for failure in failures:
        print("FAIL: " + failure)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
