#include "sandbox.hpp"

#include <signal.h>
#include <sys/mount.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "runner_common.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr unsigned kInsideId = 65534;  // nobody, inside the user namespace
constexpr const char* kInitName = "bloom-sandbox-init";        // beside the grader's executable
constexpr const char* kInitInside = "/run/bloom-sandbox-init";  // where a run sees it
// Slot uids are first_uid, first_uid + 1, ...: each held by one grader at a time through a lock
// file, so that graders running side by side never share (nor kill) each other's programs.
constexpr unsigned kSlotUids = 1000;
constexpr const char* kSlotLocks = "/run/lock/bloom-grader";

// The kernel's files (/proc, cgroup controls), not the kit's: read as they are at this moment
// ("" when gone, as a process that has just exited), and written in place, where a cgroup
// control must be written (file_io's write-and-rename cannot).
std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool write_text(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.flush();
  return static_cast<bool>(out);
}

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// Where cgroup v1 mounts `controller` ("pids"), from /proc/self/mountinfo; empty if nowhere.
fs::path v1_mount(const std::string& controller) {
  std::ifstream in("/proc/self/mountinfo");
  for (std::string line; std::getline(in, line);) {
    // ... mount-point ... - cgroup cgroup rw,pids
    const std::size_t dash = line.find(" - cgroup ");
    if (dash == std::string::npos) continue;
    std::istringstream fields(line.substr(0, dash));
    std::string skip, mount_point;
    for (int i = 0; i < 4; ++i) fields >> skip;
    fields >> mount_point;
    std::istringstream options(line.substr(line.rfind(' ') + 1));
    for (std::string option; std::getline(options, option, ',');) {
      if (option == controller) return mount_point;
    }
  }
  return {};
}

// The number of tasks (processes and threads) whose real uid is `uid`: what RLIMIT_NPROC counts,
// a zombie included (its status may say 0 threads; it counts as one until it is reaped).
int tasks_of(unsigned uid) {
  int count = 0;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    unsigned real = 0;
    int threads = 0;
    bool mine = false;
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("Uid:", 0) == 0) mine = std::istringstream(line.substr(4)) >> real && real == uid;
      if (line.rfind("Threads:", 0) == 0) threads = std::atoi(line.c_str() + 8);
    }
    if (mine) count += std::max(threads, 1);
  }
  return count;
}

// Sends SIGKILL to every process of `uid` (not root) from a child that takes that uid: kill(-1)
// from it reaches exactly that uid's processes. (Its return value says nothing: kill(-1)
// succeeds when any other process exists.)
void kill_all_of(unsigned uid) {
  const pid_t pid = ::fork();
  if (pid == 0) {  // only system calls here: the grader has other threads
    if (::syscall(SYS_setuid, uid) == 0) ::kill(-1, SIGKILL);
    ::_exit(0);
  }
  if (pid < 0) return;
  while (::waitpid(pid, nullptr, 0) == -1 && errno == EINTR) {
  }
}

// The grader's children that a sandboxed run left: programs orphaned inside the sandbox come to
// the grader, its child subreaper (Sandbox::open). They are the processes of the slot's uid
// or, when the grader is not root, those in a pid namespace of their own (NSpid has two
// numbers). Reaps those that are over; returns how many are still running.
int reap_leftovers(const Identity& identity) {
  int running = 0;
  std::error_code error;
  for (const fs::directory_entry& task : fs::directory_iterator("/proc/self/task", error)) {
    std::istringstream children(read_text(task.path() / "children"));
    for (pid_t child = 0; children >> child;) {
      std::istringstream status(read_text("/proc/" + std::to_string(child) + "/status"));
      bool ours = false;
      bool zombie = false;
      for (std::string line; std::getline(status, line);) {
        std::istringstream fields(line);
        std::string key;
        fields >> key;
        if (key == "State:") zombie = line.find('Z') != std::string::npos;
        if (key == "Uid:" && identity.switch_user) {
          unsigned real = 0;
          ours = fields >> real && real == identity.uid;
        }
        if (key == "NSpid:" && !identity.switch_user) {
          int levels = 0;
          for (std::string number; fields >> number;) ++levels;
          ours = levels > 1;
        }
      }
      if (!ours) continue;
      if (zombie) {
        ::waitpid(child, nullptr, WNOHANG);
      } else {
        ++running;
      }
    }
  }
  return running;
}

