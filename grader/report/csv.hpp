// The one writer of a CSV cell (RFC 4180), for every CSV file the grader writes: the gradebook
// and any other table an instructor opens in a spreadsheet.
//
// A cell from a submission (its id, what its program printed) must not become a formula when
// the file is opened: a cell that starts with '=', '+', '-', '@', a tab or a CR is written with
// a single quote before it, as OWASP's "CSV Injection" advises
// (https://owasp.org/www-community/attacks/CSV_Injection); a spreadsheet shows it as text.
// Then a cell holding a comma, a double quote, CR or LF is quoted, its double quotes doubled.
#pragma once

#include <string>
#include <string_view>

namespace grader {

[[nodiscard]] std::string csv_cell(std::string_view text);

}  // namespace grader
