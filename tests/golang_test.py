#!/usr/bin/env python3
"""Lesson 004's Go code, run as the lesson prints it, against the reference's GOLANG filter.
tests/lesson004/bloom.go is the lesson's section 4.3.3 verbatim (only its package clause added)
and tests/lesson004/main.go drives it over the protocol's subset it can answer (GOLANG, INSERT,
CONTAINS, INDEXES, CRC32) through the lesson's own functions and fields. This builds them with
`go build` into WORK_FOLDER, offline, with Go's caches inside WORK_FOLDER (again only when a
source or the Go toolchain changed), sends the same lines to the Go program and the reference,
and proves that they give the same answers (INDEXES as sorted sets; two errors are the same
answer) except where Go's math.Log is not the C library's log, which the protocol keeps as ln.

Go's math.Log on amd64 (log_amd64.s) is not correctly rounded: for some p (about 7% of p drawn
evenly from (0, 1)) its log is one bit away from the C library's, which now and then changes
m = trunc(-n ln p / 0.48045301391820144); and it does not normalise a subnormal p
(golang/go#56600, open): Log(5e-324) is -709.09, not -744.44. go_log_amd64 below is that
assembly step for step in doubles. A GOLANG line whose two answers differ passes only when the
lesson's sizing gives Go's answer with go_log_amd64 and the reference's with the C library's
log (Python's math.log, glibc's); the INSERT, CONTAINS and INDEXES answers under that filter
are then not compared, only counted. Any other difference fails. The lines:

  (a) CRC-32's check value and the lesson's own sizes, worked by hand (its test's
      NewBloomFilter(10_0000_0000, 0.01) only when the machine has the memory);
  (b) DIVISOR_PAIRS, where Go's log is the C library's and dividing by Go's math.Ln2 * math.Ln2
      (an exact constant rounded once: 0.48045301391820144) gives another m than dividing by the
      product of two doubles (0.4804530139182014): both programs must give Go's divisor's m;
  (c) LOG_CLAIMS, where Go's log gives another m than the C library's (a subnormal p and last-bit
      ones): the real Go program and the reference must each give the answer listed;
  (d) random seeded sessions: GOLANG of many sizes and rates (subnormal ones, a few that the
      lesson refuses), INSERT, CONTAINS of members and others, INDEXES and CRC32 over random bytes.

Without go it exits 77 (skipped), saying so; also on a GOARCH other than amd64, where Go's log
is another one (log.go).

  golang_test.py REFERENCE_BINARY WORK_FOLDER [--seed N] [--sessions N] [--lines N]"""
import hashlib
import math
import os
import pathlib
import random
import shutil
import struct
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent / "support"))
import cli  # noqa: E402
import outcome  # noqa: E402
from sessions import answers, same, shorten  # noqa: E402

SOURCES = [pathlib.Path(__file__).parent / "lesson004" / name for name in ("bloom.go", "main.go")]
SKIPPED = 77  # CTest's SKIP_RETURN_CODE
GO_DIVISOR = 0.48045301391820144  # math.Ln2 * math.Ln2: exact, rounded once to a float64
PRODUCT_DIVISOR = 0.4804530139182014  # 0.6931471805599453 * 0.6931471805599453 in doubles
LN2 = 0.6931471805599453
MAX_BITS = 1_600_000_000  # the Go program allocates every bit (200 MB), twice for INDEXES

FIXED = [
    (b"CRC32 123456789", b"cbf43926"),  # the check value of every CRC catalogue
    (b"CRC32 ", b"00000000"),
    (b"INSERT 61", b"error"),  # no filter yet
    # -n ln p / 0.48045301391820144 = 958.5..., (958 / 100) ln 2 = 6.64...
    (b"GOLANG 100 0.01", b"bits=958 hashes=6"),
    (b"GOLANG 10000 0.01", b"bits=95850 hashes=6"),
    (b"GOLANG 1000000 0.01", b"bits=9585058 hashes=6"),  # the lesson's test puts 10^6 keys
    (b"GOLANG 1 0.5", b"bits=1 hashes=0"),  # docs/protocol.md: no floor
    (b"INDEXES 61", b"none"),
    (b"CONTAINS 61", b"maybe"),
    (b"GOLANG 1 0.9", b"bits=0 hashes=0"),
    (b"GOLANG 0 0.5", b"error"),  # the lesson panics: "wrong n or p"
    (b"GOLANG 5 1", b"error"),
    (b"GOLANG 5 0", b"error"),
    (b"GOLANG 5 1e-400", b"error"),  # rounds to 0
    (b"GOLANG 5 0.99999999999999999999", b"error"),  # rounds to 1
]
# The lesson's test: NewBloomFilter(10_0000_0000, 0.01), 1.2 GB of int64s in the Go program.
LESSON_TEST = (b"GOLANG 1000000000 0.01", b"bits=9585058377 hashes=6")
LESSON_TEST_MEMORY = 4 << 30  # bytes of MemAvailable it needs

