#!/usr/bin/env python3
"""An independent implementation of the course protocol, written from docs/protocol.md alone.

The kit's differential test runs it and bloom-reference over the same random streams and
requires identical answers (any two error lines count as equal, as the grader counts them).
It shares no code with the reference on purpose: it is the second opinion.
"""
import math
import re
import sys

M32 = 0xFFFFFFFF


def rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & M32


def murmur3(data: bytes, seed: int) -> int:
    c1, c2 = 0xCC9E2D51, 0x1B873593
    h = seed
    nblocks = len(data) // 4
    for b in range(nblocks):
        k = int.from_bytes(data[4 * b:4 * b + 4], "little")
        k = rotl((k * c1) & M32, 15) * c2 & M32
        h = rotl(h ^ k, 13)
        h = (h * 5 + 0xE6546B64) & M32
    tail = data[4 * nblocks:]
    if tail:
        k = int.from_bytes(tail, "little")
        k = rotl((k * c1) & M32, 15) * c2 & M32
        h ^= k
    h ^= len(data) & M32
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & M32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & M32
    h ^= h >> 16
    return h


M64 = 0xFFFFFFFFFFFFFFFF


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & M64
    return h


def classic_positions(key: bytes, m: int, k: int):
    h = fnv1a64(key)
    h1, h2 = h & M32, (h >> 32) | 1
    return [(h1 + i * h2) % m for i in range(k)]


def round_half_up(x: float) -> int:
    whole = math.floor(x)
    return whole + 1 if x - whole >= 0.5 else whole


