#!/usr/bin/env python3
"""GitHub Classroom's way back, term by term: `bloom-grader classroom --collect` with a deadline,
an extension, a late policy and the template to compare with, on real git repositories whose
commits are dated with GIT_COMMITTER_DATE before and after the deadline; then `batch` on what it
collected, with a public and a hidden case. Every student of the grades export has a gradebook
row: the late one graded at their last commit in time with the penalty, the one with an
extension at the commit the extension allows, the one who never accepted, pushed nothing or
whose clone failed at 0 with the reason, and so is a student of a --roster file whom a plain
list of repositories lacks; the workflow edited to `|| true` and the re-recorded
public cases are flagged in the gradebook and in report.html.

  classroom_collect_test.py GRADER"""
import csv
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import outcome  # noqa: E402

EXERCISE = "bip37"
DEADLINE = "2026-03-01T12:00:00+01:00"  # 11:00 UTC
BEFORE = "2026-03-01T10:30:00Z"
LATE = "2026-03-02T09:00:00Z"           # 22 hours late: one day begun
TOO_LATE = "2026-03-05T09:00:00Z"       # past --late-days 2
PUBLIC_CASE = "> PING\nPONG\n"
HIDDEN_CASE = "@hidden\n@points 2\n> SECRET\nKEPT\n"
# a program that answers every case: PONG, then KEPT; the starter's as given answers nothing
SOLVED = "#!/bin/sh\nwhile read -r line; do case $line in PING) echo PONG;; *) echo KEPT;; esac; done\n"
PUBLIC_ONLY = "#!/bin/sh\nwhile read -r line; do echo PONG; done\n"
STUB = "#!/bin/sh\ncat >/dev/null\n"


def git(folder, *args, date=None, author=None):
    env = dict(os.environ, GIT_AUTHOR_NAME=author or "student", GIT_AUTHOR_EMAIL="s@example.org",
               GIT_COMMITTER_NAME=author or "student", GIT_COMMITTER_EMAIL="s@example.org")
    if date:
        env["GIT_COMMITTER_DATE"] = env["GIT_AUTHOR_DATE"] = date
    subprocess.run(["git", "-C", folder, *args], check=True, env=env, capture_output=True)


def write(path, text, mode=0o644):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)


def template(root):
    """A template as Classroom copies it: one commit by github-classroom[bot]."""
    write(root / ".github/workflows/classroom.yml", "command: build/check\n")
    write(root / f"starter/{EXERCISE}/CMakeLists.txt", "project(starter)\n")
    write(root / f"starter/{EXERCISE}/cases/{EXERCISE}/ping.case", PUBLIC_CASE)
    write(root / f"starter/{EXERCISE}/check/check.cpp", "int main() {}\n")
    write(root / f"starter/{EXERCISE}/answer", STUB, 0o755)
    git(root.parent, "init", "-q", "-b", "main", root.name)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Initial commit", date="2026-02-01T09:00:00Z", author="github-classroom[bot]")


def student(tmp, name, commits):
    """A student's repository: the template's commit, then `commits`, each (date, {path: text})."""
    repo = tmp / name
    git(tmp, "clone", "-q", "template", name)
    for date, files in commits:
        for path, text in files.items():
            write(repo / path, text, 0o755 if path.endswith("answer") else 0o644)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", f"work of {date}", date=date)
    return repo


