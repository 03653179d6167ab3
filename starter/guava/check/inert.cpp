#include "inert.hpp"

#include <algorithm>
#include <iterator>

namespace grader {

namespace {

// A valid UTF-8 sequence at the start of some text: its code point and its length in bytes.
struct Decoded {
  char32_t code = 0;
  std::size_t length = 0;  // 0: the bytes there are not valid UTF-8
};

// Strict UTF-8 (RFC 3629, section 4): a stray continuation byte, a sequence cut short, an
// overlong form (C0 AF for '/'), a surrogate (ED A0 80) and anything past U+10FFFF are not
// valid, so each of their bytes is shown as a byte.
Decoded decode(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t code = 0;
  char32_t least = 0;  // the smallest code point of this length: below it is overlong
  if (lead >= 0xc0 && lead <= 0xdf) {
    length = 2;
    code = lead & 0x1fU;
    least = 0x80;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    code = lead & 0x0fU;
    least = 0x800;
  } else if (lead >= 0xf0 && lead <= 0xf7) {
    length = 4;
    code = lead & 0x07U;
    least = 0x10000;
  } else {
    return {};
  }
  if (text.size() < length) return {};
  for (std::size_t i = 1; i < length; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xc0U) != 0x80) return {};
    code = (code << 6) | (byte & 0x3fU);
  }
  if (code < least || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return {};
  return {code, length};
}

// Characters above DEL shown as \uXXXX: what acts on a terminal, reorders a line (Unicode
// Standard Annex #9's bidirectional controls) or XML 1.0 cannot hold.
struct Range {
  char32_t first;
  char32_t last;
};
constexpr Range kEscapedRanges[] = {
    {0x0080, 0x009f},  // C1 controls
    {0x061c, 0x061c},  // Arabic letter mark
    {0x200e, 0x200f},  // left-to-right and right-to-left marks
    {0x2028, 0x2029},  // line and paragraph separators
    {0x202a, 0x202e},  // embeddings, pop, overrides
    {0x2066, 0x2069},  // isolates
    {0xfffe, 0xffff},  // noncharacters, not XML characters
};

bool escaped(char32_t code) {
  if (code < 0x20 || code == 0x7f) return true;  // C0 and DEL
  return std::any_of(std::begin(kEscapedRanges), std::end(kEscapedRanges),
                     [&](const Range& range) { return code >= range.first && code <= range.last; });
}

constexpr char kDigits[] = "0123456789abcdef";

void append_byte_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\0':
      out += "\\0";
      return;
    default:
      out += "\\x";
      out += kDigits[c >> 4];
      out += kDigits[c & 0xf];
  }
}

void append_inert(std::string& out, std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const Decoded next = decode(text.substr(i));
    if (next.length == 0 || (next.length == 1 && escaped(next.code))) {
      append_byte_escape(out, static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    if (escaped(next.code)) {  // every such character above U+007F is below U+10000
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += kDigits[(next.code >> shift) & 0xfU];
    } else {
      out.append(text.substr(i, next.length));
    }
    i += next.length;
  }
}

}  // namespace

std::string inert(std::string_view text) {
  std::string out;
  append_inert(out, text);
  return out;
}

std::string inert_lines(std::string_view text) {
  std::string out;
  for (;;) {
    const std::size_t newline = text.find('\n');
    append_inert(out, text.substr(0, newline));
    if (newline == std::string_view::npos) return out;
    out += '\n';
    text.remove_prefix(newline + 1);
  }
}

std::string visible(std::string_view text, std::size_t limit) {
  const bool cut = text.size() > limit;
  if (cut) text = text.substr(0, limit);
  std::size_t content_end = text.size();
  while (content_end > 0 && text[content_end - 1] == ' ') --content_end;
  std::string out;
  append_inert(out, text.substr(0, content_end));
  for (std::size_t i = content_end; i < text.size(); ++i)
    out += "\xc2\xb7";  // '·' for each trailing space
  if (cut) out += "...";
  return out;
}

}  // namespace grader
