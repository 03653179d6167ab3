#include "sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "kept.hpp"
#include "leftovers.hpp"
#include "limits.hpp"
#include "runner_common.hpp"
#include "seccomp.hpp"
#include "slot_ids.hpp"

namespace grader {

namespace fs = std::filesystem;

namespace {

constexpr unsigned kInsideId = 65534;  // nobody, inside the user namespace
// Where bubblewrap's program reads the system-call filter (confinement.hpp's kPassedFd).
const std::string kFilterFd = std::to_string(kPassedFd);

// The options of bubblewrap that the sandbox cannot hold without, with the release that brought
// each (bubblewrap's source, tag by tag); older ones are in every release since 0.3.3.
struct BwrapOption {
  const char* option;
  const char* since;
  const char* why;
};
constexpr BwrapOption kBwrapNeeds[] = {
    {"--clearenv", "0.5.0", "nothing of the grader's environment inside"},
    {"--size", "0.7.0", "a size on each tmpfs the program may write"},
    {"--seccomp", "0.1.0", "the system-call filter"},
    {"--remount-ro", "0.1.3", "a read-only root"},
    {"--new-session", "0.1.7", "no controlling terminal"},
    {"--die-with-parent", "0.1.8", "nothing left running"},
    {"--cap-drop", "0.2.0", "no capability"},
};
constexpr const char* kBwrapNeeded = "0.7.0";  // the newest `since` above
// The wall-clock limit of the sandbox's own checks (bubblewrap's --version, a probe run of true).
constexpr std::chrono::milliseconds kProbeLimit{10000};
constexpr const char* kInitName = "bloom-sandbox-init";         // beside the grader's executable
constexpr const char* kInitInside = "/run/bloom-sandbox-init";  // where a run sees it

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

// Mounts a tmpfs of `bytes` and `inodes` at `folder` (in the grader's own mount namespace), with
// `mode`; false with errno when it cannot.
bool mount_bounded(const fs::path& folder, std::uint64_t bytes, std::uint64_t inodes,
                   const char* mode) {
  const std::string options =
      "size=" + std::to_string(bytes) + ",nr_inodes=" + std::to_string(inodes) + ",mode=" + mode;
  return ::mount("tmpfs", folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) == 0;
}

// The users kind's folders every uid may write that a tmpfs bounds, with the size of each:
// /var/tmp as much as a build's copy (ccache writes there, and the kit's --starter cache is
// made there), the others as /tmp under bubblewrap. /tmp holds the grader's own folders and
// the files its user names, and /dev/mqueue is a file system of its own (RLIMIT_MSGQUEUE):
// neither is replaced.
std::vector<std::pair<fs::path, std::uint64_t>> bounded_shared_folders(
    const std::vector<fs::path>& shared, const SandboxOptions& options) {
  std::vector<std::pair<fs::path, std::uint64_t>> bounded;
  for (const fs::path& folder : shared) {
    if (folder == "/tmp" || folder == "/dev/mqueue") continue;
    bounded.emplace_back(folder, folder == "/var/tmp" ? options.scratch_bytes : options.tmp_bytes);
  }
  return bounded;
}

// The first of `own` that lies under one of `covered` (after links), said with where to put it
// instead; empty when none does. The users kind mounts its tmpfs over those folders in the
// grader's own mount namespace: what was under them is gone for the grader too, which then
// failed on its own --out or cases with an uncaught filesystem_error.
std::string covered_own_path(const std::vector<OwnPath>& own,
                             const std::vector<fs::path>& covered) {
  const auto real = [](const fs::path& path) {
    std::error_code failed;
    const fs::path absolute = fs::absolute(path, failed).lexically_normal();
    const fs::path resolved = fs::weakly_canonical(absolute, failed);
    return failed ? absolute : resolved;
  };
  for (const OwnPath& mine : own) {
    if (mine.path.empty()) continue;
    const fs::path path = real(mine.path);
    for (const fs::path& folder : covered) {
      const fs::path top = real(folder);
      if (std::mismatch(top.begin(), top.end(), path.begin(), path.end()).first != top.end())
        continue;
      return mine.what + " " + mine.path.string() + " is under " + folder.string() +
             ", which this sandbox covers with a bounded tmpfs of its own for the programs it "
             "runs, "
             "hiding what is there from the grader too; put it in a folder the sandbox leaves as "
             "it is (under /srv, /root or /tmp, mode 700)";
    }
  }
  return "";
}

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
      if (line.rfind("Uid:", 0) == 0)
        mine = std::istringstream(line.substr(4)) >> real && real == uid;
      if (line.rfind("Threads:", 0) == 0) threads = std::atoi(line.c_str() + 8);
    }
    if (mine) count += std::max(threads, 1);
  }
  return count;
}

// Whether a folder holds nothing (read as root, following no link); false when it cannot be read.
bool is_empty_folder(const fs::path& folder) {
  std::error_code error;
  const fs::directory_iterator first(folder, error);
  return !error && first == fs::directory_iterator();
}

