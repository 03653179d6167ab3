#include "batch/scheduler.hpp"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <mutex>
#include <string>
#include <utility>

#include "inert.hpp"
#include "judge.hpp"

namespace grader {

namespace {

std::string duration_text(std::chrono::seconds s) {
  const auto minutes = s.count() / 60;
  return minutes > 0 ? std::to_string(minutes) + "m" + std::to_string(s.count() % 60) + "s"
                     : std::to_string(s.count()) + "s";
}

// What is done so far, drawn on stderr. Every member is used under the scheduler's lock.
class Progress {
 public:
  Progress(std::size_t submissions, std::size_t cases_each)
      : submissions_(submissions), total_cases_(submissions * cases_each) {}

  void case_done() {
    ++cases_done_;
    draw();
  }
  // A submission is over: `cases_counted` of its cases were counted as they finished (a failed
  // build's are all counted here).
  void submission_done(const SubmissionReport& report, std::size_t cases_counted, std::size_t cases_each) {
    cases_done_ += cases_each - std::min(cases_counted, cases_each);
    ++done_;
    if (report.status() != SubmissionStatus::Passed) ++failures_;
    if (terminal_) {
      draw();
    } else {
      std::cerr << "graded " << inert(report.submission) << ": " << status_name(report.status())
                << " " << report.score() << "/" << report.max_score() << " (" << done_ << "/"
                << submissions_ << ")\n";
    }
  }
  void end() const {
    if (terminal_ && submissions_ > 0) std::cerr << "\n";
  }

 private:
  void draw() const {
    if (!terminal_ || cases_done_ == 0) return;
    const auto elapsed = std::chrono::steady_clock::now() - start_;
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(
        elapsed * static_cast<double>(total_cases_ - cases_done_) / static_cast<double>(cases_done_));
    constexpr std::size_t kWidth = 30;
    const std::size_t filled = kWidth * cases_done_ / total_cases_;
    std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << done_
              << "/" << submissions_ << "  " << failures_ << " not passed  ~" << duration_text(left)
              << " left   " << std::flush;
  }

  const bool terminal_ = ::isatty(STDERR_FILENO) != 0;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::size_t submissions_;
  std::size_t total_cases_;
  std::size_t cases_done_ = 0;
  std::size_t done_ = 0;
  std::size_t failures_ = 0;
};

}  // namespace

void schedule(std::size_t count, std::size_t cases_each, int jobs, const std::atomic<bool>& stop,
              const std::function<SubmissionReport(const Submission&)>& grade,
              const std::function<void(std::size_t index, const SubmissionReport&)>& finished) {
  std::mutex lock;
  Progress progress(count, cases_each);
  std::size_t started = 0;  // under lock
  int free_slots = jobs;    // programs that may start now, under lock
  run_in_parallel(count, jobs, stop, [&](std::size_t i) {
    int taken = 1;  // this submission's slots
    {
      const std::lock_guard<std::mutex> guard(lock);
      ++started;
      --free_slots;
    }
    std::size_t counted = 0;  // this submission's cases counted so far
    const Submission submission{
        i,
        [&] {
          const std::lock_guard<std::mutex> guard(lock);
          if (started < count) return 1;
          taken += std::exchange(free_slots, 0);
          return taken;
        },
        [&] {
          const std::lock_guard<std::mutex> guard(lock);
          ++counted;
          progress.case_done();
        }};
    const SubmissionReport report = grade(submission);
    const std::lock_guard<std::mutex> guard(lock);
    free_slots += taken;
    if (stop.load()) return;  // an interrupted grade is not written, so it reruns
    finished(i, report);
    progress.submission_done(report, counted, cases_each);
  });
  progress.end();
}

}  // namespace grader