def rotl64(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def fmix64(x):
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & M64
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & M64
    return x ^ (x >> 33)


def murmur3_128(data: bytes, seed: int):
    """MurmurHash3 x64_128: (h1, h2), whose 16 bytes, each little-endian, are the hash."""
    c1, c2 = 0x87C37B91114253D5, 0x4CF5AD432745937F
    h1 = h2 = seed
    whole_blocks = len(data) // 16
    for b in range(whole_blocks):
        k1 = int.from_bytes(data[16 * b:16 * b + 8], "little")
        k2 = int.from_bytes(data[16 * b + 8:16 * b + 16], "little")
        k1 = rotl64((k1 * c1) & M64, 31) * c2 & M64
        h1 = rotl64(h1 ^ k1, 27)
        h1 = ((h1 + h2) * 5 + 0x52DCE729) & M64
        k2 = rotl64((k2 * c2) & M64, 33) * c1 & M64
        h2 = rotl64(h2 ^ k2, 31)
        h2 = ((h2 + h1) * 5 + 0x38495AB5) & M64
    rest = data[16 * whole_blocks:]
    if len(rest) > 8:
        k2 = int.from_bytes(rest[8:], "little")
        h2 ^= rotl64((k2 * c2) & M64, 33) * c1 & M64
    if rest:
        k1 = int.from_bytes(rest[:8], "little")
        h1 ^= rotl64((k1 * c1) & M64, 31) * c2 & M64
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1, h2 = fmix64(h1), fmix64(h2)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    return h1, h2


def crc32(data: bytes) -> int:
    c = 0xFFFFFFFF
    for octet in data:
        c ^= octet
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def guava_sizing(n, p):
    """Guava's BloomFilter.create: (bits, hashes, words), before its checks."""
    n = n or 1
    m = math.trunc(-n * math.log(p) / (math.log(2) * math.log(2)))
    k = max(1, round_half_up(m / n * math.log(2)))
    return m, k, (m + 63) // 64


def golang_sizing(n, p):
    """Lesson 004's NewBloomFilter: (bits, hashes); Go's exact ln²2 rounded once."""
    m = math.trunc(-n * math.log(p) / 0.48045301391820144)
    return m, math.trunc(m * 0.6931471805599453 / n)


class Lesson4Filter:
    """Guava's filter or lesson 004's Go filter. The Go filter can have ~1e11 words, so only the
    words with a bit set are kept, word index -> int (bit x is bit x % 64 of word x // 64)."""

    def __init__(self, kind, bits, hashes, modulus, words=None):
        self.kind, self.bits, self.hashes = kind, bits, hashes
        self.modulus = modulus  # Guava: words * 64; Go: m itself
        self.words = words
        self.set_words = {}

    def indexes(self, data):
        if self.kind == "guava":
            hash1, hash2 = murmur3_128(data, 0)
            return [((hash1 + i * hash2) & M64 & 0x7FFFFFFFFFFFFFFF) % self.modulus
                    for i in range(self.hashes)]
        hash1 = crc32(data)
        hash2 = hash1 >> 16
        out = []
        for i in range(1, self.hashes + 1):
            combined = hash1 + i * hash2
            combined = (combined + 2**63) % 2**64 - 2**63  # Go's int64 (never negative here)
            if combined < 0:
                combined = ~combined
            out.append(combined % self.modulus)
        return out

    def insert(self, data):
        for x in self.indexes(data):
            self.set_words[x >> 6] = self.set_words.get(x >> 6, 0) | 1 << (x & 63)

    def contains(self, data):
        return all(self.set_words.get(x >> 6, 0) >> (x & 63) & 1 for x in self.indexes(data))

    def write_to(self):
        out = bytearray(b"\x01") + bytes([self.hashes]) + self.words.to_bytes(4, "big")
        payload = bytearray(8 * self.words)
        for w, value in self.set_words.items():
            payload[8 * w:8 * w + 8] = value.to_bytes(8, "big")
        return (out + payload).hex()


class Bad(Exception):
    pass


WHOLE = re.compile(r"[0-9]+\Z")
HEX32 = re.compile(r"0x[0-9a-fA-F]{1,8}\Z")
DECIMAL = re.compile(r"([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")
HEX = re.compile(r"([0-9a-fA-F]{2})+\Z")


def whole(text, lo, hi):
    if not WHOLE.match(text) or not lo <= int(text) <= hi:
        raise Bad(text)
    return int(text)


def u32(text):
    if HEX32.match(text):
        return int(text[2:], 16)
    return whole(text, 0, M32)


def probability(text):
    if not DECIMAL.match(text):
        raise Bad(text)
    try:
        p = float(text)
    except OverflowError:
        raise Bad(text)
    if not 0 < p < 1:
        raise Bad(text)
    return p


def element(text):
    if not HEX.match(text):
        raise Bad(text)
    return bytes.fromhex(text)


class Protocol:
    def __init__(self):
        self.filter = None  # (bytearray, hashes, tweak, flags): the current filter, a BIP 37 one
        self.lesson4 = None  # a Lesson4Filter: the current filter, Guava's or the Go one
        self.classic = None  # (m, k, bytearray, set of added keys)

    def bit(self, data, i):
        vdata, _, tweak, _ = self.filter
        return murmur3(data, (i * 0xFBA4C795 + tweak) & M32) % (len(vdata) * 8)

    def answer(self, line: bytes):
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line or line.startswith(b"#"):
            return None
        try:
            return self.command(line)
        except Bad:
            return "error"

    def command(self, line):
        name, sep, rest = line.partition(b" ")
        if name == b"HASH":
            seed_text, _, key = rest.partition(b" ")
            if not sep:
                raise Bad()
            return "%08x" % murmur3(key, u32(seed_text.decode("latin-1")))
        if name == b"HASH128":
            seed_text, _, key = rest.partition(b" ")
            if not sep:
                raise Bad()
            h1, h2 = murmur3_128(key, u32(seed_text.decode("latin-1")))
            return (h1.to_bytes(8, "little") + h2.to_bytes(8, "little")).hex()
        if name == b"CRC32":  # rest: the key, maybe empty, as FNV's
            return "%08x" % crc32(rest)
        if name == b"POSITIONS":
            if not sep:
                raise Bad()
            m_text, sep2, rest2 = rest.partition(b" ")
            if not sep2:
                raise Bad()
            k_text, _, key = rest2.partition(b" ")
            m = whole(m_text.decode("latin-1"), 1, M32)
            k = whole(k_text.decode("latin-1"), 1, 50)
            ha, hb = murmur3(key, 0), murmur3(key, 0x9747B28C)
            return " ".join(str((ha + i * hb) % m) for i in range(k))
        if name in (b"FNV", b"ADD", b"CHECK", b"VERIFY"):
            return self.classic_key_command(name, rest)  # rest: the key, maybe empty
        args = rest.decode("latin-1").split(" ") if sep else []
        if any(a == "" for a in args):
            raise Bad()
        if name == b"INIT":
            if not 2 <= len(args) <= 4:
                raise Bad()
            n = whole(args[0], 1, M32)
            p = probability(args[1])
            tweak = u32(args[2]) if len(args) > 2 else 0
            flags = whole(args[3], 0, 255) if len(args) > 3 else 0
            LN2SQ, LN2 = 0.4804530139182014, 0.6931471805599453
            bits = int(min(math.trunc(-1 / LN2SQ * n * math.log(p)), 36000 * 8))
            nbytes = bits // 8
            hashes = int(min(math.trunc((nbytes * 8 // n) * LN2), 50))
            self.filter = (bytearray(nbytes), hashes, tweak, flags)
            self.lesson4 = None
            return "bytes=%d hashes=%d" % (nbytes, hashes)
        if name in (b"INSERT", b"CONTAINS", b"INDEXES"):
            if len(args) != 1:
                raise Bad()
            data = element(args[0])
            if self.lesson4 is not None:
                current = self.lesson4
                if name == b"INDEXES":
                    return " ".join(map(str, current.indexes(data))) or "none"
                if name == b"INSERT":
                    current.insert(data)
                    return "ok"
                return "maybe" if current.contains(data) else "no"
            if self.filter is None:
                raise Bad()
            vdata, hashes, _, _ = self.filter
            if name == b"INDEXES":
                return " ".join(str(self.bit(data, i)) for i in range(hashes)) or "none"
            if not vdata:
                return "ok" if name == b"INSERT" else "maybe"
            bits = [self.bit(data, i) for i in range(hashes)]
            if name == b"INSERT":
                for b in bits:
                    vdata[b >> 3] |= 1 << (b & 7)
                return "ok"
            return "maybe" if all(vdata[b >> 3] >> (b & 7) & 1 for b in bits) else "no"
        if name == b"GUAVA":
            if len(args) != 2:
                raise Bad()
            m, k, words = guava_sizing(whole(args[0], 0, M32), probability(args[1]))
            if m == 0 or k > 255 or words > 2147483647:
                raise Bad()
            self.filter = None
            self.lesson4 = Lesson4Filter("guava", m, k, words * 64, words)
            return "bits=%d words=%d hashes=%d" % (m, words, k)
        if name == b"GOLANG":
            if len(args) != 2:
                raise Bad()
            m, k = golang_sizing(whole(args[0], 1, M32), probability(args[1]))
            self.filter = None
            self.lesson4 = Lesson4Filter("golang", m, k, m)
            return "bits=%d hashes=%d" % (m, k)
        if name == b"WRITETO":
            if args or self.lesson4 is None or self.lesson4.kind != "guava":
                raise Bad()
            if self.lesson4.words > 65536:
                raise Bad()
            return self.lesson4.write_to()
        if name == b"SIZE":
            if len(args) != 2:
                raise Bad()
            n, p = whole(args[0], 1, M32), probability(args[1])
            bits = max(1, math.ceil(-n * math.log(p) / 0.4804530139182014))
            hashes = max(1, round_half_up(bits / n * 0.6931471805599453))
            return "bits=%d hashes=%d" % (bits, hashes)
        if name == b"BLOOM":
            if len(args) != 2:
                raise Bad()
            m, k = whole(args[0], 1, 100000000), whole(args[1], 1, 50)
            self.classic = (m, k, bytearray((m + 7) // 8), set())
            return "ok"
        if name == b"BITS":
            if args or self.classic is None:
                raise Bad()
            m, _, bits, _ = self.classic
            return "bits set: %d of %d" % (sum(bin(b).count("1") for b in bits), m)
        if name == b"FILTERLOAD":
            if args or self.filter is None:
                raise Bad()
            vdata, hashes, tweak, flags = self.filter
            n = len(vdata)
            size = bytes([n]) if n < 253 else b"\xfd" + n.to_bytes(2, "little")
            payload = (size + bytes(vdata) + hashes.to_bytes(4, "little") +
                       tweak.to_bytes(4, "little") + bytes([flags]))
            return payload.hex()
        raise Bad()


    def classic_key_command(self, name, key):
        if name == b"FNV":
            return "%016x" % fnv1a64(key)
        if self.classic is None:
            raise Bad()
        m, k, bits, added = self.classic
        positions = classic_positions(key, m, k)
        if name == b"ADD":
            for x in positions:
                bits[x >> 3] |= 1 << (x & 7)
            added.add(key)
            return "ok"
        maybe = all(bits[x >> 3] >> (x & 7) & 1 for x in positions)
        if name == b"CHECK":  # the key is echoed as its bytes: latin-1 maps each to one char
            return "%-10s %-5s [%s]" % (key.decode("latin-1"), "maybe" if maybe else "no",
                                        ", ".join(map(str, positions)))
        return "member" if key in added else "false positive" if maybe else "no"


def main():
    protocol = Protocol()
    out = sys.stdout.buffer
    for raw in iter_lines(sys.stdin.buffer):
        response = protocol.answer(raw)
        if response is not None:
            out.write(response.encode("latin-1") + b"\n")
    return 0


def iter_lines(stream):
    data = stream.read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


if __name__ == "__main__":
    sys.exit(main())