// The tasks a slot's pids cgroup holds: every process and thread of the slot's runs, zombies
// too (the controller counts a task until it is reaped, as RLIMIT_NPROC does). Every process
// of a slot uid joins its cgroups before it becomes that uid, and none may leave them, so this
// is tasks_of(uid), read from one file rather than every process's. -1 when it cannot be read.
int tasks_in(const fs::path& pids_current) {
  const std::string count = read_text(pids_current);
  return count.empty() ? -1 : std::atoi(count.c_str());
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

// The bubblewrap to run: BLOOM_BWRAP's (which lets the tests name a missing one), else the
// first installed of the usual places; empty for none.
fs::path find_bwrap() {
  if (const char* chosen = std::getenv("BLOOM_BWRAP")) {
    return ::access(chosen, X_OK) == 0 ? fs::path(chosen) : fs::path();
  }
  for (const char* candidate : {"/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"}) {
    if (::access(candidate, X_OK) == 0) return candidate;
  }
  return {};
}

// Each run's pid 1, from beside this program (BLOOM_SANDBOX_INIT names another); open copies
// it into the scratch folder, where the slot uids may run it whoever may read the kit.
// /proc/self/exe names this program from the root of the mount it is on, which is not the path
// seen here when that mount is a folder bound elsewhere (a chroot's bind mounts): then the
// absolute path this program was started by (AT_EXECFN) is the one that holds.
fs::path find_init() {
  const char* chosen_init = std::getenv("BLOOM_SANDBOX_INIT");
  if (chosen_init != nullptr) return chosen_init;
  std::error_code no_exe;
  const fs::path beside = fs::read_symlink("/proc/self/exe", no_exe).parent_path() / kInitName;
  const auto* started_as = reinterpret_cast<const char*>(::getauxval(AT_EXECFN));
  if (::access(beside.c_str(), X_OK) != 0 && started_as != nullptr && started_as[0] == '/') {
    return fs::path(started_as).parent_path() / kInitName;
  }
  return beside;
}

// Whether bubblewrap's --help lists `option` (as a word of its own, not a prefix of another).
bool offers(const std::string& help, const std::string& option) {
  for (std::size_t at = help.find(option); at != std::string::npos;
       at = help.find(option, at + 1)) {
    const std::size_t after = at + option.size();
    if (after == help.size() || help[after] == ' ' || help[after] == '\n') return true;
  }
  return false;
}

struct Slot {
  Identity identity;
  std::vector<fs::path> cgroups;  // this slot's folders, one per controller
  fs::path pids_current;          // its pids controller's count of tasks; empty without one
  bool busy = false;
  fs::path homes;     // users kind: where its runs' private folders are made (root's, 0711)
  unsigned runs = 0;  // names each run's private folder
  // namespaces kind: the sandbox kept in it for runs alike (kept.hpp), which runs alike reuse;
  // whose runs they are (a scratch folder), and what makes them alike
  std::unique_ptr<KeptSandbox> kept;
  std::string kept_tenant;
  std::string kept_key;
};

// What a run that may use a kept sandbox asks of its slot: one for runs alike.
struct KeptWish {
  std::string tenant;    // the runs' submission: its scratch folder ("" for the sandbox's own)
  std::string key;       // the tenant, the kind of case, the sandbox's command and limits
  Command serve;         // the command that starts one
  std::size_t skip = 0;  // the run's command's words before the program's own
  Limits limits;         // its start's: the run's memory and file size, no CPU time to speak of
};

}  // namespace

// The slots, one per program confined at once. A run takes a free one (acquire(), through the
// Confinement of the folders it may use: TenantRuns) and gives it back when it is over.
class SlotPool : public std::enable_shared_from_this<SlotPool> {
 public:
  std::vector<Slot> slots;
  int user_processes = 0;  // not root: the processes RLIMIT_NPROC allows beyond the user's own
  std::optional<SyscallFilter> filter;  // the users kind's, installed by the runner's child
  // users kind: the folders every uid may write, emptied of what a run left there
  std::vector<fs::path> shared_folders;

  // A free slot's identity, with `groups` as its supplementary groups, for one run. With a
  // `wish`, the slot's kept sandbox for runs alike, started unless it has one already (a slot
  // that has one for runs alike is taken first, then one with none); without, or when none can
  // be started, the run is a run of its own. A slot's kept sandbox for other runs is stopped
  // and the slot emptied first.
  std::shared_ptr<const Identity> take(const std::vector<unsigned>& groups,
                                       const KeptWish* wish = nullptr) const {
    std::unique_lock<std::mutex> hold(lock_);
    std::size_t i = 0;
    free_.wait(hold, [&] {
      const auto rank = [&](const Slot& slot) {
        if (slot.busy) return 3;
        if (!slot.kept) return 1;
        return wish != nullptr && slot.kept_key == wish->key ? 0 : 2;
      };
      std::size_t best = slots.size();
      for (std::size_t j = 0; j < slots.size(); ++j) {
        if (rank(slots[j]) < 3 && (best == slots.size() || rank(slots[j]) < rank(slots[best]))) {
          best = j;
        }
      }
      i = best;
      return best < slots.size();
    });
    Slot& slot = const_cast<Slot&>(slots[i]);
    slot.busy = true;
    hold.unlock();
    slot.identity.kept = nullptr;
    if (slot.kept && (wish == nullptr || slot.kept_key != wish->key || !slot.kept->settle())) {
      stop_kept(slot);
    }
    slot.identity.groups = groups;
    if (wish != nullptr) keep(slot, *wish);
    if (!slot.identity.switch_user && user_processes > 0) {
      // RLIMIT_NPROC counts every task of the grader's uid, the grader's own threads included
      slot.identity.processes = tasks_of(static_cast<unsigned>(::getuid())) + user_processes;
    }
    if (!slot.homes.empty()) {
      // a folder for this run alone: its uid's, no one else's; removed at release
      const fs::path home = slot.homes / ("run-" + std::to_string(++slot.runs));
      if (::mkdir(home.c_str(), 0700) == 0 &&
          ::chown(home.c_str(), slot.identity.uid, slot.identity.gid) == 0) {
        slot.identity.home = home;
      }
    }
    std::shared_ptr<const SlotPool> self = shared_from_this();
    return {&slot.identity, [self, &slot](const Identity*) { self->release(slot); }};
  }

  // Stops every kept sandbox of `tenant`, whose runs are over (its submission is graded), or
  // of all when null (the sandbox closes, no run left), each slot emptied after it. A slot in
  // use is another tenant's: this one's runs are over.
  void forget(const std::string* tenant) const {
    for (const Slot& each : slots) {
      Slot& slot = const_cast<Slot&>(each);
      {
        const std::lock_guard<std::mutex> hold(lock_);
        if (slot.busy || !slot.kept || (tenant != nullptr && slot.kept_tenant != *tenant)) {
          continue;
        }
        slot.busy = true;
      }
      stop_kept(slot);
      {
        const std::lock_guard<std::mutex> hold(lock_);
        slot.busy = false;
      }
      free_.notify_all();
    }
  }

 private:
  // The slot's kept sandbox for `wish`'s runs: its own if it has one, else one started now. A
  // sandbox that cannot be started leaves the run to a run of its own, under the same command.
  void keep(Slot& slot, const KeptWish& wish) const {
    if (!slot.kept) {
      std::string problem;
      slot.kept = KeptSandbox::start(wish.serve, slot.identity, wish.limits, problem);
      if (!slot.kept) {
        empty(slot);  // what the attempt left
        return;
      }
      slot.kept_tenant = wish.tenant;
      slot.kept_key = wish.key;
    }
    slot.identity.kept = slot.kept.get();
    slot.identity.kept_skip = wish.skip;
  }

  // The slot's kept sandbox stopped (its init kills what is left and exits) and the slot
  // emptied as after a run of its own.
  void stop_kept(Slot& slot) const {
    slot.kept.reset();
    slot.kept_tenant.clear();
    slot.kept_key.clear();
    slot.identity.kept = nullptr;
    empty(slot);
  }