# Found by a search over p near exp(-M * 0.48045301391820144 / n) for whole M, keeping the p
# whose Go math.Log (log_amd64.s, emulated in Python) is the C library's log, so that only the
# divisor decides: (n, p, m with Go's divisor, m with the product's). The last three change k
# too: 4 against 5, 0 against 1, 8 against 9.
DIVISOR_PAIRS = [
    (537253, "0.37859351805056984", 1086119, 1086120),
    (477915, "0.056273265901741365", 2862334, 2862335),
    (268653, "1.3718467690724898e-05", 6260851, 6260852),
    (214353, "7.18992764598702e-12", 11447408, 11447409),
    (8892827, "0.030934919845796428", 64335754, 64335755),
    (3, "0.1246852072156784", 12, 13),
    (1, "0.021415847120683718", 7, 8),
    (9, "0.49957992345780666", 12, 13),
    (1, "0.0019384062174770905", 12, 13),
]
# (c) The protocol's claim, against real Go on amd64: (n, p, Go's answer, the reference's), where
# Go's math.Log gives another m than the C library's log. The first is subnormal (golang/go#56600:
# Go's Log(5e-324) is -709.09, the C library's -744.44); in the others Go's log is one bit away:
# a step up (Go's m one less) for 0.3825461314703953 and 0.02155342806954209, a step down (Go's
# m one more) for 0.005067117552663322.
LOG_CLAIMS = [
    (1, "5e-324", b"bits=1475 hashes=1022", b"bits=1549 hashes=1073"),
    (1, "0.3825461314703953", b"bits=1 hashes=0", b"bits=2 hashes=1"),
    (1, "0.005067117552663322", b"bits=11 hashes=7", b"bits=10 hashes=6"),
    (3925427, "0.02155342806954209", b"bits=31351095 hashes=5", b"bits=31351096 hashes=5"),
]


def go_log_amd64(x):
    """Go's math.Log as log_amd64.s computes it, step for step in doubles: a diagnosis only."""
    bits = struct.unpack("<Q", struct.pack("<d", x))[0]
    f1 = struct.unpack("<d", struct.pack("<Q", bits & 0x000FFFFFFFFFFFFF | 0x3FE0000000000000))[0]
    k = float((bits >> 52 & 0x7FF) - 0x3FE)  # a subnormal's exponent field is 0: not normalised
    if f1 < 7.07106781186547524401e-01:
        k, f1 = k - 1, f1 * 2
    f = f1 - 1
    s = f / (2 + f)
    s2 = s * s
    s4 = s2 * s2
    t1 = s2 * (6.666666666666735130e-01 + s4 * (2.857142874366239149e-01 + s4 * (
        1.818357216161805012e-01 + s4 * 1.479819860511658591e-01)))
    t2 = s4 * (3.999999999940941908e-01 + s4 * (2.222219843214978396e-01 + s4 * 1.531383769920937332e-01))
    hfsq = 0.5 * f * f
    return k * 6.93147180369123816490e-01 - ((hfsq - (s * (hfsq + t1 + t2) + k * 1.90821492927058770002e-10)) - f)


def sizing(n, p, log=math.log, divisor=GO_DIVISOR):
    """NewBloomFilter's bitSize and hashFuncSize, in doubles as Go computes them."""
    m = -int(float(n) * log(p) / divisor)
    return m, int(float(m) * LN2 / float(n))


