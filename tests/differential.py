#!/usr/bin/env python3
"""Differential test: bloom-reference against the independent tests/oracle/bloom.py.

Generates a long random stream of every command (version 1's, lesson 001's and lesson 004's),
good lines and bad ones (bad numbers, bad hex, stray spaces, CRLF, comments), feeds it to both
programs and requires the same answer on every line; any two lines that start with "error" count
as the same answer. Lesson 004's lines come from a second generator seeded apart and are put
between the others, so a seed sends the same lines of the older commands, in the same order, as
it did before version 3 (their answers differ where INSERT, CONTAINS or INDEXES now meet a
Guava or Go filter); a new Guava or Go filter is sometimes followed at once by a short session
of puts and lookups on it. Before the stream, both programs must give the published values in
KNOWN, and the oracle's hashes and Guava sizing the published values of oracle_self_check.
A command's arguments are drawn from their kinds in the command table's grammar
(`--list-commands`), and a tenth of the lines are of any command of the table, so a new command
is compared with no edit here; a command whose answers need a session or edge values of their
own (a small filter, elements put and looked up) has its lines here too.

usage: differential.py REFERENCE_BINARY [--seed N] [--lines N] [--guava-false-positives]
"""
import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def random_key(rng):
    length = rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 13, 32, 100, rng.randrange(0, 600)])
    kind = rng.random()
    if kind < 0.4:
        alphabet = b"abcdefghijklmnopqrstuvwxyz0123456789 "
    elif kind < 0.7:
        alphabet = "café π ü 日本".encode()
    else:
        alphabet = bytes(b for b in range(256) if b != 0x0A)
    return bytes(rng.choice(alphabet) for _ in range(length))


def random_u32(rng):
    return rng.choice([
        str(rng.randrange(0, 2**32)), "0x%x" % rng.randrange(0, 2**32), "0x%X" % rng.randrange(2**32),
        "0", "4294967295", "4294967296", "0x", "0x123456789", "0X10", "-1", "x", "1.5", "",
        "0x00000000", "007",
    ])


def random_whole(rng, low, high):
    return rng.choice([str(rng.randrange(low, high + 1))] * 6 + [
        str(low), str(high), str(high + 1), str(max(low - 1, 0)), "-1", "+1", "1e3", "", "x",
        "99999999999999999999", "00" + str(low),
    ])


def random_p(rng):
    return rng.choice([
        "%.*g" % (rng.randrange(1, 18), rng.random()), "%.3e" % (rng.random() * 10 ** -rng.randrange(0, 300)),
        "0.01", ".5", "1e-3", "5E-2", "0", "1", "0.0", "1.0", "nan", "inf", "1e999", "1e-400", "1e-320",
        "0.99999999999999999999", "-0.5", "+0.5", "0x0.1p0", "0,5", ".", "5.", "1e", "1e+", "0.5e+1",
        "0.000001", "0.9", "0.05",
    ])


def random_hex(rng):
    n = rng.choice([1, 2, 3, 20, 32, 65, rng.randrange(1, 200)])
    good = bytes(rng.randrange(256) for _ in range(n)).hex()
    if rng.random() < 0.3:
        good = good.upper()
    return rng.choice([good] * 8 + [good[:-1], good + "g", "0x" + good, "", "xyz", good + " "])


def read_grammars(reference):
    """name -> its arguments, [(kind, low, high, optional)], from the command table's grammar
    (`bloom-reference --list-commands`: `INIT <n:1..4294967295> <p:p> [<tweak:u32> ...]`)."""
    listed = subprocess.run([reference, "--list-commands"], capture_output=True, text=True, check=True).stdout
    grammars = {}
    for row in listed.splitlines():
        if row.startswith("#") or not row:
            continue
        grammar = row.split("\t")[3]
        arguments = []
        for optional, kind in re.findall(r"(\[?)<[^:>]+:([^>]+)>", grammar):
            optional = optional == "[" or bool(arguments and arguments[-1][3])
            low, _, high = kind.partition("..")
            arguments.append((kind, int(low), int(high), optional) if high else (kind, 0, 0, optional))
        grammars[grammar.split(" ")[0]] = arguments
    return grammars


