#!/usr/bin/env python3
"""The reference's lesson-004 Guava commands against the real Guava (31.1, Debian's
libguava-java). tests/guava/GuavaProtocol.java speaks the protocol's Guava subset (HASH128,
CRC32, GUAVA, INSERT, CONTAINS, INDEXES, WRITETO; docs/protocol.md) by calling the library, never
by re-implementing it. This compiles it into WORK_FOLDER (again only when its source changed),
then requires:

  (a) Guava's own published MurmurHash3 x64_128 vectors and CRC-32's check value, from both
      programs;
  (b) the same answer from both, line by line, on random seeded sessions: GUAVA of many sizes
      and rates (some that Guava refuses), INSERT, CONTAINS of members and others, INDEXES
      (compared as sets: Guava's are read back out of a filter's bits), WRITETO, HASH128 with
      seeds below 2^31 and CRC32 over random bytes;
  (c) what the protocol says of HASH128's seed: Guava sign-extends it, so for a seed of 2^31 or
      more its hash differs from the reference's, and below 2^31 the two agree;
  (d) that Guava's murmur3_32_fixed().hashUnencodedChars(key) is the known mistake
      utf16le-bytes (docs/mistakes.md, "The forms real code takes"): the Java program's HASH
      answers it, and on every key but the empty one the reference's own HASH differs;
  (e) that POSITIONS written with Guava's signed hashBytes(key).asInt() and Java's truncating %
      is the known mistake negative-positions: graded by GRADER on the POSITIONS cases of
      CASES/hashing, it prints negative positions, and the kit names that mistake and no other.

Without javac, java or /usr/share/java/guava.jar it exits 77 (skipped), saying what is missing.

  guava_test.py REFERENCE_BINARY GRADER CASES WORK_FOLDER [--seed N] [--sessions N] [--lines N]"""
import hashlib
import json
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

SOURCE = pathlib.Path(__file__).parent / "guava" / "GuavaProtocol.java"
GUAVA_JAR = pathlib.Path("/usr/share/java/guava.jar")
SKIPPED = 77  # CTest's SKIP_RETURN_CODE

# Guava's own known values, guava-tests/test/com/google/common/hash/Murmur3Hash128Test.java
# (google/guava, testKnownValues): (seed, ASCII input, the two longs its test writes
# little-endian into the hash's 16 bytes).
MURMUR3_128_VECTORS = [
    (0, b"hell", 0x629942693e10f867, 0x92db0b82baeb5347),
    (1, b"hello", 0xa78ddff5adae8d10, 0x128900ef20900135),
    (2, b"hello ", 0x8a486b23f422e826, 0xf962a2c58947765f),
    (3, b"hello w", 0x2ea59f466f6bed8c, 0xc610990acc428a17),
    (4, b"hello wo", 0x79f6305a386c572c, 0x46305aed3483b94e),
    (5, b"hello wor", 0xc2219d213ec1f1b5, 0xa1d8e2e0a52785bd),
    (0, b"The quick brown fox jumps over the lazy dog", 0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347),
    (0, b"The quick brown fox jumps over the lazy cog", 0x658ca970ff85269a, 0x43fee3eaa68e5c3e),
]
FIXED = [(b"HASH128 %d %s" % (seed, key), struct.pack("<QQ", low, high).hex().encode())
         for seed, key, low, high in MURMUR3_128_VECTORS] + [
    # the same file: "Known output from Python smhasher", as HashCode.toString() prints it
    (b"HASH128 0 The quick brown fox jumps over the lazy dog", b"6c1b07bc7bbc4be347939ac4a93c437a"),
    (b"CRC32 123456789", b"cbf43926"),  # the check value of every CRC catalogue
    (b"GUAVA 1 0.99", b"error"),  # 0 bits: Guava refuses it
    (b"GUAVA 1 1e-100", b"error"),  # 332 hashes: more than 255
]

