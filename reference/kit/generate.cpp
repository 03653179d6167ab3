#include "generate.hpp"

#include <fstream>
#include <random>
#include <stdexcept>
#include <string_view>

namespace bloom {

namespace {

using Random = std::mt19937_64;

std::uint64_t pick(Random& random, std::uint64_t low, std::uint64_t high) {
  return std::uniform_int_distribution<std::uint64_t>(low, high)(random);
}

// A text key: lengths weighted toward 0 to 9 bytes (every tail length, one or two blocks),
// sometimes long; ASCII with spaces, and UTF-8 characters whose bytes are all above 0x7f.
std::string random_key(Random& random) {
  static const char* const kWide[] = {"é", "ß", "π", "€", "中", "😀", "ÿ"};
  const std::uint64_t length = pick(random, 0, 4) == 0 ? pick(random, 10, 300) : pick(random, 0, 9);
  std::string key;
  while (key.size() < length) {
    if (pick(random, 0, 5) == 0) {
      key += kWide[pick(random, 0, std::size(kWide) - 1)];
    } else {
      key += static_cast<char>(pick(random, 0x20, 0x7e));  // printable ASCII, space included
    }
  }
  return key;
}

std::string random_u32(Random& random) {
  const std::uint64_t value = pick(random, 0, 2) == 0 ? pick(random, 0x80000000, 0xffffffff)
                                                      : pick(random, 0, 0xffffffff);
  if (pick(random, 0, 1) == 0) return std::to_string(value);
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(value));
  return hex;
}

std::string random_hex(Random& random) {
  static const char kDigits[] = "0123456789abcdefABCDEF";
  const std::uint64_t bytes = pick(random, 1, pick(random, 0, 3) == 0 ? 80 : 33);
  std::string hex;
  for (std::uint64_t i = 0; i < 2 * bytes; ++i) hex += kDigits[pick(random, 0, 21)];
  return hex;
}

std::string hashing_case(Random& random) {
  std::string lines;
  for (int i = 0; i < 6; ++i) lines += "> HASH " + random_u32(random) + " " + random_key(random) + "\n";
  for (int i = 0; i < 3; ++i) {
    const std::uint64_t m = pick(random, 0, 3) == 0   ? std::uint64_t{1} << pick(random, 0, 31)
                            : pick(random, 0, 1) == 0 ? pick(random, 1, 5000)
                                                      : pick(random, 1, 0xffffffff);
    lines += "> POSITIONS " + std::to_string(m) + " " + std::to_string(pick(random, 1, 50)) + " " +
             random_key(random) + "\n";
  }
  return lines;
}

constexpr const char* kRates[] = {"0.5",    "0.1",  "0.05",  "0.01", "0.001",
                                  "1e-4",   "0.0001", "1e-9", "3e-20", "0.3"};

// Lesson 001's filter: its sizing for a random n and p, FNV hashes, then a small filter (so
// that false positives come up) with keys added, checked, told apart and its bits counted.
std::string basics_case(Random& random) {
  const auto rate = [&] { return std::string(kRates[pick(random, 0, std::size(kRates) - 1)]); };
  std::string lines = "> SIZE " + std::to_string(pick(random, 0, 3) == 0 ? pick(random, 1, 0xffffffff)
                                                                        : pick(random, 1, 100000)) +
                      " " + rate() + "\n";
  for (int i = 0; i < 3; ++i) lines += "> FNV " + random_key(random) + "\n";
  const std::uint64_t m = pick(random, 0, 2) == 0 ? std::uint64_t{1} << pick(random, 3, 12)
                                                  : pick(random, 8, 3000);
  lines += "> BLOOM " + std::to_string(m) + " " + std::to_string(pick(random, 1, 8)) + "\n";
  std::vector<std::string> added;
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t what = pick(random, 0, 4);
    const std::string key =
        what <= 2 || added.empty() ? random_key(random) : added[pick(random, 0, added.size() - 1)];
    if (what <= 1) {
      lines += "> ADD " + key + "\n";
      added.push_back(key);
    } else {
      lines += std::string(what % 2 == 0 ? "> CHECK " : "> VERIFY ") + key + "\n";
    }
  }
  return lines + "> BITS\n";
}