def size_of(line):
    """(n, p) of a GOLANG line the lesson accepts (1 <= n <= 2^32 - 1, 0 < p < 1), else None."""
    try:
        _, n, p = line.rstrip(b"\r").split(b" ")
        n, p = int(n), float(p)
    except ValueError:
        return None
    return (n, p) if 1 <= n <= 4294967295 and 0 < p < 1 else None


def sized(m_k):
    return b"bits=%d hashes=%d" % m_k


def explained(line, go_answer, reference_answer):
    """Whether Go's log explains the two answers to a GOLANG line: the lesson's sizing gives
    Go's answer with Go's log_amd64.s and the reference's with the C library's log."""
    size = size_of(line)
    return size is not None and go_answer == sized(sizing(*size, go_log_amd64)) \
        and reference_answer == sized(sizing(*size))


def diagnosis(line):
    """For a GOLANG line: the sizes each formula gives, to tell which one each program took."""
    size = size_of(line)
    if size is None:
        return ""
    forms = {"C library's log, Go's divisor": sizing(*size),
             "C library's log, product divisor": sizing(*size, divisor=PRODUCT_DIVISOR),
             "Go's log_amd64.s, Go's divisor": sizing(*size, go_log_amd64)}
    return "\n      " + "; ".join(f"{name}: bits={m} hashes={k}" for name, (m, k) in forms.items())


# --- the Go program -----------------------------------------------------------------------

def go_environment(work):
    """Go offline, every cache and setting inside WORK: no network, no HOME, no go.work or
    go env -w file of the machine, no C compiler, no VCS stamping (no -trimpath either: it
    would rebuild the standard library, 20 s, where the installed one serves)."""
    env = {name: value for name, value in os.environ.items()
           if name == "GOROOT" or not name.startswith(("GO", "CGO_"))}
    env.update(GOCACHE=str(work / "go-cache"), GOPATH=str(work / "go-path"), GOENV="off",
               GOPROXY="off", GOWORK="off", GO111MODULE="on", GOTOOLCHAIN="local", CGO_ENABLED="0")
    return env


def build_program(go, work):
    """Builds tests/lesson004 into WORK/golang/bloom-go, unless the binary there was built from
    the same sources and toolchain (their SHA-256 is kept beside it); returns its path."""
    folder = work / "golang"
    binary, stamp = folder / "bloom-go", folder / "sources.sha256"
    env = go_environment(work)
    version = subprocess.run([go, "version"], env=env, capture_output=True, check=True).stdout
    digest = hashlib.sha256(version + b"".join(hashlib.sha256(s.read_bytes()).digest() for s in SOURCES))
    if stamp.is_file() and stamp.read_text() == digest.hexdigest() and binary.is_file():
        print(f"tests/lesson004 unchanged, reusing {binary}")
        return binary
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for source in SOURCES:
        shutil.copy(source, folder / source.name)
    (folder / "go.mod").write_text("module lesson004\n\ngo 1.19\n")
    subprocess.run([go, "build", "-buildvcs=false", "-o", str(binary), "."], cwd=folder,
                   env=env, check=True)
    stamp.write_text(digest.hexdigest())
    print(f"built tests/lesson004 into {binary} ({version.decode().strip()})")
    return binary


def memory_available():
    try:
        for row in pathlib.Path("/proc/meminfo").read_text().splitlines():
            if row.startswith("MemAvailable:"):
                return int(row.split()[1]) * 1024
    except OSError:
        pass
    return 0


# --- random sessions ---------------------------------------------------------------------

def utf8_key(rng, low=1, high=40):
    """Valid UTF-8 of low..high bytes: ASCII, 2- and 3-byte characters and 4-byte ones (above
    U+FFFF: emoji, and any up to U+10FFFF)."""
    size = rng.choice([rng.randint(low, high), rng.randint(low, min(high, 6)), low, high])
    key = b""
    while len(key) < size:
        width = rng.choice([w for w in (1, 1, 2, 3, 4, 4) if w <= size - len(key)])
        if width == 1:
            point = rng.randrange(0x80)
        elif width == 2:
            point = rng.choice([0xe9, 0x3c0, rng.randrange(0x80, 0x800)])
        elif width == 3:
            point = rng.choice([0x65e5, 0x20ac, rng.randrange(0x800, 0xd800), rng.randrange(0xe000, 0x10000)])
        else:
            point = rng.choice([rng.randrange(0x1f300, 0x1fb00), rng.randrange(0x10000, 0x110000)])
        key += chr(point).encode()
    return key


