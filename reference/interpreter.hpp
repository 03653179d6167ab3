// The course protocol (docs/protocol.md): one input line in, one response line (or none) out.
// It is entirely passive and does no I/O: a driver feeds it lines and writes what it answers,
// so tests, the command-line program and the grader's tools all share one implementation.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "bip37.hpp"
#include "classic.hpp"
#include "functions.hpp"
#include "golang.hpp"
#include "guava.hpp"

namespace bloom {

class Interpreter {
 public:
  // An interpreter that computes with `functions` (the reference's, or a known mistake's),
  // which must outlive it.
  explicit Interpreter(const Functions& functions = reference_functions())
      : functions_(&functions) {}

  // Handles one line, given without its LF (one trailing CR is dropped here). Returns false
  // when the line gets no response (blank or comment line); otherwise `response` holds the
  // response, without a newline. `response` is an out-parameter so that a driver reuses one
  // buffer across millions of lines. A line that cannot be carried out answers `error: …` and
  // leaves the interpreter exactly as it was.
  bool respond(std::string_view line, std::string& response);

  // The same, returning a fresh string: for tests and tools where speed does not matter.
  std::optional<std::string> respond(std::string_view line);

  // The usage of every command, in the protocol's order ("HASH <seed> <key>", ...).
  [[nodiscard]] static std::vector<std::string> usages();

  // What an argument of a command is, as its grammar says (docs/protocol.md, "Commands").
  enum class ArgumentKind {
    U32,          // `u32`: 0 to 4294967295, decimal or 0x and 1 to 8 hex digits
    Whole,        // `LOW..HIGH`: a decimal whole number from low to high
    Probability,  // `p`: a decimal number above 0 and below 1
    Hex,          // `hex`: hex bytes, an even number of digits
    Text,         // `text`: the rest of the line, spaces included; empty when absent
  };
  // What a command answers, as a grader reads it: positions or bit indexes only (unsigned
  // 32-bit decimals, which a program in signed arithmetic prints negative), or anything else.
  enum class AnswerKind { Other, Indexes };

  struct Argument {
    std::string name;  // as the usage says it, "<seed>"
    ArgumentKind kind;
    std::uint32_t low = 0;  // a Whole's range
    std::uint32_t high = 0;
    bool optional = false;  // in [ ]: it and every argument after it may be left out
    friend bool operator==(const Argument&, const Argument&) = default;
  };

  // A command as the command table holds it: its name; its grammar, the usage with each
  // argument's kind (`INIT <n:1..4294967295> <p:p> [<tweak:u32> [<flags:0..255>]]`), and the
  // usage, the grammar without the kinds; its arguments, the grammar read; and the steps its
  // answer comes from, the functions of BLOOM_FUNCTIONS it calls (INSERT, CONTAINS and INDEXES
  // those of every kind of filter), in the table's order; and what its answer is. The handler
  // stays in the table.
  struct CommandRow {
    std::string_view name;
    std::string usage;
    std::string_view grammar;
    std::vector<Argument> arguments;
    std::vector<Step> steps;
    AnswerKind answer;
  };
  [[nodiscard]] static std::vector<CommandRow> command_rows();

  // Equal interpreters answer every line alike: the same functions and the same filter, or
  // none. A bad line keeps an interpreter equal to its old self (the fuzz target checks it).
  friend bool operator==(const Interpreter& a, const Interpreter& b) {
    return a.functions_ == b.functions_ && a.filter_ == b.filter_ && a.classic_ == b.classic_;
  }

 private:
  class Arguments;
  struct Command;  // a row of the command table (interpreter.cpp)
  [[nodiscard]] static std::span<const Command> commands();
  [[nodiscard]] static const Command* find_command(std::string_view name);

  void hash(Arguments& args, std::string& response);
  void positions(Arguments& args, std::string& response);
  void init(Arguments& args, std::string& response);
  void insert(Arguments& args, std::string& response);
  void contains(Arguments& args, std::string& response);
  void indexes(Arguments& args, std::string& response);
  void filterload(Arguments& args, std::string& response);
  void fnv(Arguments& args, std::string& response);
  void size(Arguments& args, std::string& response);
  void bloom(Arguments& args, std::string& response);
  void add(Arguments& args, std::string& response);
  void check(Arguments& args, std::string& response);
  void verify(Arguments& args, std::string& response);
  void bits(Arguments& args, std::string& response);
  void hash128(Arguments& args, std::string& response);
  void crc32(Arguments& args, std::string& response);
  void guava(Arguments& args, std::string& response);
  void golang(Arguments& args, std::string& response);
  void writeto(Arguments& args, std::string& response);

  // Decodes the single <hex> argument of the command into element_.
  void read_element(Arguments& args);
  // The current filter, of kind Filter (a BIP 37 one, Guava's or the lesson's Go filter); an
  // error names `command` when it is of another kind or there is none.
  template <typename Filter>
  [[nodiscard]] const Filter& current(std::string_view command) const;
  // Calls visit(filter) with the current filter, of any kind; an error when there is none.
  template <typename Visit>
  void with_current(Visit&& visit);
  [[nodiscard]] ClassicFilter& classic();

  const Functions* functions_;
  // The current filter: the last one INIT, GUAVA or GOLANG made, which INSERT, CONTAINS and
  // INDEXES work on.
  std::variant<std::monostate, Bip37Filter, GuavaFilter, GoFilter> filter_;
  std::optional<ClassicFilter> classic_;  // BLOOM's, beside the current filter: they never meet
  std::vector<std::uint8_t> element_;  // reused across lines: no allocation per INSERT
};

}  // namespace bloom
