// The inside of TinyTransformer, shared by its source files: where each tensor lives in the flat parameter vector,
// the activations one forward pass keeps for the backward pass, and the model's positional method.
//   transformer_params.cpp     configuration checks, parameter layout and PyTorch's initialisation
//   transformer_ops.cpp        each operation's forward beside its backward (linear, layer norm, GELU, attention)
//   transformer_positions.cpp  the six positional methods, one class each
//   transformer_model.cpp      the model's forward and backward passes and its loss, built from those
//   transformer_adam.cpp       clip_grad_norm_ and torch.optim.Adam
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "poslab/transformer.hpp"
#include "transformer_positions.hpp"

namespace poslab {

/// Offsets of one block's tensors in the flat vectors (state_dict order).
struct BlockOffsets {
  std::size_t ln1_w, ln1_b, q_w, q_b, k_w, k_b, v_w, v_b, o_w, o_b, ln2_w, ln2_b, ff1_w, ff1_b, ff2_w, ff2_b;
};

/// What one block's forward pass keeps. T = batch·length rows; q, k, v head-major (batch, head, position, d_head),
/// q and k after the positional method turned them (rope).
struct BlockCache {
  std::vector<float> x_in;               // T × d: the residual stream entering the block
  std::vector<float> ln1_hat, ln1_rstd;  // T × d, T
  std::vector<float> a1;                 // T × d: ln1(x_in)
  std::vector<float> q, k, v;            // B × H × n × d_head
  std::vector<float> probs;              // B × H × n × n
  std::vector<float> ctx;                // T × d: heads concatenated
  std::vector<float> x_mid;              // T × d: x_in + o(ctx)
  std::vector<float> ln2_hat, ln2_rstd;  // T × d, T
  std::vector<float> a2;                 // T × d
  std::vector<float> f1, g;              // T × ffn: ff1(a2), gelu(f1)
};

struct TinyTransformer::Impl {
  TransformerConfig config;
  std::vector<ParameterInfo> infos;
  std::vector<std::string> names;
  std::unique_ptr<Positions> positions;  // the method config.positional names
  std::size_t token_w = 0;
  std::vector<BlockOffsets> blocks;
  std::size_t lnf_w = 0, lnf_b = 0, out_w = 0, out_b = 0;
  std::vector<float> params, grads, adam_m, adam_v;
  int steps = 0;
  bool have_gradients = false;
  double last_norm = 0.0;

  // Working memory for the current (batch, length); kept while the shape stays the same.
  int batch = 0, length = 0;
  std::vector<BlockCache> cache;
  std::vector<float> x_final, lnf_hat, lnf_rstd, af, logits;
  std::vector<float> dlogits, dx, da, dtmp, dheads, dffn, dq, dk, dv, dscores;

  // Incremental decoding (transformer_decode.cpp): each layer's keys and values so far, head-major
  // (heads × max_len × d_head), and one row of working memory.
  struct Decoder {
    std::size_t position = 0;
    std::vector<std::vector<float>> keys, values;
    std::vector<float> x, hat, a, q, k, v, ctx, tmp, mid, f1, g, probs, logits;
  } decoder;

  explicit Impl(const TransformerConfig& c);
  int d_head() const { return config.d_model / config.heads; }
  std::size_t rows() const { return static_cast<std::size_t>(batch) * static_cast<std::size_t>(length); }
  float* p(std::size_t offset) { return params.data() + offset; }
  const float* p(std::size_t offset) const { return params.data() + offset; }
  float* g(std::size_t offset) { return grads.data() + offset; }

  void check_ids(const std::vector<int>& ids, int batch, int length) const;
  void prepare(int batch, int length);  // sizes the working memory and the positional method's tables
  void forward(const int* ids);         // fills the caches and logits
  void backward(const int* ids);        // from dlogits to grads (overwritten)
};

}  // namespace poslab
