#include "report/html.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using grader::html::escape;

TEST_CASE("markup characters become character references, in text and attribute values alike") {
  CHECK(escape("<script>alert('x' & \"y\")</script>") ==
        "&lt;script&gt;alert(&#39;x&#39; &amp; &quot;y&quot;)&lt;/script&gt;");
  CHECK(escape("plain text, tab\tand\nnewline") == "plain text, tab\tand\nnewline");
}

TEST_CASE("NUL, forbidden controls and bytes that are not UTF-8 become U+FFFD, one each") {
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(escape(std::string("a\0b", 3)) == "a" + fffd + "b");
  CHECK(escape("\x01\x1b[31m\x7f") == fffd + fffd + "[31m" + fffd);
  CHECK(escape("\xff") == fffd);
  CHECK(escape("\xC0\xAF") == fffd + fffd);          // an overlong '/'
  CHECK(escape("\xED\xA0\x80") == fffd + fffd + fffd);  // a UTF-16 surrogate
  CHECK(escape("\xF4\x90\x80\x80") == fffd + fffd + fffd + fffd);  // above U+10FFFF
  CHECK(escape("\xE2\x82") == fffd + fffd);           // cut short
  CHECK(escape("€ 𝄞 é") == "€ 𝄞 é");                  // well-formed: 3, 4 and 2 bytes
}

TEST_CASE("the writer closes elements in order and escapes attribute values") {
  grader::html::Writer page;
  page.open("p", {{"title", "a\"b<c"}}).text("1 < 2").element("b", "x").empty("br").close();
  CHECK(page.finish() == "<!DOCTYPE html>\n<p title=\"a&quot;b&lt;c\">1 &lt; 2<b>x</b><br></p>\n");
  grader::html::Writer unclosed;
  unclosed.open("div").open("span").text("t");
  CHECK(unclosed.finish() == "<!DOCTYPE html>\n<div><span>t</span></div>\n");
}

TEST_CASE("names that are not the page's own, and script or style elements, are refused") {
  grader::html::Writer page;
  CHECK_THROWS_AS(page.open("p onclick=x"), std::logic_error);
  CHECK_THROWS_AS(page.open("p", {{"on click", "x"}}), std::logic_error);
  CHECK_THROWS_AS(page.open("script"), std::logic_error);
  CHECK_THROWS_AS(page.element("style", "x"), std::logic_error);
  CHECK_THROWS_AS(page.close(), std::logic_error);
}
