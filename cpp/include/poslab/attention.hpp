// poslab/attention.hpp — scaled dot-product self-attention, one head: softmax(Q·Kᵀ/√d_k)·V with Q = X·W_q,
// K = X·W_k, V = X·W_v, an optional causal mask; and how far an output is from a reordering of another.
#pragma once

#include <cstddef>
#include <vector>

#include "poslab/encoding.hpp"
#include "poslab/random.hpp"

namespace poslab {

/// Longest sequence: the weights are seq_len × seq_len.
inline constexpr int kMaxAttentionLength = 4096;

struct AttentionResult {
  MatrixF weights;  ///< seq_len × seq_len; row i: how much position i looks at each position (sums to 1)
  MatrixF output;   ///< seq_len × d_v: row i = Σ_j weights(i, j)·V_j
};

/// x: seq_len × dim; wq, wk: dim × d_k; wv: dim × d_v (row-major, applied as X·W, as in `X @ W_q`).
/// causal: position i only sees positions j <= i (the others get weight exactly 0).
/// key_length: 0 = every key is real; otherwise only keys j < key_length are real (the rest are padding) and
/// get weight exactly 0, as masked_fill(-inf) before the softmax (key_padding_mask in nn.MultiheadAttention).
/// It must lie in 1..seq_len, so key 0 is always real and no row is ever fully masked (PyTorch would give
/// NaN for such a row; here it cannot happen). Combines with causal. With 0 the result is bit-identical to before.
/// The softmax subtracts each row's maximum first, so large scores never overflow.
AttentionResult self_attention(const MatrixF& x, const MatrixF& wq, const MatrixF& wk, const MatrixF& wv,
                               bool causal = false, long long key_length = 0);

/// No projections (W_q = W_k = W_v = identity): softmax(X·Xᵀ/√dim)·X.
AttentionResult self_attention(const MatrixF& x, bool causal = false, long long key_length = 0);

/// The lab's seeded attention head (notebooks/doc002, E002-1): word vectors and the three projections.
struct AttentionExample {
  MatrixF table;       ///< words × dim: one vector per word
  MatrixF wq, wk, wv;  ///< dim × dim each, applied as X·W
};

/// What the notebook does, from one generator: g = torch.Generator().manual_seed(seed);
/// table = r(torch.randn(words, dim, generator=g, dtype=torch.float64));
/// W_q, W_k, W_v = r(0.5 · torch.randn(dim, dim, generator=g, dtype=torch.float64)), in that order,
/// with r(t) = round(t·100)/100 (half to even) as float32. words in [1, 4096], dim in [1, 256].
AttentionExample attention_example(long long words, long long dim, TorchSeed seed);

inline constexpr long long kMaxExampleWidth = 256;

/// Throws not_permutation unless order holds each of 0 … n−1 exactly once.
void validate_permutation(const std::vector<int>& order, std::size_t n);

/// For each row i of `reordered`: max over j of |reordered(i, j) − original(order[i], j)|.
std::vector<double> permutation_row_gaps(const MatrixF& original, const MatrixF& reordered, const std::vector<int>& order);

/// max over i, j of |reordered(i, j) − original(order[i], j)|: 0 (up to rounding) when the rows of
/// `reordered` are the rows of `original` taken in `order`. order[i] = the row of original that moved to i.
double permutation_gap(const MatrixF& original, const MatrixF& reordered, const std::vector<int>& order);

}  // namespace poslab
