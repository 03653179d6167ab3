#!/usr/bin/env python3
"""Small slips inside one step, the kind a course's students make, are told what their case can
know and nothing false: the implementation written apart (tests/oracle/bloom.py), each time
with one edit, is graded over its exercise's cases, and the hints of the cases it fails are
exactly the ones listed, and no case names a known mistake. Those are the hints that name the steps to check in order; the hints
they replaced named one cause (the block read, the hash count, h1 and h2) that these slips leave
right. The edits need no build, so the test runs in seconds.

  hint_mutants_test.py GRADER ORACLE CASES"""
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402

WHOLE_BLOCKS = ("each 4-byte block is read with its first byte lowest (k = b0 | b1 << 8 | b2 << 16 | "
                "b3 << 24), mixed (k*c1, rotl 15, k*c2), then mixed into h (h ^= k, rotl 13, h*5 + "
                "0xe6546b64): check the three in that order, against the values for \"bloom\" in "
                "docs/protocol.md, \"MurmurHash3 x86_32 (HASH)\"")
BYTES_FIRST = "check bytes first: bits = min(trunc(-1 / LN2SQ * n * ln(p)), 36000 * 8)"
SIZE_STEPS = "check bits first"
LONG_KEY_HASH = "short keys hash right (hashing/whole-blocks, hashing/tail-three-bytes), so check the widths"
LONG_KEY_FNV = "short keys hash right (basics/fnv-published-vectors), so check the width"
# (what it is, exercise, the oracle's line, the line with the slip, {case: start of each hint shown})
MUTANTS = [
    ("the block mix rotates by 17", "hashing",
     "k = rotl((k * c1) & M32, 15) * c2 & M32\n        h = rotl(h ^ k, 13)",
     "k = rotl((k * c1) & M32, 17) * c2 & M32\n        h = rotl(h ^ k, 13)",
     {"hashing/whole-blocks": [WHOLE_BLOCKS]}),
    ("the h mix rotates by 12", "hashing", "h = rotl(h ^ k, 13)", "h = rotl(h ^ k, 12)",
     {"hashing/whole-blocks": [WHOLE_BLOCKS]}),
    ("h1 keeps 28 bits", "basics", "h1, h2 = h & M32,", "h1, h2 = h & 0xFFFFFFF,",
     {"basics/positions-64-bit-sum": ["the FNV lines passed, so the 64-bit hash is right; the positions "
                                      "are h1 + i*h2 mod m: check h1"]}),
    ("bytes rounded up", "bip37", "nbytes = bits // 8", "nbytes = (bits + 7) // 8",
     {"bip37/nine-elements-one-percent": [BYTES_FIRST], "bip37/cap-50-hashes": [BYTES_FIRST]}),
    # Widths a long key needs: the short keys of the other cases hash right.
    ("the block count keeps 8 bits", "hashing", "nblocks = len(data) // 4", "nblocks = len(data) // 4 & 0xFF",
     {"hashing/key-of-1027-bytes": [LONG_KEY_HASH]}),
    ("the length mixed in keeps 8 bits", "hashing", "h ^= len(data) & M32", "h ^= len(data) & 0xFF",
     {"hashing/key-of-1027-bytes": [LONG_KEY_HASH]}),
    ("FNV takes the key's first len % 256 bytes", "basics", "for byte in data:",
     "for byte in data[:len(data) & 0xFF]:", {"basics/fnv-key-of-300-bytes": [LONG_KEY_FNV]}),
    # The sizing constants cut short: no other case tells these from the solution.
    ("LN2 cut to 0.69", "bip37", "math.trunc((nbytes * 8 // n) * LN2)", "math.trunc((nbytes * 8 // n) * 0.69)",
     {"bip37/sizing-constants-in-full": [BYTES_FIRST]}),
    ("LN2SQ cut to 0.4805", "bip37", "math.trunc(-1 / LN2SQ * n", "math.trunc(-1 / 0.4805 * n",
     {"bip37/sizing-constants-in-full": [BYTES_FIRST]}),
    ("LN2SQ cut to 0.48", "bip37", "math.trunc(-1 / LN2SQ * n", "math.trunc(-1 / 0.48 * n",
     {"bip37/sizing-constants-in-full": [BYTES_FIRST]}),
    # -n on an unsigned n: every SIZE answers bits=1 hashes=1. Short answers that some known
    # mistakes give on one line each, and no mistake's on every line of a case.
    ("n negated as an unsigned 64-bit number", "basics", "math.ceil(-n * math.log(p)",
     "math.ceil((-n % 2**64) * math.log(p)", {"basics/size-ten-thousand": [SIZE_STEPS]}),
]


def main():
    parser = cli.parser(__doc__)
    for name in ("grader", "oracle", "cases"):
        parser.add_argument(name)
    args = parser.parse_args()
    source = pathlib.Path(args.oracle).read_text()
    failures, checks = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for what, exercise, line, slip, told in MUTANTS:
            checks += 1
            if source.count(line) != 1:
                failures.append(f"{what}: the oracle holds {source.count(line)} copies of {line!r}, not one")
                continue
            mutant = pathlib.Path(tmp) / "bloom.py"
            mutant.write_text(source.replace(line, slip))
            report = pathlib.Path(tmp) / "report.json"
            report.unlink(missing_ok=True)
            run = subprocess.run([args.grader, "run", "--cases", pathlib.Path(args.cases) / exercise,
                                  "--report", f"json:{report}", "--", sys.executable, mutant],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
            if run.returncode != 1 or not report.exists():
                failures.append(f"{what}: the grader exited {run.returncode}, not 1: {run.stderr.strip()}")
                continue
            graded = {c["name"]: c for c in json.loads(report.read_text())["cases"]}
            # a slip no catalogue entry makes is named by no case: every claim would be false
            for case in graded.values():
                checks += 1
                if case.get("claims"):
                    failures.append(f"{what}: {case['name']} names {case['claims']}")
            for name, starts in told.items():
                checks += 1
                case = graded.get(name)
                if case is None or case["verdict"] == "passed":
                    failures.append(f"{what}: {name} did not fail, so its hint was never shown")
                    continue
                if len(case["hints"]) != len(starts) or not all(
                        hint.startswith(start) for hint, start in zip(case["hints"], starts)):
                    failures.append(f"{what}: {name} is told {case['hints']}, not {starts}")
    return outcome.report(failures, checks)


if __name__ == "__main__":
    sys.exit(main())