def element(rng):
    """An element of 1 to 40 bytes: UTF-8, arbitrary bytes, or a number as the lesson's test
    puts them (fmt.Sprintf("%v", i) of an int is its decimal digits)."""
    kind = rng.random()
    if kind < 0.45:
        return utf8_key(rng)
    if kind < 0.85:
        return bytes(rng.randrange(256) for _ in range(rng.choice([1, 2, 4, 8, rng.randint(1, 40)])))
    return b"%d" % rng.choice([rng.randint(1, 2_000_000), rng.randrange(10**12)])


TEXT_BYTES = bytes(b for b in range(256) if b not in b"\n\r")


def crc_key(rng):
    """A CRC32 text key: any bytes but LF and CR, empty and trailing spaces included."""
    size = rng.choice([0, 1, 3, 4, 8, 9, rng.randrange(0, 41), rng.randrange(0, 120)])
    if rng.random() < 0.3:
        return utf8_key(rng, 1, size).replace(b"\n", b" ").replace(b"\r", b" ") if size else b""
    return bytes(rng.choice(TEXT_BYTES) for _ in range(size))


def random_p(rng):
    return rng.choice([
        "0.5", "0.1", "0.01", "1e-3", "1e-9", "5e-324", "0.9", "0.99", "0.25", ".5", "5E-2", "3e-7",
        "1e-300", "1e-320", "2.2250738585072014e-308",
        "%.*g" % (rng.randrange(1, 18), rng.random()),
        "%.*g" % (rng.randrange(1, 18), rng.random()),
        "%de-%d" % (rng.randrange(1, 10), rng.randrange(1, 16)),
        "%de-%d" % (rng.randrange(1, 10), rng.randrange(1, 16)),
        "%.3e" % (rng.random() * 10 ** -rng.randrange(0, 30)),
        "%.17g" % rng.uniform(0.5, 1),
    ])


def random_filter(rng):
    """GOLANG n p within MAX_BITS; now and then one the lesson refuses."""
    if rng.random() < 0.04:
        return rng.choice([b"GOLANG 0 0.5", b"GOLANG 3 1", b"GOLANG 3 0", b"GOLANG 3 1e-400",
                           b"GOLANG 3 1.0", b"GOLANG 4294967296 0.5"]), 0
    n = rng.choice([rng.randint(1, 20), rng.randint(1, 1000), rng.randint(1, 100_000), rng.randint(1, 1_000_000),
                    rng.randint(1, 10_000_000), rng.randint(1, 4294967295)])
    for _ in range(20):
        p = random_p(rng)
        if not 0 < float(p) < 1:  # "%.1g" of 0.97 is 1: refused
            return b"GOLANG %d %s" % (n, p.encode()), 0
        bits = sizing(n, float(p))[0]
        if bits <= MAX_BITS:
            return b"GOLANG %d %s" % (n, p.encode()), bits
    return b"GOLANG %d 0.999" % n, sizing(n, 0.999)[0]


def session(rng, count):
    lines, members, bits = [], [], 0
    if rng.random() < 0.3:  # before any GOLANG: errors
        lines.append(rng.choice([b"INSERT 61", b"CONTAINS 61", b"INDEXES 61"]))
    indexes_left = 0
    while len(lines) < count:
        r = rng.random()
        if r < 0.06 or not lines:
            line, size = random_filter(rng)
            lines.append(line)
            if size:  # a refused GOLANG leaves the filter as it was
                members, bits = [], size
                indexes_left = 2 if bits > 1 << 26 else 10**9  # each is a fresh filter in Go
        elif r < 0.4:
            key = element(rng)
            members.append(key)
            lines.append(b"INSERT " + hexed(rng, key))
        elif r < 0.65:
            key = rng.choice(members) if members and rng.random() < 0.5 else element(rng)
            lines.append(b"CONTAINS " + hexed(rng, key))
        elif r < 0.82:
            if indexes_left <= 0:
                continue
            indexes_left -= 1
            key = rng.choice(members) if members and rng.random() < 0.3 else element(rng)
            lines.append(b"INDEXES " + hexed(rng, key))
        else:
            lines.append(b"CRC32 " + crc_key(rng))
        if rng.random() < 0.05:
            lines[-1] += b"\r"  # one trailing CR is dropped; no key holds a CR of its own
    return lines


