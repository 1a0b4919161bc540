// Native timings of the hot kernels, printed as JSON for scripts/bench.mjs to put beside the WebAssembly
// and JavaScript figures. Native here means g++'s default x86-64 target: 128-bit SSE2, the width of
// WebAssembly SIMD. Each figure is the median of several runs, in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"
#include "poslab/similarity.hpp"

namespace {

double median_ms(int runs, const std::function<void()>& body) {
  body();  // warm-up: page faults and caches
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

volatile float sink;  // keeps the optimiser from dropping the work

}  // namespace

int main() {
  std::printf("[\n");
  for (auto [rows, cols, runs] : {std::tuple{2048, 512, 30}, std::tuple{8192, 1024, 8}}) {
    const double pe = median_ms(runs, [&] {
      const poslab::MatrixF m = poslab::positional_encoding(rows, cols, poslab::SinusoidVariant::paper);
      sink = m(rows - 1, cols - 1);
    });
    const double fill = median_ms(runs, [&] {
      const poslab::MatrixF m = poslab::MatrixF::Constant(rows, cols, 1.0f);
      sink = m(rows - 1, cols - 1);
    });
    std::printf("  {\"case\": \"pe %dx%d\", \"ms\": %.4f},\n", rows, cols, pe);
    std::printf("  {\"case\": \"fill %dx%d\", \"ms\": %.4f},\n", rows, cols, fill);
  }
  std::mt19937 gen(1);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(2000 * 512);
  for (auto& v : a) v = u(gen);
  const double cosine = median_ms(5, [&] {
    const poslab::MatrixF m = poslab::cosine_matrix({a.data(), 2000, 512}, {a.data(), 2000, 512});
    sink = m(1999, 1999);
  });
  std::printf("  {\"case\": \"cosine 2000x512\", \"ms\": %.4f},\n", cosine);
  // torch.manual_seed(0); nn.Embedding(50257, 256): GPT-2's token table (document 004), bit for bit
  const double embedding = median_ms(3, [&] {
    const poslab::MatrixF m = poslab::torch_embedding(50257, 256, 0);
    sink = m(50256, 255);
  });
  std::printf("  {\"case\": \"torch embedding 50257x256\", \"ms\": %.4f}\n]\n", embedding);
}