# Edges, compared between the two programs like a random session (session 0): the largest k
# Guava takes (255) and the least it refuses, more words than a Java array holds (refused before
# any allocation), a rate so near 1 that n = 0 (taken as 1) gets 0 bits, and empty keys.
EDGES = [b"GUAVA 2 1.7e-77", b"WRITETO", b"INSERT f09f9880", b"INDEXES f09f9880", b"WRITETO",
         b"GUAVA 1 1e-77", b"GUAVA 1 1e-76", b"GUAVA 4294967295 1e-10", b"GUAVA 4294967295 5e-324",
         b"GUAVA 0 1e-320", b"GUAVA 0 0.62", b"GUAVA 0 0.6", b"GUAVA 1 0.6185", b"CONTAINS 00",
         b"INSERT 00", b"CONTAINS 00", b"WRITETO", b"CRC32", b"CRC32 ", b"HASH128 0", b"HASH128 0 ",
         b"HASH128 0x7fffffff trailing spaces  ", b"CRC32 trailing space "]


def missing_tools():
    missing = [tool for tool in ("javac", "java") if shutil.which(tool) is None]
    return missing + ([str(GUAVA_JAR)] if not GUAVA_JAR.is_file() else [])


def compile_program(work):
    """Compiles GuavaProtocol.java into WORK/guava-classes, unless the classes there were compiled
    from the same source (its SHA-256 is kept beside them); returns the java command line."""
    classes = work / "guava-classes"
    stamp = classes / "source.sha256"
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()
    if stamp.is_file() and stamp.read_text() == digest and (classes / "GuavaProtocol.class").is_file():
        print(f"GuavaProtocol.java unchanged, reusing {classes}")
    else:
        shutil.rmtree(classes, ignore_errors=True)
        classes.mkdir(parents=True)
        subprocess.run(["javac", "--release", "17", "-cp", str(GUAVA_JAR), "-d", str(classes), str(SOURCE)],
                       check=True)
        stamp.write_text(digest)
        print(f"compiled GuavaProtocol.java into {classes}")
    return ["java", "-cp", f"{classes}:{GUAVA_JAR}", "GuavaProtocol"]


# --- random sessions ---------------------------------------------------------------------

def utf8_key(rng, low=1, high=40, text=False):
    """Valid UTF-8 of low..high bytes: ASCII (any of its 128, but LF and CR in a `text` key),
    2- and 3-byte characters (no surrogates) and 4-byte ones (emoji, and any up to U+10FFFF)."""
    size = rng.choice([rng.randint(low, high), rng.randint(low, min(high, 6)), low, high])
    key = b""
    while len(key) < size:
        room = size - len(key)
        width = rng.choice([w for w in (1, 1, 2, 3, 4) if w <= room])
        if width == 1:
            point = rng.choice([c for c in range(0x80) if not text or c not in (0x0a, 0x0d)])
        elif width == 2:
            point = rng.choice([0xe9, 0x3c0, 0xfc, rng.randrange(0x80, 0x800)])
        elif width == 3:
            point = rng.choice([0x65e5, 0x672c, 0x20ac, rng.choice([rng.randrange(0x800, 0xd800),
                                                                    rng.randrange(0xe000, 0x10000)])])
        else:
            point = rng.choice([rng.randrange(0x1f300, 0x1fb00), rng.randrange(0x10000, 0x110000)])
        key += chr(point).encode()
    return key


def raw_key(rng):
    """A text key for HASH128 or CRC32: any bytes but LF and CR, trailing spaces included."""
    size = rng.choice([0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, rng.randrange(0, 41), rng.randrange(0, 120)])
    kind = rng.random()
    if kind < 0.2:
        return utf8_key(rng, 0, size, text=True) if size else b""
    alphabet = b"abc xyz 0123456789" if kind < 0.4 else bytes(b for b in range(256) if b not in b"\n\r")
    return bytes(rng.choice(alphabet) for _ in range(size))


def random_seed(rng, high=2**31):
    seed = rng.choice([0, 1, 2**31 - 1, rng.randrange(high), rng.randrange(256)])
    return (b"%d" if rng.random() < 0.7 else rng.choice([b"0x%x", b"0x%X"])) % seed


def random_n(rng):
    return rng.choice([0, 0, 1, 2, 3, 5, 10, rng.randrange(100), rng.randrange(100), rng.randrange(2000),
                       rng.randrange(2000), rng.randrange(20000), rng.randrange(200001), 200000])


