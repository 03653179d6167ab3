// A small HTML writer: every byte of text and every attribute value goes through escape(), so
// the page's markup comes only from element names and the constant CSS and script of the one
// page that uses it (class_report.cpp). Elements are closed in order by the writer itself.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace grader::html {

// Text as HTML character data or as a quoted attribute value: & < > " ' as character
// references; NUL, the control characters HTML forbids, and any byte that is not part of
// well-formed UTF-8 as U+FFFD. Tab, LF and CR stay.
[[nodiscard]] std::string escape(std::string_view text);

struct Attribute {
  std::string_view name;  // a constant of the page: lower-case letters, digits and '-'
  std::string value;      // any text; escaped when written
};

class Writer {
 public:
  // <tag name="value" ...>, closed by close(). Tag and attribute names must be plain names
  // (std::logic_error otherwise): they are the page's own, never data.
  Writer& open(std::string_view tag, std::initializer_list<Attribute> attributes = {});
  // An element with no content or end tag: <meta>, <input>.
  Writer& empty(std::string_view tag, std::initializer_list<Attribute> attributes = {});
  // Closes the innermost open element.
  Writer& close();
  // <tag ...>text</tag>
  Writer& element(std::string_view tag, std::initializer_list<Attribute> attributes,
                  std::string_view text);
  Writer& element(std::string_view tag, std::string_view text) { return element(tag, {}, text); }
  Writer& text(std::string_view text);
  // Markup written as it is: only the page's constant CSS and script, never data.
  Writer& trusted(std::string_view markup);
  // The page: "<!DOCTYPE html>" and every element closed.
  [[nodiscard]] std::string finish();

 private:
  void start_tag(std::string_view tag, std::initializer_list<Attribute> attributes);
  std::string out_ = "<!DOCTYPE html>\n";
  std::vector<std::string> open_;
};

}  // namespace grader::html
