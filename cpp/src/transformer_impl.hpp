// The inside of TinyTransformer, shared by its four source files: where each tensor lives in the flat parameter
// vector, the activations one forward pass keeps for the backward pass, and the small kernels they share.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

#include "poslab/transformer.hpp"

namespace poslab {

using RowMajorF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapF = Eigen::Map<RowMajorF>;
using ConstMapF = Eigen::Map<const RowMajorF>;

/// Offsets of one block's tensors in the flat vectors (state_dict order).
struct BlockOffsets {
  std::size_t ln1_w, ln1_b, q_w, q_b, k_w, k_b, v_w, v_b, o_w, o_b, ln2_w, ln2_b, ff1_w, ff1_b, ff2_w, ff2_b;
};

/// What one block's forward pass keeps. T = batch·length rows; q, k, v head-major (batch, head, position, d_head),
/// q and k after RoPE.
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
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t token_w = 0, position_w = kNone, relative_w = kNone;
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
  std::vector<float> sinusoid;    // n × d: the paper's table (sinusoidal)
  std::vector<float> rope_table;  // n × d_head: [sin θ0, cos θ0, sin θ1, cos θ1, …] per position
  std::vector<float> bias;        // H × n × n: ALiBi's −slope·|i−j| (alibi)
  std::vector<int> buckets;       // n × n: T5 bucket of j − i (t5)
  std::vector<float> dlogits, dx, da, dtmp, dheads, dffn, dq, dk, dv, dscores;

  explicit Impl(const TransformerConfig& c);
  int d_head() const { return config.d_model / config.heads; }
  std::size_t rows() const { return static_cast<std::size_t>(batch) * static_cast<std::size_t>(length); }
  float* p(std::size_t offset) { return params.data() + offset; }
  const float* p(std::size_t offset) const { return params.data() + offset; }
  float* g(std::size_t offset) { return grads.data() + offset; }

  void check_ids(const std::vector<int>& ids, int batch, int length) const;
  void prepare(int batch, int length);  // sizes the working memory, builds the RoPE table and the biases
  void forward(const int* ids);         // fills the caches and logits
  void backward(const int* ids);        // from dlogits to grads (overwritten)
};

/// 1/√2 for the exact GELU x·Φ(x) = x/2·(1 + erf(x/√2)) (no M_SQRT1_2: not every C library defines it).
inline constexpr float kInvSqrt2 = 0.70710678118654752f;

// Kernels shared by forward and backward (transformer_forward.cpp).
/// y (rows × out) = x (rows × in) · Wᵀ + b, W out × in row-major.
void linear_forward(const float* x, std::size_t rows, const float* w, const float* b, std::size_t in,
                    std::size_t out, float* y);
/// Pre-LN layer norm of each row, eps 1e-5: keeps x̂ and 1/σ for the backward pass.
void layer_norm_forward(const float* x, std::size_t rows, std::size_t d, const float* w, const float* b, float* hat,
                        float* rstd, float* y);
/// Turns each (2i, 2i+1) pair of the rows (n positions × d_head, for `count` sequences/heads) by the table's
/// angles with rope.cpp's turn (the lessons' RoPE); inverse = true turns back (the backward pass).
void rope_rows(float* x, std::size_t count, std::size_t n, std::size_t d_head, const float* table, bool inverse);
/// (b·n + i, h·d_head + e) of a T × d matrix → (b, h, i, e) of a head-major B × H × n × d_head one.
void split_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out);

}  // namespace poslab
