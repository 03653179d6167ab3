"""Test support: the class report (report.html) as a real browser shows it. Headless Chromium
(Debian `chromium`) loads the page from file://; the rendered DOM is read back with Python's
own HTML parser and compared with gradebook.csv and the JSON reports beside the page."""
import csv
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag=None):
        for c in self.children:
            if isinstance(c, Node):
                if tag is None or c.tag == tag:
                    yield c
                yield from c.all(tag)

    def by_id(self, ident):
        return next((n for n in self.all() if n.attrs.get("id") == ident), None)


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("#document", {}, None)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, attrs, self.at))

    def handle_endtag(self, tag):
        node = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.at = node.parent

    def handle_data(self, data):
        self.at.children.append(data)


def parse(markup):
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    return builder.root


def chromium_command():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("the class report's browser test needs Chromium: scripts/deps.sh kit installs "
                     "the Debian package chromium")


def chromium(page, *flags, timeout=180):
    """Runs headless Chromium on file://PAGE with `flags`; returns its stdout. Its own sandbox
    is off: it cannot start as root with it, and the page is the kit's own."""
    with tempfile.TemporaryDirectory(prefix="bloom-chromium-") as profile:
        done = subprocess.run([chromium_command(), "--headless", "--no-sandbox", "--disable-gpu",
                               "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}",
                               "--host-resolver-rules=MAP * ~NOTFOUND",  # the page needs no network
                               *flags, pathlib.Path(page).resolve().as_uri()],
                              capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "HOME": profile})
    if done.returncode != 0:
        raise RuntimeError(f"chromium exit {done.returncode}: {done.stderr[-1500:]}")
    return done.stdout


def rendered(page):
    """The DOM Chromium built from the page, after its script ran."""
    return parse(chromium(page, "--dump-dom"))


def screenshot(page, png, height=4000):
    chromium(page, f"--screenshot={png}", f"--window-size=1200,{height}", "--hide-scrollbars")
    return pathlib.Path(png).stat().st_size


def tidy_errors(page):
    """What `tidy -errors` calls an error in the page ("" for none); warnings are not errors."""
    done = subprocess.run(["tidy", "-errors", "-quiet", str(page)], capture_output=True, text=True)
    return done.stderr if done.returncode >= 2 else ""


