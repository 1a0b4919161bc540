// Native TinyTransformer training speed for scripts/bench/transformer.mjs: milliseconds per training step
// (loss_and_gradients + one Adam step with clip_grad_norm_ 1) on the two presets of lessons 14 and 15, printed as JSON.
// The batches are the same fixed pseudo-random ids the other contenders use (see transformer.mjs).
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <string>
#include <vector>

#include "poslab/transformer.hpp"

namespace {

struct Preset {
  const char* name;
  poslab::TransformerConfig config;
  int batch, length;
};

// ids and targets from a 32-bit LCG, as transformer.mjs and its PyTorch script draw them.
void fill(std::vector<int>& ids, std::vector<int>& targets, int vocab, std::uint32_t seed) {
  std::uint32_t s = seed;
  const auto next = [&] {
    s = s * 1664525u + 1013904223u;
    return static_cast<int>((s >> 8) % static_cast<std::uint32_t>(vocab));
  };
  for (auto& v : ids) v = next();
  for (auto& v : targets) v = next();
}

}  // namespace

int main() {
  const auto config = [](int d, int ffn, int max_len, poslab::PositionalMethod p, bool causal) {
    poslab::TransformerConfig c;
    c.vocab_size = 11;
    c.d_model = d;
    c.heads = 4;
    c.layers = 2;
    c.ffn_size = ffn;
    c.max_len = max_len;
    c.positional = p;
    c.causal = causal;
    c.seed = 0;
    return c;
  };
  const Preset presets[] = {
      {"small", config(32, 64, 12, poslab::PositionalMethod::sinusoidal, false), 32, 6},
      {"length", config(64, 128, 33, poslab::PositionalMethod::alibi, true), 32, 17},
  };
  std::printf("[\n");
  bool first = true;
  for (const Preset& p : presets) {
    poslab::TinyTransformer model(p.config);
    std::vector<int> ids(static_cast<std::size_t>(p.batch * p.length)), targets(ids.size());
    fill(ids, targets, p.config.vocab_size, 7);
    poslab::AdamOptions adam;
    adam.lr = 3e-3;
    adam.clip_norm = 1.0;
    for (int i = 0; i < 20; ++i) {
      model.loss_and_gradients(ids, targets, p.batch, p.length);
      model.adam_step(adam);
    }
    int steps = 0;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (elapsed < 2.0) {
      model.loss_and_gradients(ids, targets, p.batch, p.length);
      model.adam_step(adam);
      ++steps;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    std::printf("%s  {\"case\": \"%s\", \"ms_per_step\": %.4f, \"steps\": %d}", first ? "" : ",\n", p.name,
                1000.0 * elapsed / steps, steps);
    first = false;
  }
  std::printf("\n]\n");
  return 0;
}
