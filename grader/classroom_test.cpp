// GitHub Classroom: the workflow's steps from cases, the repository lists, and the command on
// the kit itself (a template repository written, then collected back as a submission).
#include "classroom.hpp"

#include <doctest/doctest.h>

#include "file_io.hpp"
#include "spawn.hpp"

namespace {

namespace fs = std::filesystem;
using testing_support::Finished;
using testing_support::TempDir;

const fs::path kRepository = "/repo";
const fs::path kStarter = "starter/bip37";

grader::Case make_case(const std::string& name, int points,
                       std::optional<double> reference_seconds = 0.003) {
  grader::Case kase;
  kase.name = name;
  kase.file = kRepository / kStarter / "cases" / (name + ".case");
  kase.points = points;
  kase.reference_seconds = reference_seconds;
  return kase;
}

Finished grader_run(std::vector<std::string> args, const fs::path& cwd = {}) {
  args.insert(args.begin(), BLOOM_GRADER_BINARY);
  return testing_support::run_text_input(args, "", cwd);
}

Finished sh(const std::string& line) {
  return testing_support::run_text_input({"/bin/sh", "-c", line}, "");
}

}  // namespace

TEST_CASE("a step id keeps a case id's letters and digits, each word after the first capitalised") {
  CHECK(grader::classroom_step_id("bip37/worked-example") == "bip37WorkedExample");
  CHECK(grader::classroom_step_id("protocol/bad-arguments") == "protocolBadArguments");
  CHECK(grader::classroom_step_id("hashing/positions-m-power-of-two") ==
        "hashingPositionsMPowerOfTwo");
  CHECK(grader::classroom_step_id("7/x") == "case7X");  // a step id starts with a letter
  CHECK(grader::classroom_step_id("--") == "case");
}

TEST_CASE(
    "each case is one step: its id, its points, build/check on its file, minutes from its limit") {
  grader::Case slow = make_case("bip37/slow", 2, std::nullopt);
  slow.timeout_seconds = 200;  // @timeout 200: 200 s + check's own work, in whole minutes
  const std::vector<grader::ClassroomStep> steps = grader::classroom_steps(
      {make_case("bip37/worked-example", 3), make_case("protocol/bad-numbers", 1), slow},
      kRepository, kStarter);
  REQUIRE(steps.size() == 3);
  CHECK(steps[0].id == "bip37WorkedExample");
  CHECK(steps[0].test_name == "bip37/worked-example");
  CHECK(steps[0].command ==
        "starter/bip37/build/check starter/bip37/cases/bip37/worked-example.case");
  CHECK(steps[0].points == 3);
  CHECK(steps[0].timeout_minutes == 5);  // the first step builds: batch's 300 s build limit
  CHECK(steps[1].timeout_minutes == 1);  // 5 s (the floor over 10 x 3 ms) + check's work
  CHECK(steps[1].points == 1);
  CHECK(steps[2].timeout_minutes == 4);  // 200 s + 30 s
}

TEST_CASE("two case ids that give one step id in capitals get distinct ids") {
  // the reporter reads ID_RESULTS in capitals: aBC and aBc would be one variable
  const std::vector<grader::ClassroomStep> steps =
      grader::classroom_steps({make_case("a/b-c", 1), make_case("a/bc", 1)}, kRepository, kStarter);
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].id == "aBC");
  CHECK(steps[1].id == "aBcn2");
}

TEST_CASE(
    "a hidden case, a case outside the repository and a path GitHub would evaluate are refused") {
  grader::Case hidden = make_case("bip37/secret", 1);
  hidden.hidden = true;
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::classroom_steps({hidden}, kRepository, kStarter)),
                       doctest::Contains("none stays hidden"), std::invalid_argument);
  grader::Case outside = make_case("bip37/x", 1);
  outside.file = "/elsewhere/x.case";
  CHECK_THROWS_AS(static_cast<void>(grader::classroom_steps({outside}, kRepository, kStarter)),
                  std::invalid_argument);
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::classroom_steps(
                           {make_case("bip37/${{ secrets.x }}", 1)}, kRepository, kStarter)),
                       doctest::Contains("expression"), std::invalid_argument);
}

TEST_CASE("a path the shell would split is quoted, and the workflow keeps it as written") {
  const std::vector<grader::ClassroomStep> steps =
      grader::classroom_steps({make_case("bip37/it's here", 1)}, kRepository, kStarter);
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].command ==
        "starter/bip37/build/check 'starter/bip37/cases/bip37/it'\\''s here.case'");
  const std::string workflow = grader::classroom_workflow("bip37", kStarter, steps);
  // a block scalar: the script stands as written, the shell's quoting untouched
  CHECK(
      workflow.find(
          ") && starter/bip37/build/check 'starter/bip37/cases/bip37/it'\\''s here.case'; then") !=
      std::string::npos);
}

