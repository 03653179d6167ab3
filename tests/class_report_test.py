#!/usr/bin/env python3
"""The class report in a real browser. A batch of mixed submissions (right, known mistakes,
one that does not compile, a stub, a hang, a crash, and hostile ones: ids, output and a case
text made of markup, NUL bytes and bytes that are not UTF-8) writes report.html; headless
Chromium renders it from file://, and the test checks that:
  - every number on the page equals gradebook.csv and the JSON reports;
  - no hostile text became markup (no script ran, no element was injected);
  - sorting by score and filtering by text reorder and hide the right rows;
  - `tidy -errors` finds no error in it;
  - merging two shards, and `bloom-grader report`, write the same page byte for byte;
  - `run --report html:FILE` writes the page for one program.
A screenshot goes to SCREENSHOT.

  class_report_test.py GRADER REFERENCE STUDENT SEGFAULT SLEEP_FOREVER CASES SCREENSHOT"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import class_page  # noqa: E402
import cli  # noqa: E402
import outcome  # noqa: E402

PWN = "document.body.setAttribute('data-pwned', 'yes')"
HOSTILE_IDS = [f'<img src=x onerror="{PWN}">', f"<script>{PWN}<\\script>", "quote\"apostrophe'&amp"]
STUB = """#!/bin/sh
# what a starter answers before its functions are written (docs/protocol.md)
while IFS= read -r line; do
  case $line in ''|'#'*) ;; *) echo "error: not implemented: murmur3_32" ;; esac
done
"""
MARKUP_OUTPUT = """#!/bin/sh
while IFS= read -r line; do
  case $line in ''|'#'*) ;; *) printf '</pre><script>%s</script>\\000\\377 <b>bold</b>\\n' "$1" ;; esac
