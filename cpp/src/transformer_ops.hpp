// TinyTransformer's operations, each forward beside its backward (as llm.c writes them): linear layers, layer
// norm, the exact GELU, one head of attention with its softmax, the heads' split and merge, and cross-entropy.
// They know nothing of positions: attention asks the model's positional method (transformer_positions.hpp) for
// its score bias and nothing else.
#pragma once

#include <cstddef>
#include <vector>

namespace poslab {

class Positions;

/// 1/√2 for the exact GELU x·Φ(x) = x/2·(1 + erf(x/√2)) (no M_SQRT1_2: not every C library defines it).
inline constexpr float kInvSqrt2 = 0.70710678118654752f;

// ---- linear: y = x·Wᵀ + b (nn.Linear; W is out × in, row-major) ----
/// y (rows × out) = x (rows × in) · Wᵀ + b.
void linear_forward(const float* x, std::size_t rows, const float* w, const float* b, std::size_t in,
                    std::size_t out, float* y);
/// gW += dyᵀ·x, gb += Σ rows of dy, dx = dy·W (accumulate: dx += dy·W).
void linear_backward(const float* dy, const float* x, const float* w, std::size_t rows, std::size_t in,
                     std::size_t out, float* gw, float* gb, float* dx, bool accumulate);

// ---- layer norm (nn.LayerNorm, eps 1e-5) ----
/// Each row normalised, then ·w + b; keeps x̂ and 1/σ for the backward pass.
void layer_norm_forward(const float* x, std::size_t rows, std::size_t d, const float* w, const float* b, float* hat,
                        float* rstd, float* y);
/// gw += Σ dy·x̂, gb += Σ dy, dx = ∂loss/∂x (accumulate: dx += it).
void layer_norm_backward(const float* dy, std::size_t rows, std::size_t d, const float* hat, const float* rstd,
                         const float* w, float* gw, float* gb, float* dx, bool accumulate);

// ---- GELU, exact (nn.GELU()): g = z·Φ(z) ----
void gelu_forward(const float* z, std::size_t count, float* g);
/// dz *= GELU'(z) = Φ(z) + z·φ(z), in place.
void gelu_backward(const float* z, std::size_t count, float* dz);

// ---- heads: (b·n + i, h·d_head + e) of a T × d matrix ↔ (b, h, i, e) of a head-major B × H × n × d_head one ----
void split_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out);
void merge_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out);

// ---- attention of one head ----
/// What one head's attention needs besides its q, k, v: the head's index (for the positional method's bias),
/// 1/√d_head as a divisor, the causal mask.
struct AttentionHead {
  const Positions& positions;
  const float* parameters;  ///< the model's flat parameters (the method's own tensors live there)
  std::size_t head;
  float scale;              ///< √d_head: scores are q·kᵀ / scale, as PyTorch's q @ k.T / math.sqrt(d_head)
  bool causal;
};

/// `queries` query rows (query r sits at position first_query + r) against `keys` key and value rows (positions
/// 0 … keys − 1), each d_head wide: probs (queries × keys) = softmax_j(q·kᵀ/√d_head + the method's bias, causal
/// keys after the query masked); ctx row r = Σ_j probs[r][j]·v_j, written every ctx_stride floats.
void attention_forward(const AttentionHead& a, const float* q, std::size_t queries, std::size_t first_query,
                       const float* k, const float* v, std::size_t keys, std::size_t dh, float* probs, float* ctx,
                       std::size_t ctx_stride);
/// The backward of attention_forward for n queries at positions 0 … n − 1 against the same n keys: from dctx
/// (n × d_head) to dq, dk, dv (n × d_head each, overwritten) and the method's bias gradients (added to grads).
/// dscores is n × n of scratch.
void attention_backward(const AttentionHead& a, const float* q, const float* k, const float* v, const float* probs,
                        const float* dctx, std::size_t n, std::size_t dh, float* dscores, float* dq, float* dk,
                        float* dv, float* grads);

// ---- cross-entropy (F.cross_entropy, ignore_index −100), with its gradient ----
inline constexpr int kIgnoreIndex = -100;
/// Mean over the counted rows (target ≠ −100) of logsumexp(logits) − logit[target]; dlogits (rows × vocab) gets
/// ∂mean/∂logits. counted ≥ 1.
double cross_entropy(const float* logits, const int* targets, std::size_t rows, std::size_t vocab,
                     std::size_t counted, float* dlogits);
/// −log softmax(logits)[target] of one row (a position's loss), in double.
double token_loss(const float* logits, std::size_t vocab, int target);

}  // namespace poslab
