#include "report/html.hpp"

#include <stdexcept>

namespace grader::html {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD, in UTF-8

// The length of the well-formed UTF-8 sequence at the start of `text` (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0.
std::size_t utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char low = 0x80;  // the bounds of the second byte, which rule out the bad forms
  unsigned char high = 0xBF;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return length;
}

void check_name(std::string_view name) {
  const bool plain = !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") ==
                                          std::string_view::npos;
  if (!plain) throw std::logic_error("html: not a plain name: " + std::string(name));
}

}  // namespace

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '&': out += "&amp;"; ++i; continue;
      case '<': out += "&lt;"; ++i; continue;
      case '>': out += "&gt;"; ++i; continue;
      case '"': out += "&quot;"; ++i; continue;
      case '\'': out += "&#39;"; ++i; continue;
      default: break;
    }
    if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7F) {
      out += kReplacement;  // NUL and the controls HTML's parser rejects
      ++i;
      continue;
    }
    const std::size_t length = utf8_length(text.substr(i));
    if (length == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

void Writer::start_tag(std::string_view tag, std::initializer_list<Attribute> attributes) {
  check_name(tag);
  // their content is not parsed for character references, so escape() could not hold there
  if (tag == "script" || tag == "style") throw std::logic_error("html: write <" + std::string(tag) + "> with trusted()");
  out_.append("<").append(tag);
  for (const Attribute& attribute : attributes) {
    check_name(attribute.name);
    out_.append(" ").append(attribute.name).append("=\"").append(escape(attribute.value)).append("\"");
  }
  out_ += ">";
}

Writer& Writer::open(std::string_view tag, std::initializer_list<Attribute> attributes) {
  start_tag(tag, attributes);
  open_.emplace_back(tag);
  return *this;
}

Writer& Writer::empty(std::string_view tag, std::initializer_list<Attribute> attributes) {
  start_tag(tag, attributes);
  return *this;
}

Writer& Writer::close() {
  if (open_.empty()) throw std::logic_error("html: close() with no open element");
  out_.append("</").append(open_.back()).append(">");
  open_.pop_back();
  return *this;
}

Writer& Writer::element(std::string_view tag, std::initializer_list<Attribute> attributes,
                        std::string_view text) {
  return open(tag, attributes).text(text).close();
}

Writer& Writer::text(std::string_view text) {
  out_ += escape(text);
  return *this;
}

Writer& Writer::trusted(std::string_view markup) {
  out_.append(markup);
  return *this;
}

std::string Writer::finish() {
  while (!open_.empty()) close();
  out_ += "\n";
  return std::move(out_);
}

}  // namespace grader::html
