// bloom-reference --generate: hidden cases that redraw the visible cases' sessions
// (generate.hpp). Editing a visible case changes what a seed generates; a recorded hidden suite
// is kept, never generated again.
#include "generate.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string_view>

#include "interpreter.hpp"

namespace bloom {

namespace {

using Random = std::mt19937_64;
using Kind = Interpreter::ArgumentKind;

// A case's lines: visible sessions are redrawn until it has these. The former hand-written
// sessions had 9 to 24 lines; with keys and elements sent up to kTimes times, 20 gives about
// as many lookups of members and WRITETOs as those did, and more false positives.
constexpr std::size_t kMinLines = 20;
constexpr std::uint64_t kTimes = 3;  // a line with a key or element is sent 1 to kTimes times
constexpr int kDraws = 20;           // draws of one line before it is left out
constexpr int kGiveUp = 400;         // draws of a whole case: a case that finds no answer ends

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

// A power of two of LOW..HIGH, each as likely; LOW when none is.
std::uint64_t power_of_two(Random& random, std::uint64_t low, std::uint64_t high) {
  std::uint64_t power = 1;
  while (power < low) power *= 2;
  if (power > high) return low;
  std::uint64_t powers = 1;  // how many powers of two from `power` are at most `high`
  while (power << powers <= high) ++powers;
  return power << pick(random, 0, powers - 1);
}

// A whole number of LOW..HIGH where the visible line leaves it out, a quarter each: a power of two;
// the low end (a filter of a few bits, no hashes); small; anywhere.
std::uint64_t random_whole(Random& random, std::uint64_t low, std::uint64_t high) {
  switch (pick(random, 0, 3)) {
    case 0:
      return power_of_two(random, low, high);
    case 1:
      return low + pick(random, 0, std::min<std::uint64_t>(9, high - low));
    case 2:
      return pick(random, low, std::min<std::uint64_t>(high, low + 2000));
    default:
      return pick(random, low, high);
  }
}

// A whole number of LOW..HIGH near `seen`, a value a visible line gives it, a quarter each:
// that value (the visible cases' edges: a cap, 2^31, the top of the range); one or two off it
// (either side of a cap); anywhere from LOW up to it; a power of two up to it. So the numbers
// stay within what the visible cases send, and their filters as cheap to record.
std::uint64_t near(Random& random, std::uint64_t seen, std::uint64_t low, std::uint64_t high) {
  seen = std::clamp(seen, low, high);
  switch (pick(random, 0, 3)) {
    case 0:
      return seen;
    case 1: {
      const std::uint64_t step = pick(random, 1, 2);
      if (pick(random, 0, 1) == 0) return seen - std::min(step, seen - low);
      return seen + std::min(step, high - seen);
    }
    case 2:
      return pick(random, low, seen);
    default:
      return power_of_two(random, low, seen);
  }
}

using Words = std::vector<std::string>;

Words words_of(const std::string& line) {
  Words words;
  std::size_t at = 0;
  while (at <= line.size()) {
    const std::size_t space = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, space - at));
    at = space + 1;
  }
  return words;
}

std::optional<std::uint64_t> whole_of(const std::string& word) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return value;
}

const Interpreter::CommandRow& row_named(const std::vector<Interpreter::CommandRow>& rows,
                                         std::string_view name) {
  for (const Interpreter::CommandRow& row : rows) {
    if (row.name == name) return row;
  }
  throw std::invalid_argument("a visible case sends " + std::string(name) +
                              ", which the command table does not have");
}

// A visible line read against the command table: its row and its words.
struct Model {
  const Interpreter::CommandRow* row;
  Words words;
};

// What the visible cases teach: their sessions, each line read; and for each whole-number
// argument of a command, the largest value on a line that its session goes on from (a larger
// one, as a filter of 2^32 elements, only ever ends a visible session, and so a hidden one).
struct Learnt {
  std::vector<std::vector<Model>> sessions;
  std::vector<std::uint64_t> weights;  // each session's: how many different commands it sends
  std::uint64_t tickets = 0;           // their sum
  std::map<std::pair<std::string_view, std::size_t>, std::uint64_t> goes_on;
};

Learnt learn(const Sessions& visible, const std::vector<Interpreter::CommandRow>& rows) {
  Learnt learnt;
  for (const std::vector<std::string>& session : visible) {
    if (session.empty()) continue;
    std::vector<Model>& models = learnt.sessions.emplace_back();
    for (std::size_t i = 0; i < session.size(); ++i) {
      Words words = words_of(session[i]);
      const Interpreter::CommandRow& row = row_named(rows, words[0]);
      for (std::size_t a = 0; a < row.arguments.size() && a + 1 < words.size(); ++a) {
        if (row.arguments[a].kind != Kind::Whole || i + 1 == session.size()) continue;
        if (const std::optional<std::uint64_t> value = whole_of(words[a + 1])) {
          std::uint64_t& largest = learnt.goes_on[{row.name, a}];
          largest = std::max(largest, *value);
        }
      }
      models.push_back({&row, std::move(words)});
    }
    std::set<std::string_view> commands;
    for (const Model& model : models) commands.insert(model.row->name);
    learnt.weights.push_back(commands.size());
    learnt.tickets += commands.size();
  }
  if (learnt.sessions.empty())
    throw std::invalid_argument("no visible case sends a command it answers");
  return learnt;
}

// The keys and elements of one session redrawn: a visible key the session sends again is sent
// again as the same new key (a lookup of a member stays one), and so are elements.
struct Redrawn {
  std::map<std::string, std::string> texts;
  std::map<std::string, std::string> hexes;
};

