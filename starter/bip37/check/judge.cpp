#include "judge.hpp"

#include <cstdint>
#include <mutex>
#include <thread>

#include "time_limit.hpp"

namespace grader {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Timeout: return "timeout";
    case Verdict::MemoryLimit: return "memory-limit";
    case Verdict::Crashed: return "crashed";
    case Verdict::ExitCode: return "exit-code";
    case Verdict::OutputLimit: return "output-limit";
    case Verdict::NoOutput: return "no-output";
    case Verdict::WrongOutput: return "wrong-output";
    case Verdict::Passed: return "passed";
    case Verdict::NotRun: return "not-run";
    case Verdict::Skipped: return "skipped";
  }
  return "not-run";
}

namespace {

std::string answered(const RunResult& run, const Case& kase) {
  return std::to_string(output_lines(run.out).size()) + " of " +
         std::to_string(kase.expected_line_count()) + " expected lines came";
}

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

std::string allocation_failure(const RunResult& run) {
  if (run.signal == 0 && run.exit_code == 0) return "";
  // Each as the runtime writes it (libstdc++'s terminate handler, libc++abi, CPython, the JVM,
  // Rust's default alloc error hook, Go's runtime, V8), most telling first.
  static constexpr const char* kWords[] = {"std::bad_alloc", "MemoryError", "java.lang.OutOfMemoryError",
                                           "runtime: out of memory", "out of memory"};
  for (const char* words : kWords) {
    if (run.err.find(words) != std::string::npos) return words;
  }
  const std::size_t rust = run.err.find("memory allocation of ");
  if (rust != std::string::npos && run.err.find(" bytes failed", rust) != std::string::npos) {
    return "memory allocation of N bytes failed";
  }
  return "";
}

int jobs_or_cores(int jobs) {
  return jobs > 0 ? jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

CaseResult judge(const Case& kase, RunResult run, const Limits& limits) {
  CaseResult result;
  result.kase = &kase;
  if (!run.started) {
    result.verdict = Verdict::NotRun;
    result.summary = run.start_error;
    result.run = std::move(run);
    return result;
  }
  result.mismatch = compare_output(kase, run.out);
  const bool output_right = !result.mismatch.has_value();
  if (result.mismatch && result.mismatch->actual && !result.mismatch->extra_output) {
    for (const KnownMistake& known : kase.mistakes) {
      if (known.case_line == result.mismatch->case_line &&
          lines_match(known.answer, *result.mismatch->actual)) {
        result.diagnosis.push_back(&known);
      }
    }
  }

  const std::string allocation = allocation_failure(run);
  if (run.timed_out) {
    result.verdict = Verdict::Timeout;
    // The grader cannot tell where the program is: a program that buffers its answers and
    // then hangs looks exactly like one that hangs at its first command.
    result.summary = (run.cpu_limited ? "used its " + limit_text(limits.cpu) + " of CPU time"
                                      : "not finished within " + limit_text(limits.wall) +
                                            " of wall-clock time, using " +
                                            limit_text(run.cpu / 100 * 100) + " of CPU") +  // to the tenth
                     " (" + answered(run, kase) + (output_right ? ", all of them right" : "") +
                     "): it may be stuck, or may hold its answers in a buffer";
  } else if (run.oom_killed || !allocation.empty()) {
    result.verdict = Verdict::MemoryLimit;
    result.summary = (run.oom_killed ? "ran out of memory: its processes together reached the memory limit, " +
                                           mib(limits.memory_bytes) + ", and the kernel ended one"
                                     : "ran out of memory: an allocation failed (" + allocation + ")" +
                                           (limits.memory_bytes != 0 ? " under the limit of " +
                                                                           mib(limits.memory_bytes) + " per process"
                                                                     : "")) +
                     " (" + answered(run, kase) + ")";
  } else if (run.signal != 0) {
    result.verdict = Verdict::Crashed;
    result.summary = "killed by " + signal_name(run.signal) + " (" + answered(run, kase) + ")";
  } else if (run.exit_code != 0) {
    result.verdict = Verdict::ExitCode;
    result.summary = "exited with status " + std::to_string(run.exit_code) +
                     " (a program ends with 0 at the end of its input)";
  } else if (run.output_limited) {
    result.verdict = Verdict::OutputLimit;
    result.summary = "wrote more than " + std::to_string(limits.output_bytes) +
                     " bytes of output; it was stopped";
  } else if (run.out.empty() && kase.expected_line_count() > 0) {
    result.verdict = Verdict::NoOutput;
    result.summary = "no output at all; " + std::to_string(kase.expected_line_count()) +
                     " lines were expected";
  } else if (!output_right) {
    result.verdict = Verdict::WrongOutput;
    const Mismatch& m = *result.mismatch;
    result.summary = m.extra_output ? "more answer lines than commands: line " +
                                          std::to_string(m.output_line + 1) + " was not expected"
                     : !m.actual  ? "the output ended (" + answered(run, kase) + ")"
                                  : "answer " + std::to_string(m.output_line + 1) + " differs";
  } else {
    result.verdict = Verdict::Passed;
    result.points = kase.points;
  }
  result.run = std::move(run);
  return result;
}

std::vector<CaseResult> grade(const std::vector<Case>& cases, const Command& command,
                              const GradeOptions& options, const std::atomic<bool>& stop,
                              const std::function<void(const CaseResult&)>& on_result) {
  std::vector<CaseResult> results(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    results[i].kase = &cases[i];
    results[i].summary = "not run: grading was interrupted";
  }
  std::mutex report_lock;
  int timeouts = 0;  // under report_lock
  const auto start = std::chrono::steady_clock::now();
  const auto skipped_after_timeouts = [&](int count) {
    return "not run: " + std::to_string(count) + " cases had timed out already";
  };
  // Why case i is skipped rather than run, or "" to run it.
  const auto skip_reason = [&]() -> std::string {
    const std::lock_guard<std::mutex> lock(report_lock);
    if (options.skip_after_timeouts > 0 && timeouts >= options.skip_after_timeouts) {
      return skipped_after_timeouts(timeouts);
    }
    if (options.budget.count() > 0 && std::chrono::steady_clock::now() - start >= options.budget) {
      const auto ms = options.budget.count();
      return "not run: the time budget of " +
             (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") + " was spent";
    }
    return "";
  };
  run_in_parallel(cases.size(), options.jobs, stop, [&](std::size_t i) {
    if (std::string reason = skip_reason(); !reason.empty()) {
      const std::lock_guard<std::mutex> lock(report_lock);
      results[i].verdict = Verdict::Skipped;
      results[i].summary = std::move(reason);
      if (on_result) on_result(results[i]);
      return;
    }
    Limits limits = options.limits;
    limits.set_time(case_time_limit(cases[i], options.timeout, options.limits.cpu));
    CaseResult result =
        judge(cases[i], run_program(command, cases[i].input_text(), limits), limits);
    if (stop.load() && result.verdict != Verdict::Passed) {
      result.verdict = Verdict::NotRun;  // killed by Ctrl-C: says nothing about the program
      result.points = 0;
      result.summary = "not run: grading was interrupted";
    }
    const std::lock_guard<std::mutex> lock(report_lock);
    timeouts += result.verdict == Verdict::Timeout ? 1 : 0;
    results[i] = std::move(result);
    if (on_result) on_result(results[i]);
  });
  // Cases run at once may have started after, in order, the timeout that ends the run: they
  // are judged skipped too, so that the verdicts are those of one case at a time, whatever
  // `jobs` (a batch's reports do not depend on how it was scheduled).
  if (options.skip_after_timeouts > 0) {
    int seen = 0;
    for (CaseResult& result : results) {
      if (seen >= options.skip_after_timeouts && result.verdict != Verdict::Skipped &&
          result.verdict != Verdict::NotRun) {
        const Case* kase = result.kase;
        result = CaseResult{};
        result.kase = kase;
        result.verdict = Verdict::Skipped;
        result.summary = skipped_after_timeouts(seen);
      }
      seen += result.verdict == Verdict::Timeout ? 1 : 0;
    }
  }
  return results;
}

void run_in_parallel(std::size_t count, int jobs, const std::atomic<bool>& stop,
                     const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i = next.fetch_add(1); i < count && !stop.load(); i = next.fetch_add(1)) {
      work(i);
    }
  };
  const auto threads_wanted = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), count);
  std::vector<std::thread> threads;
  for (std::size_t j = 1; j < threads_wanted; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
}

}  // namespace grader