TEST_CASE(
    "the workflow checks out, runs one step of its own per case, and wires every result to the "
    "reporter, a failed one when a step wrote none") {
  const std::vector<grader::ClassroomStep> steps = grader::classroom_steps(
      {make_case("bip37/worked-example", 3), make_case("protocol/bad-numbers", 1)}, kRepository,
      kStarter);
  const std::string workflow = grader::classroom_workflow("bip37", kStarter, steps);
  CHECK(workflow.find("    if: github.actor != 'github-classroom[bot]'\n") != std::string::npos);
  CHECK(workflow.find("        uses: actions/checkout@v4\n") != std::string::npos);
  CHECK(workflow.find("      - name: 'bip37/worked-example'\n"
                      "        id: bip37WorkedExample\n"
                      "        if: ${{ !cancelled() }}\n"
                      "        timeout-minutes: 5\n"
                      "        shell: bash\n"
                      "        run: |\n"
                      "          if (if [ -e starter/bip37/build/classroom-built ]") !=
        std::string::npos);
  // the summary of points after the cases, before the reporter, reading each step's outcome
  CHECK(workflow.find(
            "      - name: Points by case\n"
            "        if: ${{ always() }}\n"
            "        timeout-minutes: 1\n"
            "        shell: bash\n"
            "        env:\n"
            "          BIP37WORKEDEXAMPLE_OUTCOME: ${{ steps.bip37WorkedExample.outcome }}\n"
            "          PROTOCOLBADNUMBERS_OUTCOME: ${{ steps.protocolBadNumbers.outcome }}\n"
            "        run: |\n"
            "          total=0\n") != std::string::npos);
  CHECK(workflow.find("          } >>\"$GITHUB_STEP_SUMMARY\"\n"
                      "      - name: Autograding Reporter\n"
                      "        if: ${{ !cancelled() }}\n") != std::string::npos);
  CHECK(workflow.find("          BIP37WORKEDEXAMPLE_RESULTS: '${{ "
                      "steps.bip37WorkedExample.outputs.result || ''" +
                      grader::classroom_result(steps[0], false) + "'' }}'\n") != std::string::npos);
  CHECK(workflow.find("        with:\n"
                      "          runners: bip37WorkedExample,protocolBadNumbers\n") !=
        std::string::npos);
}

TEST_CASE(
    "a step's script writes the reporter's result, base64 of the command grader's JSON, and "
    "exits with check's status") {
  TempDir dir;
  // names of three lengths, so that the base64 ends with each of its paddings
  for (const std::string& name : {std::string("a/b"), std::string("a/bc"), std::string("a/bcd")}) {
    for (const int check_status : {0, 1, 2}) {
      grader::ClassroomStep step;
      step.test_name = name;
      step.points = 4;
      step.command = "sh -c 'echo checked; exit " + std::to_string(check_status) + "'";
      const fs::path output = dir.path() / "github-output";
      fs::remove(output);
      const Finished ran = testing_support::run_text_input(
          {"/usr/bin/env", "GITHUB_OUTPUT=" + output.string(), "bash", "--noprofile", "--norc",
           "-eo", "pipefail", "-c", grader::classroom_step_script("true", step)},
          "");
      CAPTURE(name);
      CAPTURE(check_status);
      CHECK(ran.exit_code == check_status);
      CHECK(ran.out == "checked\n");
      const std::string written = testing_support::read_file(output);
      REQUIRE(written.rfind("result=", 0) == 0);
      const Finished decoded =
          sh("printf %s '" + written.substr(7, written.size() - 8) + "' | base64 -d");
      REQUIRE(decoded.exit_code == 0);
      const std::string status = check_status == 0 ? "pass" : "fail";
      const std::string score = check_status == 0 ? "4" : "0";
      CHECK(decoded.out.find("\"status\":\"" + status + "\"") != std::string::npos);
      CHECK(decoded.out.find("\"max_score\":4") != std::string::npos);
      CHECK(decoded.out.find("\"name\":\"" + name + "\"") != std::string::npos);
      CHECK(decoded.out.find("\"score\":" + score + ",") != std::string::npos);
    }
  }
  // a setup that exits (an earlier build failed) fails the step, which still writes its result
  grader::ClassroomStep step;
  step.test_name = "a/b";
  step.command = "true";
  const fs::path output = dir.path() / "after-exit";
  const Finished ran = testing_support::run_text_input(
      {"/usr/bin/env", "GITHUB_OUTPUT=" + output.string(), "bash", "-eo", "pipefail", "-c",
       grader::classroom_step_script("echo no build; exit 1", step)},
      "");
  CHECK(ran.exit_code == 1);
  CHECK(ran.out == "no build\n");
  CHECK(testing_support::read_file(output) ==
        "result=" + grader::classroom_result(step, false) + "\n");
}

