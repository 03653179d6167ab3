#include "interpreter.hpp"

#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "hex.hpp"
#include "murmur3.hpp"
#include "not_implemented.hpp"
#include "numbers.hpp"
#include "positions.hpp"

namespace bloom {

namespace {

// A line that cannot be carried out. Thrown before any state changes, so that the interpreter
// answers `error: <message>` and the bad line leaves no trace.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Quotes a piece of the input for a message: invisible bytes escaped, long text shortened, so
// that a 10 MB argument gives a one-line error.
std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 40;  // bytes of the argument shown before "..."
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      static constexpr char kDigits[] = "0123456789abcdef";
      out += "\\x";
      out += kDigits[c >> 4];
      out += kDigits[c & 0xf];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kShown) out += "...";
  out += '"';
  return out;
}

void append_number(std::string& out, std::uint64_t value) {
  std::array<char, 24> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), value);
  out.append(digits.data(), result.ptr);
}

std::uint32_t whole_in_range(std::string_view name, std::string_view text, std::uint32_t low,
                             std::uint32_t high) {
  const std::optional<std::uint32_t> value = parse_whole(text);
  if (!value || *value < low || *value > high) {
    throw ProtocolError(std::string(name) + " must be a whole number from " +
                        std::to_string(low) + " to " + std::to_string(high) + ", got " +
                        quoted(text));
  }
  return *value;
}

std::uint32_t u32_argument(std::string_view name, std::string_view text) {
  const std::optional<std::uint32_t> value = parse_u32(text);
  if (!value) {
    throw ProtocolError(std::string(name) +
                        " must be a number from 0 to 4294967295 (decimal, or 0x and 1 to 8 hex "
                        "digits), got " +
                        quoted(text));
  }
  return *value;
}

double probability_argument(std::string_view text) {
  const std::optional<double> p = parse_decimal(text);
  // !(p > 0 && p < 1) also refuses what strtod rounds to 0 (1e-400) or to 1 (0.9999…9)
  if (!p || !(*p > 0 && *p < 1)) {
    throw ProtocolError("<p> must be a decimal number above 0 and below 1, got " + quoted(text));
  }
  return *p;
}

}  // namespace

// The steps of `list` as a set, bit static_cast<unsigned>(step) for each.
constexpr std::uint32_t step_set(std::initializer_list<Step> list) {
  std::uint32_t set = 0;
  for (const Step step : list) set |= 1U << static_cast<unsigned>(step);
  return set;
}
static_assert(kSteps <= 32, "a step set is 32 bits");

// A row of the command table: a command of the protocol, once. Dispatch, the "known:" list of
// an unknown command, the usage in errors and --help, and cases/commands.tsv (command_rows)
// all read it.
struct Interpreter::Command {
  std::string_view name;
  // the usage with each argument's kind: `<name:kind>`, kind `u32`, `LOW..HIGH`, `p`, `hex` or
  // `text` (interpreter.hpp, ArgumentKind); optional arguments in [ ]
  std::string_view grammar;
  void (Interpreter::*handler)(Arguments&, std::string&);
  std::uint32_t steps;  // step_set of the functions its answer comes from
  AnswerKind answer;    // Indexes: its answer is positions or bit indexes alone
};