GRAMMARS = {}  # read_grammars' answer, for the reference under test


def grammar_line(rng, name):
    """A line of a command, each argument drawn from its kind in the command table (good values
    mostly, and the bad ones each kind's generator gives); an optional one, and those after it,
    60% of the time; a text argument left out 10% of the time."""
    words = [name.encode()]
    for kind, low, high, optional in GRAMMARS[name]:
        if optional and rng.random() >= 0.6:
            break
        if kind == "text":
            if rng.random() < 0.1:
                break
            words.append(random_key(rng))
        else:
            draw = {"u32": random_u32, "p": random_p, "hex": random_hex}.get(kind)
            words.append((draw(rng) if draw else random_whole(rng, low, high)).encode())
    return b" ".join(words)


LESSON4_SHARE = 0.3  # of the lines, lesson 004's (drawn from their own generator)
GRAMMAR_SHARE = 0.1  # of the lines, any command of the table, a command added since among them
KEYS = []  # keys sent to the classic filter, sent again so that members and false positives occur


def classic_line(rng):
    """A line of lesson 001's commands: small filters, keys often repeated."""
    r = rng.random()
    if r < 0.12:
        return grammar_line(rng, "FNV")
    if r < 0.22:
        return grammar_line(rng, "SIZE")
    if r < 0.3:
        m = rng.choice([random_whole(rng, 1, 100000000), str(rng.randrange(1, 300)), "64"])
        extra = rng.choice([b"", b"", b"", b" 1", b" "])
        return ("BLOOM %s %s" % (m, random_whole(rng, 1, 50))).encode() + extra
    if r < 0.35:
        return rng.choice([b"BITS", b"BITS", b"BITS x", b"BITS "])
    key = rng.choice(KEYS) if KEYS and rng.random() < 0.5 else random_key(rng)[:rng.choice([3, 8, 40])]
    KEYS.append(key)
    command = rng.choice([b"ADD", b"ADD", b"CHECK", b"VERIFY"])
    return command + rng.choice([b" ", b" ", b" ", b""]) + key if key else command


def random_line(rng):
    r = rng.random()
    if r < 0.3:
        line = classic_line(rng)
        if rng.random() < 0.1:
            line += b"\r"
        return line
    r = rng.random()
    if r < 0.15:
        line = grammar_line(rng, "HASH")
    elif r < 0.3:
        line = grammar_line(rng, "POSITIONS")
    elif r < 0.42:
        line = grammar_line(rng, "INIT") + (b" 1" if rng.random() < 0.02 else b"")
    elif r < 0.8:
        line = (rng.choice(["INSERT", "INSERT", "CONTAINS", "INDEXES"]) + " " + random_hex(rng)).encode()
    elif r < 0.86:
        line = b"FILTERLOAD"
    elif r < 0.9:
        line = rng.choice([b"", b"# comment", b"#", b"   ", b" ", b"insert ab", b"FROB", b"HASH", b"INIT",
                           b"FILTERLOAD x", b"INSERT", b"POSITIONS 10", b"\r"])
    else:
        # mangle a good line: doubled, leading or trailing space
        base = ("INIT %d 0.01 %d" % (rng.randrange(1, 100), rng.randrange(0, 2**32))).encode()
        line = rng.choice([b" " + base, base + b" ", base.replace(b" ", b"  ", 1), base])
    if rng.random() < 0.1:
        line += b"\r"
    return line


ELEMENTS = []  # lesson 004's elements, sent again so that maybe answers and shared bits occur


