// The lab's seeded attention head: torch.randn in float64 from one generator, rounded to two decimals, exactly
// as notebooks/doc002_positional_encoding.ipynb draws it (E002-1). The draws are random.hpp's normal_fill.
#include <cmath>
#include <cstddef>
#include <vector>

#include "poslab/attention.hpp"
#include "poslab/errors.hpp"

namespace poslab {
namespace {

// r(scale · torch.randn(rows, cols, dtype=float64)): t·100 rounded half to even, /100, then to float32.
MatrixF draw_rounded(TorchGenerator& generator, long long rows, long long cols, double scale) {
  std::vector<double> values(static_cast<std::size_t>(rows * cols));
  normal_fill(generator, values.data(), values.size());
  MatrixF out(rows, cols);
  float* data = out.data();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double t = scale * values[i];
    data[i] = static_cast<float>(std::nearbyint(t * 100.0) / 100.0);
  }
  return out;
}

}  // namespace

AttentionExample attention_example(long long words, long long dim, TorchSeed seed) {
  require_range("words", words, 1, kMaxAttentionLength);
  require_range("dim", dim, 1, kMaxExampleWidth);
  TorchGenerator generator(seed);  // torch.Generator().manual_seed(seed)
  AttentionExample out;
  out.table = draw_rounded(generator, words, dim, 1.0);
  out.wq = draw_rounded(generator, dim, dim, 0.5);
  out.wk = draw_rounded(generator, dim, dim, 0.5);
  out.wv = draw_rounded(generator, dim, dim, 0.5);
  return out;
}

}  // namespace poslab