TEST_CASE("text in a Markdown cell has its punctuation escaped and its control characters shown") {
  CHECK(grader::markdown_text("bip37/worked-example") == "bip37\\/worked\\-example");
  CHECK(grader::markdown_text("a|b `c` <img src=x> &amp; *d* [e](f) \\|") ==
        "a\\|b \\`c\\` \\<img src\\=x\\> \\&amp\\; \\*d\\* \\[e\\]\\(f\\) \\\\\\|");
  CHECK(grader::markdown_text("d\u00e9j\u00e0 vu\nnext") == "d\u00e9j\u00e0 vu\\\\x0anext");
}

TEST_CASE(
    "the summary step tables every case in full by its step's outcome, and totals the points of "
    "those that passed") {
  TempDir dir;
  std::vector<grader::ClassroomStep> steps(3);
  steps[0].id = "bip37WorkedExampleWithAVeryLongName";
  steps[0].test_name = "bip37/worked-example-with-a-very-long-name";
  steps[0].points = 3;
  steps[1].id = "aPipeAndTicks";
  steps[1].test_name = "a/pipe|and `ticks` <b>";
  steps[1].points = 2;
  steps[2].id = "aTimedOut";  // cut short by its timeout: an outcome that is not success
  steps[2].test_name = "a/timed-out";
  steps[2].points = 4;
  const fs::path summary = dir.path() / "step-summary";
  testing_support::write_file(summary, "an earlier step's summary\n");
  const Finished ran = testing_support::run_text_input(
      {"/usr/bin/env", "GITHUB_STEP_SUMMARY=" + summary.string(),
       "BIP37WORKEDEXAMPLEWITHAVERYLONGNAME_OUTCOME=success", "APIPEANDTICKS_OUTCOME=failure",
       "ATIMEDOUT_OUTCOME=cancelled", "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
       grader::classroom_summary_script("bip37", steps)},
      "");
  INFO(ran.err);
  CHECK(ran.exit_code == 0);
  CHECK(ran.out.empty());
  CHECK(testing_support::read_file(summary) ==
        "an earlier step's summary\n"
        "### bip37: 3 of 9 points\n"
        "\n"
        "| Case | Points | Verdict |\n"
        "| :--- | ---: | :--- |\n"
        "| bip37\\/worked\\-example\\-with\\-a\\-very\\-long\\-name | 3 of 3 | \u2705 passed |\n"
        "| a\\/pipe\\|and \\`ticks\\` \\<b\\> | 0 of 2 | \u274c failed |\n"
        "| a\\/timed\\-out | 0 of 4 | \u274c failed |\n"
        "\n"
        "Each case is a step of the job: a failed one says why in its log. Autograding Reporter "
        "gives GitHub Classroom these points.\n");
}

TEST_CASE("the build runs once in Release, and after a failed one each step says so at once") {
  const std::string build = grader::classroom_build_command(kStarter, "bip37/worked-example");
  CHECK(build.rfind(
            "if [ -e starter/bip37/build/classroom-built ]; then :; "
            "elif [ -e starter/bip37/build/classroom-build-failed ]; then echo 'starter/bip37 "
            "did not build: the log of step bip37/worked-example says why'; exit 1; else ",
            0) == 0);
  CHECK(build.find("cmake -S starter/bip37 -B starter/bip37/build -DCMAKE_BUILD_TYPE=Release") !=
        std::string::npos);
  TempDir dir;
  const std::string in = "cd '" + dir.path().string() + "' && ";
  const fs::path project = dir.path() / kStarter;
  fs::create_directories(project);
  // a project that does not configure: the marker stays, and the next step says so at once
  testing_support::write_file(project / "CMakeLists.txt", "this is not CMake\n");
  CHECK(sh(in + build).exit_code != 0);
  CHECK(fs::exists(project / "build" / "classroom-build-failed"));
  const Finished again = sh(in + build);
  CHECK(again.exit_code == 1);
  CHECK(again.out ==
        "starter/bip37 did not build: the log of step bip37/worked-example says why\n");
  // one that builds: the next step finds it built and builds nothing
  fs::remove_all(project / "build");
  testing_support::write_file(
      project / "CMakeLists.txt",
      "cmake_minimum_required(VERSION 3.16)\nproject(p NONE)\n"
      "add_custom_target(count ALL COMMAND sh -c \"echo x >> ${CMAKE_SOURCE_DIR}/count\" "
      "VERBATIM)\n");
  CHECK(sh(in + build).exit_code == 0);
  CHECK(fs::exists(project / "build" / "classroom-built"));
  CHECK_FALSE(fs::exists(project / "build" / "classroom-build-failed"));
  CHECK(sh(in + build).exit_code == 0);
  CHECK(testing_support::read_file(project / "count") == "x\n");  // built once
}