def lesson4_element(rng):
    if ELEMENTS and rng.random() < 0.45:
        return rng.choice(ELEMENTS[-6:])  # recent ones: likely in the current filter
    text = random_hex(rng)
    if rng.random() < 0.5 and not text.startswith("0x") and " " not in text:
        ELEMENTS.append(text)
    return text


def guava_args(rng):
    """n and p for GUAVA: mostly small filters (WRITETO's answer is up to 1 MB), and the edges."""
    r = rng.random()
    if r < 0.5:
        n = rng.choice([str(rng.randrange(0, 3000)), str(rng.randrange(0, 100)), "0", "1"])
        p = rng.choice([random_p(rng), "0.01", "0.03", "0.5", "%.3g" % rng.uniform(1e-9, 0.999)])
    elif r < 0.7:
        n, p = random_whole(rng, 0, 2**32 - 1), random_p(rng)
    else:  # the edges: 0 bits, 255 and 256 hashes, 65536 and 65537 words, 2^31 - 1 and 2^31 words
        n, p = rng.choice([
            ("0", "0.9"), ("1", "0.9"), ("0", "0.5"), ("2", "0.75"), ("1", "1e-76"), ("1", "1e-77"),
            ("1000", "%r" % 2.0**-255), ("1000", "%r" % 2.0**-256), ("4294967295", "5e-324"),
            ("4294967295", "1e-30"), ("2147483647", "5e-324"), ("437582", "0.01"), ("437594", "0.01"),
            ("4096821412", "1e-7"), ("4096821413", "1e-7"), ("4294967295", "0.01"),
            ("4294967296", "0.01"), ("00", "0.5"), ("100", "1e-320"),
            ("1", "0.0346252845164291"),  # 7 bits: Go's divisor would give 6
        ])
    return [n, p]


def golang_args(rng):
    r = rng.random()
    if r < 0.5:
        n = rng.choice([str(rng.randrange(1, 3000)), str(rng.randrange(1, 100)), "1"])
        p = rng.choice([random_p(rng), "0.01", "0.5", "%.3g" % rng.uniform(1e-9, 0.999)])
    elif r < 0.7:
        n, p = random_whole(rng, 1, 2**32 - 1), random_p(rng)
    else:  # the edges: 0 bits, 0 hashes (tiny n, p near 1), the largest filter, n out of range
        n, p = rng.choice([
            ("1", "0.5"), ("1", "0.6"), ("2", "0.7"), ("3", "0.9"), ("1", "0.9"), ("10", "0.5"),
            ("4294967295", "5e-324"), ("4294967295", "1e-300"), ("0", "0.01"), ("4294967296", "0.01"),
            ("1", "5e-324"), ("1000", "1e-320"), ("01", "0.5"),
            ("1", "0.0346252845164291"),  # 6 bits: Guava's product of doubles would give 7
        ])
    return [n, p]


PENDING = []  # lines of a short session on one new filter, sent before any other line


def queue_session(rng):
    """Puts and lookups on the filter just made, with nothing between them to replace it: the
    stream's other lines switch filters too often for a lookup to find its element otherwise."""
    elements = [bytes(rng.randrange(256) for _ in range(rng.choice([1, 2, 4, 20]))).hex()
                for _ in range(rng.randrange(1, 6))]
    for _ in range(rng.randrange(3, 12)):
        command = rng.choice(["INSERT", "INSERT", "CONTAINS", "CONTAINS", "INDEXES"])
        element = rng.choice(elements) if rng.random() < 0.8 else random_hex(rng)
        PENDING.append(("%s %s" % (command, element)).encode())
    if rng.random() < 0.5:
        PENDING.append(b"WRITETO")