struct Slot {
  Identity identity;
  std::vector<fs::path> cgroups;  // this slot's folders, one per controller
  bool busy = false;
};

}  // namespace

class SlotPool : public Confinement, public std::enable_shared_from_this<SlotPool> {
 public:
  std::vector<Slot> slots;
  int user_processes = 0;  // not root: the processes RLIMIT_NPROC allows beyond the user's own

  std::shared_ptr<const Identity> acquire() const override {
    std::unique_lock<std::mutex> hold(lock_);
    std::size_t i = 0;
    free_.wait(hold, [&] {
      for (i = 0; i < slots.size(); ++i) {
        if (!slots[i].busy) return true;
      }
      return false;
    });
    Slot& slot = const_cast<Slot&>(slots[i]);
    slot.busy = true;
    if (!slot.identity.switch_user && user_processes > 0) {
      // RLIMIT_NPROC counts every task of the grader's uid, the grader's own threads included
      slot.identity.processes = tasks_of(static_cast<unsigned>(::getuid())) + user_processes;
    }
    std::shared_ptr<const SlotPool> self = shared_from_this();
    return {&slot.identity, [self, &slot](const Identity*) { self->release(slot); }};
  }

 private:
  // Kills what the run left in the slot and reaps it, so that the next run starts with none of
  // its processes counted (a zombie still counts for RLIMIT_NPROC). At most 5 s.
  void release(Slot& slot) const {
    for (int round = 0; round < 5000; ++round) {
      bool left = false;
      for (const fs::path& group : slot.cgroups) {
        std::istringstream procs(read_text(group / "cgroup.procs"));
        for (pid_t pid = 0; procs >> pid;) {
          ::kill(pid, SIGKILL);
          left = true;
        }
      }
      if (reap_leftovers(slot.identity) > 0) left = true;
      if (slot.identity.switch_user && tasks_of(slot.identity.uid) > 0) {  // zombies too
        kill_all_of(slot.identity.uid);
        left = true;
      }
      if (!left) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    {
      const std::lock_guard<std::mutex> hold(lock_);
      slot.busy = false;
    }
    free_.notify_one();
  }

  mutable std::mutex lock_;
  mutable std::condition_variable free_;
};

struct Sandbox::State {
  SandboxOptions options;
  fs::path bwrap;
  std::string bwrap_version;
  bool has_disable_userns = false;  // bubblewrap 0.8
  bool has_size = false;            // bubblewrap 0.7
  bool root = false;
  std::shared_ptr<SlotPool> pool;
  std::vector<fs::path> cgroup_parents;  // ours, one per controller, removed at the end
  bool cgroup_pids = false;
  bool cgroup_memory = false;
  bool cgroup_cpu = false;  // cpuacct: the CPU time of all of a run's processes
  fs::path init;  // namespaces: the copy in `work` of bloom-sandbox-init, each run's pid 1
  bool private_mounts = false;  // the grader has its own mount namespace: scratch folders are tmpfs
  fs::path work;  // scratch folders of the confined programs
  std::vector<int> slot_locks;  // held: the slot uids are this grader's