  // After a run: the slot emptied, unless its kept sandbox's init did it and said so.
  void release(Slot& slot) const {
    if (slot.identity.kept == nullptr || !slot.kept || !slot.kept->usable()) {
      if (slot.kept)
        stop_kept(slot);
      else
        empty(slot);
    }
    slot.identity.kept = nullptr;
    {
      const std::lock_guard<std::mutex> hold(lock_);
      slot.busy = false;
    }
    free_.notify_all();
  }

  // Kills what the run left in the slot and reaps it, so that the next run starts with none of
  // its processes counted (a zombie still counts for RLIMIT_NPROC). At most 5 s.
  void empty(Slot& slot) const {
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
      int of_uid = 0;
      if (slot.identity.switch_user) {
        of_uid = slot.pids_current.empty() ? -1 : tasks_in(slot.pids_current);
        if (of_uid < 0) of_uid = tasks_of(slot.identity.uid);
      }
      if (of_uid > 0) {  // zombies too
        kill_all_of(slot.identity.uid);
        left = true;
      }
      if (!left) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!slot.homes.empty()) {
      // Nothing of the slot runs now: what it left goes, removed as its own uid (its private
      // folder's contents too: the folder itself is in root's), then that folder, empty, by
      // root. A later run of the same uid, another case, another submission, finds none of it.
      std::vector<fs::path> left = left_by(slot.identity.uid, shared_folders);
      // an empty private folder needs no one to empty it: no rm started for a run that left
      // nothing, most of them
      if (!slot.identity.home.empty() && !is_empty_folder(slot.identity.home))
        left.push_back(slot.identity.home);
      remove_as(slot.identity.uid, slot.identity.gid, left);
      if (!slot.identity.home.empty()) ::rmdir(slot.identity.home.c_str());
      slot.identity.home.clear();
    }
  }

  mutable std::mutex lock_;
  mutable std::condition_variable free_;
};

// The runs of one submission (or of the sandbox's own folders): each takes a slot and joins the
// group of its folders. The namespaces kind starts each program under its init, which reports
// the program's wait status (wrap).
class TenantRuns : public Confinement {
 public:
  TenantRuns(std::shared_ptr<const SlotPool> pool, std::vector<unsigned> groups,
             bool reports_status)
      : pool_(std::move(pool)), groups_(std::move(groups)), reports_status_(reports_status) {}
  std::shared_ptr<const Identity> acquire(const Command&, const Limits&) const override {
    return pool_->take(groups_);
  }
  bool reports_status() const override { return reports_status_; }

 private:
  std::shared_ptr<const SlotPool> pool_;
  std::vector<unsigned> groups_;
  bool reports_status_;
};

// The runs of one submission's program on its cases, under the namespaces kind: each in its
// slot's kept sandbox for runs alike (kept.hpp), the same submission's and kind of case's with
// the same command and limits. Each run's command is the one a run of its own has (wrap), so a
// run for which no kept sandbox could be started is one, unchanged.
class KeptRuns : public Confinement {
 public:
  KeptRuns(std::shared_ptr<const SlotPool> pool, std::vector<unsigned> groups, std::string tenant)
      : pool_(std::move(pool)), groups_(std::move(groups)), tenant_(std::move(tenant)) {}
  std::shared_ptr<const Identity> acquire(const Command& command,
                                          const Limits& limits) const override {
    // wrap's command: bubblewrap's options, "--", the init, its status descriptor, the program
    const auto dashes = std::find(command.args.begin(), command.args.end(), "--");
    if (command.args.end() - dashes < 4) return pool_->take(groups_);
    KeptWish wish;
    wish.tenant = tenant_;
    wish.skip = static_cast<std::size_t>(dashes - command.args.begin()) + 3;
    wish.serve.executable = command.executable;
    wish.serve.display = "the sandbox kept for " + command.display;
    for (auto word = command.args.begin(); word != dashes; ++word) {
      // no --die-with-parent: the thread that starts it may end before its runs do; the init
      // ends the sandbox when the grader's end of their socket closes
      if (*word != "--die-with-parent") wish.serve.args.push_back(*word);
    }
    wish.serve.args.insert(wish.serve.args.end(),
                           {"--", *(dashes + 1), "--serve", std::to_string(kStatusFd)});
    wish.limits.memory_bytes = limits.memory_bytes;
    wish.limits.file_bytes = limits.file_bytes;
    wish.limits.set_time(kKeptLifetime);
    wish.key = std::string(command.hidden_case ? "hidden" : "visible") + '\0' + tenant_ + '\0' +
               std::to_string(limits.memory_bytes) + '\0' + std::to_string(limits.file_bytes);
    for (const std::string& word : wish.serve.args) wish.key += '\0' + word;
    return pool_->take(groups_, &wish);
  }
  bool reports_status() const override { return true; }

 private:
  // CPU time for a kept sandbox's whole life (RLIMIT_CPU of its bubblewrap and init, which each
  // run's program lowers to its own): a day
  static constexpr std::chrono::milliseconds kKeptLifetime{24 * 3600 * 1000};
  std::shared_ptr<const SlotPool> pool_;
  std::vector<unsigned> groups_;
  std::string tenant_;
};

// A group and the runs that join it: a submission's scratch folder, or the sandbox's own.
struct Tenant {
  unsigned group = 0;  // root: the id its folders are given to; otherwise unused
  std::shared_ptr<const Confinement> runs;
  std::shared_ptr<const Confinement> kept_runs;  // namespaces: in kept sandboxes; else `runs`
};

struct Sandbox::State {
  SandboxOptions options;
  fs::path bwrap;
  std::string bwrap_version;
  bool has_disable_userns = false;  // bubblewrap 0.8
  bool root = false;
  std::shared_ptr<SlotPool> pool;
  std::vector<fs::path> cgroup_parents;  // ours, one per controller, removed at the end
  bool cgroup_pids = false;
  bool cgroup_memory = false;
  bool cgroup_cpu = false;  // cpuacct: the CPU time of all of a run's processes
  fs::path init;  // namespaces: the copy in `work` of bloom-sandbox-init, each run's pid 1
  bool private_mounts = false;  // the grader has its own mount namespace: scratch folders are tmpfs
  fs::path work;                // scratch folders of the confined programs
  std::optional<HeldIds> ids;   // root: the slot uids and groups, this grader's alone
  std::vector<std::string> notes;  // said when the sandbox opens
  std::vector<int> filter_fds;     // namespaces: each slot's copy of the filter, for bubblewrap

  Tenant own;  // the sandbox's own folders (hand_over outside a scratch folder)
  std::mutex tenants_lock;
  std::condition_variable tenant_free;
  std::vector<unsigned> free_groups;           // root: groups for scratch folders, not in use
  std::map<fs::path, Tenant> scratch_tenants;  // under tenants_lock