done
"""


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "student", "segfault", "sleeper", "cases", "screenshot"):
        parser.add_argument(name)
    args = parser.parse_args()
    for name in ("grader", "reference", "student", "segfault", "sleeper", "cases", "screenshot"):
        setattr(args, name, os.path.abspath(getattr(args, name)))  # programs start in scratch folders
    failures = []

    def expect(ok, what):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="bloom-class-report-") as tmp:
        tmp = pathlib.Path(tmp)
        subs = tmp / "submissions"

        def runner(name, text):
            folder = subs / name if isinstance(name, str) else pathlib.Path(os.fsdecode(bytes(subs) + b"/" + name))
            folder.mkdir(parents=True)
            (folder / "run").write_text(text)
            (folder / "run").chmod(0o755)
            return folder

        runner("right", f"#!/bin/sh\nexec {args.reference}\n")
        for mistake in ("float-division", "msb-bit-order", "tail-byte-order"):
            runner(f"made-{mistake}", f"#!/bin/sh\nexec {args.student} --mistake {mistake}\n")
        runner("made-a-pair", f"#!/bin/sh\nexec {args.student} --mistake float-division --mistake 32-bit-product\n")
        runner("stub", STUB)
        runner("hangs", f"#!/bin/sh\nexec {args.sleeper}\n")
        runner("crashes", f"#!/bin/sh\nexec {args.segfault}\n")
        broken = runner("does-not-compile", "#!/bin/sh\nexec ./build/program\n")
        (broken / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.16)\nproject(x CXX)\n"
                                              "add_executable(program main.cpp)\n")
        (broken / "main.cpp").write_text("int main() { return <script>; }\n")
        for ident in HOSTILE_IDS:
            runner(ident, f"#!/bin/sh\nexec {args.reference}\n")
        runner(b"not-utf8-\xff\xfe", f"#!/bin/sh\nexec {args.reference}\n")
        (subs / "markup-output").mkdir()
        (subs / "markup-output" / "answer.sh").write_text(MARKUP_OUTPUT)
        (subs / "markup-output" / "run").write_text(f'#!/bin/sh\nexec sh "$(dirname "$0")/answer.sh" "{PWN}"\n')
        (subs / "markup-output" / "run").chmod(0o755)

        # the cases: the protocol's and bip37's, and one whose text is markup
        cases = tmp / "cases"
        for suite in ("protocol", "bip37"):
            shutil.copytree(pathlib.Path(args.cases) / suite, cases / suite)
        shutil.copy(pathlib.Path(args.cases) / "mistakes.tsv", cases)  # the catalogue of the mistakes
        (cases / "markup").mkdir()
        (cases / "markup" / "script-in-text.case").write_text(
            f"# A case whose text is markup: <script>{PWN}</script> (protocol, \"Lines\")\n"
            "> HASH 0 <b>&amp;</b>\n")
        recorded = subprocess.run([args.grader, "record", "--cases", cases / "markup", "--", args.reference],
                                  capture_output=True, text=True, errors="replace")
        expect(recorded.returncode == 0, f"record: {recorded.stderr}")

        build = "if [ -f CMakeLists.txt ]; then cmake -S . -B build >/dev/null && cmake --build build; fi"
        grade = [args.grader, "batch", "--cases", cases, "--submissions", subs, "--build", build,
                 "--run", "{dir}/run", "--timeout", "1", "--skip-after-timeouts", "2", "--jobs", "2", "--show-hidden"]
        one = tmp / "one"
        done = subprocess.run([*grade, "--out", one], capture_output=True, text=True, errors="replace")
        expect(done.returncode == 1, f"batch exit {done.returncode}: {done.stderr[-1500:]}")
        page = one / "report.html"
        expect(page.exists(), "batch wrote no report.html")
        if failures:
            return outcome.report(failures)
        print(done.stdout)

        # the screen table ends with the class's mistake counts, and "looks like" says why
        expect("known mistakes in the class (submissions that made each):\n  float-division" in done.stdout,
               "the screen table does not end with the mistake counts")
        for ident, looks in (("hangs", "timeout in"), ("crashes", "crashed in"),
                             ("stub", "not implemented: murmur3_32"), ("does-not-compile", "build failed")):
            row = next((r for r in class_page.gradebook(one) if r["id"] == ident), None)
            expect(row is not None and row["looks_like"].startswith(looks),
                   f"{ident} looks like {row and row['looks_like']!r}, wanted {looks!r}")

        dom = class_page.rendered(page)
        class_page.check(dom, one, failures)
        body = next(dom.all("body"), None)
        expect(body is not None and "data-pwned" not in body.attrs, "a hostile text ran as script")
        expect(not any(True for _ in dom.all("img")) and not any(True for _ in dom.all("b")),
               "a hostile text became an element")
        ids = {n.text() for n in dom.by_id("submissions").all("th") if n.attrs.get("scope") == "row"}
        for ident in HOSTILE_IDS + ["not-utf8-\ufffd\ufffd"]:
            expect(ident in ids, f"the id {ident!r} is not shown as text")
        texts = "".join(n.text() for n in dom.all("pre"))
        expect(f"<script>{PWN}</script>" in texts, "the markup case's text is not shown as text")
        expect(f"</pre><script>{PWN}</script>" in texts, "the markup output is not shown as text")
        size = class_page.screenshot(page, args.screenshot)
        print(f"screenshot {args.screenshot}: {size} bytes")
        errors = class_page.tidy_errors(page)
        expect(errors == "", f"tidy finds errors: {errors[:1500]}")

        # sorting and filtering, in the browser
        rows = class_page.gradebook(one)
        result = class_page.interact(page, "FLOAT-division")
        by_score = [r["id"] for r in sorted(rows, key=lambda r: int(r["score"]) / int(r["max"]))]
        by_score_down = [r["id"] for r in sorted(rows, key=lambda r: -int(r["score"]) / int(r["max"]))]
        expect(result is not None and result["ascending"] == by_score,
               f"sorted by score: {result and result['ascending']}, wanted {by_score}")
        expect(result is not None and result["descending"] == by_score_down,
               f"sorted by score, descending: {result and result['descending']}")
        expect(result is not None and sorted(result["by_id"]) == sorted(r["id"] for r in rows),
               "sorted by id: rows lost")
        hits = sorted(r["id"] for r in rows if "float-division" in r["looks_like"])
        expect(result is not None and sorted(result["filtered"]) == hits and len(hits) == 2,
               f"filtered on float-division: {result and result['filtered']}, wanted {hits}")
        expect(result is not None and result["count"] == f"{len(hits)} of {len(rows)} shown",
               f"filter count {result and result['count']!r}")

        # shards merged, and the report rebuilt, give the same page: the reports split in two
        # folders as two shards write them (tests/batch_test.py grades real shards)
        for i, report in enumerate(sorted(one.glob("*.json"))):
            shard = tmp / f"shard-{i % 2 + 1}"
            shard.mkdir(exist_ok=True)
            shutil.copy(report, shard)
        merged = subprocess.run([args.grader, "merge", tmp / "shard-1", tmp / "shard-2", "--show-hidden",
                                 "--out", tmp / "merged" / "gradebook.csv"], capture_output=True, text=True, errors="replace")
        expect(merged.returncode == 0, f"merge: {merged.stderr}")
        expect((tmp / "merged" / "report.html").read_bytes() == page.read_bytes(),
               "the merged shards' report.html differs from the single batch's")
        rebuilt = subprocess.run([args.grader, "report", one, "--show-hidden", "--out", tmp / "again.html"],
                                 capture_output=True, text=True, errors="replace")
        expect(rebuilt.returncode == 0 and (tmp / "again.html").read_bytes() == page.read_bytes(),
               f"bloom-grader report wrote another page: {rebuilt.stderr}")
        empty = subprocess.run([args.grader, "report", tmp], capture_output=True, text=True, errors="replace")
        expect(empty.returncode == 2 and "no submission report" in empty.stderr,
               f"report of a folder without reports: exit {empty.returncode}, {empty.stderr!r}")

        # one program: run --report html
        single = tmp / "single.html"
        ran = subprocess.run([args.grader, "run", "--cases", cases / "bip37", "--report", f"html:{single}",
                              "--report", f"json:{tmp / 'single.json'}", "--", args.student,
                              "--mistake", "float-division"], capture_output=True, text=True, errors="replace")
        expect(ran.returncode == 1, f"run --report html: exit {ran.returncode}: {ran.stderr}")
        data = json.loads((tmp / "single.json").read_text())
        dom = class_page.rendered(single)
        score = next((n.text() for n in dom.by_id("submissions").all("td") if "score" in n.attrs.get("class", "")), "")
        expect(score == f"{data['summary']['score']}/{data['summary']['max_score']}",
               f"run's page shows {score!r}, its JSON {data['summary']['score']}")
        expect(dom.by_id("sum-submissions").text() == "1", "run's page is not of one program")
        named = [n.text() for n in dom.by_id("mistakes").all("th") if n.attrs.get("scope") == "row"]
        expect(named == ["float-division"], f"run's page names {named}")
    return outcome.report(failures)


if __name__ == "__main__":
    sys.exit(main())