def hexed(rng, key):
    text = key.hex().encode()
    return text.upper() if rng.random() < 0.2 else text


def filter_session(rng, pairs):
    """GOLANG n p for each pair, each followed by a few elements in, out and their indexes."""
    lines = []
    for n, p in pairs:
        lines.append(b"GOLANG %d %s" % (n, p.encode()))
        keys = [element(rng) for _ in range(6)]
        lines += [b"INSERT " + key.hex().encode() for key in keys[:3]]
        lines += [b"CONTAINS " + key.hex().encode() for key in keys]
        lines += [b"INDEXES " + key.hex().encode() for key in keys[:2]]
    return lines


# --- the checks ----------------------------------------------------------------------------

def main():
    parser = cli.parser(__doc__)
    parser.add_argument("reference")
    parser.add_argument("work")
    parser.add_argument("--seed", type=int, default=None, help="random sessions' seed (default: a new one)")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--lines", type=int, default=300, help="lines per random session")
    args = parser.parse_args()
    go = shutil.which("go")
    if go is None:
        print("SKIP: go is missing (install golang-go)")
        return SKIPPED
    started = time.monotonic()
    work = pathlib.Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    arch = subprocess.run([go, "env", "GOARCH"], env=go_environment(work), capture_output=True,
                          check=True, text=True).stdout.strip()
    if arch != "amd64":
        print(f"SKIP: go builds for {arch}, not amd64, whose math.Log (log_amd64.s) this test explains")
        return SKIPPED
    programs = {"go": [str(build_program(go, work))], "reference": [args.reference]}
    failures = []
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed} (replay: --seed {seed} --sessions {args.sessions} --lines {args.lines})")
    rng = random.Random(seed)

    tally = dict(lines=0, explained=0, skipped=0, unexplained=0)

    def compare(part, number, lines, expected=None):
        """Both programs' answers to one session, checked line by line; `expected`, where not
        None, is each line's answer for both programs, or a (go, reference) pair of them."""
        got = {name: answers(command, lines) for name, command in programs.items()}
        tally["lines"] += len(lines)
        filter_differs = False  # the current filter's GOLANG answers differed
        for index, line in enumerate(lines):
            a, b = got["go"][index], got["reference"][index]
            golang = line.startswith(b"GOLANG ")
            wrong = []
            if golang:
                differ = not same(line, a, b)
                if not (a.startswith(b"error") and b.startswith(b"error")):  # else the filter stays
                    filter_differs = differ
                if differ:
                    if explained(line, a, b):
                        tally["explained"] += 1
                    else:
                        wrong.append("go and reference differ, and Go's log does not explain it")
            elif filter_differs and not line.startswith(b"CRC32 "):
                tally["skipped"] += 1  # under a filter of another size in each program
                continue
            elif not same(line, a, b):
                wrong.append("go and reference differ")
            want = expected[index] if expected is not None else None
            if want is not None:
                want = dict(zip(programs, want if isinstance(want, tuple) else (want, want)))
                wrong += [f"{name} is not {want[name]!r}" for name in programs
                          if not same(line, want[name], got[name][index])]
            if not wrong:
                continue
            tally["unexplained"] += 1
            if len(failures) < 30:
                failures.append(f"{part}, seed {seed}, session {number}, line {index + 1}: {shorten(line)}: "
                                f"{', '.join(wrong)}\n      go:        {shorten(a)}\n"
                                f"      reference: {shorten(b)}"
                                + (diagnosis(line) if golang else ""))

    # (a) CRC-32's check value and the lesson's sizes, by hand
    fixed = list(FIXED)
    if memory_available() >= LESSON_TEST_MEMORY:
        fixed.append(LESSON_TEST)
        # the lesson's test puts the ints 1..10^6; a few of them in, others not
        fixed += [(b"INSERT " + (b"%d" % i).hex().encode(), b"ok") for i in range(1, 201)]
        fixed += [(b"CONTAINS " + (b"%d" % i).hex().encode(), b"maybe") for i in range(1, 201)]
        fixed += [(b"CONTAINS " + (b"%d" % i).hex().encode(), None) for i in range(1_000_001, 1_000_201)]
    else:
        print(f"(a) less than {LESSON_TEST_MEMORY >> 30} GB of memory available: the lesson's "
              f"{LESSON_TEST[0].decode()} left out")
    before = tally["unexplained"]
    compare("(a)", 0, [line for line, _ in fixed], [answer for _, answer in fixed])
    print(f"(a) {len(fixed)} fixed lines, {tally['unexplained'] - before} wrong")

    # (b) Go's divisor, not the product of doubles, where Go's log is the C library's
    for n, p, go_m, product_m in DIVISOR_PAIRS:
        x = float(p)
        if go_log_amd64(x) != math.log(x):
            failures.append(f"(b) DIVISOR_PAIRS {n} {p}: Go's log_amd64.s gives {go_log_amd64(x)!r}, "
                            f"the C library's log {math.log(x)!r}: not a divisor pair")
        if (sizing(n, x)[0], sizing(n, x, divisor=PRODUCT_DIVISOR)[0]) != (go_m, product_m):
            failures.append(f"(b) DIVISOR_PAIRS {n} {p}: sizing gives {sizing(n, x)[0]} with Go's divisor "
                            f"and {sizing(n, x, divisor=PRODUCT_DIVISOR)[0]} with the product, listed "
                            f"{go_m} and {product_m}")
    lines, expected = [], []
    for n, p, go_m, _ in DIVISOR_PAIRS:
        pair_lines = filter_session(rng, [(n, p)])
        lines += pair_lines
        expected += [sized((go_m, int(go_m * LN2 / n)))] + [None] * (len(pair_lines) - 1)
    before = tally["unexplained"]
    compare("(b)", 0, lines, expected)
    print(f"(b) {len(DIVISOR_PAIRS)} (n, p) where Go's divisor decides m: {len(lines)} lines, "
          f"{tally['unexplained'] - before} wrong")

    # (c) Go's math.Log: the real programs answer as listed, and the port of log_amd64.s agrees
    for n, p, go_answer, reference_answer in LOG_CLAIMS:
        ported = (sized(sizing(n, float(p), go_log_amd64)), sized(sizing(n, float(p))))
        if ported != (go_answer, reference_answer) or go_answer == reference_answer:
            failures.append(f"(c) LOG_CLAIMS {n} {p}: listed {go_answer!r} for Go and {reference_answer!r} "
                            f"for the reference; Go's log_amd64.s gives {ported[0]!r}, the C library's "
                            f"log {ported[1]!r}")
    lines = filter_session(rng, [(n, p) for n, p, _, _ in LOG_CLAIMS])
    expected = [next(((go, ref) for n, p, go, ref in LOG_CLAIMS if line == b"GOLANG %d %s" % (n, p.encode())),
                     None) for line in lines]
    before = tally["unexplained"]
    compare("(c)", 0, lines, expected)
    print(f"(c) {len(LOG_CLAIMS)} (n, p) where Go's math.Log gives another m: {len(lines)} lines, "
          f"{tally['unexplained'] - before} not as listed")

    # (d) random sessions
    before = dict(tally)
    for number in range(1, args.sessions + 1):
        compare("(d)", number, session(rng, args.lines))
    print(f"(d) {args.sessions} sessions of {args.lines} lines: {tally['explained'] - before['explained']} "
          f"GOLANG differences explained by Go's log, {tally['unexplained'] - before['unexplained']} not")
    if len(failures) >= 30:
        failures.append(f"... and perhaps more (seed {seed})")
    unexplained = tally["unexplained"] or "none"
    print(f"golang: {args.sessions} random sessions and 3 fixed ones, {tally['lines']} lines, "
          f"{tally['explained']} differences explained by Go's math.Log ({tally['skipped']} answers under "
          f"those filters skipped), {unexplained} unexplained; seed {seed}, "
          f"{time.monotonic() - started:.1f} s")
    return outcome.report(failures)


if __name__ == "__main__":
    sys.exit(main())