namespace {

// A grammar without its kinds: "HASH <seed:u32> <key:text>" -> "HASH <seed> <key>".
std::string usage_of(std::string_view grammar) {
  std::string usage;
  bool kind = false;
  for (const char c : grammar) {
    if (c == ':') kind = true;
    if (c == '>') kind = false;
    if (!kind) usage += c;
  }
  return usage;
}

// A grammar's arguments; std::logic_error for a malformed one, which is a mistake of the table
// (a test reads every row).
std::vector<Interpreter::Argument> arguments_of(std::string_view grammar) {
  using Kind = Interpreter::ArgumentKind;
  std::vector<Interpreter::Argument> arguments;
  bool optional = false;
  for (std::size_t open = grammar.find_first_of("[<"); open != std::string_view::npos;
       open = grammar.find_first_of("[<", open + 1)) {
    if (grammar[open] == '[') {
      optional = true;
      continue;
    }
    const std::size_t colon = grammar.find(':', open);
    const std::size_t close = grammar.find('>', open);
    if (colon == std::string_view::npos || close == std::string_view::npos || colon > close) {
      throw std::logic_error("an argument without a kind in \"" + std::string(grammar) + "\"");
    }
    Interpreter::Argument& argument = arguments.emplace_back(Interpreter::Argument{
        std::string(grammar.substr(open, colon - open)) + ">", Kind::Text, 0, 0, optional});
    const std::string_view kind = grammar.substr(colon + 1, close - colon - 1);
    const std::size_t dots = kind.find("..");
    if (kind == "u32") {
      argument.kind = Kind::U32;
    } else if (kind == "p") {
      argument.kind = Kind::Probability;
    } else if (kind == "hex") {
      argument.kind = Kind::Hex;
    } else if (kind == "text") {
      argument.kind = Kind::Text;
    } else if (const auto low = parse_whole(kind.substr(0, dots)),
               high = dots == std::string_view::npos ? std::nullopt
                                                     : parse_whole(kind.substr(dots + 2));
               low && high && *low <= *high) {
      argument.kind = Kind::Whole;
      argument.low = *low;
      argument.high = *high;
    } else {
      throw std::logic_error("an unknown kind \"" + std::string(kind) + "\" in \"" +
                             std::string(grammar) + "\"");
    }
  }
  return arguments;
}

}  // namespace

// The arguments after a command name, read one at a time. The protocol separates them by
// exactly one space, so an empty token is always an error: two spaces, or a trailing one.
class Interpreter::Arguments {
 public:
  Arguments(const Command& command, std::optional<std::string_view> rest)
      : command_(command), rest_(rest) {}

  // The next space-separated argument; an error when there is none.
  std::string_view next(std::string_view name) {
    const std::optional<std::string_view> token = next_optional();
    if (!token) {
      throw ProtocolError(std::string(command_.name) + " needs " + std::string(name) +
                          " (usage: " + usage_of(command_.grammar) + ")");
    }
    return *token;
  }

  // The next argument, or nullopt when the line has ended.
  std::optional<std::string_view> next_optional() {
    if (!rest_) return std::nullopt;
    const std::string_view rest = *rest_;
    const std::size_t space = rest.find(' ');
    const std::string_view token = rest.substr(0, space);
    if (space == std::string_view::npos) {
      rest_.reset();
    } else {
      rest_ = rest.substr(space + 1);
    }
    if (token.empty()) {
      throw ProtocolError(rest_ ? "two spaces in a row: arguments are separated by one space"
                                : "trailing space after the last argument");
    }
    return token;
  }

  // A text key: everything that is left, spaces included; empty when nothing is.
  std::string_view rest_as_text() {
    const std::string_view text = rest_.value_or(std::string_view{});
    rest_.reset();
    return text;
  }

  // The command these are the arguments of.
  [[nodiscard]] std::string_view command() const { return command_.name; }

  // An error when arguments are left over.
  void finish() const {
    if (!rest_) return;
    if (rest_->empty()) throw ProtocolError("trailing space after the last argument");
    throw ProtocolError(std::string(command_.name) + " takes no more arguments (usage: " +
                        usage_of(command_.grammar) + "), got extra " + quoted(*rest_));
  }

 private:
  const Command& command_;
  std::optional<std::string_view> rest_;  // nullopt once the line has ended
};

