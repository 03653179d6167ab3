// bloom-make-starters: writes starter/<exercise>/ from the reference, or checks that the
// committed folders are what it would write.
#include <CLI/CLI.hpp>
#include <iostream>

#include "kit_root.hpp"
#include "starter_files.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "Writes each exercise's starter folder (starter/<exercise>/) from the reference: the\n"
      "student's functions become stubs, the public cases and the self-check are copied in.\n"
      "exit status: 0 done (or up to date), 1 --check found a stale starter, 2 could not run",
      "bloom-make-starters"};
  std::filesystem::path root;
  std::filesystem::path out;
  bool check = false;
  bool solved = false;
  std::vector<std::string> only;
  app.add_option("--root", root,
                 "the kit's source folder (default: the kit that holds the current folder)");
  app.add_option("--out", out, "where the starter folders go (default: ROOT/starter)");
  app.add_flag("--check", check, "write nothing; exit 1 when a committed starter is stale");
  app.add_flag("--solved", solved,
               "keep the reference's functions in the starters (for testing; needs --out)");
  app.add_option("--exercise", only, "only this exercise (repeatable)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int status = app.exit(error);
    return status == 0 ? 0 : 2;
  }
  if (solved && out.empty()) {
    std::cerr << "bloom-make-starters: error: --solved needs --out: the committed starters "
                 "must never hold the solutions\n";
    return 2;
  }
  if (root.empty()) root = grader::kit_above(std::filesystem::current_path());
  if (root.empty()) {
    std::cerr << "bloom-make-starters: error: " << std::filesystem::current_path().string()
              << " is not inside the kit (no reference/ and cases/ above it): run it there, or "
                 "give --root\n";
    return 2;
  }
  if (out.empty()) out = root / "starter";

  int stale = 0;
  try {
    for (const starter::Exercise& exercise : grader::read_manifest(root)) {
      if (!only.empty() && std::find(only.begin(), only.end(), exercise.name) == only.end()) {
        continue;
      }
      const starter::FileMap files = starter::starter_files(
          root, exercise, solved ? starter::Keep::Solutions : starter::Keep::Stubs);
      const std::filesystem::path folder = out / exercise.name;
      if (check) {
        for (const std::string& difference : starter::differences(files, folder)) {
          std::cerr << folder.string() << ": stale: " << difference << "\n";
          ++stale;
        }
      } else {
        starter::write_files(files, folder);
        std::cout << "wrote " << folder.string() << " (" << files.size() << " files)\n";
      }
    }
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 2;
  }
  if (stale > 0) {
    std::cerr << "the starters are stale; regenerate them with: bloom-make-starters\n";
    return 1;
  }
  return 0;
}
