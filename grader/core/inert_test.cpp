#include "inert.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>

namespace {

struct Shown {
  std::string_view input;
  std::string_view shown;
  const char* what;
};

// What a line becomes on the terminal, each kind of byte a program or a folder name can hold.
// Code points and encodings from Unicode 15, chapter 3 (Table 3-7, well-formed UTF-8 byte
// sequences) and Unicode Standard Annex #9 (the bidirectional controls).
constexpr Shown kShown[] = {
    {"plain ascii ~!", "plain ascii ~!", "printable ASCII stays"},
    {"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac", "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac",
     "printable UTF-8 stays"},
    {"\xf0\x9f\x8c\xb8", "\xf0\x9f\x8c\xb8", "a four-byte character stays"},
    {"back\\slash", "back\\slash", "a backslash stays"},
    {"a\rb\tc", "a\\rb\\tc", "CR and tab"},
    {std::string_view("a\0b", 3), "a\\0b", "NUL"},
    {"\x1b]0;owned\x07", "\\x1b]0;owned\\x07", "OSC 0 sets a window title"},
    {"\x1b]52;c;ZXZpbA==\x1b\\", "\\x1b]52;c;ZXZpbA==\\x1b\\", "OSC 52 writes the clipboard"},
    {"\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H", "cursor moves and clearing"},
    {"a\nb", "a\\x0ab", "a newline within a line"},
    {"\x7f", "\\x7f", "DEL"},
    {"\x9b"
     "31m",
     "\\x9b31m", "C1 CSI as a raw byte"},
    {"\xc2\x9b"
     "31m",
     "\\u009b31m", "C1 CSI written as UTF-8"},
    {"\xc2\x80\xc2\x9f", "\\u0080\\u009f", "the ends of C1 as UTF-8"},
    {"\xc2\xa0", "\xc2\xa0", "U+00A0, the first character past C1, stays"},
    {"abc\xe2\x80\xaetxt.exe", "abc\\u202etxt.exe", "U+202E right-to-left override"},
    {"\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad", "\\u202a\\u202b\\u202c\\u202d",
     "embeddings and pop"},
    {"\xe2\x81\xa6\xe2\x81\xa9", "\\u2066\\u2069", "isolates"},
    {"\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c", "\\u200e\\u200f\\u061c", "directional marks"},
    {"\xe2\x80\xa8\xe2\x80\xa9", "\\u2028\\u2029", "line and paragraph separators"},
    {"\xef\xbf\xbe\xef\xbf\xbf", "\\ufffe\\uffff", "noncharacters XML cannot hold"},
    {"\xef\xbf\xbd", "\xef\xbf\xbd", "U+FFFD stays"},
    {"\xed\xa0\x80", "\\xed\\xa0\\x80", "a surrogate encoded in UTF-8"},
    {"\xed\x9f\xbf", "\xed\x9f\xbf", "U+D7FF, just below the surrogates, stays"},
    {"\xc0\xaf", "\\xc0\\xaf", "an overlong '/'"},
    {"\xc1\x9b", "\\xc1\\x9b", "an overlong C1 CSI in two bytes"},
    {"\xe0\x82\x9b", "\\xe0\\x82\\x9b", "an overlong C1 CSI in three bytes"},
    {"\xe0\x80\xaf", "\\xe0\\x80\\xaf", "an overlong '/' in three bytes"},
    {"\xf0\x80\x80\xaf", "\\xf0\\x80\\x80\\xaf", "an overlong '/' in four bytes"},
    {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", "past U+10FFFF"},
    {"\xff\xfe", "\\xff\\xfe", "bytes never in UTF-8"},
    {"\xe6\x97", "\\xe6\\x97", "a sequence cut short"},
    {"\x80x", "\\x80x", "a stray continuation byte"},
};

}  // namespace

TEST_CASE("each kind of hostile byte is shown as an escape, and printable text stays") {
  for (const Shown& row : kShown) {
    CAPTURE(row.what);
    CHECK(grader::inert(row.input) == row.shown);
    CHECK(grader::inert(grader::inert(row.input)) == row.shown);  // a second pass changes nothing
    CHECK(grader::visible(row.input) == row.shown);
  }
}

TEST_CASE("no byte a terminal acts on survives, whatever the input") {
  // every one-, two- and three-byte input over a set of edge bytes
  constexpr unsigned char kBytes[] = {0x00, 0x07, 0x0a, 0x1b, 0x20, 0x41, 0x5c, 0x7f, 0x80,
                                      0x9b, 0x9f, 0xa0, 0xad, 0xae, 0xbf, 0xc0, 0xc2, 0xd8,
                                      0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xff};
  std::string input;
  for (const unsigned char a : kBytes) {
    for (const unsigned char b : kBytes) {
      for (const unsigned char c : kBytes)
        input += {static_cast<char>(a), static_cast<char>(b), static_cast<char>(c)};
    }
  }
  const std::string shown = grader::inert(input);
  CHECK(std::none_of(shown.begin(), shown.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  }));
  CHECK(shown.find("\xc2\x9b") == std::string::npos);
  CHECK(shown.find("\xe2\x80\xae") == std::string::npos);
  CHECK(shown.find("\xed\xa0") == std::string::npos);
  CHECK(grader::inert(shown) == shown);
}

TEST_CASE("a build log keeps its lines, each made inert") {
  CHECK(grader::inert_lines("one\x1b[1m\ntwo\r\n\nthree") == "one\\x1b[1m\ntwo\\r\n\nthree");
  CHECK(grader::inert_lines("end\n") == "end\n");
  CHECK(grader::inert_lines("") == "");
}

TEST_CASE("a report's line shows its trailing spaces and is cut at its limit") {
  CHECK(grader::visible("ok  ") == "ok\xc2\xb7\xc2\xb7");
  CHECK(grader::visible(std::string(300, 'a')).size() == 203);
  CHECK(grader::visible("abcdef", 3) == "abc...");
  CHECK(grader::visible("\x1b[0m", 1) == "\\x1b...");
}