TEST_CASE("a list of repositories: one URL or path a line, its id the repository's name") {
  const std::vector<grader::ClassroomRepository> repositories = grader::parse_repository_list(
      "# bip37, autumn term\n"
      "https://github.com/course/bip37-ada.git\n"
      "\n"
      "git@github.com:course/bip37-grace\n"
      "  /srv/repos/bip37-linus/  \r\n",
      "repos.txt");
  REQUIRE(repositories.size() == 3);
  CHECK(repositories[0].id == "bip37-ada");
  CHECK(repositories[0].url == "https://github.com/course/bip37-ada.git");
  CHECK(repositories[0].line == 2);
  CHECK(repositories[1].id == "bip37-grace");
  CHECK(repositories[2].id == "bip37-linus");
  CHECK(repositories[2].url == "/srv/repos/bip37-linus/");
}

TEST_CASE(
    "GitHub Classroom's grades export: the id is the student's GitHub name, quotes as CSV has "
    "them") {
  const std::string header =
      "\"assignment_name\",\"assignment_url\",\"starter_code_url\",\"github_username\","
      "\"roster_identifier\",\"student_repository_name\",\"student_repository_url\","
      "\"submission_timestamp\",\"points_awarded\",\"points_available\"\n";
  const std::vector<grader::ClassroomRepository> repositories = grader::parse_repository_list(
      header +
          "\"bip37\",\"u\",\"s\",\"ada\",\"Ada \"\"the first\"\", L.\",\"bip37-ada\","
          "\"https://github.com/course/bip37-ada\",\"2026-11-02 10:00:00 UTC\",\"64\",\"93\"\n"
          "\"bip37\",\"u\",\"s\",\"\",\"\",\"bip37-team-7\",\"https://github.com/course/"
          "bip37-team-7\",\"\",\"0\",\"93\"\n"
          "\"bip37\",\"u\",\"s\",\"grace\",\"grace@example.org\",\"\",\"\",\"\",\"0\",\"93\"\n",
      "grades.csv");
  REQUIRE(repositories.size() == 3);
  CHECK(repositories[0].id == "ada");
  CHECK(repositories[0].url == "https://github.com/course/bip37-ada");
  CHECK(repositories[0].line == 2);
  CHECK(repositories[0].points_awarded == 64);  // what the student's workflow reported
  CHECK(repositories[1].id == "bip37-team-7");  // no GitHub name (a group): the repository's
  // no repository: not accepted yet, kept for their row in the gradebook
  CHECK(repositories[2].id == "grace");
  CHECK(repositories[2].url.empty());
  CHECK(repositories[2].points_awarded == 0);
}

TEST_CASE("a grades export whose points_awarded is not a whole number is refused where it is") {
  CHECK_THROWS_WITH_AS(
      static_cast<void>(grader::parse_repository_list(
          "github_username,student_repository_url,points_awarded\nada,/x,lots\n", "g.csv")),
      "g.csv:2: error: points_awarded \"lots\" is not a whole number", grader::FileError);
}

TEST_CASE(
    "a list with one id twice, a name that is no folder, or an open quote is refused where it is") {
  CHECK_THROWS_WITH_AS(
      static_cast<void>(grader::parse_repository_list("a/x\nb/x.git\n", "repos.txt")),
      "repos.txt:2: error: the id \"x\" is already line 1's", grader::FileError);
  CHECK_THROWS_WITH_AS(
      static_cast<void>(grader::parse_repository_list("https://host/.hidden\n", "repos.txt")),
      doctest::Contains("repos.txt:1: error: \".hidden\" is not a folder name"), grader::FileError);
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::parse_repository_list(
                           "student_repository_url\n\"https://x/y\n", "g.csv")),
                       "g.csv:2: error: a quote is left open", grader::FileError);
}

