#!/usr/bin/env python3
"""A student's program in Python, written from the lessons and docs/protocol.md, that can make
each of the lessons' known mistakes on request: `mistaken.py --mistake float-division
[--mistake ...]`. Without --mistake it is right. The kit's test grades it with each mistake and
requires the grader to name exactly the mistakes it makes, from the recorded cases alone.

It shares no code with the reference or with tests/oracle/bloom.py: each mistake is written the
way a student would make it, not copied from reference/kit/."""
import math
import re
import sys

M32 = 0xFFFFFFFF
MISTAKES = set()


def rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & M32


def cut(x):
    # "no-32-bit-truncation": the products grow; only rotations and the final answer are cut
    return x if "no-32-bit-truncation" in MISTAKES else x & M32


def mix_k(k):
    return cut(rotl(cut(k * 0xCC9E2D51), 15) * 0x1B873593)


def murmur3(data: bytes, seed: int) -> int:
    h = seed
    blocks = len(data) // 4
    order = "big" if "big-endian-blocks" in MISTAKES else "little"
    for b in range(blocks):
        h = rotl(h ^ mix_k(int.from_bytes(data[4 * b:4 * b + 4], order)), 13)
        h = cut(h * 5 + 0xE6546B64)
    tail = data[4 * blocks:]
    if tail:
        if "tail-byte-order" in MISTAKES:
            k = int.from_bytes(tail, "big")
        elif "tail-no-fallthrough" in MISTAKES:
            k = tail[-1] << (8 * (len(tail) - 1))  # a break after each case of the switch
        elif "signed-char" in MISTAKES:
            k = 0
            for i, byte in enumerate(tail):
                k ^= ((byte - 256 if byte > 127 else byte) << (8 * i)) & M32
        else:
            k = int.from_bytes(tail, "little")
        h ^= mix_k(k)
        if "tail-as-block" in MISTAKES:
            h = cut(rotl(h, 13) * 5 + 0xE6546B64)
    if "character-count" in MISTAKES:
        h ^= len(data.decode("utf-8", "replace"))
    else:
        h ^= len(data)
    first, second = (13, 16) if "finaliser-swapped" in MISTAKES else (16, 13)
    h ^= h >> first
    h = cut(h * 0x85EBCA6B)
    h ^= h >> second
    h = cut(h * 0xC2B2AE35)
    h ^= h >> first
    return h & M32


M64 = (1 << 64) - 1
LN2 = 0.6931471805599453


def fnv(key: str) -> int:
    units = [ord(c) for c in key] if "characters-hashed" in MISTAKES else \
        list(key.encode("utf-8", "surrogateescape"))
    if "str-hash-terminator" in MISTAKES:  # key.hash(&mut hasher) in Rust: str ends in 0xff
        units.append(0xFF)
    if "fnv-1a-32" in MISTAKES:  # FNV-1a 32, the other row of the table, done right for 32 bits
        h = 0x811C9DC5
        for unit in units:
            h = ((h * 0x01000193) & M32) ^ unit if "fnv-1" in MISTAKES else ((h ^ unit) * 0x01000193) & M32
        return h
    if "fnv-32-bit-constants" in MISTAKES:
        h, prime = 0x811C9DC5, 0x01000193  # the FNV-32 column of the table
    else:
        h, prime = 0xCBF29CE484222325, 0x100000001B3
    for unit in units:
        if "fnv-1" in MISTAKES:
            h = ((h * prime) & M64) ^ unit
        else:
            h = ((h ^ unit) * prime) & M64
    return h