std::span<const Interpreter::Command> Interpreter::commands() {
  // an element's hex, then the current filter's indexes, whichever kind it is
  constexpr std::uint32_t kFilterSteps =
      step_set({Step::Murmur, Step::BitIndex, Step::Decode, Step::Murmur128, Step::GuavaIndex,
                Step::Crc32, Step::GoIndex});
  static constexpr Command kCommands[] = {
      {"HASH", "HASH <seed:u32> <key:text>", &Interpreter::hash,
       step_set({Step::Murmur, Step::PrintHash}), AnswerKind::Other},
      {"POSITIONS", "POSITIONS <m:1..4294967295> <k:1..50> <key:text>", &Interpreter::positions,
       step_set({Step::Murmur, Step::Position}), AnswerKind::Indexes},
      {"INIT", "INIT <n:1..4294967295> <p:p> [<tweak:u32> [<flags:0..255>]]", &Interpreter::init,
       step_set({Step::FilterSize}), AnswerKind::Other},
      {"INSERT", "INSERT <hex:hex>", &Interpreter::insert, kFilterSteps, AnswerKind::Other},
      {"CONTAINS", "CONTAINS <hex:hex>", &Interpreter::contains, kFilterSteps, AnswerKind::Other},
      {"INDEXES", "INDEXES <hex:hex>", &Interpreter::indexes, kFilterSteps, AnswerKind::Indexes},
      {"FILTERLOAD", "FILTERLOAD", &Interpreter::filterload, step_set({Step::Payload}),
       AnswerKind::Other},
      {"FNV", "FNV <key:text>", &Interpreter::fnv, step_set({Step::Fnv, Step::PrintHash}),
       AnswerKind::Other},
      {"SIZE", "SIZE <n:1..4294967295> <p:p>", &Interpreter::size, step_set({Step::ClassicSize}),
       AnswerKind::Other},
      {"BLOOM", "BLOOM <m:1..100000000> <k:1..50>", &Interpreter::bloom, 0, AnswerKind::Other},
      {"ADD", "ADD <key:text>", &Interpreter::add, step_set({Step::Fnv, Step::ClassicPosition}),
       AnswerKind::Other},
      {"CHECK", "CHECK <key:text>", &Interpreter::check,
       step_set({Step::Fnv, Step::ClassicPosition}), AnswerKind::Other},
      {"VERIFY", "VERIFY <key:text>", &Interpreter::verify,
       step_set({Step::Fnv, Step::ClassicPosition}), AnswerKind::Other},
      {"BITS", "BITS", &Interpreter::bits, 0, AnswerKind::Other},
      {"HASH128", "HASH128 <seed:u32> <key:text>", &Interpreter::hash128,
       step_set({Step::Murmur128}), AnswerKind::Other},
      {"CRC32", "CRC32 <key:text>", &Interpreter::crc32, step_set({Step::Crc32}),
       AnswerKind::Other},
      {"GUAVA", "GUAVA <n:0..4294967295> <p:p>", &Interpreter::guava, step_set({Step::GuavaSize}),
       AnswerKind::Other},
      {"GOLANG", "GOLANG <n:1..4294967295> <p:p>", &Interpreter::golang, step_set({Step::GoSize}),
       AnswerKind::Other},
      {"WRITETO", "WRITETO", &Interpreter::writeto, step_set({Step::WriteTo}), AnswerKind::Other},
  };
  return kCommands;
}

