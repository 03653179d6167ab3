#include "subcommand.hpp"

#include <iostream>

#include "inert.hpp"
#include "kit_root.hpp"

namespace grader {

// A message names folders and files of submissions, and quotes what programs printed.
void error(const std::string& message) {
  std::cerr << "bloom-grader: error: " << inert_lines(message) << "\n";
}

void error(const std::exception& failure) {
  if (dynamic_cast<const FileError*>(&failure) != nullptr) {
    std::cerr << inert_lines(failure.what()) << "\n";
  } else {
    error(std::string(failure.what()));
  }
}

std::optional<std::vector<Case>> load_cases_or_say(const std::vector<std::filesystem::path>& paths,
                                                   bool with_mistakes) {
  try {
    return load_cases(paths, with_mistakes);
  } catch (const FileError& e) {  // CaseFileError, or a file that cannot be read
    error(e);
    return std::nullopt;
  }
}

std::optional<Prepared> prepare(const std::vector<std::filesystem::path>& paths,
                                const std::vector<std::string>& argv, bool with_mistakes) {
  std::optional<std::vector<Case>> cases = load_cases_or_say(paths, with_mistakes);
  if (!cases) return std::nullopt;
  Prepared prepared;
  prepared.cases = std::move(*cases);
  std::string problem;
  std::optional<Command> command = resolve_command(argv, problem);
  if (!command) {
    error(problem);
    return std::nullopt;
  }
  prepared.command = std::move(*command);
  return prepared;
}

namespace {

// What `command OPTION` prints, parsed by `parse`; nullopt (said) when it could not list `what`.
template <typename Parse>
auto list_of(const Command& command, const std::string& option, const std::string& what,
             const Limits& limits, Parse parse)
    -> std::optional<decltype(parse(std::string(), std::filesystem::path()))> {
  Command lister = command;
  lister.args.push_back(option);
  const RunResult run = run_program(lister, "", limits);
  if (!run.started || run.exit_code != 0 || run.signal != 0 || run.timed_out) {
    error(command.display + " " + option + " did not list " + what +
          (run.err.empty() ? std::string() : ": " + run.err.substr(0, 300)));
    return std::nullopt;
  }
  try {
    return parse(run.out, command.display + " " + option);
  } catch (const FileError& e) {  // CaseFileError, or a file that cannot be read
    error(e);
    return std::nullopt;
  }
}

}  // namespace

std::optional<std::vector<MistakeInfo>> list_mistakes(const Command& command,
                                                      const Limits& limits) {
  return list_of(command, "--list-mistakes", "the known mistakes", limits, parse_catalogue);
}

std::optional<std::vector<CommandInfo>> list_commands(const Command& command,
                                                      const Limits& limits) {
  return list_of(command, "--list-commands", "the command table", limits, parse_command_table);
}

Command with_mistake(const Command& command, const std::string& id) {
  Command variant = command;
  variant.args.push_back("--mistake");
  variant.args.push_back(id);
  variant.display += " --mistake " + id;
  return variant;
}

namespace {

// Under the users kind the programs see what every uid may read. The grader's own folder
// (bloom-reference sits beside it, and /proc shows where the grader runs) and the kit it
// belongs to (the reference solution, the cases) must be root's alone then, as the hidden
// cases, the submissions and the reports are: says which is not, and returns true.
// The grader's own folder and the kit it belongs to, each with its name.
std::vector<OwnPath> kit_places() {
  std::error_code no_exe;
  const std::filesystem::path folder =
      std::filesystem::read_symlink("/proc/self/exe", no_exe).parent_path();
  if (no_exe) return {};
  std::vector<OwnPath> places = {{"the grader's folder", folder}};
  for (const std::filesystem::path& kit : {kit_above(folder), kit_holding_manifest(folder)}) {
    if (!kit.empty()) places.push_back({"the kit", kit});
  }
  return places;
}

bool kit_exposed_say(const Sandbox& sandbox) {
  for (const auto& [what, path] : kit_places()) {
    if (const std::string problem = sandbox.exposed(path, what); !problem.empty()) {
      error(sandbox_flag(sandbox.kind()) + ": " + problem +
            ", or run a copy of the grader from a folder only root may read");
      return true;
    }
  }
  return false;
}

}  // namespace

std::shared_ptr<Sandbox> open_sandbox_or_say(SandboxKind kind, int slots, double memory_mb,
                                             const SandboxIds& ids, std::vector<OwnPath> own) {
  for (OwnPath& place : kit_places()) own.push_back(std::move(place));
  std::string problem;
  std::shared_ptr<Sandbox> sandbox =
      open_sandbox(kind, slots, memory_mb, ids, std::move(own), problem);
  if (!sandbox) {
    error(problem + ". Refusing to run programs without it.");
    return nullptr;
  }
  if (kit_exposed_say(*sandbox)) return nullptr;
  for (const std::string& note : sandbox->notes()) std::cerr << "bloom-grader: sandbox: " << note << "\n";
  return sandbox;
}

bool hidden_cases_exposed_say(const Sandbox& sandbox, const std::vector<Case>& cases) {
  for (const Case& kase : cases) {
    if (!kase.hidden) continue;
    if (const std::string problem = sandbox.exposed(kase.file, "the hidden case"); !problem.empty()) {
      error(problem);
      return true;
    }
  }
  return false;
}

std::optional<Command> confine_or_say(const Sandbox& sandbox, const Command& command,
                                      const std::vector<std::filesystem::path>& writable,
                                      const std::vector<std::filesystem::path>& readable,
                                      bool cases) {
  for (const std::filesystem::path& path : readable) {
    std::error_code missing;
    if (!std::filesystem::exists(path, missing)) {
      error("--sandbox-read " + path.string() + ": no such file or folder");
      return std::nullopt;
    }
  }
  std::vector<Binding> bindings = bindings_for(command, readable);
  for (const std::filesystem::path& folder : writable) bindings.push_back({folder, folder, true});
  if (const std::string problem = sandbox.unreachable(bindings); !problem.empty()) {
    error(problem);
    return std::nullopt;
  }
  std::vector<std::string> argv = {command.executable.string()};
  argv.insert(argv.end(), command.args.begin(), command.args.end());
  const std::filesystem::path working_dir =
      writable.empty() ? std::filesystem::path() : writable.front();
  return cases ? sandbox.wrap_kept(argv, bindings, working_dir, command.display)
               : sandbox.wrap(argv, bindings, working_dir, command.display);
}

}  // namespace grader