def size(n, p):
    log = math.log10(p) if "log-base-10" in MISTAKES else math.log(p)
    divisor = LN2 if "ln2-not-squared" in MISTAKES else 0.4804530139182014
    if "bip37-sizing" in MISTAKES:  # the other lesson's formula, copied
        bits = min(math.trunc(-1 / divisor * n * log), 36000 * 8) // 8 * 8
        return bits, min(math.trunc(bits // n * LN2), 50)
    if "m-truncated" in MISTAKES:  # Guava: (long) (-n * Math.log(p) / (Math.log(2) * Math.log(2)))
        m = int(-n * log / divisor)
    else:
        m = max(1, math.ceil(-n * log / divisor))
    per_key = (m // n if "m-over-n-integer" in MISTAKES else m / n) * LN2
    if "k-truncated" in MISTAKES:
        k = math.trunc(per_key)
    elif "k-rounded-up" in MISTAKES:
        k = math.ceil(per_key)
    else:
        k = math.floor(per_key + 0.5)
    return m, k if "k-no-lower-bound" in MISTAKES else max(1, k)


def positions(key, m, k):
    h = fnv(key)
    h1, h2 = h & M32, h >> 32
    if "halves-swapped" in MISTAKES:
        h1, h2 = h2, h1
    if "step-not-odd" not in MISTAKES:
        h2 |= 1
    if "position-sum-32-bit" in MISTAKES:
        return [((h1 + i * h2) & M32) % m for i in range(k)]
    return [(h1 + i * h2) % m for i in range(k)]


def classic(name, key, c):
    """ADD, CHECK and VERIFY on the classic filter c: [m, k, set bits, added keys]."""
    m, k, bits, added = c
    where = positions(key, m, k)
    if name == "ADD":
        bits.update(where)
        added.add(key)
        return "ok"
    maybe = all(x in bits for x in where)
    if name == "CHECK":
        return "%-10s %-5s [%s]" % (key, "maybe" if maybe else "no", ", ".join(map(str, where)))
    return "member" if key in added else "false positive" if maybe else "no"


def number(text, lo, hi):
    if not re.fullmatch(r"[0-9]+", text) or not lo <= int(text) <= hi:
        raise ValueError(text)
    return int(text)


def u32(text):
    if re.fullmatch(r"0x[0-9a-fA-F]{1,8}", text):
        return int(text, 16)
    return number(text, 0, M32)


def probability(text):
    if not re.fullmatch(r"([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", text):
        raise ValueError(text)
    p = float(text)
    if not 0 < p < 1:
        raise ValueError(text)
    return p


def element(text):
    if not re.fullmatch(r"([0-9a-fA-F]{2})+", text):
        raise ValueError(text)
    if "element-as-text" in MISTAKES:  # bytes.fromhex(h).decode() to hash a str
        return bytes.fromhex(text).decode("utf-8", "replace").encode("utf-8")
    return text.encode() if "hex-text-hashed" in MISTAKES else bytes.fromhex(text)


def key_bytes(key):
    if "utf16-code-units" in MISTAKES:  # charCodeAt(i) & 0xff, as murmurhash3js reads a string
        return key.encode("utf-16-le", "surrogatepass")[0::2]
    if "utf16le-bytes" in MISTAKES:  # key.encode("utf-16-le"), two bytes a code unit
        # a byte that is not UTF-8 (read as a lone surrogate) stands for itself, one unit
        return "".join(chr(ord(c) - 0xDC00) if 0xDC80 <= ord(c) <= 0xDCFF else c
                       for c in key).encode("utf-16-le", "surrogatepass")
    if "code-point-units" in MISTAKES:  # the JavaScript loop ported to a str: ord(key[i]) & 0xff
        return bytes(ord(c) & 0xFF for c in key)
    if "utf8-twice" in MISTAKES:  # read as Latin-1, then a hash that encodes its str as UTF-8
        return key.encode("utf-8", "surrogateescape").decode("latin-1").encode("utf-8")
    return key.encode("utf-8", "surrogateescape")


def hex32(h):
    if "hash-bytes-reversed" in MISTAKES:
        return h.to_bytes(4, "little").hex()
    if "signed-hash" in MISTAKES and h >= 1 << 31:  # mmh3.hash() without signed=False
        return format(h - (1 << 32), "08x")
    return "%08x" % h


class Filter:
    def __init__(self, n, p, tweak, flags):
        bits = math.trunc(-1 / 0.4804530139182014 * n * math.log(p))
        if "cap-in-bits" in MISTAKES:
            bits = min(bits, 36000)
        elif "no-byte-cap" not in MISTAKES:
            bits = min(bits, 36000 * 8)
        bits = min(bits, M32)  # a bit count is a uint32 on the wire and in every C program
        self.data = bytearray(bits // 8)
        per_element = len(self.data) * 8 / n if "float-division" in MISTAKES else len(self.data) * 8 // n
        self.hashes = math.trunc(per_element * 0.6931471805599453)
        if "no-hash-cap" not in MISTAKES:
            self.hashes = min(self.hashes, 50)
        self.tweak, self.flags = tweak, flags

    def index(self, data, i):
        seed = i * 0xFBA4C795 + self.tweak
        if "seed-sum-not-wrapped" in MISTAKES:
            seed = ((i * 0xFBA4C795) & M32) + self.tweak
        elif "seed-not-wrapped" not in MISTAKES:
            seed &= M32
        size = len(self.data) if "byte-modulus" in MISTAKES else len(self.data) * 8
        h = murmur3(data, seed)
        if "signed-bit-index" in MISTAKES or "abs-bit-index" in MISTAKES:
            h = h - (1 << 32) if h >> 31 else h  # mmh3.hash(), or a Java int
        if "abs-bit-index" in MISTAKES:  # Java's Math.abs(h) % bits: MIN_VALUE stays negative
            h = h if h == -(1 << 31) else abs(h)
            return int(math.fmod(h, size))  # Java's % keeps the dividend's sign
        return h % size

    def mask(self, bit):
        return 0x80 >> (bit & 7) if "msb-bit-order" in MISTAKES else 1 << (bit & 7)

    def indexes(self, data):
        return [self.index(data, i) for i in range(self.hashes)]

    def insert(self, data):
        if self.data:
            for bit in self.indexes(data):
                self.data[bit >> 3] |= self.mask(bit)

    def contains(self, data):
        return not self.data or all(self.data[b >> 3] & self.mask(b) for b in self.indexes(data))

    def payload(self):
        order = "big" if "big-endian-fields" in MISTAKES else "little"
        n = len(self.data)
        if n < 253 or "compact-size-one-byte" in MISTAKES:
            size = bytes([n & 0xFF])
        else:
            size = b"\xfd" + n.to_bytes(2, order)
        return (size + bytes(self.data) + self.hashes.to_bytes(4, order) +
                self.tweak.to_bytes(4, order) + bytes([self.flags])).hex()


def rotl64(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def fmix64(x):
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & M64
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & M64
    return x ^ (x >> 33)


def murmur128(data: bytes, seed: int):
    """MurmurHash3 x64_128: (h1, h2)."""
    c1, c2 = 0x87C37B91114253D5, 0x4CF5AD432745937F
    h1 = h2 = seed
    blocks = len(data) // 16
    for b in range(blocks):
        k1 = int.from_bytes(data[16 * b:16 * b + 8], "little")
        k2 = int.from_bytes(data[16 * b + 8:16 * b + 16], "little")
        h1 ^= (rotl64(k1 * c1 & M64, 31) * c2) & M64
        h1 = (rotl64(h1, 27) + h2) & M64
        h1 = (h1 * 5 + 0x52DCE729) & M64
        h2 ^= (rotl64(k2 * c2 & M64, 33) * c1) & M64
        h2 = (rotl64(h2, 31) + h1) & M64
        h2 = (h2 * 5 + 0x38495AB5) & M64
    tail = data[16 * blocks:]
    k1 = k2 = 0
    for i, byte in enumerate(tail):
        if "murmur128-signed-tail" in MISTAKES and byte > 0x7F:  # Java's (long) data[i]
            byte -= 256
        if i < 8:
            k1 ^= (byte << (8 * i)) & M64
        else:
            k2 ^= (byte << (8 * (i - 8))) & M64
    if len(tail) > 8:
        h2 ^= (rotl64(k2 * c2 & M64, 33) * c1) & M64
    if tail:
        h1 ^= (rotl64(k1 * c1 & M64, 31) * c2) & M64
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1, h2 = fmix64(h1), fmix64(h2)
    if "murmur128-no-final-sum" not in MISTAKES:
        h1 = (h1 + h2) & M64
        h2 = (h2 + h1) & M64
    return h1, h2


def crc32(data: bytes) -> int:
    if "go-sprintf-bytes" in MISTAKES:  # Go's fmt.Sprintf("%v", b) of a []byte: "[100 111 103]"
        data = ("[" + " ".join(str(b) for b in data) + "]").encode()
    poly = 0x82F63B78 if "crc32c" in MISTAKES else 0xEDB88320
    c = M32
    for byte in data:
        c ^= byte
        for _ in range(8):
            c = (c >> 1) ^ (poly if c & 1 else 0)
    return c if "crc-no-final-xor" in MISTAKES else c ^ M32


def int32(x):
    """x wrapped to a signed 32-bit int, as Java's int holds it."""
    x &= M32
    return x - (1 << 32) if x >> 31 else x


class WordBits:
    """Set bits of a filter that may have billions: word index -> 64-bit word."""
    def __init__(self):
        self.words = {}

    def insert(self, data):
        for bit in self.indexes(data):
            self.words[bit >> 6] = self.words.get(bit >> 6, 0) | 1 << (bit & 63)

    def contains(self, data):
        return all(self.words.get(bit >> 6, 0) >> (bit & 63) & 1 for bit in self.indexes(data))


class Guava(WordBits):
    """Guava's BloomFilter.create(funnel, n, p) with MURMUR128_MITZ_64."""
    def __init__(self, n, p):
        super().__init__()
        if n == 0:
            n = 1
        raw = -n * math.log(p) / (math.log(2) * math.log(2))
        self.m = math.ceil(raw) if "guava-m-rounded-up" in MISTAKES else math.trunc(raw)
        if self.m == 0:
            raise ValueError("0 bits")
        if "guava-k-truncated" in MISTAKES:
            self.hashes = int(self.m / n * math.log(2))
        elif "guava-k-from-p" in MISTAKES:  # Guava's newer optimalNumOfHashFunctions(p)
            self.hashes = max(1, math.floor(-math.log(p) / math.log(2) + 0.5))
        else:
            self.hashes = max(1, math.floor(self.m / n * math.log(2) + 0.5))
        self.size = (self.m + 63) // 64
        if self.hashes > 255 or self.size > 2147483647:
            raise ValueError("too many hashes or words")

    def indexes(self, data):
        modulus = self.m if "guava-modulo-m" in MISTAKES else self.size * 64
        h1, h2 = murmur128(data, 0)
        if "guava-mitz-32" in MISTAKES:  # hash64 = asLong(), two int halves, i from 1
            hash1, hash2 = int32(h1), int32(h1 >> 32)
            out = []
            for i in range(1, self.hashes + 1):
                combined = int32(hash1 + i * hash2)
                if combined < 0:
                    combined = ~combined
                out.append(combined % modulus)
            return out
        start = 1 if "guava-i-from-1" in MISTAKES else 0
        out = []
        for i in range(start, start + self.hashes):
            combined = (h1 + i * h2) & M64
            if "guava-complemented" in MISTAKES:
                if combined >> 63:
                    combined = ~combined & M64
            else:
                combined &= 0x7FFFFFFFFFFFFFFF
            out.append(combined % modulus)
        return out

    def write_to(self):
        if self.size > 65536:
            raise ValueError("too big")
        order = "little" if "writeto-little-endian" in MISTAKES else "big"
        k = self.hashes.to_bytes(4, order) if "writeto-hashes-as-int" in MISTAKES else bytes([self.hashes])
        return (b"\x01" + k + self.size.to_bytes(4, order) +
                b"".join(self.words.get(w, 0).to_bytes(8, order) for w in range(self.size))).hex()


class Golang(WordBits):
    """Lesson 004's Go filter, NewBloomFilter(n, p), Put and Contains."""
    def __init__(self, n, p):
        super().__init__()
        divisor = math.log(2) * math.log(2) if "go-ln2-squared-product" in MISTAKES else 0.48045301391820144
        self.m = -int(n * math.log(p) / divisor)
        if "go-k-rounded" in MISTAKES:
            self.hashes = max(1, math.floor(self.m * LN2 / n + 0.5))
        else:
            self.hashes = int(self.m * LN2 / n)

    def indexes(self, data):
        modulus = (self.m + 63) // 64 * 64 if "go-modulo-words" in MISTAKES else self.m
        if not modulus and self.hashes:
            raise ValueError("integer divide by zero")
        first = 0 if "go-i-from-0" in MISTAKES else 1
        out = []
        if "go-32-bit-int" in MISTAKES:
            v = int32(crc32(data))
            if v < 0:
                v = int32(-v)
            hash2 = v >> 16
            for i in range(first, first + self.hashes):
                combined = int32(v + i * hash2)
                if combined < 0:
                    combined = ~combined
                out.append(combined % modulus)
            return out
        hash1 = crc32(data)
        hash2 = hash1 >> 16
        for i in range(first, first + self.hashes):
            combined = hash1 + i * hash2
            if combined >= 1 << 63:  # Go's int wraps, and then it is negative
                combined = ~combined & M64
            out.append(combined % modulus)
        return out


def as_int(x):
    """x as a Java or Go int, 32-bit two's complement: a hash of Guava's hashBytes(key).asInt()."""
    x &= M32
    return x - (1 << 32) if x >= 1 << 31 else x


def java_position(ha, hb, i, m):
    """"negative-positions": `(ha + (long) i * hb) % m` in Java, ha and hb ints; `all-32-bit` is
    `(ha + i * hb) % m` in ints, `32-bit-product` `(ha + (long) (i * hb)) % m`. Java's % (and
    Go's) truncates, keeping the dividend's sign; Python's % floors, so it is written out."""
    ha, hb = as_int(ha), as_int(hb)
    if "all-32-bit" in MISTAKES:
        total = as_int(ha + i * hb)
    elif "32-bit-product" in MISTAKES:
        total = ha + as_int(i * hb)
    else:
        total = ha + i * hb
    rest = abs(total) % m
    return -rest if total < 0 else rest


def answer(line, state):
    name, _, rest = line.partition(" ")
    if name == "HASH":
        seed, _, key = rest.partition(" ")
        return hex32(murmur3(key_bytes(key), u32(seed)))
    if name == "POSITIONS":
        m, k, key = rest.split(" ", 2) if rest.count(" ") >= 2 else (rest + "  ").split(" ", 2)
        m, k = number(m, 1, M32), number(k, 1, 50)
        data = key_bytes(key)
        ha, hb = murmur3(data, 0), murmur3(data, 0x9747B28C)
        if "negative-positions" in MISTAKES:  # as Java or Go writes it
            return " ".join(str(java_position(ha, hb, i, m)) for i in range(k))
        if "signed-hashes-in-positions" in MISTAKES:  # mmh3.hash(key, seed): signed
            ha, hb = [h - (1 << 32) if h >= 1 << 31 else h for h in (ha, hb)]
        wraps = "32-bit-product" in MISTAKES or "all-32-bit" in MISTAKES
        product = (lambda i: i * hb & M32) if wraps else (lambda i: i * hb)
        if "all-32-bit" in MISTAKES:
            return " ".join(str(((ha + product(i)) & M32) % m) for i in range(k))
        return " ".join(str((ha + product(i)) % m) for i in range(k))
    if name == "HASH128":
        seed, _, key = rest.partition(" ")
        h1, h2 = murmur128(key_bytes(key), u32(seed))
        return (h1.to_bytes(8, "little") + h2.to_bytes(8, "little")).hex()
    if name == "CRC32":
        return "%08x" % crc32(key_bytes(rest))  # zlib.crc32's number, printed plainly
    if name == "FNV":
        if "fnv-bytes-reversed" in MISTAKES:
            return fnv(rest).to_bytes(8, "little").hex()
        return "%016x" % fnv(rest)
    if name in ("ADD", "CHECK", "VERIFY") and state.get("classic"):
        return classic(name, rest, state["classic"])
    args = rest.split(" ") if rest else []
    if name == "SIZE" and len(args) == 2:
        return "bits=%d hashes=%d" % size(number(args[0], 1, M32), probability(args[1]))
    if name == "BLOOM" and len(args) == 2:
        state["classic"] = [number(args[0], 1, 10**8), number(args[1], 1, 50), set(), set()]
        return "ok"
    if name == "BITS" and not args and state.get("classic"):
        return "bits set: %d of %d" % (len(state["classic"][2]), state["classic"][0])
    if name == "INIT" and 2 <= len(args) <= 4:
        tweak = u32(args[2]) if len(args) > 2 else 0
        flags = number(args[3], 0, 255) if len(args) > 3 else 0
        state["filter"] = Filter(number(args[0], 1, M32), probability(args[1]), tweak, flags)
        return "bytes=%d hashes=%d" % (len(state["filter"].data), state["filter"].hashes)
    if name == "GUAVA" and len(args) == 2:
        state["filter"] = Guava(number(args[0], 0, M32), probability(args[1]))
        f = state["filter"]
        return "bits=%d words=%d hashes=%d" % (f.m, f.size, f.hashes)
    if name == "GOLANG" and len(args) == 2:
        state["filter"] = Golang(number(args[0], 1, M32), probability(args[1]))
        return "bits=%d hashes=%d" % (state["filter"].m, state["filter"].hashes)
    f = state.get("filter")
    if name in ("INSERT", "CONTAINS", "INDEXES") and len(args) == 1 and f:
        data = element(args[0])
        if name == "INSERT":
            f.insert(data)
            return "ok"
        if name == "CONTAINS":
            return "maybe" if f.contains(data) else "no"
        return " ".join(map(str, f.indexes(data))) or "none"
    if name == "FILTERLOAD" and not args and isinstance(f, Filter):
        return f.payload()
    if name == "WRITETO" and not args and isinstance(f, Guava):
        return f.write_to()
    raise ValueError(line)


USAGE = "usage: mistaken.py [-h] [--mistake ID]..."


def mistakes_of(argv):
    """The ids of `--mistake ID` (or `--mistake=ID`), repeated. Read by hand: argparse costs
    this program half its start (the grader starts it once a case, thousands of times a test)."""
    mistakes, rest = [], list(argv)
    while rest:
        word = rest.pop(0)
        if word in ("-h", "--help"):
            print(f"{USAGE}\n\n{__doc__}")
            sys.exit(0)
        if word == "--mistake" and rest:
            mistakes.append(rest.pop(0))
        elif word.startswith("--mistake="):
            mistakes.append(word.removeprefix("--mistake="))
        else:
            print(f"{USAGE}\nmistaken.py: error: unrecognized argument: {word}", file=sys.stderr)
            sys.exit(2)
    return mistakes


def main():
    MISTAKES.update(mistakes_of(sys.argv[1:]))
    state = {}
    for raw in sys.stdin.buffer.read().split(b"\n"):
        line = raw.decode("utf-8", "surrogateescape").removesuffix("\r")
        if not line or line.startswith("#"):
            continue
        try:
            print(answer(line, state))
        except (ValueError, IndexError):
            print("error: cannot do that:", line[:40])


if __name__ == "__main__":
    main()