def main():
    grader = sys.argv[1]
    tally = outcome.Tally()
    answer = f"starter/{EXERCISE}/answer"
    with tempfile.TemporaryDirectory() as scratch:
        tmp = pathlib.Path(scratch)
        template(tmp / "template")
        repos = {
            # on time, nothing solved, and the workflow made to pass whatever happens
            "alice": student(tmp, "alice", [(BEFORE, {answer: STUB, ".github/workflows/classroom.yml":
                                                      "command: build/check || true\n"})]),
            # public cases only by the deadline; the fix a day late, and another past the cutoff
            "bob": student(tmp, "bob", [(BEFORE, {answer: PUBLIC_ONLY}), (LATE, {answer: SOLVED}),
                                        (TOO_LATE, {answer: STUB})]),
            # the same late fix, within an extension
            "dave": student(tmp, "dave", [(BEFORE, {answer: PUBLIC_ONLY}), (LATE, {answer: SOLVED})]),
            # public cases re-recorded to what the program prints
            "erin": student(tmp, "erin", [(BEFORE, {answer: STUB, f"starter/{EXERCISE}/cases/{EXERCISE}/ping.case":
                                                    "> PING\n"})]),
            # the late fix under a commit dated back to before the deadline
            "fay": student(tmp, "fay", [(BEFORE, {answer: PUBLIC_ONLY}), (LATE, {answer: SOLVED}),
                                        (BEFORE, {"notes.txt": "done\n"})]),
            "frank": student(tmp, "frank", []),  # accepted, pushed nothing
        }
        export = tmp / "grades.csv"
        with export.open("w", newline="") as f:
            out = csv.writer(f, quoting=csv.QUOTE_ALL)
            out.writerow(["assignment_name", "github_username", "roster_identifier", "student_repository_name",
                          "student_repository_url", "points_awarded", "points_available"])
            for name, points in (("alice", 1), ("bob", 1), ("dave", 1), ("erin", 1), ("fay", 1), ("frank", 0)):
                out.writerow([EXERCISE, name, f"{name}@uni", f"{EXERCISE}-{name}", repos[name], points, 1])
            out.writerow([EXERCISE, "", "carol@uni", "", "", "", 1])  # never accepted
            out.writerow([EXERCISE, "gus", "gus@uni", f"{EXERCISE}-gus", tmp / "no-such-repository", "", 1])
        extensions = tmp / "extensions.tsv"
        extensions.write_text("# id\tdeadline\ndave\t2026-03-03T00:00:00Z\n")
        subs = tmp / "submissions"
        collect = [grader, "classroom", EXERCISE, "--collect", export, "--out", subs, "--deadline", DEADLINE,
                   "--extensions", extensions, "--late-days", "2", "--late-penalty", "25",
                   "--template", tmp / "template"]
        done = subprocess.run(collect, capture_output=True, text=True)
        print(done.stdout, done.stderr, sep="")
        tally(done.returncode == 1, f"collect: exit {done.returncode}, wanted 1 (gus's clone fails)")
        tally("collected 5 of 8; 1 clone failed; 1 never accepted; 1 pushed nothing" in done.stdout,
              "the closing line does not count the roster")
        tally("--sandbox --out grades/" in done.stdout, "the next command is not sandboxed with its --out")
        tally(sorted(p.name for p in subs.iterdir() if p.is_dir()) == ["alice", "bob", "dave", "erin", "fay"],
              f"folders: {sorted(p.name for p in subs.iterdir())}")
        tally((subs / "bob" / answer).read_text() == SOLVED, "bob: not graded at the last commit before the cutoff")
        tally((subs / "fay" / answer).read_text() == SOLVED, "fay: not graded at the back-dated commit")
        # a bad deadline is refused before anything is cloned
        bad = subprocess.run([grader, "classroom", EXERCISE, "--collect", export, "--out", tmp / "x",
                              "--deadline", "2026-03-01 12:00"], capture_output=True, text=True)
        tally(bad.returncode == 2 and "is not a time as ISO 8601 with an offset" in bad.stderr
              and not (tmp / "x").exists(), f"a deadline without an offset: {bad.returncode} {bad.stderr}")

        # a plain list of repositories has no roster: --roster names the students it lacks
        listing, roster = tmp / "repos.txt", tmp / "roster.txt"
        listing.write_text(f"{repos['alice']}\n")
        roster.write_text("# the class\nalice\nzed\n")
        done = subprocess.run([grader, "classroom", EXERCISE, "--collect", listing, "--roster", roster,
                               "--out", tmp / "by-list"], capture_output=True, text=True)
        tally(done.returncode == 0 and "collected 1 of 2; 1 never accepted" in done.stdout,
              f"collect with a roster: exit {done.returncode}: {done.stdout}{done.stderr}")
        tally('"state": "never accepted"' in (tmp / "by-list" / "collection.json").read_text(),
              "the roster's student without a repository is not recorded")

        for folder, text in (("public", PUBLIC_CASE), ("hidden", HIDDEN_CASE)):
            write(tmp / "cases" / folder / ("ping.case" if folder == "public" else "secret.case"), text)
        grades = tmp / "grades"
        done = subprocess.run([grader, "batch", "--submissions", subs, "--run", "{dir}/" + answer,
                               "--cases", tmp / "cases" / "public", "--cases", tmp / "cases" / "hidden",
                               "--out", grades, "--jobs", "2"], capture_output=True, text=True)
        tally(done.returncode == 1, f"batch: exit {done.returncode}: {done.stderr[-2000:]}")
        rows = {r["id"]: r for r in csv.DictReader((grades / "gradebook.csv").open())}
        want = {  # id: status, score, public, hidden, workflow, late days, penalty, final, collected
            "alice": ("failed", "0", "0", "0", "1", "0", "0%", "0", "collected"),
            "bob": ("passed", "3", "1", "2", "1", "1", "25%", "2", "collected"),
            "dave": ("passed", "3", "1", "2", "1", "0", "0%", "3", "collected"),
            "erin": ("failed", "0", "0", "0", "1", "0", "0%", "0", "collected"),
            "fay": ("passed", "3", "1", "2", "1", "1", "25%", "2", "collected"),
            "frank": ("not-collected", "0", "0", "0", "0", "0", "0%", "0", "pushed nothing"),
            "carol@uni": ("not-collected", "0", "0", "0", "", "0", "0%", "0", "never accepted"),
            "gus": ("not-collected", "0", "0", "0", "", "0", "0%", "0", "clone failed"),
        }
        tally(sorted(rows) == sorted(want), f"gradebook rows: {sorted(rows)}")
        columns = ("status", "score", "public", "hidden", "workflow_points", "late_days", "late_penalty", "final",
                   "collected")
        for ident, expected in want.items():
            got = tuple(rows.get(ident, {}).get(c) for c in columns)
            tally(got == expected, f"{ident}: {dict(zip(columns, got))}, wanted {dict(zip(columns, expected))}")
        changed = {ident: rows.get(ident, {}).get("protected_changed") for ident in want}
        tally(changed["alice"] == ".github/workflows/classroom.yml", f"alice's workflow: {changed['alice']!r}")
        tally(changed["erin"] == f"starter/{EXERCISE}/cases/{EXERCISE}/ping.case", f"erin: {changed['erin']!r}")
        tally(all(changed[i] == "" for i in ("bob", "dave", "fay")), f"unchanged ones: {changed}")
        tally(rows.get("bob", {}).get("commit_time") == "2026-03-02T09:00:00Z", "bob's commit time")
        page = (grades / "report.html").read_text()
        points = page[page.find('id="flag-points"'):page.find("</table>", page.find('id="flag-points"'))]
        protected = page[page.find('id="flag-protected"'):page.find("</table>", page.find('id="flag-protected"'))]
        tally(">erin<" in points and ">alice<" in points and ">bob<" not in points,
              f"report.html's workflow points: {points}")
        tally(">alice<" in protected and ">erin<" in protected and ">bob<" not in protected,
              f"report.html's protected paths: {protected}")
    return tally.report()


if __name__ == "__main__":
    sys.exit(main())