// A line like `model`, and whether its session may go on from it: each whole number near the
// model's (its kind's draw where the model leaves it out), the model's rate half the time,
// seeds drawn from their kind, its keys and elements redrawn; `again` (the line sent once
// more) draws a key the session has sent, or a new one. An optional argument the model leaves
// out is sent a quarter of the time.
std::pair<std::string, bool> random_line(Random& random, const Model& model, const Learnt& learnt,
                                         Redrawn& redrawn, bool again) {
  const auto sent_or_new = [&random](const std::map<std::string, std::string>& sent,
                                     std::string fresh) {
    if (sent.empty() || pick(random, 0, 3) == 0) return fresh;
    auto it = sent.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(pick(random, 0, sent.size() - 1)));
    return it->second;
  };
  const Interpreter::CommandRow& row = *model.row;
  const Words& words = model.words;
  std::string line(row.name);
  bool goes_on = true;
  for (std::size_t a = 0; a < row.arguments.size(); ++a) {
    const Interpreter::Argument& argument = row.arguments[a];
    const bool given = a + 1 < words.size();
    if (argument.optional && !given && pick(random, 0, 3) != 0) break;
    std::string value;
    switch (argument.kind) {
      case Kind::U32:
        value = random_u32(random);
        break;
      case Kind::Whole: {
        const std::optional<std::uint64_t> seen = given ? whole_of(words[a + 1]) : std::nullopt;
        const std::uint64_t number = seen ? near(random, *seen, argument.low, argument.high)
                                          : random_whole(random, argument.low, argument.high);
        const auto bound = learnt.goes_on.find({row.name, a});
        if (bound == learnt.goes_on.end() || number > bound->second) goes_on = false;
        value = std::to_string(number);
        break;
      }
      case Kind::Probability:
        value = given && pick(random, 0, 1) == 0 ? words[a + 1] : random_probability(random);
        break;
      case Kind::Hex: {
        if (again) {
          value = sent_or_new(redrawn.hexes, random_hex(random));
          break;
        }
        const std::string old = given ? words[a + 1] : "";
        const auto it = redrawn.hexes.find(old);
        value = it != redrawn.hexes.end() ? it->second : random_hex(random);
        redrawn.hexes.try_emplace(old, value);
        break;
      }
      case Kind::Text: {  // the rest of the line
        if (again) {
          value = sent_or_new(redrawn.texts, random_key(random));
          break;
        }
        std::string old;
        for (std::size_t w = a + 1; w < words.size(); ++w) old += (w > a + 1 ? " " : "") + words[w];
        const auto it = redrawn.texts.find(old);
        value = it != redrawn.texts.end() ? it->second : random_key(random);
        redrawn.texts.try_emplace(old, value);
        break;
      }
    }
    line += ' ';
    line += value;
  }
  return {line, goes_on};
}

// Whether a command sends a key or an element: its lines are the lookups and inserts that
// find members and false positives, and are sent more than once.
bool keyed(const Interpreter::CommandRow& row) {
  return std::any_of(row.arguments.begin(), row.arguments.end(), [](const auto& argument) {
    return argument.kind == Kind::Text || argument.kind == Kind::Hex;
  });
}

// Visible sessions, each drawn in proportion to how many different commands it sends (a
// filter with its elements over a run of one command), redrawn one after another until the
// case has kMinLines. Each line is drawn until the reference answers it and it differs from
// the line before, else left out; a line
// with a key or element is sent 1 to kTimes times, the later ones with a key the session has
// sent three times in four; a line larger than any the visible cases go on from ends its
// session.
std::string walk(Random& random, const Learnt& learnt) {
  Interpreter reference;
  std::string lines;
  std::string last;  // the line sent last
  std::size_t count = 0;
  for (int draws = 0; count < kMinLines && draws < kGiveUp;) {
    std::uint64_t ticket = pick(random, 0, learnt.tickets - 1);
    std::size_t chosen = 0;
    while (ticket >= learnt.weights[chosen]) ticket -= learnt.weights[chosen++];
    Redrawn redrawn;
    bool goes_on = true;
    for (const Model& model : learnt.sessions[chosen]) {
      const std::uint64_t times = keyed(*model.row) ? pick(random, 1, kTimes) : 1;
      for (std::uint64_t time = 0; goes_on && time < times; ++time) {
        for (int tries = 0; tries < kDraws; ++tries, ++draws) {
          const auto [line, on] = random_line(random, model, learnt, redrawn, time > 0);
          if (line == last) continue;  // the same line twice in a row tells nothing new
          if (const std::optional<std::string> answer = reference.respond(line);
              answer && !answer->starts_with("error:")) {
            lines += "> " + line + "\n";
            last = line;
            ++count;
            goes_on = on;
            break;
          }
        }
      }
      if (!goes_on) break;
    }
  }
  return lines;
}

}  // namespace

std::string random_case(const std::string& exercise, const Sessions& visible, std::uint64_t seed,
                        int index) {
  const std::vector<Interpreter::CommandRow> rows = Interpreter::command_rows();
  const Learnt learnt = learn(visible, rows);
  std::seed_seq sequence{seed, static_cast<std::uint64_t>(index), std::uint64_t{exercise.size()}};
  Random random(sequence);
  return "# A random case (seed " + std::to_string(seed) + ", number " + std::to_string(index) +
         ") from bloom-reference --generate " + exercise +
         ".\n# Its answers are recorded by bloom-grader record --mistakes.\n@hidden\n" +
         walk(random, learnt);
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
