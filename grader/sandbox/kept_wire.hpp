// What the grader and the init of a kept sandbox (sandbox_init.cpp, --serve) say to each other
// over their stream socketpair: the grader's side is kept.cpp, the init's sandbox_init.cpp, and
// both read this file, the one place of the format. Only fixed-size types and no library: the
// init is a static binary of system calls.
//
// First the init says kReady (a KeptReply), once it has noted what bubblewrap made in its /tmp
// and /dev/shm. Then, for each run:
// - the grader sends one message whose first byte carries the program's stdin, stdout and
//   stderr (SCM_RIGHTS, three descriptors), a KeptRequest and, after it, `bytes` bytes:
//   `limits` KeptLimits, then NUL-terminated strings: the working folder, the `argc` words of
//   the command, the `envc` entries of its environment (none: the init's own, which bubblewrap's
//   --setenv made);
// - the init starts it and says kStarted with the program's pidfd (SCM_RIGHTS), or kRefused
//   (`error` an errno: the request was not understood, or fork failed), after which it ends;
// - the grader, once it has seen the program end and will signal it no more, sends the byte
//   kReap; until then the program stays unreaped, so that its pid is not another's;
// - the init reaps it, kills and reaps every other process of the sandbox and says kDone with
//   the program's wait status and its CPU time (its own and its reaped children's, as wait4
//   gives): the run is over, whatever it left in the files;
// - then it empties /tmp and /dev/shm of all but what bubblewrap made, checks that nothing of
//   its own was changed (its limits, priority, scheduling), and says kClean, `clean` 1 when the
//   sandbox is as it was before the run. The grader waits for it before the next run, however
//   long the last run's files take to remove, or stops the sandbox instead. When it is not
//   clean, or when the grader's end closes, the init kills everything and exits, which ends the
//   sandbox.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

namespace grader::kept_wire {

inline constexpr uint32_t kMagic = 0x4b455054;   // "KEPT"
inline constexpr uint32_t kMaxBytes = 1U << 20;  // a request's strings and limits, at most
inline constexpr uint32_t kMaxWords = 4096;      // argc + envc, at most
inline constexpr int kDescriptors = 3;           // stdin, stdout, stderr

struct KeptRequest {
  uint32_t magic = kMagic;
  uint32_t bytes = 0;
  uint32_t limits = 0;
  uint32_t argc = 0;
  uint32_t envc = 0;
};

// setrlimit(resource, {soft, hard}) in the program, before exec
struct KeptLimit {
  int32_t resource = 0;
  uint32_t unused = 0;
  uint64_t soft = 0;
  uint64_t hard = 0;
};

// kReady: the init's first word, once it has noted what bubblewrap made; the kernel adds its
// pid as the grader sees it (SO_PASSCRED on the grader's end).
enum : int8_t { kReady = 'H', kStarted = 'S', kRefused = 'R', kDone = 'D', kClean = 'C' };
inline constexpr char kReap = 'R';  // the grader's one byte after a run

struct KeptReply {
  int8_t kind = kDone;
  int8_t clean = 0;  // kClean: nothing of the run is left in the sandbox
  int16_t unused = 0;
  int32_t error = 0;   // kRefused: an errno
  int32_t status = 0;  // kDone: the wait status
  int32_t unused2 = 0;
  int64_t cpu_us = 0;  // kDone: user + system time, microseconds
};

// The request's body read back: pointers into `body` (which must outlive them), `words` holding
// argv (argc, then a null) and envp (envc, then a null) one after the other. False when the body
// does not hold what the header says. No allocation: the caller gives `words` room for
// argc + envc + 2 and `limits` room for the header's count.
struct ParsedRequest {
  const KeptLimit* limits = nullptr;
  const char* working_dir = nullptr;
  char** argv = nullptr;
  char** envp = nullptr;
};

inline bool valid_header(const KeptRequest& request) {
  return request.magic == kMagic && request.bytes <= kMaxBytes && request.argc >= 1 &&
         request.argc + request.envc <= kMaxWords &&
         static_cast<uint64_t>(request.limits) * sizeof(KeptLimit) <= request.bytes;
}

inline bool parse_body(const KeptRequest& request, char* body, char** words,
                       ParsedRequest& parsed) {
  const size_t limit_bytes = request.limits * sizeof(KeptLimit);
  parsed.limits = reinterpret_cast<const KeptLimit*>(body);
  char* at = body + limit_bytes;
  char* const end = body + request.bytes;
  const auto next = [&](char*& string) {
    if (at >= end) return false;
    char* nul = static_cast<char*>(memchr(at, '\0', static_cast<size_t>(end - at)));
    if (nul == nullptr) return false;
    string = at;
    at = nul + 1;
    return true;
  };
  char* working_dir = nullptr;
  if (!next(working_dir)) return false;
  parsed.working_dir = working_dir;
  uint32_t w = 0;
  for (uint32_t i = 0; i < request.argc; ++i) {
    if (!next(words[w++])) return false;
  }
  words[w++] = nullptr;
  for (uint32_t i = 0; i < request.envc; ++i) {
    if (!next(words[w++])) return false;
  }
  words[w] = nullptr;
  parsed.argv = words;
  parsed.envp = words + request.argc + 1;
  return at == end;
}

}  // namespace grader::kept_wire
