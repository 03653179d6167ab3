// Text from a program or a submission made inert for a terminal, and readable: the one
// sanitiser of every line the grader and a starter's check print (folder names, program output,
// build logs, diagnoses), and of the text the reports hold (JUnit, JSON).
//
// What it shows as escapes, and nothing else: C0 controls and DEL (\r \t \0, else \xNN); C1
// controls, both as raw bytes (\x9b) and written as UTF-8 (\u009b); the bidirectional controls
// (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069), the line and paragraph separators
// (U+2028/9) and the noncharacters U+FFFE/F (\uXXXX); every byte that is not valid UTF-8, which
// includes surrogates (U+D800-U+DFFF) and overlong forms (\xNN, one per byte). Valid printable
// UTF-8 (é, 日本) is copied as it is. A backslash is not escaped: escapes read like the input.
//
// The output holds no byte a terminal acts on (no ESC, no C0 but the newline that
// inert_lines keeps, no C1) and is valid UTF-8 with every character allowed in XML 1.0.
// Applying it again changes nothing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace grader {

// One line: every character above escaped, a newline too (as \x0a).
[[nodiscard]] std::string inert(std::string_view text);

// Many lines (a build log): each line made inert, the newlines between them kept.
[[nodiscard]] std::string inert_lines(std::string_view text);

// A line for a report: inert, with trailing spaces shown as '·'; at most `limit` bytes of input,
// and "..." when it is cut.
[[nodiscard]] std::string visible(std::string_view text, std::size_t limit = 200);

}  // namespace grader
