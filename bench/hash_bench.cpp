// Microbenchmarks, each beside the baseline it is read against (docs/performance.md):
// MurmurHash3 by key length against a loop that only reads the same bytes, and BIP 37 insert
// and contains on a 36000-byte filter against the bare compute loop (k murmur calls and bit
// operations on a byte array, nothing else).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "bip37.hpp"
#include "murmur3.hpp"

namespace {

constexpr std::uint32_t kHashes = 10;           // k of a 36000-byte filter for 20000 elements
constexpr std::uint32_t kFilterBytes = 36000;
constexpr std::size_t kKeyBytes = 32;

std::vector<std::uint8_t> bytes(std::size_t n, std::uint8_t salt = 0) {
  std::vector<std::uint8_t> data(n);
  std::iota(data.begin(), data.end(), salt);
  return data;
}

void BM_ReadBytes(benchmark::State& state) {  // baseline: the memory bound
  const auto data = bytes(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    std::uint32_t sum = 0;
    for (const std::uint8_t b : data) sum += b;
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

void BM_Murmur3(benchmark::State& state) {
  const auto data = bytes(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(bloom::murmur3_32(data, 0x9747b28c));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

std::vector<std::vector<std::uint8_t>> keys() {
  std::vector<std::vector<std::uint8_t>> all;
  for (std::uint8_t i = 0; i < 64; ++i) all.push_back(bytes(kKeyBytes, static_cast<std::uint8_t>(i * 7)));
  return all;
}

void BM_ComputeLoop(benchmark::State& state) {  // baseline: k murmur calls and bit sets only
  std::vector<std::uint8_t> filter(kFilterBytes);
  const auto all = keys();
  std::size_t next = 0;
  for (auto _ : state) {
    const auto& key = all[next++ & 63];
    for (std::uint32_t i = 0; i < kHashes; ++i) {
      const std::uint32_t bit = bloom::murmur3_32(key, i * 0xFBA4C795 + 7) % (kFilterBytes * 8);
      filter[bit >> 3] = static_cast<std::uint8_t>(filter[bit >> 3] | (1U << (bit & 7)));
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_Bip37Insert(benchmark::State& state) {
  bloom::Bip37Filter filter(bloom::FilterSize{kFilterBytes, kHashes}, 7, 0);
  const auto all = keys();
  std::size_t next = 0;
  for (auto _ : state) filter.insert(all[next++ & 63]);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_Bip37Contains(benchmark::State& state) {
  bloom::Bip37Filter filter(bloom::FilterSize{kFilterBytes, kHashes}, 7, 0);
  const auto all = keys();
  for (std::size_t i = 0; i < all.size(); i += 2) filter.insert(all[i]);
  std::size_t next = 0;
  for (auto _ : state) benchmark::DoNotOptimize(filter.contains(all[next++ & 63]));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

}  // namespace

BENCHMARK(BM_ReadBytes)->Arg(4)->Arg(32)->Arg(1024)->Arg(1 << 20);
BENCHMARK(BM_Murmur3)->Arg(4)->Arg(32)->Arg(1024)->Arg(1 << 20);
BENCHMARK(BM_ComputeLoop);
BENCHMARK(BM_Bip37Insert);
BENCHMARK(BM_Bip37Contains);
BENCHMARK_MAIN();