const Interpreter::Command* Interpreter::find_command(std::string_view name) {
  for (const Command& command : commands()) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

std::vector<Interpreter::CommandRow> Interpreter::command_rows() {
  std::vector<CommandRow> rows;
  for (const Command& command : commands()) {
    CommandRow& row = rows.emplace_back(CommandRow{command.name,
                                                   usage_of(command.grammar),
                                                   command.grammar,
                                                   arguments_of(command.grammar),
                                                   {},
                                                   command.answer});
    for (const FunctionRow& function : kFunctionTable) {
      if ((command.steps >> static_cast<unsigned>(function.step) & 1U) != 0)
        row.steps.push_back(function.step);
    }
  }
  return rows;
}

std::vector<std::string> Interpreter::usages() {
  std::vector<std::string> out;
  for (const Command& command : commands()) out.push_back(usage_of(command.grammar));
  return out;
}

bool Interpreter::respond(std::string_view line, std::string& response) {
  response.clear();
  if (line.ends_with('\r')) line.remove_suffix(1);  // CRLF input works
  if (line.empty() || line.front() == '#') return false;

  try {
    if (line.front() == ' ') {
      throw ProtocolError(line.find_first_not_of(' ') == std::string_view::npos
                              ? "line of spaces only: send nothing, or a command"
                              : "line starts with a space: the command must come first");
    }
    const std::size_t space = line.find(' ');
    const std::string_view name = line.substr(0, space);
    const Command* command = find_command(name);
    if (command == nullptr) {
      std::string upper(name.substr(0, 16));
      for (char& c : upper) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
      const Command* meant = find_command(upper);
      if (meant != nullptr) {
        throw ProtocolError("unknown command " + quoted(name) + " (commands are upper case: " +
                            std::string(meant->name) + ")");
      }
      std::string known;
      for (const Command& c : commands()) known.append(known.empty() ? "" : " ").append(c.name);
      throw ProtocolError("unknown command " + quoted(name) + " (known: " + known + ")");
    }
    Arguments args(*command, space == std::string_view::npos
                                 ? std::nullopt
                                 : std::optional<std::string_view>(line.substr(space + 1)));
    (this->*command->handler)(args, response);
  } catch (const ProtocolError& e) {
    response.assign("error: ").append(e.what());
  } catch (const NotImplemented& e) {
    response.assign("error: not implemented: ").append(e.function());
  } catch (const std::out_of_range& e) {  // a student's position function, out of the filter
    response.assign("error: ").append(e.what());
  }
  return true;
}

std::optional<std::string> Interpreter::respond(std::string_view line) {
  std::string response;
  if (!respond(line, response)) return std::nullopt;
  return response;
}

// A text key is taken byte for byte as it stands on the line, so it is hashed in place.
static std::span<const std::uint8_t> key_bytes(std::string_view key) {
  return {reinterpret_cast<const std::uint8_t*>(key.data()), key.size()};
}

void Interpreter::hash(Arguments& args, std::string& response) {
  const std::uint32_t seed = u32_argument("<seed>", args.next("<seed>"));
  functions_->print_hash(functions_->murmur3_32(key_bytes(args.rest_as_text()), seed), 32, response);
}

void Interpreter::positions(Arguments& args, std::string& response) {
  const std::uint32_t m = whole_in_range("<m>", args.next("<m>"), 1, 4294967295);
  const std::uint32_t k = whole_in_range("<k>", args.next("<k>"), 1, kMaxHashFuncs);
  const std::string_view key = args.rest_as_text();
  std::array<std::uint32_t, kMaxHashFuncs> out{};
  const std::span<std::uint32_t> positions(out.data(), k);
  double_hash_positions(key_bytes(key), m, positions, *functions_);
  for (std::uint32_t i = 0; i < k; ++i) {
    if (i > 0) response += ' ';
    append_number(response, positions[i]);
  }
}

void Interpreter::init(Arguments& args, std::string& response) {
  const std::uint32_t n = whole_in_range("<n>", args.next("<n>"), 1, 4294967295);
  const double p = probability_argument(args.next("<p>"));
  std::uint32_t tweak = 0;
  std::uint32_t flags = 0;
  if (const auto text = args.next_optional()) {
    tweak = u32_argument("<tweak>", *text);
    if (const auto flags_text = args.next_optional()) {
      flags = whole_in_range("<flags>", *flags_text, 0, 255);
    }
  }
  args.finish();
  // Built aside and then moved in: a filter that cannot be built leaves the old one in place.
  Bip37Filter filter(functions_->bip37_filter_size(n, p), tweak, static_cast<std::uint8_t>(flags),
                     functions_->bip37_bit_index);
  response.append("bytes=");
  append_number(response, filter.data().size());
  response.append(" hashes=");
  append_number(response, filter.hashes());
  filter_ = std::move(filter);
}

void Interpreter::read_element(Arguments& args) {
  const std::string_view text = args.next("<hex>");
  args.finish();
  if (const std::optional<HexError> error = functions_->decode_element(text, element_)) {
    if (error->problem == HexProblem::OddLength) {
      throw ProtocolError(std::string(args.command()) + " needs an even number of hex digits, got " +
                          std::to_string(text.size()));
    }
    throw ProtocolError(std::string(args.command()) + " needs hex bytes, got " + quoted(text) +
                        " (not a hex digit at offset " + std::to_string(error->position) + ")");
  }
}

namespace {

// How the protocol names a kind of filter, and the command that makes one.
template <typename Filter>
constexpr std::string_view kind_name() {
  if constexpr (std::is_same_v<Filter, Bip37Filter>) {
    return "a BIP 37 filter (INIT <n> <p>)";
  } else if constexpr (std::is_same_v<Filter, GuavaFilter>) {
    return "Guava's filter (GUAVA <n> <p>)";
  } else {
    return "the lesson's Go filter (GOLANG <n> <p>)";
  }
}

constexpr std::string_view kNoFilter =
    "no filter yet: send INIT <n> <p>, GUAVA <n> <p> or GOLANG <n> <p> first";

}  // namespace

template <typename Filter>
const Filter& Interpreter::current(std::string_view command) const {
  if (std::holds_alternative<std::monostate>(filter_)) throw ProtocolError(std::string(kNoFilter));
  const Filter* filter = std::get_if<Filter>(&filter_);
  if (filter == nullptr) {
    throw ProtocolError(std::string(command) + " needs " + std::string(kind_name<Filter>()) +
                        " as the current filter, and the current one is another kind");
  }
  return *filter;
}

template <typename Visit>
void Interpreter::with_current(Visit&& visit) {
  std::visit(
      [&](auto& filter) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(filter)>, std::monostate>) {
          throw ProtocolError(std::string(kNoFilter));
        } else {
          visit(filter);
        }
      },
      filter_);
}