def random_p(rng, n):
    fixed = ["0.5", "0.1", "0.03", "0.01", "1e-3", "1e-6", "1e-12", ".5", "5E-2", "0.25", "0.99",
             "0.9"]
    drawn = ["%.*g" % (rng.randrange(1, 18), rng.uniform(1e-9, 1)),
             "%de-%d" % (rng.randrange(1, 10), rng.randrange(1, 16)),
             "%.3e" % (rng.random() * 10 ** -rng.randrange(0, 30)),
             "0.%0*d" % (rng.randrange(1, 8), rng.randrange(1, 10**6))]
    tiny = ["1e-100", "1e-30", "1e-60", "1e-76", "1e-77", "1e-78", "3e-7", "1e-300", "5e-324", "1e-320"]
    if n <= 2000:  # tiny rates: huge k (Guava refuses more than 255) but small arrays
        return rng.choice(fixed + drawn * 3 + tiny)
    return rng.choice(fixed + drawn * 3)


def session(rng, count):
    lines = []
    members = []
    if rng.random() < 0.5:  # before any GUAVA: errors
        lines.append(rng.choice([b"INSERT 61", b"CONTAINS 61", b"INDEXES 61", b"WRITETO"]))
    while len(lines) < count:
        r = rng.random()
        if r < 0.08 or not members and r < 0.2:
            n = random_n(rng)
            if rng.random() < 0.3:  # small filters: full, and false positives
                n = rng.randrange(1, 20)
            lines.append(b"GUAVA %d %s" % (n, random_p(rng, n).encode()))
            members = []
        elif r < 0.35:
            key = utf8_key(rng)
            members.append(key)
            lines.append(b"INSERT " + hexed(rng, key))
        elif r < 0.55:
            key = rng.choice(members) if members and rng.random() < 0.5 else utf8_key(rng)
            lines.append(b"CONTAINS " + hexed(rng, key))
        elif r < 0.67:
            key = rng.choice(members) if members and rng.random() < 0.3 else utf8_key(rng)
            lines.append(b"INDEXES " + hexed(rng, key))
        elif r < 0.72:
            lines.append(b"WRITETO")
        elif r < 0.9:
            key = raw_key(rng)
            seed = random_seed(rng)
            lines.append(b"HASH128 " + seed + (b" " + key if key or rng.random() < 0.7 else b""))
        else:
            lines.append(b"CRC32 " + raw_key(rng))
        if rng.random() < 0.05:
            lines[-1] += b"\r"  # one trailing CR is dropped; no key holds a CR of its own
    return lines


def hexed(rng, key):
    text = key.hex().encode()
    return text.upper() if rng.random() < 0.2 else text


# --- the checks ----------------------------------------------------------------------------

def negative_positions(grader, cases, guava, work):
    """Part (e): the Java program graded on the POSITIONS cases, as a course grades a student's
    (a JVM needs more address space than the default limit). Its failures."""
    files = sorted(p for p in (cases / "hashing").glob("positions-*.case"))
    report = work / "negative-positions.json"
    command = [grader, "run", "--memory", "0", *[x for f in files for x in ("--cases", str(f))],
               "--report", f"json:{report}", "--", *guava]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    graded = json.loads(report.read_text())
    told = [entry["id"] for entry in graded["summary"]["diagnosis"]]
    negative = [line for line in answers(guava, [b"POSITIONS 1000 8 wrap0"]) if b"-" in line]
    print(f"(e) {len(files)} POSITIONS cases graded: the kit says {told}")
    failures = []
    if told != ["negative-positions"]:
        failures.append(f"(e) the Java program's POSITIONS is told {told}, not negative-positions")
    if not negative:
        failures.append("(e) the Java program printed no negative position to POSITIONS 1000 8 wrap0")
    return failures


