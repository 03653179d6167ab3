#!/usr/bin/env python3
"""Differential test: bloom-reference against the independent tests/oracle/bloom.py.

Generates a long random stream of every command (version 1's and lesson 001's), good lines
and bad ones (bad numbers, bad hex, stray spaces, CRLF, comments), feeds it to both programs
and requires the same answer on every line; any two lines that start with "error" count as the
same answer.

usage: differential.py REFERENCE_BINARY [--seed N] [--lines N]
"""
import argparse
import os
import random
import subprocess
import sys

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


KEYS = []  # keys sent to the classic filter, sent again so that members and false positives occur


def classic_line(rng):
    """A line of lesson 001's commands: small filters, keys often repeated."""
    r = rng.random()
    if r < 0.12:
        return b"FNV" + (b" " + random_key(rng) if rng.random() < 0.95 else b"")
    if r < 0.22:
        return ("SIZE %s %s" % (random_whole(rng, 1, 2**32 - 1), random_p(rng))).encode()
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
        line = b"HASH " + random_u32(rng).encode() + (b" " + random_key(rng) if rng.random() < 0.9 else b"")
    elif r < 0.3:
        line = ("POSITIONS %s %s " % (random_whole(rng, 1, 2**32 - 1), random_whole(rng, 1, 50))).encode() + random_key(rng)
    elif r < 0.42:
        n = rng.choice([random_whole(rng, 1, 2**32 - 1), str(rng.randrange(1, 2000))])
        args = [n, random_p(rng)]
        if rng.random() < 0.6:
            args.append(random_u32(rng))
            if rng.random() < 0.6:
                args.append(random_whole(rng, 0, 255))
                if rng.random() < 0.05:
                    args.append("1")
        line = ("INIT " + " ".join(args)).encode()
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


def normalise(line):
    return "error" if line.startswith("error") else line


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("reference")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=20000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stream = b"\n".join(random_line(rng) for _ in range(args.lines)) + b"\n"
    inputs = [line for line in stream.split(b"\n")[:-1]
              if line not in (b"", b"\r") and not line.startswith(b"#")]
    ref = subprocess.run([args.reference], input=stream, capture_output=True, check=True).stdout
    oracle = subprocess.run([sys.executable, os.path.join(HERE, "oracle", "bloom.py")],
                            input=stream, capture_output=True, check=True).stdout
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
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
