#include "report/csv.hpp"

namespace grader {

std::string csv_cell(std::string_view text) {
  std::string cell;
  // What a spreadsheet reads as the start of a formula (OWASP, CSV Injection); a tab or CR
  // first can hide such a start from a reader that trims the cell.
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
    cell += '\'';
  cell += text;
  if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (const char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace grader