void Interpreter::insert(Arguments& args, std::string& response) {
  read_element(args);
  with_current([&](auto& filter) { filter.insert(element_); });
  response.append("ok");
}

void Interpreter::contains(Arguments& args, std::string& response) {
  read_element(args);
  with_current(
      [&](const auto& filter) { response.append(filter.contains(element_) ? "maybe" : "no"); });
}

void Interpreter::indexes(Arguments& args, std::string& response) {
  read_element(args);
  with_current([&](const auto& filter) {
    const auto indexes = filter.indexes(element_);
    if (indexes.empty()) {
      response.append("none");
      return;
    }
    for (std::size_t i = 0; i < indexes.size(); ++i) {
      if (i > 0) response += ' ';
      append_number(response, indexes[i]);
    }
  });
}

void Interpreter::filterload(Arguments& args, std::string& response) {
  args.finish();
  append_hex(functions_->filterload_payload(current<Bip37Filter>("FILTERLOAD")), response);
}

// ---- lesson 004: Guava's filter and the lesson's Go filter -----------------------------------

void Interpreter::hash128(Arguments& args, std::string& response) {
  const std::uint32_t seed = u32_argument("<seed>", args.next("<seed>"));
  const Hash128 hash = functions_->murmur3_x64_128(key_bytes(args.rest_as_text()), seed);
  // the hash's bytes in order, as Guava's HashCode.toString(): each half lowest byte first
  std::array<std::uint8_t, 16> bytes{};
  for (std::size_t i = 0; i < 8; ++i) {
    bytes[i] = static_cast<std::uint8_t>(hash.h1 >> (8 * i));
    bytes[8 + i] = static_cast<std::uint8_t>(hash.h2 >> (8 * i));
  }
  append_hex(bytes, response);
}

void Interpreter::crc32(Arguments& args, std::string& response) {
  // printed by the given code, not the table's print_hash: its slips are the hashing and basics
  // exercises' mistakes, which the guava exercise's cases must not name
  append_hash_hex(functions_->crc32_ieee(key_bytes(args.rest_as_text())), 32, response);
}

void Interpreter::guava(Arguments& args, std::string& response) {
  const std::uint32_t n = whole_in_range("<n>", args.next("<n>"), 0, 4294967295);
  const double p = probability_argument(args.next("<p>"));
  args.finish();
  const GuavaSize size = functions_->guava_filter_size(n, p);
  // BloomFilter.create refuses these, and the protocol with it (docs/protocol.md)
  if (size.bits == 0)
    throw ProtocolError("Guava's filter cannot have 0 bits (\"data length is zero\")");
  if (size.hashes > kMaxGuavaHashes) {
    throw ProtocolError("Guava's filter has at most " + std::to_string(kMaxGuavaHashes) +
                        " hashes, and this one needs " + std::to_string(size.hashes));
  }
  if (whole_words(size.bits) > kMaxGuavaWords) {
    throw ProtocolError("Guava's filter holds at most " + std::to_string(kMaxGuavaWords) +
                        " words (a Java array), and this one needs " +
                        std::to_string(whole_words(size.bits)));
  }
  GuavaFilter filter(size, functions_->murmur3_x64_128, functions_->guava_index);
  response.append("bits=");
  append_number(response, size.bits);
  response.append(" words=");
  append_number(response, filter.words());
  response.append(" hashes=");
  append_number(response, size.hashes);
  filter_ = std::move(filter);
}