def decimal(value):
    """As the page writes a number: at most one decimal, none when whole."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def gradebook(folder):
    with open(pathlib.Path(folder) / "gradebook.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def reports(folder):
    found = {}
    for path in pathlib.Path(folder).glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "submission" in data:
            found[data["submission"]] = data
    return found


def check(dom, folder, failures):
    """Every number the page shows equals gradebook.csv and the JSON reports of `folder`."""
    rows = gradebook(folder)
    json_reports = reports(folder)
    case_ids = [k for k in rows[0] if k + " verdict" in rows[0]] if rows else []

    def expect(ok, what):
        if not ok:
            failures.append(f"page: {what}")

    def shown(ident):
        node = dom.by_id(ident)
        return node.text().strip() if node else None

    scores = [int(r["score"]) for r in rows]
    verdicts = lambda r: {r[c + " verdict"] for c in case_ids}  # noqa: E731
    wanted = {"sum-submissions": str(len(rows)),
              "sum-passed": str(sum(r["status"] == "passed" for r in rows)),
              "sum-build-failed": str(sum(r["status"] == "build-failed" for r in rows)),
              "sum-timeouts": str(sum("timeout" in verdicts(r) for r in rows)),
              "sum-crashes": str(sum("crashed" in verdicts(r) for r in rows)),
              "sum-memory": str(sum("memory-limit" in verdicts(r) for r in rows)),
              "sum-median": decimal(statistics.median(scores)),
              "sum-mean": decimal(statistics.mean(scores)),
              "sum-max": str(max(int(r["max"]) for r in rows))}
    for ident, value in wanted.items():
        expect(shown(ident) == value, f"{ident} shows {shown(ident)!r}, the gradebook says {value!r}")

    # the histogram's table: submissions by score in percent, 0-9 ... 90-99, 100
    bins = [0] * 11
    for r in rows:
        bins[min(10, 100 * int(r["score"]) // max(1, int(r["max"])) // 10)] += 1
    table = dom.by_id("histogram-table")
    got = [int(list(tr.all("td"))[1].text()) for tr in table.all("tr") if list(tr.all("td"))] if table else None
    expect(got == bins, f"histogram {got}, the gradebook's scores give {bins}")

    # mistakes: submissions whose report names each
    named = {}
    for data in json_reports.values():
        for d in data["summary"]["diagnosis"]:
            named[d["id"]] = named.get(d["id"], 0) + 1
    table = dom.by_id("mistakes")
    on_page = {}
    for tr in table.all("tr") if table else []:
        th = next(tr.all("th"), None)
        count = next((n for n in tr.all("span") if n.attrs.get("class") == "count"), None)
        if th is not None and count is not None:
            on_page[th.text()] = int(count.text())
    expect(on_page == named, f"mistake counts {on_page}, the reports name {named}")

    # each case's pass rate, among submissions that built
    table = dom.by_id("cases")
    for tr in table.all("tr") if table else []:
        link = next(tr.all("a"), None)
        count = next((n for n in tr.all("span") if n.attrs.get("class") == "count"), None)
        if link is None or count is None:
            continue
        ident = link.text()
        built = [r for r in rows if r["status"] != "build-failed"]
        passed = sum(r[ident + " verdict"] == "passed" for r in built)
        expect(count.parent.text().startswith(f"{passed} of {len(built)} "),
               f"case {ident}: {count.parent.text()!r}, the gradebook says {passed} of {len(built)}")

    # each submission's row: its score and what it looks like
    table = dom.by_id("submissions")
    seen = set()
    for tr in table.all("tr") if table else []:
        th = next(tr.all("th"), None)
        cells = {n.attrs.get("class", ""): n.text() for n in tr.all("td")}
        if th is None or "num score" not in cells:
            continue
        ident = th.text()
        seen.add(ident)
        row = next((r for r in rows if r["id"] == ident), None)
        if row is None:
            failures.append(f"page: a row for {ident!r}, which the gradebook does not have")
            continue
        expect(cells["num score"] == f"{row['score']}/{row['max']}",
               f"{ident!r} scores {cells['num score']}, the gradebook {row['score']}/{row['max']}")
        expect(cells["looks"] == row["looks_like"],
               f"{ident!r} looks like {cells['looks']!r}, the gradebook {row['looks_like']!r}")
        report = json_reports.get(ident)
        expect(report is not None and report["summary"]["score"] == int(row["score"]),
               f"{ident!r}: its JSON report disagrees with the gradebook")
    expect(seen == {r["id"] for r in rows}, f"rows for {len(seen)} submissions, the gradebook has {len(rows)}")

    # nothing from elsewhere: every link stays on the page, nothing is loaded
    for node in dom.all():
        expect("src" not in node.attrs, f"<{node.tag} src=...> loads something")
        href = node.attrs.get("href")
        expect(href is None or href.startswith("#"), f"a link off the page: {href!r}")
    expect(len(list(dom.all("script"))) == 1, "the page holds a script other than its own")


# Run after the page's own script: sorts by score (ascending, then descending) and filters,
# recording the rows' ids each time into <pre id="test-result">, which --dump-dom shows.
INTERACT = """<script>
(function () {
  var ids = function () {
    return Array.prototype.filter.call(document.querySelectorAll("#submissions tbody tr"),
      function (tr) { return !tr.hidden; }).map(function (tr) { return tr.cells[0].textContent; });
  };
  var result = {};
  var button = document.querySelector("#submissions thead th:nth-child(3) button");
  button.click(); result.ascending = ids();
  button.click(); result.descending = ids();
  document.querySelector("#submissions thead th:nth-child(1) button").click(); result.by_id = ids();
  var input = document.getElementById("filter");
  input.value = "%s"; input.dispatchEvent(new Event("input")); result.filtered = ids();
  result.count = document.getElementById("filter-count").textContent;
  var out = document.createElement("pre"); out.id = "test-result";
  out.textContent = JSON.stringify(result); document.body.appendChild(out);
})();
</script>
"""


def interact(page, words):
    """Sorts and filters the submissions table in Chromium; returns the rows' ids in order after
    each step ({"ascending", "descending", "by_id", "filtered", "count"})."""
    with tempfile.TemporaryDirectory(prefix="bloom-page-") as tmp:
        copy = pathlib.Path(tmp) / "report.html"
        copy.write_bytes(pathlib.Path(page).read_bytes() + (INTERACT % words).encode())
        node = rendered(copy).by_id("test-result")
    return json.loads(node.text()) if node else None
