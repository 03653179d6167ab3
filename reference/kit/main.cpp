// bloom-reference: the course's program, plus what only the kit offers: answering as a
// student with known mistakes would (--mistake, --list-mistakes) and writing random hidden
// cases (--generate). The starters' main (reference/main.cpp) is the program alone.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "generate.hpp"
#include "mistakes.hpp"
#include "program.hpp"
#include "scrambled.hpp"

namespace {

constexpr const char* kSynopsis =
    "[--mistake ID... | --list-mistakes | --scramble FUNCTION:SEED | --list-scrambled |\n"
    "       --generate EXERCISE --seed N --count K --out DIR]";
constexpr const char* kHelp =
    "  --mistake ID      answer as a student with this known mistake would (docs/mistakes.md);\n"
    "                    repeat it for a student with several\n"
    "  --list-mistakes   print the known mistakes as mistakes.tsv holds them: id, exercise, source\n"
    "                    and message, tab-separated, after a comment\n"
    "  --scramble FUNCTION:SEED\n"
    "                    answer with FUNCTION replaced by a random function of its arguments, the\n"
    "                    same for the same SEED: a program wrong in no particular way\n"
    "  --list-scrambled  print the functions --scramble takes, one a line\n"
    "  --generate EXERCISE --seed N --count K --out DIR\n"
    "                    write K random @hidden cases of EXERCISE (exercises.tsv) into DIR/EXERCISE/;\n"
    "                    record them with bloom-grader record --mistakes (docs/mistakes.md)\n";

// The catalogue as mistakes.tsv holds it, written by the format's one writer (the grader's
// case-file module), so that record copies it and a starter's check reads it unchanged.
int list_mistakes() {
  std::vector<grader::MistakeInfo> catalogue;
  for (const bloom::Mistake& m : bloom::mistakes()) {
    catalogue.push_back({std::string(m.id), std::string(m.exercise), std::string(m.source),
                         std::string(m.message)});
  }
  std::fputs(grader::format_catalogue(catalogue).c_str(), stdout);
  return 0;
}

// --generate EXERCISE --seed N --count K --out DIR, at argv[i].
int generate(const char* program, int i, char** argv) {
  char* seed_end = nullptr;
  char* count_end = nullptr;
  const unsigned long long seed = std::strtoull(argv[i + 3], &seed_end, 10);
  const long count = std::strtol(argv[i + 5], &count_end, 10);
  if (*seed_end != '\0' || *count_end != '\0' || count < 1 || count > 100000) {
    std::fprintf(stderr, "%s: error: --seed needs a whole number and --count one from 1 to 100000\n",
                 program);
    return 2;
  }
  try {
    const auto written =
        bloom::write_random_cases(argv[i + 7], argv[i + 1], seed, static_cast<int>(count));
    std::printf("wrote %zu cases into %s/%s\n", written.size(), argv[i + 7], argv[i + 1]);
    return 0;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s: error: %s\n", program, error.what());
    return 2;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const char* program = argc > 0 ? argv[0] : "bloom-reference";
  std::vector<const bloom::Mistake*> made;  // --mistake, in order
  bloom::Functions combined;
  bloom::Extra extra{kSynopsis, kHelp,
                     [&](int& i, int count, char** args, const bloom::Functions*& functions) {
                       if (std::strcmp(args[i], "--list-mistakes") == 0) return list_mistakes();
                       if (std::strcmp(args[i], "--list-scrambled") == 0) {
                         for (const std::string_view name : bloom::scrambled_names()) {
                           std::printf("%.*s\n", static_cast<int>(name.size()), name.data());
                         }
                         return 0;
                       }
                       if (std::strcmp(args[i], "--scramble") == 0 && i + 1 < count) {
                         const std::string_view value = args[++i];
                         const std::size_t colon = value.find(':');
                         char* end = nullptr;
                         const std::string seed_text(value.substr(colon == std::string_view::npos ? value.size() : colon + 1));
                         const unsigned long long seed = std::strtoull(seed_text.c_str(), &end, 10);
                         const std::optional<bloom::Functions> scrambled =
                             colon == std::string_view::npos || seed_text.empty() || *end != '\0'
                                 ? std::nullopt
                                 : bloom::functions_scrambled(value.substr(0, colon), seed);
                         if (!scrambled) {
                           std::fprintf(stderr, "%s: error: --scramble needs FUNCTION:SEED, FUNCTION one of "
                                        "--list-scrambled, got \"%s\"\n", program, args[i]);
                           return 2;
                         }
                         combined = *scrambled;
                         functions = &combined;
                         return bloom::Extra::kGoOn;
                       }
                       if (std::strcmp(args[i], "--generate") == 0 && i + 7 < count &&
                           std::strcmp(args[i + 2], "--seed") == 0 &&
                           std::strcmp(args[i + 4], "--count") == 0 &&
                           std::strcmp(args[i + 6], "--out") == 0) {
                         return generate(program, i, args);
                       }
                       if (std::strcmp(args[i], "--mistake") != 0 || i + 1 >= count) {
                         return bloom::Extra::kNotMine;
                       }
                       const bloom::Mistake* mistake = bloom::find_mistake(args[++i]);
                       if (mistake == nullptr) {
                         std::fprintf(stderr,
                                      "%s: error: unknown mistake \"%s\" (--list-mistakes lists them)\n",
                                      program, args[i]);
                         return 2;
                       }
                       made.push_back(mistake);
                       std::string why_not;
                       const std::optional<bloom::Functions> with = bloom::functions_with(made, &why_not);
                       if (!with) {
                         std::fprintf(stderr, "%s: error: %s\n", program, why_not.c_str());
                         return 2;
                       }
                       combined = *with;
                       functions = &combined;
                       return bloom::Extra::kGoOn;
                     }};
  return bloom::run(argc, argv, &extra);
}
