// nn.Dropout(p), training mode, on the CPU generator: see poslab/dropout.hpp.
#include "poslab/dropout.hpp"

#include <cmath>
#include <string>

#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"

namespace poslab {

namespace {

void check_probability(double p) {
  if (!std::isfinite(p)) throw ArgumentError("p is not a finite number", "not_finite", "p", {{"index", 0.0}});
  if (!(p >= 0.0 && p < 1.0)) {
    throw ArgumentError("p must be at least 0 and below 1 (the probability of dropping a value)", "out_of_range", "p",
                        {{"value", p}, {"min", 0.0}, {"max", 1.0}});
  }
}

}  // namespace

Dropout dropout(TorchGenerator& generator, const float* x, std::size_t count, double p) {
  check_probability(p);
  require_within_cap("x", count, "the values to drop");
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(x[i])) {
      throw ArgumentError("x[" + std::to_string(i) + "] is not a finite number", "not_finite", "x",
                          {{"index", static_cast<double>(i)}});
    }
  }
  const double keep_probability = 1.0 - p;
  // noise.div_(1 - p): ATen divides by a scalar as a multiplication by its reciprocal, taken in double and
  // rounded to float32 (1 / 0.9 → 1.1111111f, not 1.0f / 0.9f = 1.1111112f).
  const float scale = static_cast<float>(1.0 / keep_probability);
  Dropout out;
  out.kept.resize(count);
  out.output.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    out.kept[i] = generator.uniform_double() < keep_probability ? 1 : 0;
    out.output[i] = x[i] * (out.kept[i] ? scale : 0.0f);  // x * noise: a dropped negative value is −0, as in PyTorch
  }
  return out;
}

ModulePass positional_module(TorchSeed seed, int batch, int seq, int d_model, int max_len, double p, bool train) {
  require_range("batch", batch, 1, 64);
  require_range("max_len", max_len, 1, kMaxSequenceLength);
  // pe[:, :x.size(1)] has only max_len rows: a longer sequence does not add up (PyTorch's size mismatch).
  require_range("seq_len", seq, 1, max_len);
  const MatrixF pe = positional_encoding(max_len, d_model, SinusoidVariant::paper);  // checks d_model
  require_within_cap("x",
                     count_of({static_cast<std::uint64_t>(batch), static_cast<std::uint64_t>(seq),
                               static_cast<std::uint64_t>(d_model)}),
                     "batch × seq_len × d_model");
  const std::size_t count = static_cast<std::size_t>(batch) * seq * d_model;
  TorchGenerator generator(seed);
  ModulePass out;
  out.x.resize(count);
  normal_fill(generator, out.x.data(), count);  // torch.randn(batch, seq, d_model)
  out.encoded = out.x;
  for (int b = 0; b < batch; ++b)
    for (int s = 0; s < seq; ++s)
      for (int j = 0; j < d_model; ++j) out.encoded[(static_cast<std::size_t>(b) * seq + s) * d_model + j] += pe(s, j);
  if (train) {
    Dropout d = dropout(generator, out.encoded.data(), count, p);
    out.output = std::move(d.output);
    out.kept = std::move(d.kept);
  } else {
    check_probability(p);  // evaluation mode draws nothing, but a p PyTorch would refuse is still refused
    out.output = out.encoded;  // model.eval(): nn.Dropout passes x through untouched
    out.kept.assign(count, 1);
  }
  return out;
}

}  // namespace poslab