  Tenant make_tenant(unsigned group, const fs::path& scratch) const {
    // each its own list, made in place (GCC 14 warns, wrongly, of a copy of a list of one)
    const auto groups = [&] {
      return root ? std::vector<unsigned>{group} : std::vector<unsigned>{};
    };
    const bool namespaces = options.kind == SandboxKind::namespaces;
    std::shared_ptr<const Confinement> runs =
        std::make_shared<TenantRuns>(pool, groups(), namespaces);
    std::shared_ptr<const Confinement> kept_runs =
        namespaces ? std::make_shared<KeptRuns>(pool, groups(), scratch.string()) : runs;
    return {group, std::move(runs), std::move(kept_runs)};
  }

  // The tenant of `path`: that of the scratch folder it is in, else the sandbox's own.
  Tenant tenant_of(const fs::path& path) {
    const std::lock_guard<std::mutex> hold(tenants_lock);
    for (const auto& [scratch, tenant] : scratch_tenants) {
      const auto [end, rest] =
          std::mismatch(scratch.begin(), scratch.end(), path.begin(), path.end());
      if (end == scratch.end()) return tenant;
    }
    return own;
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
        slot.pids_current.clear();
      }
    }
    for (const fs::path& parent : cgroup_parents) ::rmdir(parent.c_str());
    cgroup_parents.clear();
    cgroup_pids = cgroup_memory = cgroup_cpu = false;
  }

  ~State() {
    if (pool) pool->forget(nullptr);  // every kept sandbox, before the cgroups they are in
    for (const int fd : filter_fds) ::close(fd);
    drop_cgroups();
    if (pool && private_mounts) {  // the slots' tmpfs, which no one can remove a folder from
      for (const Slot& slot : pool->slots) {
        if (!slot.homes.empty()) ::umount2(slot.homes.c_str(), MNT_DETACH);
      }
    }
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
    // one process may open more than one sandbox (sandbox_bench opens both kinds)
    static std::atomic<int> opened{0};
    const std::string ours =
        "bloom-grader-" + std::to_string(::getpid()) + "-" + std::to_string(++opened);
    std::vector<std::pair<fs::path, std::string>> controllers = {{pids / ours, "pids"}};
    if (!memory.empty() && options.memory_bytes != 0)
      controllers.push_back({memory / ours, "memory"});
    if (!cpuacct.empty()) controllers.push_back({cpuacct / ours, "cpuacct"});
    for (const auto& [parent, name] : controllers) {
      if (::mkdir(parent.c_str(), 0755) != 0) return false;
      cgroup_parents.push_back(parent);
      for (std::size_t i = 0; i < pool->slots.size(); ++i) {
        Slot& slot = pool->slots[i];
        const fs::path group = parent / ("slot-" + std::to_string(i));
        if (::mkdir(group.c_str(), 0755) != 0) return false;
        slot.cgroups.push_back(group);
        if (name == "pids") slot.pids_current = group / "pids.current";
        const int procs = ::open((group / "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
        if (procs < 0) return false;
        slot.identity.join.push_back(procs);
        const std::string bytes = std::to_string(options.memory_bytes);
        // the counters the runner reads: CPU time (ns), and OOM kills (memory.oom_control)
        int& counter = name == "cpuacct" ? slot.identity.cpu_usage : slot.identity.oom_control;
        if (name != "pids") {
          counter =
              ::open((group / (name == "cpuacct" ? "cpuacct.usage" : "memory.oom_control")).c_str(),
                     O_RDONLY | O_CLOEXEC);
          if (counter < 0) return false;
        }
        const bool set =
            name == "pids"      ? write_text(group / "pids.max", std::to_string(options.processes))
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

  // The users kind: each slot's folder for its runs' private folders, and, in a mount
  // namespace of the grader's own, a bounded tmpfs there and over the shared temporary folders.
  bool bound_users_folders(std::string& problem) {
    for (Slot& slot : pool->slots) {
      slot.homes = work / ("slot-" + std::to_string(slot.identity.uid));
      if (::mkdir(slot.homes.c_str(), 0711) != 0 ||
          (private_mounts &&
           !mount_bounded(slot.homes, options.tmp_bytes, options.tmp_inodes, "0711"))) {
        problem = "cannot make " + slot.homes.string() + ": " + std::strerror(errno);
        return false;
      }
    }
    if (!private_mounts) return true;
    for (const auto& [folder, bytes] : bounded_shared_folders(pool->shared_folders, options)) {
      if (!mount_bounded(folder, bytes, options.tmp_inodes, "1777")) {
        problem = "cannot mount a tmpfs on " + folder.string() + ": " + std::strerror(errno);
        return false;
      }
    }
    return true;
  }

  // namespaces: bubblewrap, new enough, and the init each run starts under.
  bool find_bubblewrap(std::string& problem) {
    bwrap = find_bwrap();
    if (bwrap.empty()) {
      problem = "bubblewrap is not installed (Debian: sudo apt-get install bubblewrap)";
      return false;
    }
    init = find_init();
    if (::access(init.c_str(), X_OK) != 0) {
      problem =
          std::string(kInitName) + " is missing beside the grader (" + init.string() +
          "): it starts each sandboxed program and reports how the program ended; it is built "
          "with bloom-grader (cmake --build build)";
      return false;
    }
    return check_bwrap_options(problem);
  }

  // Too old a bubblewrap is named with what it lacks, rather than left to fail in the probe
  // with words about namespaces.
  bool check_bwrap_options(std::string& problem) {
    Limits quick;
    quick.wall = kProbeLimit;
    const RunResult version =
        run_program(Command{bwrap, {"--version"}, "bwrap --version", {}, {}}, "", quick);
    const RunResult help =
        run_program(Command{bwrap, {"--help"}, "bwrap --help", {}, {}}, "", quick);
    bwrap_version = version.out.substr(0, version.out.find('\n'));
    if (help.out.empty()) {
      problem = bwrap.string() + " --help printed nothing" +
                (help.started ? "" : " (" + help.start_error + ")") + ": is it bubblewrap?";
      return false;
    }
    has_disable_userns = offers(help.out, "--disable-userns");
    std::string lacks;
    for (const BwrapOption& need : kBwrapNeeds) {
      if (offers(help.out, need.option)) continue;
      lacks += std::string(lacks.empty() ? "" : ", ") + need.option + " (" + need.since + ": " +
               need.why + ")";
    }
    if (lacks.empty()) return true;
    problem = (bwrap_version.empty() ? bwrap.string() : bwrap_version) +
              " is too old: the sandbox needs bubblewrap " + kBwrapNeeded +
              " or newer (Debian 12, Ubuntu 24.04), and this one lacks " + lacks +
              "; install a newer one (BLOOM_BWRAP names it), or use --sandbox-users as root";
    return false;
  }

  // The slots, each Identity as its runs get it, the ids they are given (root) and the cgroups
  // that bound them; the filter goes to bubblewrap as a descriptor of each slot's, or to the
  // runner's child (users).
  bool make_slots(std::optional<SyscallFilter> filter, std::string& problem) {
    const bool namespaces = options.kind == SandboxKind::namespaces;
    pool = std::make_shared<SlotPool>();
    pool->slots.resize(static_cast<std::size_t>(std::max(1, options.slots)));
    const std::size_t slots = pool->slots.size();
    if (root) {
      // a uid per slot, then a group per scratch folder that may be in use at once (one per
      // slot) and the sandbox's own group
      ids = HeldIds::take(options.ids.first, options.ids.count, static_cast<int>(2 * slots + 1),
                          notes, problem);
      if (!ids) return false;
      free_groups.assign(ids->ids().begin() + static_cast<std::ptrdiff_t>(slots),
                         ids->ids().end() - 1);
    }
    if (!namespaces) pool->filter = std::move(filter);
    for (std::size_t i = 0; i < slots; ++i) {
      Identity& identity = pool->slots[i].identity;
      identity.open_files = options.open_files;
      if (namespaces) {  // bubblewrap reads the filter from a descriptor of the slot's own
        const int fd = filter->open_copy();
        if (fd < 0) {
          problem =
              std::string("cannot hand the system-call filter to bubblewrap: memfd_create: ") +
              std::strerror(errno);
          return false;
        }
        filter_fds.push_back(fd);
        identity.passed_fd = fd;
      } else {
        identity.filter = &*pool->filter;
      }
      if (root) {
        identity.switch_user = true;
        identity.uid = identity.gid = ids->ids()[i];  // a group of its own
        identity.processes = options.processes;
      }
    }
    own = make_tenant(root ? ids->ids().back() : 0, {});
    if (!root) pool->user_processes = options.processes;
    // No writable cgroup v1 (pids): the slot uids' RLIMIT_NPROC and RLIMIT_AS bound alone.
    if (root && !make_cgroups()) drop_cgroups();
    return true;
  }

  // Before any thread is started: a mount namespace of the grader's own, where the scratch
  // tmpfs mounts live and die with it. The users kind then covers the shared temporary folders,
  // which must not hide a path of the grader's own.
  bool make_private_mounts(std::string& problem) {
    private_mounts = root && ::unshare(CLONE_NEWNS) == 0 &&
                     ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
    if (!private_mounts || options.kind == SandboxKind::namespaces) return true;
    std::vector<OwnPath> own_paths = options.own_paths;
    own_paths.push_back({"TMPDIR", fs::temp_directory_path()});
    std::vector<fs::path> covered;
    for (const auto& [folder, bytes] :
         bounded_shared_folders(shared_temporary_folders(), options)) {
      covered.push_back(folder);
    }
    problem = covered_own_path(own_paths, covered);
    return problem.empty();
  }

  // The scratch folder of the confined programs, with what the kind keeps there: the users
  // kind's slot folders, the namespaces kind's copy of the init.
  bool make_work(std::string& problem) {
    std::string pattern = (fs::temp_directory_path() / "bloom-sandbox-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      problem = "cannot make a scratch folder in " + fs::temp_directory_path().string() + ": " +
                std::strerror(errno);
      return false;
    }
    work = pattern;
    const bool namespaces = options.kind == SandboxKind::namespaces;
    if (root) {
      // the slots may pass through to the folders given to them, and list none of it
      ::chmod(work.c_str(), 0711);
      if (!namespaces) {
        pool->shared_folders = shared_temporary_folders();
        if (!bound_users_folders(problem)) return false;
      }
    }
    return !namespaces || copy_init(problem);
  }

  // Each run's first process, where every slot may read it (the grader's folder may be root's).
  bool copy_init(std::string& problem) {
    const fs::path copy = work / kInitName;
    std::error_code failed;
    fs::copy_file(init, copy, failed);
    if (!failed) {
      fs::permissions(copy,
                      fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                          fs::perms::others_read | fs::perms::others_exec,
                      failed);
    }
    if (failed) {
      problem = "cannot copy " + init.string() + " to " + copy.string() + ": " + failed.message();
      return false;
    }
    init = copy;
    return true;
  }

  std::vector<std::string> bwrap_args(const std::vector<Binding>& bindings,
                                      const fs::path& working_dir) const {
    const std::string inside = std::to_string(kInsideId);
    std::vector<std::string> args = {
        "--unshare-all", "--unshare-user", "--uid", inside, "--gid", inside, "--cap-drop", "ALL",
        "--new-session", "--die-with-parent", "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc",
        "/etc", "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--symlink",
        "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        // /proc/sys read-only: even the sysctls of the program's own namespaces
        "--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev",
        // the program's own wait status, which bwrap turns into an exit status (sandbox_init.cpp)
        "--as-pid-1", "--ro-bind", init.string(), kInitInside};
    if (has_disable_userns) args.push_back("--disable-userns");
    // Every place it may write is a tmpfs with a size: /tmp and /dev/shm; /dev and the root
    // itself (a tmpfs of bubblewrap's with none) are read-only once set up.
    const std::string size = std::to_string(options.tmp_bytes);
    args.insert(args.end(), {"--size", size, "--tmpfs", "/tmp", "--size", size, "--tmpfs",
                             "/dev/shm", "--remount-ro", "/dev"});
    for (const Binding& binding : bindings) {
      args.insert(args.end(), {binding.writable ? "--bind" : "--ro-bind", binding.source.string(),
                               binding.at.string()});
    }
    args.insert(args.end(), {"--remount-ro", "/", "--seccomp", kFilterFd});
    args.insert(args.end(),
                {"--chdir", working_dir.empty() ? "/tmp" : working_dir.string(), "--clearenv"});
    // The environment every run gets, the runner's own list: a variable missing here once made
    // every build's compiler cache miss (ccache hashes LC_ALL, and the cache was filled outside)
    for (const std::string& variable : minimal_environment("/tmp")) {
      const std::size_t equals = variable.find('=');
      args.insert(args.end(),
                  {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
    }
    args.push_back("--");
    return args;
  }
};

Sandbox::Sandbox(std::unique_ptr<State> state) : state_(std::move(state)) {}
Sandbox::~Sandbox() = default;

SandboxKind Sandbox::kind() const {
  return state_->options.kind;
}

std::shared_ptr<Sandbox> Sandbox::open(const SandboxOptions& options, std::string& problem) {
  auto state = std::make_unique<State>();
  state->options = options;
  state->root = ::geteuid() == 0;
  const bool namespaces = options.kind == SandboxKind::namespaces;
  if (namespaces) {
    if (!state->find_bubblewrap(problem)) return nullptr;
  } else if (!state->root) {
    problem =
        "the users sandbox runs programs as unprivileged uids, which needs the grader to run "
        "as root";
    return nullptr;
  }
  std::string filter_problem;
  std::optional<SyscallFilter> filter = SyscallFilter::compile(filter_problem);
  if (!filter) {
    problem = "cannot make the system-call filter: " + filter_problem;
    return nullptr;
  }
  if (!state->make_slots(std::move(filter), problem)) return nullptr;
  // Programs orphaned in the sandbox come to the grader, which reaps them (release()).
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  if (!state->make_private_mounts(problem) || !state->make_work(problem)) return nullptr;
  std::shared_ptr<Sandbox> sandbox(new Sandbox(std::move(state)));
  problem = sandbox->probe();
  return problem.empty() ? sandbox : nullptr;
}

std::string Sandbox::probe() const {
  Limits limits;
  limits.wall = kProbeLimit;
  const RunResult probe = run_program(wrap({"/bin/true"}, {}, {}, "true"), "", limits);
  if (probe.started && probe.exit_code == 0 && probe.signal == 0) return "";
  const std::string said = probe.started ? probe.err.substr(0, 300) : probe.start_error;
  if (state_->options.kind == SandboxKind::namespaces) {
    return "bubblewrap cannot create its namespaces here (" + said +
           "); allow unprivileged user namespaces (Debian: sysctl "
           "kernel.unprivileged_userns_clone=1; Ubuntu 24.04: an AppArmor profile "
           "for bwrap, or sysctl kernel.apparmor_restrict_unprivileged_userns=0), "
           "or use --sandbox-users as root";
  }
  return "cannot run a program as uid " + std::to_string(state_->pool->slots.front().identity.uid) +
         " (" + said + ")";
}

Command Sandbox::wrap_kept(const std::vector<std::string>& argv,
                           const std::vector<Binding>& bindings, const fs::path& working_dir,
                           std::string display, const fs::path& scratch) const {
  Command command = wrap(argv, bindings, working_dir, std::move(display), scratch);
  command.confinement = (scratch.empty() ? state_->own : state_->tenant_of(scratch)).kept_runs;
  return command;
}

Command Sandbox::wrap(const std::vector<std::string>& argv, const std::vector<Binding>& bindings,
                      const fs::path& working_dir, std::string display,
                      const fs::path& scratch) const {
  Command command;
  command.display = std::move(display);
  command.confinement = (scratch.empty() ? state_->own : state_->tenant_of(scratch)).runs;
  if (state_->options.kind == SandboxKind::namespaces) {
    command.executable = state_->bwrap;
    command.args = state_->bwrap_args(bindings, working_dir);
    command.args.insert(command.args.end(), {kInitInside, std::to_string(kStatusFd)});
    command.args.insert(command.args.end(), argv.begin(), argv.end());
    return command;
  }
  // users: the program itself; the runner makes its slot's private folder its HOME, TMPDIR and,
  // unless `working_dir` says otherwise, its working folder
  const std::optional<fs::path> found = find_program(argv.front());
  command.executable = found ? *found : fs::path(argv.front());
  command.args.assign(argv.begin() + 1, argv.end());
  command.working_dir = working_dir;
  return command;
}

void Sandbox::hand_over(const fs::path& folder) const {
  if (!state_->root) return;
  const auto group = static_cast<gid_t>(state_->tenant_of(folder).group);
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
    fs::permissions(path, fs::perms::others_all, fs::perm_options::remove);  // its group's alone
  };
  give(folder, true);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    give(entry.path(), entry.is_directory() && !entry.is_symlink());
  }
}

void Sandbox::seal(const fs::path& scratch) const {
  if (!state_->root || state_->options.kind != SandboxKind::users) return;
  // No program of the submission runs now (its build's slot was emptied at its release), and
  // no other submission's can enter the folder: the walk meets nothing that moves.
  const auto group = static_cast<gid_t>(state_->tenant_of(scratch).group);
  const auto seal_one = [&](const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || ::lchown(path.c_str(), 0, group) != 0) {
      throw fs::filesystem_error("seal", path, std::error_code(errno, std::generic_category()));
    }
    if (S_ISLNK(info.st_mode)) return;
    const mode_t mode = S_ISDIR(info.st_mode) ? 02750 : (info.st_mode & S_IXUSR) != 0 ? 0750 : 0640;
    if (::chmod(path.c_str(), mode) != 0) {
      throw fs::filesystem_error("seal", path, std::error_code(errno, std::generic_category()));
    }
  };
  seal_one(scratch);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(scratch))
    seal_one(entry.path());
}

std::string Sandbox::exposed(const fs::path& path, const std::string& what) const {
  if (!state_->root || state_->options.kind != SandboxKind::users) return "";
  // A slot is in no group of the kit's files: their "others" bits are what it gets.
  const fs::path absolute = fs::absolute(path).lexically_normal();
  fs::path walked = "/";
  for (const fs::path& part : absolute.relative_path()) {
    struct stat info {};
    if (::stat(walked.c_str(), &info) != 0 || (info.st_mode & S_IXOTH) == 0) return "";
    walked /= part;
  }
  struct stat info {};
  if (::stat(absolute.c_str(), &info) != 0) return "";
  const mode_t opens = S_ISDIR(info.st_mode) ? S_IROTH | S_IXOTH : S_IROTH;
  if ((info.st_mode & opens) == 0) return "";
  return what + " " + path.string() +
         " can be read by the sandboxed programs: under --sandbox-users "
         "they see what every uid may read; make it root's alone (chmod o-rwx " +
         path.string() + ")";
}

std::string Sandbox::unreachable(const std::vector<Binding>& bindings) const {
  if (!state_->root) return "";  // bubblewrap runs as the grader's own uid
  const auto group = static_cast<gid_t>(state_->own.group);
  for (const Binding& binding : bindings) {
    fs::path walked = "/";
    for (const fs::path& part : binding.source.relative_path()) {
      struct stat info {};
      if (::stat(walked.c_str(), &info) == 0 && S_ISDIR(info.st_mode) &&
          (info.st_mode & S_IXOTH) == 0 &&
          !(info.st_gid == group && (info.st_mode & S_IXGRP) != 0)) {
        return binding.source.string() + ": the sandbox's users (uid " +
               std::to_string(state_->pool->slots.front().identity.uid) + " on) cannot enter " +
               walked.string() +
               "; put the program under a folder they can reach (/tmp, /srv, ...) or give the "
               "folder to them (chmod o+x)";
      }
      walked /= part;
    }
  }
  return "";
}

fs::path Sandbox::scratch(const std::string& name) const {
  State& s = *state_;
  const fs::path folder = s.work / name;
  if (s.root) {  // a group of its own, once one is free
    std::unique_lock<std::mutex> hold(s.tenants_lock);
    s.tenant_free.wait(hold, [&] { return !s.free_groups.empty(); });
    s.scratch_tenants[folder] = s.make_tenant(s.free_groups.back(), folder);
    s.free_groups.pop_back();
  }
  try {
    fs::create_directories(folder);
    if (s.private_mounts) {
      if (!mount_bounded(folder, s.options.scratch_bytes, s.options.scratch_inodes, "0700")) {
        throw fs::filesystem_error("mount tmpfs", folder,
                                   std::error_code(errno, std::generic_category()));
      }
    }
    hand_over(folder);
  } catch (const fs::filesystem_error&) {
    drop(folder);
    throw;
  }
  return folder;
}

void Sandbox::drop(const fs::path& scratch) const {
  State& s = *state_;
  // its kept sandboxes first, which show its files
  const std::string kept_for = scratch.string();
  s.pool->forget(&kept_for);
  std::error_code ignored;
  fs::remove_all(scratch, ignored);
  if (s.private_mounts) ::umount2(scratch.c_str(), MNT_DETACH);
  fs::remove(scratch, ignored);
  const std::lock_guard<std::mutex> hold(s.tenants_lock);
  if (const auto tenant = s.scratch_tenants.find(scratch); tenant != s.scratch_tenants.end()) {
    s.free_groups.push_back(tenant->second.group);
    s.scratch_tenants.erase(tenant);
    s.tenant_free.notify_one();
  }
}

namespace {

// describe()'s line of where a program may write, and how much.
std::string describe_writes(const Sandbox::State& s) {
  const SandboxOptions& o = s.options;
  const std::string files = std::to_string(o.tmp_inodes) + " files";
  if (o.kind == SandboxKind::namespaces) {
    // bubblewrap has no nr_inodes: an empty file costs about 1 KiB that no size= counts
    // (400,000 of them took 400 MiB, docs/batch.md)
    return "writes: /tmp, its working folder, and /dev/shm are tmpfs of " + mib_text(o.tmp_bytes) +
           " each, the rest read-only; a file at most the file limit (RLIMIT_FSIZE); their number "
           "of files " +
           (s.cgroup_memory ? std::string("bounded by the memory limit alone (cgroup memory counts "
                                          "about 1 KiB of kernel memory each)")
                            : std::string("not bounded (bubblewrap bounds none, and no writable "
                                          "cgroup memory counts their kernel memory)"));
  }
  if (!s.private_mounts) {
    return "writes: a file at most the file limit (RLIMIT_FSIZE); not bounded in total (no tmpfs "
           "without a mount namespace), and removed after each run";
  }
  std::string shared;
  for (const auto& [folder, bytes] : bounded_shared_folders(s.pool->shared_folders, o)) {
    shared += (shared.empty() ? "" : ", ") + folder.string() + " " + mib_text(bytes);
  }
  return "writes: its own folder (HOME, TMPDIR) a tmpfs of " + mib_text(o.tmp_bytes) + " and " +
         files + "; tmpfs of " + files + " each, shared by the runs at once: " + shared +
         "; /tmp a file at most the file limit (RLIMIT_FSIZE), not bounded in total nor in its "
         "number of files (the host's file system); all removed after each run";
}

// What a program is and sees in the sandbox: its kind, user, privilege, files and network.
std::vector<std::string> describe_confinement(const Sandbox::State& s) {
  const bool namespaces = s.options.kind == SandboxKind::namespaces;
  std::string slots;
  for (const Slot& slot : s.pool->slots) {
    slots += (slots.empty() ? "" : ",") + std::to_string(slot.identity.uid);
  }
  std::vector<std::string> lines;
  lines.push_back(namespaces
                      ? "kind: namespaces (" + s.bwrap_version + ", " + s.bwrap.string() + ")"
                      : "kind: users (no namespaces)");
  if (namespaces) {
    lines.push_back(s.root ? "user: uid 65534 inside; outside, slot uids " + slots +
                                 ", one per program running at once, each with a group of its own"
                           : "user: uid 65534 inside; outside, the grader's own uid " +
                                 std::to_string(::getuid()));
    lines.push_back("privilege: no capability, no_new_privs, a new session (no terminal)" +
                    std::string(s.has_disable_userns ? ", no further user namespace" : ""));
    lines.push_back(
        "seen: /usr and /etc read-only, its own /proc (/proc/sys read-only) and /dev, a private "
        "/tmp, and "
        "only the files the command needs");
    lines.push_back("network: none (its own empty network namespace)");
  } else {
    lines.push_back("user: slot uids " + slots +
                    ", one per program running at once, each with a group of its own");
    lines.push_back(
        "privilege: none (a non-root uid, an empty bounding set, no_new_privs), a new session (no "
        "terminal)");
    lines.push_back(
        "seen: everything that uid may read (the kit's files must be root-only, mode 700); a "
        "folder of its own per run; what it leaves in " +
        [&] {
          std::string folders;
          for (const fs::path& folder : s.pool->shared_folders) {
            folders += (folders.empty() ? "" : ", ") + folder.string();
          }
          return folders;
        }() +
        " is removed after each run");
    lines.push_back("network: none (the system-call filter refuses sockets)");
  }
  return lines;
}

// How many processes and how much memory a program may have.
std::vector<std::string> describe_bounds(const Sandbox::State& s) {
  const SandboxOptions& o = s.options;
  std::vector<std::string> lines;
  const std::string nproc = std::to_string(o.processes);
  if (s.cgroup_pids) {
    lines.push_back("processes: at most " + nproc +
                    " per program (cgroup pids.max, and RLIMIT_NPROC of its slot uid)");
  } else if (s.root) {
    lines.push_back("processes: at most " + nproc +
                    " per program (RLIMIT_NPROC of its slot uid; no writable cgroup)");
  } else {
    lines.push_back(
        "processes: at most " + nproc +
        " beyond the grader's uid's own, shared by the programs running at once (RLIMIT_NPROC)");
  }
  if (o.memory_bytes == 0) {
    lines.push_back("memory: no bound (--memory 0)");
  } else if (s.cgroup_memory) {
    lines.push_back(
        "memory: " + mib_text(o.memory_bytes) +
        " across a program's processes (cgroup memory), and address space per process (RLIMIT_AS)");
  } else {
    lines.push_back("memory: " + mib_text(o.memory_bytes) +
                    " of address space per process (RLIMIT_AS); across processes at most " + nproc +
                    " times that (no writable cgroup memory)");
  }
  return lines;
}

}  // namespace

std::vector<std::string> Sandbox::describe() const {
  const State& s = *state_;
  const SandboxOptions& o = s.options;
  const bool namespaces = o.kind == SandboxKind::namespaces;
  std::vector<std::string> lines = describe_confinement(s);
  lines.push_back(SyscallFilter::summary());
  for (std::string& line : describe_bounds(s)) lines.push_back(std::move(line));
  lines.push_back(describe_writes(s));
  lines.push_back(s.private_mounts
                      ? "builds: in a copy of the submission, a " + mib_text(o.scratch_bytes) +
                            " tmpfs of " + std::to_string(o.scratch_inodes) + " files"
                      : "builds: in a copy of the submission on disk, bounded per file only "
                        "(a tmpfs needs the grader to run as root, with its own mount namespace)");
  lines.push_back("open files: " + std::to_string(o.open_files) + " per process (RLIMIT_NOFILE)");
  lines.push_back(std::string("time: a CPU-time limit per run, every process of it together (") +
                  (s.cgroup_cpu ? "cgroup cpuacct"
                   : s.root     ? "every process of its slot uid in /proc, orphans too"
                                : "the run's process tree in /proc") +
                  ", and RLIMIT_CPU per process); a wall-clock limit " +
                  std::to_string(kWallPerCpu) + " times it");
  if (namespaces) {
    lines.push_back(
        "ending: the program's own exit status or signal, from the sandbox's first process "
        "(bloom-sandbox-init)");
  }
  return lines;
}

const std::vector<std::string>& Sandbox::notes() const {
  return state_->notes;
}

std::string sandbox_flag(SandboxKind kind) {
  return kind == SandboxKind::namespaces ? "--sandbox" : "--sandbox-users";
}

std::string parse_sandbox_ids(const std::string& text, SandboxIds& ids) {
  const std::size_t dash = text.find('-');
  unsigned long first = 0;
  unsigned long last = 0;
  try {
    std::size_t used = 0;
    if (dash == std::string::npos) throw std::invalid_argument(text);
    first = std::stoul(text.substr(0, dash), &used);
    if (used != dash) throw std::invalid_argument(text);
    last = std::stoul(text.substr(dash + 1), &used);
    if (used != text.size() - dash - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    return "--sandbox-uids needs FIRST-LAST, for example 60000-60999, got \"" + text + "\"";
  }
  constexpr unsigned long kHighest = 0x7FFFFFFF;  // the kernel's uids are 32-bit; -1 means none
  if (first == 0 || last < first || last > kHighest) {
    return "--sandbox-uids FIRST-LAST needs 1 <= FIRST <= LAST < 2^31 (0 is root), got \"" + text +
           "\"";
  }
  ids.first = static_cast<unsigned>(first);
  ids.count = static_cast<unsigned>(last - first + 1);
  return "";
}

std::shared_ptr<Sandbox> open_sandbox(SandboxKind kind, int slots, double memory_mb,
                                      const SandboxIds& ids, std::vector<OwnPath> own,
                                      std::string& problem) {
  SandboxOptions options;
  options.own_paths = std::move(own);
  options.kind = kind;
  options.slots = slots;
  options.memory_bytes = bytes_of_mib(memory_mb);
  options.ids = ids;
  std::shared_ptr<Sandbox> sandbox = Sandbox::open(options, problem);
  if (!sandbox) problem = sandbox_flag(kind) + ": " + problem;
  return sandbox;
}

void copy_submission(const fs::path& from, const fs::path& to) {
  // One walk that copies what it has just checked (no check of the whole first): nothing is
  // read through a name it did not lstat.
  const auto refuse = [](const std::string& what, const fs::path& path, std::errc code) {
    throw fs::filesystem_error(what, path, std::make_error_code(code));
  };
  const auto copy_one = [&](const fs::path& source, const fs::path& target) {
    struct stat info {};
    if (::lstat(source.c_str(), &info) != 0) {
      throw fs::filesystem_error("lstat", source, std::error_code(errno, std::generic_category()));
    }
    if (S_ISLNK(info.st_mode)) {
      fs::copy_symlink(source, target);
    } else if (S_ISDIR(info.st_mode)) {
      fs::create_directory(target);
    } else if (!S_ISREG(info.st_mode)) {
      refuse("not a regular file, folder or symbolic link", source, std::errc::not_supported);
    } else if (info.st_nlink != 1) {
      refuse("a hard link (a file with " + std::to_string(info.st_nlink) +
                 " names): each file of a submission must have one name",
             source, std::errc::too_many_links);
    } else {
      fs::copy_file(source, target);
      fs::permissions(target, static_cast<fs::perms>(info.st_mode & 0777));  // no setuid bit
    }
  };
  struct stat top {};
  if (::lstat(from.c_str(), &top) != 0 || !S_ISDIR(top.st_mode)) {
    refuse("a submission is a folder (not a link to one)", from, std::errc::not_a_directory);
  }
  for (auto entry = fs::recursive_directory_iterator(from);
       entry != fs::recursive_directory_iterator(); ++entry) {
    copy_one(entry->path(), to / entry->path().lexically_relative(from));
  }
}

std::vector<Binding> bindings_for(const Command& command, const std::vector<fs::path>& readable) {
  std::vector<fs::path> seen = {command.executable};
  for (const std::string& arg : command.args) {
    std::error_code missing;
    if (!arg.empty() && arg[0] == '/' && fs::exists(arg, missing)) seen.emplace_back(arg);
  }
  for (const fs::path& path : readable) seen.push_back(fs::absolute(path).lexically_normal());
  std::vector<Binding> bindings;
  for (const fs::path& path : seen) {
    const std::string text = path.string();
    if (text == "/" || text == "/usr" || text.rfind("/usr/", 0) == 0) continue;
    if (std::any_of(bindings.begin(), bindings.end(),
                    [&](const Binding& b) { return b.source == path; })) {
      continue;
    }
    bindings.push_back({path, path, false});
  }
  return bindings;
}

}  // namespace grader
