#!/usr/bin/env python3
"""The audit answers the instructor's question: over public and hidden cases together, it says
which known mistakes the hidden cases catch that the public ones do not, which the public ones
catch alone, which both catch, and which survive both; hidden cases audited alone are said to
be that, and a mistake they miss is no failure. Each set is checked against the grader's own
verdicts, one run per mistake and suite (`run -- REFERENCE --mistake ID`), on a small public
suite (two bip37 cases) and a hidden suite generated and recorded as docs/mistakes.md does.

  audit_hidden_test.py GRADER REFERENCE CASES [--memory MIB]"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
from outcome import Tally  # noqa: E402

PUBLIC = ("worked-example", "flags-values")  # a public suite small enough to miss mistakes
SEED, COUNT = 2027, 6


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "reference", "cases"):
        parser.add_argument(name)
    parser.add_argument("--memory", help="the grader's --memory (0 for a sanitizer build)")
    args = parser.parse_args()
    memory = ["--memory", args.memory] if args.memory else []
    check = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        public = tmp / "public" / "bip37"
        public.mkdir(parents=True)
        shutil.copy(pathlib.Path(args.cases) / "mistakes.tsv", public.parent)  # the catalogue's words
        for name in PUBLIC:
            for suffix in (".case", ".mistakes"):
                shutil.copy(pathlib.Path(args.cases) / "bip37" / (name + suffix), public)
        subprocess.run([args.reference, "--generate", "bip37", "--seed", str(SEED), "--count", str(COUNT),
                        "--out", tmp / "hidden", "--cases", args.cases], check=True, stdout=subprocess.DEVNULL)
        hidden = tmp / "hidden" / "bip37"
        subprocess.run([args.grader, "record", "--mistakes", "--cases", hidden, *memory, "--", args.reference],
                       check=True, stdout=subprocess.DEVNULL)
        listed = subprocess.run([args.reference, "--list-mistakes"], capture_output=True, text=True,
                                check=True).stdout
        mistakes = [line.split("\t")[0] for line in listed.splitlines()
                    if line and not line.startswith("#") and line.split("\t")[1] == "bip37"]

        def caught(suite, mistake):
            run = subprocess.run([args.grader, "run", "--cases", suite, *memory, "--", args.reference,
                                  "--mistake", mistake], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, check=False)
            assert run.returncode in (0, 1), run.stderr
            return run.returncode == 1

        by_public = {m for m in mistakes if caught(public, m)}
        by_hidden = {m for m in mistakes if caught(hidden, m)}
        expected = {
            "caught by the hidden cases only": by_hidden - by_public,
            "caught by the public cases only": by_public - by_hidden,
            "caught by both": by_public & by_hidden,
            "survive both": set(mistakes) - by_public - by_hidden,
        }
        check(expected["caught by the hidden cases only"], "the hidden suite adds no mistake here: the test "
              f"shows nothing (public catches {sorted(by_public)}, hidden {sorted(by_hidden)})")

        both = subprocess.run([args.grader, "audit", "--cases", public, "--cases", hidden, *memory, "--",
                               args.reference], capture_output=True, text=True, check=False)
        said = dict(re.findall(r"^  ([a-z ]+): (.*)$", both.stdout, re.M))
        for heading, ids in expected.items():
            shown = set() if said.get(heading) == "none" else set(said.get(heading, "?").split(", "))
            check(shown == ids, f"audit over both: {heading}: said {said.get(heading)!r}, the runs say "
                  f"{sorted(ids) or 'none'}\n{both.stdout}")
        check(f"the hidden cases ({COUNT}) beside the public ones ({len(PUBLIC)}):" in both.stdout,
              f"audit over both does not say what it audited:\n{both.stdout}")
        unnamed = re.search(r"^\S+ +\d+ +\d+  .*\*", both.stdout, re.M) is not None
        check(both.returncode == (1 if expected["survive both"] or unnamed else 0),
              f"audit over both exited {both.returncode}:\n{both.stdout}{both.stderr}")
        check(re.search(r"^\S+ +\d+ +\d+  .*hidden:bip37/", both.stdout, re.M) is not None,
              f"audit over both marks no case hidden:\n{both.stdout}")

        alone = subprocess.run([args.grader, "audit", "--cases", hidden, *memory, "--", args.reference],
                               capture_output=True, text=True, check=False)
        check(alone.stdout.startswith(f"auditing {COUNT} hidden cases alone:"),
              f"hidden cases alone: the first line does not say so:\n{alone.stdout}")
        check("SURVIVES every case" not in alone.stdout,
              f"hidden cases alone: a mistake they miss reads as surviving every case:\n{alone.stdout}")
        for mistake in set(mistakes) - by_hidden:
            check(re.search(rf"^{re.escape(mistake)} +0 +0  survives these hidden cases$", alone.stdout, re.M),
                  f"hidden cases alone: {mistake} is not said to survive these cases:\n{alone.stdout}")
        check(f"the hidden cases alone catch {len(by_hidden)} of {len(mistakes)} mistakes\n" in alone.stdout,
              f"hidden cases alone: the count caught is not {len(by_hidden)} of {len(mistakes)}:\n{alone.stdout}")
        unnamed = re.search(r"^\S+ +\d+ +\d+  .*\*", alone.stdout, re.M) is not None
        check(alone.returncode == (1 if unnamed else 0),
              f"hidden cases alone exited {alone.returncode}:\n{alone.stdout}{alone.stderr}")
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