// A filter's element lines: inserts, and checks and indexes of elements in it or not.
std::string element_lines(Random& random, int count) {
  std::string lines;
  std::vector<std::string> inserted;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t what = pick(random, 0, 3);
    const std::string element =
        what == 0 || inserted.empty() ? random_hex(random) : inserted[pick(random, 0, inserted.size() - 1)];
    if (what <= 1) {
      lines += "> INSERT " + element + "\n";
      inserted.push_back(element);
    } else {
      lines += std::string(what == 2 ? "> CONTAINS " : "> INDEXES ") + element + "\n";
    }
  }
  return lines;
}

std::string bip37_case(Random& random) {
  const std::uint64_t n = pick(random, 0, 5) == 0 ? pick(random, 1, 200000) : pick(random, 1, 60);
  std::string lines = "> INIT " + std::to_string(n) + " " +
                      kRates[pick(random, 0, std::size(kRates) - 1)] + " " + random_u32(random) +
                      " " + std::to_string(pick(random, 0, 255)) + "\n";
  return lines + element_lines(random, 8) + "> FILTERLOAD\n";
}

// Lesson 004: Guava's hash and the lesson's CRC-32, Guava's filter (small enough for WRITETO to
// answer, so its words are checked whole), then the lesson's Go filter, sometimes sized so
// small that it has no hashes.
std::string guava_case(Random& random) {
  const auto rate = [&] { return std::string(kRates[pick(random, 0, std::size(kRates) - 1)]); };
  std::string lines;
  for (int i = 0; i < 3; ++i)
    lines += "> HASH128 " + random_u32(random) + " " + random_key(random) + "\n";
  for (int i = 0; i < 2; ++i) lines += "> CRC32 " + random_key(random) + "\n";
  lines += "> GUAVA " + std::to_string(pick(random, 0, 5) == 0 ? 0 : pick(random, 1, 2000)) + " " +
           rate() + "\n";
  lines += element_lines(random, 8) + "> WRITETO\n";
  const std::uint64_t n = pick(random, 0, 3) == 0 ? pick(random, 1, 4) : pick(random, 1, 100000);
  lines += "> GOLANG " + std::to_string(n) + " " + rate() + "\n";
  return lines + element_lines(random, 8);
}

// The generator of each exercise of the manifest (exercises.tsv); the hidden-cases test
// generates for every exercise the manifest lists.
struct Generator {
  std::string_view exercise;
  std::string (*lines)(Random&);
};
constexpr Generator kGenerators[] = {
    {"bip37", bip37_case},
    {"basics", basics_case},
    {"hashing", hashing_case},
    {"guava", guava_case},
};

}  // namespace

std::string random_case(const std::string& exercise, std::uint64_t seed, int index) {
  const Generator* generator = nullptr;
  for (const Generator& g : kGenerators) {
    if (g.exercise == exercise) generator = &g;
  }
  if (generator == nullptr) {
    std::string known;
    for (const Generator& g : kGenerators) known.append(known.empty() ? "" : ", ").append(g.exercise);
    throw std::invalid_argument("unknown exercise \"" + exercise + "\" (known: " + known + ")");
  }
  std::seed_seq sequence{seed, static_cast<std::uint64_t>(index), std::uint64_t{exercise.size()}};
  Random random(sequence);
  return "# A random case (seed " + std::to_string(seed) + ", number " + std::to_string(index) +
         ") from bloom-reference --generate " + exercise +
         ".\n# Its answers are recorded by bloom-grader record --mistakes.\n@hidden\n" +
         generator->lines(random);
}

std::vector<std::filesystem::path> write_random_cases(const std::filesystem::path& dir,
                                                      const std::string& exercise,
                                                      std::uint64_t seed, int count) {
  std::vector<std::filesystem::path> written;
  std::filesystem::create_directories(dir / exercise);
  for (int i = 1; i <= count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "random-%llu-%03d.case", static_cast<unsigned long long>(seed), i);
    const std::filesystem::path path = dir / exercise / name;
    std::ofstream out(path, std::ios::binary);
    out << random_case(exercise, seed, i);
    if (!out) throw std::runtime_error("cannot write " + path.string());
    written.push_back(path);
  }
  return written;
}

}  // namespace bloom
