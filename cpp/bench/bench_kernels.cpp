// Native timings of the hot kernels, printed as JSON for scripts/bench.mjs to put beside the WebAssembly
// and JavaScript figures. Native here means g++'s default x86-64 target: 128-bit SSE2, the width of
// WebAssembly SIMD. Each figure is the median of several runs, in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "poslab/bpe.hpp"
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

// GPT-2 BPE on the texts scripts/bench.mjs names (vocabulary, then text files): one case per text, a fresh
// tokenizer per run so the merge cache starts empty each time, as in a page that tokenizes a new text.
void bench_tokenizer(int argc, char** argv) {
  if (argc < 3) return;
  auto read = [](const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
  const std::string vocabulary = read(argv[1]);
  for (int k = 2; k < argc; ++k) {
    const std::string text = read(argv[k]);
    std::vector<double> times;
    for (int run = 0; run < 6; ++run) {
      poslab::Gpt2Tokenizer t = poslab::Gpt2Tokenizer::from_tiktoken_json(vocabulary);
      const auto start = std::chrono::steady_clock::now();
      sink = static_cast<float>(t.encode(text).size());
      if (run > 0) times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double ms = times[times.size() / 2];
    std::printf("  {\"case\": \"bpe %s\", \"ms\": %.4f, \"bytes\": %zu},\n", argv[k], ms, text.size());
  }
}

int main(int argc, char** argv) {
  std::printf("[\n");
  bench_tokenizer(argc, argv);
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