def lesson4_line(rng):
    """A line of lesson 004's commands, or one of the old filter commands that now meet its
    filters (INSERT, CONTAINS, INDEXES, FILTERLOAD, INIT to switch back)."""
    r = rng.random()
    if r < 0.1:
        line = grammar_line(rng, "HASH128")
    elif r < 0.17:
        line = grammar_line(rng, "CRC32") if rng.random() < 0.9 else b"CRC32 123456789"
    elif r < 0.28:
        args = guava_args(rng)
        if rng.random() < 0.05:
            args = args[:rng.randrange(0, 2)] if rng.random() < 0.5 else args + ["1"]
        line = ("GUAVA " + " ".join(args)).encode() if args else b"GUAVA"
        if rng.random() < 0.3:
            queue_session(rng)
    elif r < 0.36:
        args = golang_args(rng)
        if rng.random() < 0.05:
            args = args[:rng.randrange(0, 2)] if rng.random() < 0.5 else args + ["1"]
        line = ("GOLANG " + " ".join(args)).encode() if args else b"GOLANG"
        if rng.random() < 0.3:
            queue_session(rng)
    elif r < 0.66:
        line = (rng.choice(["INSERT", "INSERT", "CONTAINS", "CONTAINS", "INDEXES"]) + " " + lesson4_element(rng)).encode()
    elif r < 0.72:
        line = rng.choice([b"WRITETO"] * 8 + [b"WRITETO x", b"WRITETO ", b"writeto"])
    elif r < 0.75:
        line = b"FILTERLOAD"
    elif r < 0.82:  # back to a BIP 37 filter; the old lines' BLOOM, ADD and CHECK show the classic apart
        line = ("INIT %d %s" % (rng.randrange(1, 200), rng.choice(["0.01", "0.5", "0.001", "0.9"]))).encode()
    elif r < 0.9:
        line = rng.choice([
            b"GUAVA", b"GUAVA ", b"GUAVA 10", b"GUAVA 10 ", b"GUAVA 10 0.01 1", b"GUAVA -1 0.01", b"GUAVA 10 0",
            b"GUAVA 10 1", b"GUAVA 10 1.5", b"GUAVA 0x10 0.01", b"GUAVA 10 0.01\t", b"guava 10 0.01",
            b"GOLANG", b"GOLANG 0 0.5", b"GOLANG 10", b"GOLANG 10 0.01 7", b"GOLANG 10 nan", b"Golang 10 0.1",
            b"HASH128", b"HASH128 ", b"HASH128 x", b"HASH128 0x", b"HASH128 4294967296 a", b"HASH128x 0 a",
            b"CRC32x", b"crc32 a", b"WRITETO 0", b"GUAVA 1e3 0.01", b"GOLANG +5 0.01", b"GUAVA 10 .",
        ])
    else:
        # mangle a good line: doubled, leading or trailing space
        base = rng.choice([
            ("GUAVA %d 0.01" % rng.randrange(0, 100)).encode(), ("GOLANG %d 0.01" % rng.randrange(1, 100)).encode(),
            b"WRITETO", b"HASH128 0 ab", ("INSERT " + lesson4_element(rng)).encode(),
        ])
        line = rng.choice([b" " + base, base + b" ", base.replace(b" ", b"  ", 1), base])
    if rng.random() < 0.1:
        line += b"\r"
    return line


# Published values, as protocol lines; both programs must answer them so.
GUAVA_MURMUR = "Guava's Murmur3Hash128Test.testKnownValues (google/guava, guava-tests/test/com/google/common/hash)"
KNOWN = [
    (b"CRC32 123456789", "cbf43926", "the CRC-32 check value of every CRC catalogue (and docs/protocol.md)"),
    (b"HASH128 0 hell", "67f8103e694299624753ebba820bdb92", GUAVA_MURMUR),
    (b"HASH128 1 hello", "108daeadf5df8da735019020ef008912", GUAVA_MURMUR),
    (b"HASH128 2 hello ", "26e822f4236b488a5f764789c5a262f9", GUAVA_MURMUR),
    (b"HASH128 3 hello w", "8ced6b6f469fa52e178a42cc0a9910c6", GUAVA_MURMUR),
    (b"HASH128 4 hello wo", "2c576c385a30f6794eb98334ed5a3046", GUAVA_MURMUR),
    (b"HASH128 5 hello wor", "b5f1c13e219d21c2bd8527a5e0e2d8a1", GUAVA_MURMUR),
    (b"HASH128 0 The quick brown fox jumps over the lazy dog", "6c1b07bc7bbc4be347939ac4a93c437a",
     GUAVA_MURMUR + ", also its HashCode.toString() of the same hash"),
    (b"HASH128 0 The quick brown fox jumps over the lazy cog", "9a2685ff70a98c653e5c8ea6eae3fe43", GUAVA_MURMUR),
]


