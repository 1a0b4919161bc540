// poslab/dropout.hpp — nn.Dropout in training mode, as PyTorch 1.13 runs it on the CPU, so a seeded forward
// pass of document 002's PositionalEncoding module gives PyTorch's digits.
#pragma once

#include <cstddef>
#include <vector>

#include "poslab/random.hpp"

namespace poslab {

struct Dropout {
  std::vector<unsigned char> kept;  ///< 1 where the value survives, 0 where it is dropped
  std::vector<float> output;        ///< x · kept / (1 − p), in float32
};

/// F.dropout(x, p, training=True) on `count` float32 values: `empty_like(x).bernoulli_(1 − p)` draws, in memory
/// order, one uniform double (random64's low 53 bits × 2^−53) per value from `generator` and keeps the value
/// when it is below 1 − p (PyTorch's CPU kernel without MKL, which is Debian's build); the noise is then
/// divided by 1 − p, i.e. multiplied by float32(1 / (1 − p)), and multiplied into x. p is in [0, 1): p = 1 is
/// refused (PyTorch returns zeros, there is nothing to see). Throws on NaN values and sizes over the cap.
Dropout dropout(TorchGenerator& generator, const float* x, std::size_t count, double p);

/// Document 002's PositionalEncoding(d_model, max_len, dropout=p), batch first, on x = torch.randn(batch, seq,
/// d_model) drawn after torch.manual_seed(seed): encoded = x + pe[:, :seq] (the paper's formula), then dropout in
/// training mode (`train`) or none (`model.eval()`). Every matrix is (batch·seq) × d_model, row-major.
struct ModulePass {
  std::vector<float> x, encoded, output;
  std::vector<unsigned char> kept;  ///< all 1 in evaluation mode
};
ModulePass positional_module(TorchSeed seed, int batch, int seq, int d_model, int max_len, double p, bool train);

}  // namespace poslab