TEST_CASE(
    "bloom-grader classroom writes the template as a repository, and --collect brings back its "
    "starter") {
  TempDir dir;
  const fs::path repository = dir.path() / "bip37-template";
  const Finished made =
      grader_run({"classroom", "bip37", "--out", repository.string(), "--kit", BLOOM_SOURCE_DIR});
  INFO(made.err);
  REQUIRE(made.exit_code == 0);
  CHECK(made.out.find("its workflow grades ") != std::string::npos);
  CHECK(fs::is_regular_file(repository / ".github" / "workflows" / "classroom.yml"));
  CHECK(grader::read_file(repository / "README.md").find("## Grading on GitHub") !=
        std::string::npos);
  const std::string git = "git -C '" + repository.string() + "' ";
  CHECK(sh(git + "rev-list --count HEAD").out == "1\n");
  CHECK(sh(git + "symbolic-ref HEAD").out == "refs/heads/main\n");
  CHECK(sh(git + "status --porcelain").out.empty());  // everything committed
  // by the kit, whoever made it: the template's history names no machine
  CHECK(sh(git + "log -1 --format='%an <%ae>, %cn <%ce>'").out ==
        "Bloom course kit <bloom-course-kit@localhost>, Bloom course kit "
        "<bloom-course-kit@localhost>\n");

  // a second time into the same folder: refused, and the first is left as it was
  const Finished again =
      grader_run({"classroom", "bip37", "--out", repository.string(), "--kit", BLOOM_SOURCE_DIR});
  CHECK(again.exit_code == 2);
  CHECK(sh(git + "status --porcelain").out.empty());
  CHECK(fs::is_regular_file(repository / ".github" / "workflows" / "classroom.yml"));

  // collected: only the starter is checked out; a repository that cannot be cloned is said
  const fs::path list = dir.path() / "repos.txt";
  testing_support::write_file(list,
                              repository.string() + "\n" + (dir.path() / "nobody").string() + "\n");
  const fs::path submissions = dir.path() / "submissions";
  const Finished collected =
      grader_run({"classroom", "bip37", "--collect", list.string(), "--out", submissions.string()});
  CHECK(collected.exit_code == 1);
  CHECK(collected.err.find("nobody: could not collect") != std::string::npos);
  CHECK_FALSE(fs::exists(submissions / "nobody"));
  CHECK(
      fs::is_regular_file(submissions / "bip37-template" / "starter" / "bip37" / "CMakeLists.txt"));
  CHECK_FALSE(fs::exists(submissions / "bip37-template" / "CMakeLists.txt"));  // the grader's build
  CHECK_FALSE(fs::exists(submissions / "bip37-template" / "cases"));
  CHECK(collected.out.find(
            "bip37-template: " + sh(git + "rev-parse --short=12 HEAD").out.substr(0, 12) +
            " of ") != std::string::npos);
  CHECK(grader::read_file(submissions / "collection.json").find("\"state\": \"clone failed\"") !=
        std::string::npos);
  // the next command is the one docs/github-classroom.md gives, sandboxed and with its --out;
  // the kit here has no hidden/bip37, so it is not named, and the line says what to add
  CHECK(collected.out.find(
            " batch --cases cases/protocol --cases cases/bip37 \\\n  --submissions " +
            submissions.string() +
            " --build cmake --run '{project}/build/bloom' --starter starter/bip37 \\\n"
            "  --sandbox --out grades/\n(no hidden/bip37 here: add --cases with the folder of "
            "your hidden suite)\n") != std::string::npos);
  const Finished twice =
      grader_run({"classroom", "bip37", "--collect", list.string(), "--out", submissions.string()});
  CHECK(twice.out.find("bip37-template: already collected at ") != std::string::npos);
}

TEST_CASE("a roster is one id a line, or GitHub Classroom's roster export, its GitHub name first") {
  CHECK(grader::parse_roster("# the class\nada\n\n grace \n", "roster.txt") ==
        std::vector<std::string>{"ada", "grace"});
  CHECK(grader::parse_roster(
            "\"identifier\",\"github_username\",\"github_id\",\"name\"\n"
            "\"ada@uni\",\"ada\",\"1\",\"Ada L.\"\n\"grace@uni\",\"\",\"\",\"Grace H.\"\n",
            "classroom_roster.csv") == std::vector<std::string>{"ada", "grace@uni"});
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::parse_roster("ada\nada\n", "roster.txt")),
                       "roster.txt:2: error: the id \"ada\" is already line 1's",
                       grader::FileError);
  CHECK_THROWS_WITH_AS(static_cast<void>(grader::parse_roster("../ada\n", "roster.txt")),
                       doctest::Contains("roster.txt:1: error: \"../ada\" is not a folder name"),
                       grader::FileError);
}