def load_oracle():
    spec = importlib.util.spec_from_file_location("bloom_oracle", os.path.join(HERE, "oracle", "bloom.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def smhasher_verification(hash_bytes, width):
    """SMHasher's VerificationTest: keys {}, {0}, {0,1}, ... {0..254} under seeds 256, 255, ... 1,
    their hashes concatenated and hashed under seed 0; the first 4 bytes, little-endian."""
    hashes = b"".join(hash_bytes(bytes(range(i)), 256 - i) for i in range(256))
    assert len(hashes) == 256 * width
    return int.from_bytes(hash_bytes(hashes, 0)[:4], "little")


def oracle_self_check():
    """The oracle's hashes against published values that no protocol line can carry (their keys
    hold LF bytes) and against zlib's CRC-32."""
    oracle = load_oracle()
    failures = []
    # SMHasher (aappleby/smhasher, src/main.cpp, g_hashes): Murmur3A 0xB0F57EE3, Murmur3F 0x6384BA69
    got = smhasher_verification(lambda key, seed: oracle.murmur3(key, seed).to_bytes(4, "little"), 4)
    if got != 0xB0F57EE3:
        failures.append("MurmurHash3_x86_32 verification %08x, SMHasher's is b0f57ee3" % got)
    got = smhasher_verification(lambda key, seed: b"".join(
        h.to_bytes(8, "little") for h in oracle.murmur3_128(key, seed)), 16)
    if got != 0x6384BA69:
        failures.append("MurmurHash3_x64_128 verification %08x, SMHasher's is 6384ba69" % got)
    # Guava's BloomFilterTest.testOptimalSize: optimalNumOfBits(Integer.MAX_VALUE, Double.MIN_VALUE)
    bits = oracle.guava_sizing(2147483647, 5e-324)[0]
    if bits != 3327428144502:
        failures.append("GUAVA 2147483647 5e-324 sizes %d bits, Guava's 3327428144502" % bits)
    rng = random.Random(0)
    for length in list(range(0, 40)) + [1000]:
        data = bytes(rng.randrange(256) for _ in range(length))
        if oracle.crc32(data) != zlib.crc32(data):
            failures.append("CRC-32 of %s is %08x, zlib's %08x" % (data.hex(), oracle.crc32(data), zlib.crc32(data)))
    return failures


def check_known(program):
    """The published values through a program's own protocol."""
    stream = b"".join(line + b"\n" for line, _, _ in KNOWN)
    out = subprocess.run(program, input=stream, capture_output=True, check=True).stdout.decode("latin-1")
    answers = out.split("\n")[:-1]
    failures = []
    for i, (line, expected, source) in enumerate(KNOWN):
        got = answers[i] if i < len(answers) else "(no answer)"
        if got != expected:
            failures.append("%r answers %s, not %s (%s)" % (line, got[:80], expected, source))
    return failures


def normalise(line):
    return "error" if line.startswith("error") else line


def check_guava_false_positives(program):
    """Guava's BloomFilterTest.testCreateAndCheckBloomFilterWithKnownUtf8FalsePositives64:
    create(stringFunnel(UTF_8), 1000000, 0.03), the even numbers 0 ... 1999998 put as decimal
    text; among the odd ones, exactly these below 900 and 29763 in all are false positives.
    Two million lines: the oracle takes some seconds, so only with --guava-false-positives."""
    odd = range(1, 2000000, 2)
    stream = ("GUAVA 1000000 0.03\n" + "".join("INSERT %s\n" % str(i).encode().hex() for i in range(0, 2000000, 2))
              + "".join("CONTAINS %s\n" % str(i).encode().hex() for i in odd)).encode()
    answers = subprocess.run(program, input=stream, capture_output=True, check=True).stdout.decode().split("\n")
    positives = [i for i, answer in zip(odd, answers[1 + 1000000:]) if answer == "maybe"]
    expected_low = [89, 129, 471, 723, 751, 835, 871]
    if answers[0] != "bits=7298440 words=114039 hashes=5" or len(positives) != 29763 \
            or [i for i in positives if i < 900] != expected_low:
        return ["Guava's known UTF-8 false positives: %s, %d false positives, those below 900 %s; Guava's "
                "are 29763 and %s" % (answers[0], len(positives), [i for i in positives if i < 900], expected_low)]
    return []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("reference")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--guava-false-positives", action="store_true",
                        help="also run Guava's published false-positive test on both (2 million lines)")
    args = parser.parse_args()
    failures = ["oracle: " + f for f in oracle_self_check()]
    oracle_program = [sys.executable, os.path.join(HERE, "oracle", "bloom.py")]
    failures += ["oracle: " + f for f in check_known(oracle_program)]
    failures += ["reference: " + f for f in check_known([args.reference])]
    if args.guava_false_positives:
        failures += ["oracle: " + f for f in check_guava_false_positives(oracle_program)]
        failures += ["reference: " + f for f in check_guava_false_positives([args.reference])]
    for failure in failures:
        print("published value: " + failure)
    rng = random.Random(args.seed)
    rng4 = random.Random("lesson 004 %d" % args.seed)  # apart, so rng draws what it drew before
    any_rng = random.Random("any command %d" % args.seed)
    GRAMMARS.update(read_grammars(args.reference))
    lines = []
    for _ in range(args.lines):
        if PENDING:
            lines.append(PENDING.pop(0))
        elif any_rng.random() < GRAMMAR_SHARE:
            lines.append(grammar_line(any_rng, any_rng.choice(sorted(GRAMMARS))))
        else:
            lines.append(lesson4_line(rng4) if rng4.random() < LESSON4_SHARE else random_line(rng))
    stream = b"\n".join(lines) + b"\n"
    inputs = [line for line in stream.split(b"\n")[:-1]
              if line not in (b"", b"\r") and not line.startswith(b"#")]
    ref = subprocess.run([args.reference], input=stream, capture_output=True, check=True).stdout
    oracle = subprocess.run(oracle_program, input=stream, capture_output=True, check=True).stdout
    # latin-1: CHECK echoes a key's bytes, which need not be UTF-8
    ref_lines = ref.decode("latin-1").split("\n")[:-1]
    oracle_lines = oracle.decode("latin-1").split("\n")[:-1]
    if len(ref_lines) != len(inputs) or len(oracle_lines) != len(inputs):
        print("error: %d input lines, %d reference answers, %d oracle answers"
              % (len(inputs), len(ref_lines), len(oracle_lines)))
        return 1
    differences = 0
    errors = 0
    for number, (line, a, b) in enumerate(zip(inputs, ref_lines, oracle_lines), 1):
        errors += a.startswith("error")
        if normalise(a) != normalise(b):
            differences += 1
            if differences <= 10:
                print("answer %d differs for %r:\n  reference: %s\n  oracle:    %s" % (number, line[:120], a[:200], b[:200]))
    print("%d lines compared (%d of them errors), %d differ" % (len(inputs), errors, differences))
    return 1 if differences or failures else 0


if __name__ == "__main__":
    sys.exit(main())