  // Takes the machine-wide lock of slot uid `uid`; false when another grader holds it.
  bool lock_slot(unsigned uid) {
    std::error_code ignored;
    fs::create_directories(kSlotLocks, ignored);
    const std::string file = std::string(kSlotLocks) + "/uid-" + std::to_string(uid);
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd);
      return false;
    }
    slot_locks.push_back(fd);
    return true;
  }

  // Leaves no cgroup of ours: the slots' (and their open cgroup.procs files), then the parents.
  void drop_cgroups() {
    if (pool) {
      for (Slot& slot : pool->slots) {
        for (const int fd : slot.identity.join) ::close(fd);
        slot.identity.join.clear();
        for (int* fd : {&slot.identity.cpu_usage, &slot.identity.oom_control}) {
          if (*fd >= 0) ::close(*fd);
          *fd = -1;
        }
        for (const fs::path& group : slot.cgroups) ::rmdir(group.c_str());
        slot.cgroups.clear();
      }
    }
    for (const fs::path& parent : cgroup_parents) ::rmdir(parent.c_str());
    cgroup_parents.clear();
    cgroup_pids = cgroup_memory = cgroup_cpu = false;
  }

  ~State() {
    for (const int fd : slot_locks) ::close(fd);
    drop_cgroups();
    if (!work.empty()) {
      std::error_code ignored;
      fs::remove_all(work, ignored);
    }
  }

  // Creates one cgroup per slot under each controller; false (and nothing left) if it cannot.
  bool make_cgroups() {
    const fs::path pids = v1_mount("pids");
    const fs::path memory = v1_mount("memory");
    const fs::path cpuacct = v1_mount("cpuacct");
    if (pids.empty()) return false;
    const std::string ours = "bloom-grader-" + std::to_string(::getpid());
    std::vector<std::pair<fs::path, std::string>> controllers = {{pids / ours, "pids"}};
    if (!memory.empty() && options.memory_bytes != 0) controllers.push_back({memory / ours, "memory"});
    if (!cpuacct.empty()) controllers.push_back({cpuacct / ours, "cpuacct"});
    for (const auto& [parent, name] : controllers) {
      if (::mkdir(parent.c_str(), 0755) != 0) return false;
      cgroup_parents.push_back(parent);
      for (std::size_t i = 0; i < pool->slots.size(); ++i) {
        Slot& slot = pool->slots[i];
        const fs::path group = parent / ("slot-" + std::to_string(i));
        if (::mkdir(group.c_str(), 0755) != 0) return false;
        slot.cgroups.push_back(group);
        const int procs = ::open((group / "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
        if (procs < 0) return false;
        slot.identity.join.push_back(procs);
        const std::string bytes = std::to_string(options.memory_bytes);
        // the counters the runner reads: CPU time (ns), and OOM kills (memory.oom_control)
        int& counter = name == "cpuacct" ? slot.identity.cpu_usage : slot.identity.oom_control;
        if (name != "pids") {
          counter = ::open((group / (name == "cpuacct" ? "cpuacct.usage" : "memory.oom_control")).c_str(),
                           O_RDONLY | O_CLOEXEC);
          if (counter < 0) return false;
        }
        const bool set = name == "pids"      ? write_text(group / "pids.max", std::to_string(options.processes))
                         : name == "cpuacct" ? true
                                             : write_text(group / "memory.limit_in_bytes", bytes) &&
                                                   (!fs::exists(group / "memory.memsw.limit_in_bytes") ||
                                                    write_text(group / "memory.memsw.limit_in_bytes", bytes));
        if (!set) return false;
      }
      (name == "pids" ? cgroup_pids : name == "memory" ? cgroup_memory : cgroup_cpu) = true;
    }
    return true;
  }

  std::vector<std::string> bwrap_args(const std::vector<Binding>& bindings,
                                      const fs::path& working_dir) const {
    const std::string inside = std::to_string(kInsideId);
    std::vector<std::string> args = {
        "--unshare-all", "--unshare-user", "--uid", inside, "--gid", inside,
        "--cap-drop", "ALL", "--new-session", "--die-with-parent",
        "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc",
        "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin",
        "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        // /proc/sys read-only: even the sysctls of the program's own namespaces
        "--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev",
        // the program's own wait status, which bwrap turns into an exit status (sandbox_init.cpp)
        "--as-pid-1", "--ro-bind", init.string(), kInitInside};
    if (has_disable_userns) args.push_back("--disable-userns");
    if (has_size) {
      args.insert(args.end(), {"--size", std::to_string(options.tmp_bytes)});
    }
    args.insert(args.end(), {"--tmpfs", "/tmp"});
    for (const Binding& binding : bindings) {
      args.insert(args.end(), {binding.writable ? "--bind" : "--ro-bind", binding.source.string(),
                               binding.at.string()});
    }
    args.insert(args.end(), {"--chdir", working_dir.empty() ? "/tmp" : working_dir.string(), "--clearenv"});
    // The environment every run gets, the runner's own list: a variable missing here once made
    // every build's compiler cache miss (ccache hashes LC_ALL, and the cache was filled outside)
    for (const std::string& variable : minimal_environment("/tmp")) {
      const std::size_t equals = variable.find('=');
      args.insert(args.end(), {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
    }
    args.push_back("--");
    return args;
  }
};

Sandbox::Sandbox(std::unique_ptr<State> state) : state_(std::move(state)) {}
Sandbox::~Sandbox() = default;

SandboxKind Sandbox::kind() const { return state_->options.kind; }

std::shared_ptr<Sandbox> Sandbox::open(const SandboxOptions& options, std::string& problem) {
  auto state = std::make_unique<State>();
  state->options = options;
  state->root = ::geteuid() == 0;
  const bool namespaces = options.kind == SandboxKind::namespaces;
  if (namespaces) {
    // BLOOM_BWRAP names another bubblewrap (and lets the tests name a missing one).
    if (const char* chosen = std::getenv("BLOOM_BWRAP")) {
      if (::access(chosen, X_OK) == 0) state->bwrap = chosen;
    } else {
      for (const char* candidate : {"/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"}) {
        if (::access(candidate, X_OK) == 0) {
          state->bwrap = candidate;
          break;
        }
      }
    }
    if (state->bwrap.empty()) {
      problem = "bubblewrap is not installed (Debian: sudo apt-get install bubblewrap)";
      return nullptr;
    }
    // Each run's pid 1, from beside this program (BLOOM_SANDBOX_INIT names another); copied
    // into the scratch folder below, where the slot uids may run it whoever may read the kit.
    std::error_code no_exe;
    const char* chosen_init = std::getenv("BLOOM_SANDBOX_INIT");
    state->init = chosen_init != nullptr ? fs::path(chosen_init)
                                         : fs::read_symlink("/proc/self/exe", no_exe).parent_path() / kInitName;
    if (::access(state->init.c_str(), X_OK) != 0) {
      problem = std::string(kInitName) + " is missing beside the grader (" + state->init.string() +
                "): it starts each sandboxed program and reports how the program ended; it is built "
                "with bloom-grader (cmake --build build)";
      return nullptr;
    }
    Limits quick;
    quick.wall = std::chrono::milliseconds(10000);
    const RunResult version = run_program(Command{state->bwrap, {"--version"}, "bwrap --version", {}, {}}, "", quick);
    const RunResult help = run_program(Command{state->bwrap, {"--help"}, "bwrap --help", {}, {}}, "", quick);
    state->bwrap_version = version.out.substr(0, version.out.find('\n'));
    state->has_disable_userns = help.out.find("--disable-userns") != std::string::npos;
    state->has_size = help.out.find("--size") != std::string::npos;
  } else if (!state->root) {
    problem = "the users sandbox runs programs as unprivileged uids, which needs the grader to run "
              "as root";
    return nullptr;
  }

  state->pool = std::make_shared<SlotPool>();
  state->pool->slots.resize(static_cast<std::size_t>(std::max(1, options.slots)));
  unsigned next_uid = options.first_uid;
  for (Slot& slot : state->pool->slots) {
    Identity& identity = slot.identity;
    identity.open_files = options.open_files;
    if (state->root) {
      // a uid no other grader on this machine holds: its slot lock, kept until the end
      while (next_uid < options.first_uid + kSlotUids && !state->lock_slot(next_uid)) ++next_uid;
      if (next_uid == options.first_uid + kSlotUids) {
        problem = "every slot uid from " + std::to_string(options.first_uid) + " to " +
                  std::to_string(options.first_uid + kSlotUids - 1) + " is taken by other graders (" +
                  kSlotLocks + ")";
        return nullptr;
      }
      identity.switch_user = true;
      identity.uid = next_uid++;
      identity.gid = options.first_uid;  // one group for every slot: the folders handed over
      identity.processes = options.processes;
    }
  }
  if (!state->root) state->pool->user_processes = options.processes;
  if (state->root && !state->make_cgroups()) {
    // No writable cgroup v1 (pids): the slot uids' RLIMIT_NPROC and RLIMIT_AS bound alone.
    state->drop_cgroups();
  }

  // Programs orphaned in the sandbox come to the grader, which reaps them (release()).
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  // Before any thread is started: a mount namespace of the grader's own, where the scratch
  // tmpfs mounts live and die with it.
  state->private_mounts = state->root && ::unshare(CLONE_NEWNS) == 0 &&
                          ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
  std::string pattern = (fs::temp_directory_path() / "bloom-sandbox-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    problem = "cannot make a scratch folder in " + fs::temp_directory_path().string() + ": " +
              std::strerror(errno);
    return nullptr;
  }
  state->work = pattern;
  std::shared_ptr<Sandbox> sandbox(new Sandbox(std::move(state)));
  try {
    sandbox->hand_over(sandbox->state_->work);
    if (namespaces) {
      fs::path& init = sandbox->state_->init;
      const fs::path copy = sandbox->state_->work / kInitName;
      fs::copy_file(init, copy);
      fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec);
      init = copy;
    }
  } catch (const fs::filesystem_error& error) {
    problem = error.what();
    return nullptr;
  }

  // The probe: the same confinement as a program gets, running `true`.
  Limits limits;
  limits.wall = std::chrono::milliseconds(10000);
  const RunResult probe = run_program(sandbox->wrap({"/bin/true"}, {}, {}, "true"), "", limits);
  if (!probe.started || probe.exit_code != 0 || probe.signal != 0) {
    const std::string said = probe.started ? probe.err.substr(0, 300) : probe.start_error;
    problem = namespaces
                  ? "bubblewrap cannot create its namespaces here (" + said +
                        "); allow unprivileged user namespaces (Debian: sysctl "
                        "kernel.unprivileged_userns_clone=1; Ubuntu 24.04: an AppArmor profile "
                        "for bwrap, or sysctl kernel.apparmor_restrict_unprivileged_userns=0), "
                        "or use --sandbox-users as root"
                  : "cannot run a program as uid " +
                        std::to_string(sandbox->state_->options.first_uid) + " (" + said + ")";
    return nullptr;
  }
  return sandbox;
}

Command Sandbox::wrap(const std::vector<std::string>& argv, const std::vector<Binding>& bindings,
                      const fs::path& working_dir, std::string display) const {
  Command command;
  command.display = std::move(display);
  command.confinement = state_->pool;
  if (state_->options.kind == SandboxKind::namespaces) {
    command.executable = state_->bwrap;
    command.args = state_->bwrap_args(bindings, working_dir);
    command.args.insert(command.args.end(), {kInitInside, std::to_string(kStatusFd)});
    command.args.insert(command.args.end(), argv.begin(), argv.end());
    command.reports_status = true;
    return command;
  }
  // users: the runner's fresh folder is the grader's; HOME, TMPDIR and the working folder are
  // the sandbox's instead
  const fs::path home = state_->work;
  command.executable = "/usr/bin/env";
  command.args = {"HOME=" + home.string(), "TMPDIR=" + home.string()};
  command.args.insert(command.args.end(), argv.begin(), argv.end());
  command.working_dir = working_dir.empty() ? home : working_dir;
  return command;
}

void Sandbox::hand_over(const fs::path& folder) const {
  if (!state_->root) return;
  const auto group = static_cast<gid_t>(state_->options.first_uid);
  const auto give = [&](const fs::path& path, bool directory) {
    if (::lchown(path.c_str(), 0, group) != 0) {
      throw fs::filesystem_error("chown", path, std::error_code(errno, std::generic_category()));
    }
    if (fs::is_symlink(path)) return;
    fs::perms add = fs::perms::group_read | fs::perms::group_write;
    if (directory) add |= fs::perms::group_exec | fs::perms::set_gid;
    if ((fs::status(path).permissions() & fs::perms::owner_exec) != fs::perms::none) {
      add |= fs::perms::group_exec;
    }
    fs::permissions(path, add, fs::perm_options::add);
    if (directory) fs::permissions(path, fs::perms::others_all, fs::perm_options::remove);
  };
  give(folder, true);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    give(entry.path(), entry.is_directory() && !entry.is_symlink());
  }
}

std::string Sandbox::unreachable(const std::vector<Binding>& bindings) const {
  if (!state_->root) return "";  // bubblewrap runs as the grader's own uid
  const auto group = static_cast<gid_t>(state_->options.first_uid);
  for (const Binding& binding : bindings) {
    fs::path walked = "/";
    for (const fs::path& part : binding.source.relative_path()) {
      struct stat info {};
      if (::stat(walked.c_str(), &info) == 0 && S_ISDIR(info.st_mode) &&
          (info.st_mode & S_IXOTH) == 0 && !(info.st_gid == group && (info.st_mode & S_IXGRP) != 0)) {
        return binding.source.string() + ": the sandbox's users (uid " +
               std::to_string(state_->options.first_uid) + " on) cannot enter " + walked.string() +
               "; put the program under a folder they can reach (/tmp, /srv, ...) or give the "
               "folder to them (chmod o+x)";
      }
      walked /= part;
    }
  }
  return "";
}

fs::path Sandbox::scratch(const std::string& name) const {
  const fs::path folder = state_->work / name;
  fs::create_directories(folder);
  if (state_->private_mounts) {
    const std::string options = "size=" + std::to_string(state_->options.scratch_bytes) + ",mode=0700";
    if (::mount("tmpfs", folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0) {
      throw fs::filesystem_error("mount tmpfs", folder, std::error_code(errno, std::generic_category()));
    }
  }
  hand_over(folder);
  return folder;
}

void Sandbox::drop(const fs::path& scratch) const {
  std::error_code ignored;
  fs::remove_all(scratch, ignored);
  if (state_->private_mounts) ::umount2(scratch.c_str(), MNT_DETACH);
  fs::remove(scratch, ignored);
}

std::vector<std::string> Sandbox::describe() const {
  const State& s = *state_;
  const SandboxOptions& o = s.options;
  const bool namespaces = o.kind == SandboxKind::namespaces;
  std::string slots;
  for (const Slot& slot : s.pool->slots) {
    slots += (slots.empty() ? "" : ",") + std::to_string(slot.identity.uid);
  }
  std::vector<std::string> lines;
  lines.push_back(namespaces ? "kind: namespaces (" + s.bwrap_version + ", " + s.bwrap.string() + ")"
                             : "kind: users (no namespaces)");
  if (namespaces) {
    lines.push_back(s.root ? "user: uid 65534 inside; outside, slot uids " + slots +
                                 ", one per program running at once"
                           : "user: uid 65534 inside; outside, the grader's own uid " +
                                 std::to_string(::getuid()));
    lines.push_back("privilege: no capability, no_new_privs, a new session (no terminal)" +
                    std::string(s.has_disable_userns ? ", no further user namespace" : ""));
    lines.push_back("seen: /usr and /etc read-only, its own /proc (/proc/sys read-only) and /dev, a private /tmp, and "
                    "only the folders the command needs");
    lines.push_back("network: none (its own empty network namespace)");
  } else {
    lines.push_back("user: slot uids " + slots + ", one per program running at once");
    lines.push_back("privilege: none (a non-root uid); the kit's files must be root-only (mode 700)");
    lines.push_back("seen: everything that uid may read");
    lines.push_back("network: not isolated (users mode has no namespaces)");
  }
  const std::string nproc = std::to_string(o.processes);
  if (s.cgroup_pids) {
    lines.push_back("processes: at most " + nproc + " per program (cgroup pids.max, and RLIMIT_NPROC of its slot uid)");
  } else if (s.root) {
    lines.push_back("processes: at most " + nproc + " per program (RLIMIT_NPROC of its slot uid; no writable cgroup)");
  } else {
    lines.push_back("processes: at most " + nproc + " beyond the grader's uid's own, shared by the programs running at once (RLIMIT_NPROC)");
  }
  if (o.memory_bytes == 0) {
    lines.push_back("memory: no bound (--memory 0)");
  } else if (s.cgroup_memory) {
    lines.push_back("memory: " + mib(o.memory_bytes) + " across a program's processes (cgroup memory), and address space per process (RLIMIT_AS)");
  } else {
    lines.push_back("memory: " + mib(o.memory_bytes) + " of address space per process (RLIMIT_AS); across processes at most " + nproc + " times that (no writable cgroup memory)");
  }
  lines.push_back(namespaces && s.has_size
                      ? "writes: /tmp, its working folder, is a " + mib(o.tmp_bytes) + " tmpfs; a file at most the file limit (RLIMIT_FSIZE)"
                      : "writes: a file at most the file limit (RLIMIT_FSIZE); /tmp not bounded in total" +
                            std::string(namespaces ? " (this bubblewrap has no --size)" : ""));
  lines.push_back(s.private_mounts
                      ? "builds: in a copy of the submission, a " + mib(o.scratch_bytes) + " tmpfs"
                      : "builds: in a copy of the submission on disk, bounded per file only "
                        "(a tmpfs needs the grader to run as root)");
  lines.push_back("open files: " + std::to_string(o.open_files) + " per process (RLIMIT_NOFILE)");
  lines.push_back(std::string("time: a CPU-time limit per run, every process of it together (") +
                  (s.cgroup_cpu ? "cgroup cpuacct" : "the run's process tree in /proc") +
                  ", and RLIMIT_CPU per process); a wall-clock limit " + std::to_string(kWallPerCpu) +
                  " times it");
  if (namespaces) {
    lines.push_back("ending: the program's own exit status or signal, from the sandbox's first process "
                    "(bloom-sandbox-init)");
  }
  return lines;
}

std::string sandbox_flag(SandboxKind kind) {
  return kind == SandboxKind::namespaces ? "--sandbox" : "--sandbox-users";
}

std::shared_ptr<Sandbox> open_sandbox(SandboxKind kind, int slots, double memory_mb,
                                      std::string& problem) {
  SandboxOptions options;
  options.kind = kind;
  options.slots = slots;
  options.memory_bytes = static_cast<std::uint64_t>(memory_mb * 1048576);
  std::shared_ptr<Sandbox> sandbox = Sandbox::open(options, problem);
  if (!sandbox) problem = sandbox_flag(kind) + ": " + problem;
  return sandbox;
}

std::vector<Binding> bindings_for(const Command& command) {
  std::vector<fs::path> folders = {command.executable.parent_path()};
  for (const std::string& arg : command.args) {
    if (!arg.empty() && arg[0] == '/') folders.push_back(fs::path(arg).parent_path());
  }
  std::vector<Binding> bindings;
  for (const fs::path& folder : folders) {
    const std::string text = folder.string();
    if (text == "/" || text == "/usr" || text.rfind("/usr/", 0) == 0) continue;
    if (std::any_of(bindings.begin(), bindings.end(), [&](const Binding& b) { return b.source == folder; })) {
      continue;
    }
    bindings.push_back({folder, folder, false});
  }
  return bindings;
}

}  // namespace grader
