#include "generate.hpp"

#include <fstream>
#include <map>
#include <random>
#include <stdexcept>
#include <string_view>

#include "interpreter.hpp"

namespace bloom {

namespace {

using Random = std::mt19937_64;
using Kind = Interpreter::ArgumentKind;

constexpr std::size_t kMinLines = 12;  // a case's lines: sessions are added until it has these
constexpr int kDraws = 20;             // draws of one line before its command is given up
constexpr int kGiveUp = 400;           // draws of a whole case: a walk that finds no answer ends

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

// A seed or tweak: a third of them 2^31 or more (a signed 32-bit slip), half written in hex.
std::string random_u32(Random& random) {
  const std::uint64_t value = pick(random, 0, 2) == 0 ? pick(random, 0x80000000, 0xffffffff)
                                                      : pick(random, 0, 0xffffffff);
  if (pick(random, 0, 1) == 0) return std::to_string(value);
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(value));
  return hex;
}

// An element: 1 to 33 bytes (one to several 4-byte blocks, every tail), sometimes up to 80,
// digits of either case.
std::string random_hex(Random& random) {
  static const char kDigits[] = "0123456789abcdefABCDEF";
  const std::uint64_t bytes = pick(random, 1, pick(random, 0, 3) == 0 ? 80 : 33);
  std::string hex;
  for (std::uint64_t i = 0; i < 2 * bytes; ++i) hex += kDigits[pick(random, 0, 21)];
  return hex;
}

// A rate: the lessons' own, and the edges (a half, 3e-20, where sizes grow past the caps).
std::string random_probability(Random& random) {
  static constexpr const char* kRates[] = {"0.5",  "0.1",    "0.05", "0.01",  "0.001",
                                           "1e-4", "0.0001", "1e-9", "3e-20", "0.3"};
  return kRates[pick(random, 0, std::size(kRates) - 1)];
}

// A whole number of LOW..HIGH, a quarter each: a power of two; the low end (a filter of a
// few bits, no hashes); small (a filter small enough that false positives come up and WRITETO
// answers); anywhere (2^31 and above when the range reaches them).
std::string random_whole(Random& random, std::uint64_t low, std::uint64_t high) {
  switch (pick(random, 0, 3)) {
    case 0: {
      std::uint64_t power = 1;
      while (power < low) power *= 2;
      if (power > high) return std::to_string(low);
      std::uint64_t powers = 1;  // how many powers of two from `power` are at most `high`
      while (power << powers <= high) ++powers;
      return std::to_string(power << pick(random, 0, powers - 1));
    }
    case 1:
      return std::to_string(low + pick(random, 0, std::min<std::uint64_t>(9, high - low)));
    case 2:
      return std::to_string(pick(random, low, std::min<std::uint64_t>(high, low + 2000)));
    default:
      return std::to_string(pick(random, low, high));
  }
}

// What one case has drawn: its keys and elements, drawn again half the time, so that lookups
// find members and the filters' false positives come up.
struct Drawn {
  std::vector<std::string> texts;
  std::vector<std::string> hexes;
};

std::string random_value(Random& random, const Interpreter::Argument& argument, Drawn& drawn) {
  const auto again_or_new = [&random](std::vector<std::string>& pool, std::string fresh) {
    if (!pool.empty() && pick(random, 0, 1) == 0) return pool[pick(random, 0, pool.size() - 1)];
    pool.push_back(fresh);
    return fresh;
  };
  switch (argument.kind) {
    case Kind::U32:
      return random_u32(random);
    case Kind::Whole:
      return random_whole(random, argument.low, argument.high);
    case Kind::Probability:
      return random_probability(random);
    case Kind::Hex:
      return again_or_new(drawn.hexes, random_hex(random));
    case Kind::Text:
      break;
  }
  return again_or_new(drawn.texts, random_key(random));
}

// A line of `command`, each argument drawn from its kind; an optional one, and those after it,
// half the time.
std::string random_line(Random& random, const Interpreter::CommandRow& command, Drawn& drawn) {
  std::string line(command.name);
  for (const Interpreter::Argument& argument : command.arguments) {
    if (argument.optional && pick(random, 0, 1) == 0) break;
    line += ' ';
    line += random_value(random, argument, drawn);
  }
  return line;
}

// Which command follows which in the visible cases, "" being a case's start and its end, each
// pair as often as they send it.
using Chain = std::map<std::string, std::vector<std::string>>;

Chain chain_of(const Sessions& visible) {
  Chain chain;
  for (const std::vector<std::string>& session : visible) {
    std::string previous;
    for (const std::string& command : session) {
      chain[previous].push_back(command);
      previous = command;
    }
    if (!session.empty()) chain[previous].emplace_back();
  }
  if (chain.empty()) throw std::invalid_argument("no visible case sends a command it answers");
  return chain;
}

const Interpreter::CommandRow& row_named(const std::vector<Interpreter::CommandRow>& rows,
                                         std::string_view name) {
  for (const Interpreter::CommandRow& row : rows) {
    if (row.name == name) return row;
  }
  throw std::invalid_argument("a visible case sends " + std::string(name) +
                              ", which the command table does not have");
}

// Walks the chain from a start to an end, session after session, until the case has
// kMinLines: each command's line drawn until the reference answers it, else the walk goes on
// from where it was.
std::string walk(Random& random, const Chain& chain) {
  const std::vector<Interpreter::CommandRow> rows = Interpreter::command_rows();
  Interpreter reference;
  Drawn drawn;
  std::string lines;
  std::size_t count = 0;
  std::string at;  // "": a session's start
  for (int draws = 0; draws < kGiveUp;) {
    const std::vector<std::string>& next = chain.at(at);
    const std::string& command = next[pick(random, 0, next.size() - 1)];
    if (command.empty()) {
      if (count >= kMinLines) break;
      at.clear();
      continue;
    }
    const Interpreter::CommandRow& row = row_named(rows, command);
    for (int tries = 0; tries < kDraws; ++tries, ++draws) {
      const std::string line = random_line(random, row, drawn);
      if (const std::optional<std::string> answer = reference.respond(line);
          answer && !answer->starts_with("error:")) {
        lines += "> " + line + "\n";
        ++count;
        at = command;
        break;
      }
    }
  }
  return lines;
}

}  // namespace

std::string random_case(const std::string& exercise, const Sessions& visible, std::uint64_t seed,
                        int index) {
  const Chain chain = chain_of(visible);
  std::seed_seq sequence{seed, static_cast<std::uint64_t>(index), std::uint64_t{exercise.size()}};
  Random random(sequence);
  return "# A random case (seed " + std::to_string(seed) + ", number " + std::to_string(index) +
         ") from bloom-reference --generate " + exercise +
         ".\n# Its answers are recorded by bloom-grader record --mistakes.\n@hidden\n" +
         walk(random, chain);
}

std::vector<std::filesystem::path> write_random_cases(const std::filesystem::path& dir,
                                                      const std::string& exercise,
                                                      const Sessions& visible, std::uint64_t seed,
                                                      int count) {
  std::vector<std::filesystem::path> written;
  std::filesystem::create_directories(dir / exercise);
  for (int i = 1; i <= count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "random-%llu-%03d.case", static_cast<unsigned long long>(seed), i);
    const std::filesystem::path path = dir / exercise / name;
    std::ofstream out(path, std::ios::binary);
    out << random_case(exercise, visible, seed, i);
    if (!out) throw std::runtime_error("cannot write " + path.string());
    written.push_back(path);
  }
  return written;
}

}  // namespace bloom