void Interpreter::golang(Arguments& args, std::string& response) {
  const std::uint32_t n = whole_in_range("<n>", args.next("<n>"), 1, 4294967295);
  const double p = probability_argument(args.next("<p>"));
  args.finish();
  const GoSize size = functions_->go_filter_size(n, p);
  if (size.bits == 0 && size.hashes > 0) {  // a student's sizing may: Go would divide by zero
    throw ProtocolError("a filter of 0 bits cannot place " + std::to_string(size.hashes) +
                        " hashes (go_filter_size gave bits=0)");
  }
  GoFilter filter(size, functions_->crc32_ieee, functions_->go_index);
  response.append("bits=");
  append_number(response, size.bits);
  response.append(" hashes=");
  append_number(response, size.hashes);
  filter_ = std::move(filter);
}

void Interpreter::writeto(Arguments& args, std::string& response) {
  args.finish();
  const GuavaFilter& filter = current<GuavaFilter>("WRITETO");
  if (filter.words() > kMaxWriteToWords) {
    throw ProtocolError("WRITETO answers filters of at most " + std::to_string(kMaxWriteToWords) +
                        " words, and this one has " + std::to_string(filter.words()));
  }
  append_hex(functions_->guava_write_to(filter.size().hashes, filter.data()), response);
}

// ---- the classic filter (lesson 001) ---------------------------------------------------------

void Interpreter::fnv(Arguments& args, std::string& response) {
  functions_->print_hash(functions_->fnv1a_64(key_bytes(args.rest_as_text())), 64, response);
}

void Interpreter::size(Arguments& args, std::string& response) {
  const std::uint32_t n = whole_in_range("<n>", args.next("<n>"), 1, 4294967295);
  const double p = probability_argument(args.next("<p>"));
  args.finish();
  const ClassicSize size = functions_->classic_filter_size(n, p);
  response.append("bits=");
  append_number(response, size.bits);
  response.append(" hashes=");
  append_number(response, size.hashes);
}

void Interpreter::bloom(Arguments& args, std::string& response) {
  const std::uint32_t m = whole_in_range("<m>", args.next("<m>"), 1, kMaxClassicBits);
  const std::uint32_t k = whole_in_range("<k>", args.next("<k>"), 1, kMaxClassicHashes);
  args.finish();
  classic_.emplace(m, k, functions_->fnv1a_64, functions_->classic_position);
  response.append("ok");
}

ClassicFilter& Interpreter::classic() {
  if (!classic_) throw ProtocolError("no classic filter yet: send BLOOM <m> <k> first");
  return *classic_;
}

void Interpreter::add(Arguments& args, std::string& response) {
  classic().add(args.rest_as_text());
  response.append("ok");
}

void Interpreter::check(Arguments& args, std::string& response) {
  // As the lesson prints its table: the key in 10 columns, the answer in 5, the positions.
  const std::string_view key = args.rest_as_text();
  const std::vector<std::uint32_t> positions = classic().positions(key);
  const bool maybe = classic().all_set(positions);
  response.append(key);
  if (key.size() < 10) response.append(10 - key.size(), ' ');
  response.append(maybe ? " maybe [" : " no    [");
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (i > 0) response.append(", ");
    append_number(response, positions[i]);
  }
  response += ']';
}

void Interpreter::verify(Arguments& args, std::string& response) {
  const std::string_view key = args.rest_as_text();
  const ClassicFilter& filter = classic();
  if (filter.was_added(key)) {
    response.append("member");
  } else {
    response.append(filter.maybe_contains(key) ? "false positive" : "no");
  }
}

void Interpreter::bits(Arguments& args, std::string& response) {
  args.finish();
  const ClassicFilter& filter = classic();
  response.append("bits set: ");
  append_number(response, filter.bits_set());
  response.append(" of ");
  append_number(response, filter.bit_count());
}

}  // namespace bloom