def main():
    parser = cli.parser(__doc__)
    parser.add_argument("reference")
    parser.add_argument("grader")
    parser.add_argument("cases")
    parser.add_argument("work")
    parser.add_argument("--seed", type=int, default=None, help="random sessions' seed (default: a new one)")
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--lines", type=int, default=300, help="lines per random session")
    args = parser.parse_args()
    missing = missing_tools()
    if missing:
        print(f"SKIP: {', '.join(missing)} missing (install default-jdk-headless libguava-java)")
        return SKIPPED
    started = time.monotonic()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    guava = compile_program(work)
    programs = {"guava": guava, "reference": [args.reference]}
    failures = []

    # (a) published vectors, from both programs
    lines = [line for line, _ in FIXED]
    for name, command in programs.items():
        for (line, expected), got in zip(FIXED, answers(command, lines)):
            if not same(line, expected, got):
                failures.append(f"{name}: {line!r} answered {got!r}, published {expected!r}")
    print(f"(a) {len(FIXED)} published values checked on both programs")

    # (b) random sessions
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"(b) seed {seed} (replay: --seed {seed} --sessions {args.sessions} --lines {args.lines})")
    rng = random.Random(seed)
    compared = differing = errors = 0
    for number in range(0, args.sessions + 1):
        lines = session(rng, args.lines) if number else EDGES
        java, reference = answers(guava, lines), answers([args.reference], lines)
        for index, (line, a, b) in enumerate(zip(lines, java, reference), 1):
            compared += 1
            errors += a.startswith(b"error") and b.startswith(b"error")
            if not same(line, a, b):
                differing += 1
                if differing <= 10:
                    failures.append(f"seed {seed}, session {number}, line {index}: {shorten(line)}\n"
                                    f"      guava:     {shorten(a)}\n      reference: {shorten(b)}")
    print(f"(b) {args.sessions} sessions and the edges, {compared} answers compared ({errors} errors on both), {differing} differ")

    # (c) HASH128's seed: sign-extended by Guava
    keys = [b"a", b"hello", b"The quick brown fox jumps over the lazy dog", b"0123456789abcdefX"]
    keys += [raw_key(rng) or b"k" for _ in range(3)]
    high = [2**31, 2**31 + 1, 0x9747b28c, 0xffffffff, rng.randrange(2**31, 2**32)]
    low = [0, 1, 0x7fffffff, rng.randrange(2**31)]
    cases = [(seed_, key) for seed_ in high + low for key in keys]
    lines = [b"HASH128 %d %s" % case for case in cases]
    java, reference = answers(guava, lines), answers([args.reference], lines)
    wrong = []
    for (seed_, key), line, a, b in zip(cases, lines, java, reference):
        if a.startswith(b"error") or b.startswith(b"error") or (a == b) != (seed_ < 2**31):
            wrong.append(f"(c) {shorten(line)}: guava {shorten(a)}, reference {shorten(b)}"
                         + (", the same, where Guava sign-extends the seed" if a == b else ""))
    failures += wrong[:10] + ([f"(c) ... and {len(wrong) - 10} more"] if len(wrong) > 10 else [])
    print(f"(c) {len(cases)} HASH128 lines: seeds of 2^31 and more differ, seeds below agree")

    # (d) hashUnencodedChars: UTF-16LE, two bytes a code unit
    keys = ["", "a", "hello", "café", "日本語", "😀", "a😀", "😀😀 x", "π≈3.14159"]
    keys += [utf8_key(rng, text=True).decode() for _ in range(6)]
    cases = [(seed_, key.encode()) for seed_ in (0, 0x9747b28c, rng.randrange(2**32)) for key in keys]
    lines = [b"HASH %d %s" % case for case in cases]
    java = answers(guava, lines)
    mistaken = answers([args.reference, "--mistake", "utf16le-bytes"], lines)
    right = answers([args.reference], lines)
    wrong = [f"(d) {shorten(line)}: guava {shorten(a)}, the reference with utf16le-bytes {shorten(b)}, "
             f"without {shorten(c)}" for (_, key), line, a, b, c in zip(cases, lines, java, mistaken, right)
             if a != b or (a == c) != (key == b"")]
    failures += wrong[:10]
    print(f"(d) {len(cases)} HASH lines: Guava's hashUnencodedChars answers as utf16le-bytes")

    # (e) POSITIONS from Guava's signed int hashes, Java's % truncating: named negative-positions
    failures += negative_positions(args.grader, pathlib.Path(args.cases), guava, work)
    print(f"took {time.monotonic() - started:.1f} s")
    if differing > 10:
        failures.append(f"... and {differing - 10} more differences (seed {seed})")
    return outcome.report(failures)


if __name__ == "__main__":
    sys.exit(main())
