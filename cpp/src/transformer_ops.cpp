// TinyTransformer's operations, forward beside backward (see transformer_ops.hpp). The matrix products run on
// row_dots (A·Bᵀ, the lab's SIMD kernel: Eigen 3.4 has no WebAssembly vectors); attention's small per-head
// products stay on Eigen.
#include "transformer_ops.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>

#include "row_dots.hpp"
#include "transformer_positions.hpp"

namespace poslab {
namespace {

using RowMajorF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapF = Eigen::Map<RowMajorF>;
using ConstMapF = Eigen::Map<const RowMajorF>;

constexpr double kLayerNormEps = 1e-5;

// src (rows × cols, row-major) transposed into dst (cols × rows).
void transpose_into(const float* src, std::size_t rows, std::size_t cols, std::vector<float>& dst) {
  dst.resize(rows * cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * cols + c];
}

}  // namespace

// ---- linear ----

void linear_forward(const float* x, std::size_t rows, const float* w, const float* b, std::size_t in,
                    std::size_t out, float* y) {
  row_dots(x, rows, w, out, in, y);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t o = 0; o < out; ++o) y[r * out + o] += b[o];
}

// Both products go through row_dots on transposed copies: the copies cost rows·(in + out) moves against
// rows·in·out multiply-adds. The buffers live as long as the thread, so training reuses them step after step.
void linear_backward(const float* dy, const float* x, const float* w, std::size_t rows, std::size_t in,
                     std::size_t out, float* gw, float* gb, float* dx, bool accumulate) {
  thread_local std::vector<float> dy_t, x_t, w_t, product;
  transpose_into(dy, rows, out, dy_t);  // out × rows
  transpose_into(x, rows, in, x_t);     // in × rows
  product.resize(std::max(out * in, rows * in));
  row_dots(dy_t.data(), out, x_t.data(), in, rows, product.data());  // dyᵀ·x
  for (std::size_t k = 0; k < out * in; ++k) gw[k] += product[k];
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t j = 0; j < out; ++j) gb[j] += dy[r * out + j];
  transpose_into(w, out, in, w_t);  // in × out
  float* target = accumulate ? product.data() : dx;
  row_dots(dy, rows, w_t.data(), in, out, target);  // dy·W
  if (accumulate)
    for (std::size_t k = 0; k < rows * in; ++k) dx[k] += product[k];
}

// ---- layer norm ----

void layer_norm_forward(const float* x, std::size_t rows, std::size_t d, const float* w, const float* b, float* hat,
                        float* rstd, float* y) {
  for (std::size_t r = 0; r < rows; ++r) {
    const float* xr = x + r * d;
    double mean = 0.0;
    for (std::size_t j = 0; j < d; ++j) mean += xr[j];
    mean /= static_cast<double>(d);
    double var = 0.0;
    for (std::size_t j = 0; j < d; ++j) var += (xr[j] - mean) * (xr[j] - mean);
    var /= static_cast<double>(d);  // biased, as LayerNorm
    const double inv = 1.0 / std::sqrt(var + kLayerNormEps);
    rstd[r] = static_cast<float>(inv);
    for (std::size_t j = 0; j < d; ++j) {
      const float normalised = static_cast<float>((xr[j] - mean) * inv);
      hat[r * d + j] = normalised;
      y[r * d + j] = normalised * w[j] + b[j];
    }
  }
}

void layer_norm_backward(const float* dy, std::size_t rows, std::size_t d, const float* hat, const float* rstd,
                         const float* w, float* gw, float* gb, float* dx, bool accumulate) {
  for (std::size_t r = 0; r < rows; ++r) {
    const float* dyr = dy + r * d;
    const float* hr = hat + r * d;
    double mean_dhat = 0.0, mean_dhat_hat = 0.0;
    for (std::size_t j = 0; j < d; ++j) {
      const double dhat = static_cast<double>(dyr[j]) * w[j];
      mean_dhat += dhat;
      mean_dhat_hat += dhat * hr[j];
      gw[j] += dyr[j] * hr[j];
      gb[j] += dyr[j];
    }
    mean_dhat /= static_cast<double>(d);
    mean_dhat_hat /= static_cast<double>(d);
    for (std::size_t j = 0; j < d; ++j) {
      const double dhat = static_cast<double>(dyr[j]) * w[j];
      const float value = static_cast<float>(rstd[r] * (dhat - mean_dhat - hr[j] * mean_dhat_hat));
      dx[r * d + j] = accumulate ? dx[r * d + j] + value : value;
    }
  }
}

// ---- GELU ----

void gelu_forward(const float* z, std::size_t count, float* g) {
  for (std::size_t i = 0; i < count; ++i) g[i] = 0.5f * z[i] * (1.0f + std::erf(z[i] * kInvSqrt2));
}

void gelu_backward(const float* z, std::size_t count, float* dz) {
  for (std::size_t i = 0; i < count; ++i) {
    const float derivative = 0.5f * (1.0f + std::erf(z[i] * kInvSqrt2)) +
                             z[i] * std::exp(-0.5f * z[i] * z[i]) * 0.39894228f;  // 1/√(2π)
    dz[i] *= derivative;
  }
}

// ---- heads ----

void split_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out) {
  const std::size_t d = heads * dh;
  for (std::size_t b = 0; b < batch; ++b)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t i = 0; i < n; ++i)
        std::copy_n(x + (b * n + i) * d + h * dh, dh, out + ((b * heads + h) * n + i) * dh);
}

void merge_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out) {
  const std::size_t d = heads * dh;
  for (std::size_t b = 0; b < batch; ++b)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t i = 0; i < n; ++i)
        std::copy_n(x + ((b * heads + h) * n + i) * dh, dh, out + (b * n + i) * d + h * dh);
}

// ---- attention of one head ----

void attention_forward(const AttentionHead& a, const float* q, std::size_t queries, std::size_t first_query,
                       const float* k, const float* v, std::size_t keys, std::size_t dh, float* probs, float* ctx,
                       std::size_t ctx_stride) {
  row_dots(q, queries, k, keys, dh, probs);
  for (std::size_t r = 0; r < queries; ++r) {
    float* row = probs + r * keys;
    const std::size_t position = first_query + r;
    for (std::size_t j = 0; j < keys; ++j) row[j] = row[j] / a.scale;
    a.positions.bias_row(row, a.head, position, keys, a.parameters);
    if (a.causal)
      for (std::size_t j = position + 1; j < keys; ++j) row[j] = -std::numeric_limits<float>::infinity();
    double largest = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < keys; ++j) largest = std::max(largest, static_cast<double>(row[j]));
    // one exponential per score (float, exp(s − max) ≤ 1), summed in double
    double total = 0.0;
    const float top = static_cast<float>(largest);
    for (std::size_t j = 0; j < keys; ++j) {
      row[j] = std::exp(row[j] - top);
      total += row[j];
    }
    const float inverse = static_cast<float>(1.0 / total);
    for (std::size_t j = 0; j < keys; ++j) row[j] *= inverse;
  }
  using Strided = Eigen::Map<RowMajorF, 0, Eigen::OuterStride<>>;
  Strided(ctx, static_cast<Eigen::Index>(queries), static_cast<Eigen::Index>(dh),
          Eigen::OuterStride<>(static_cast<Eigen::Index>(ctx_stride)))
      .noalias() = ConstMapF(probs, static_cast<Eigen::Index>(queries), static_cast<Eigen::Index>(keys)) *
                   ConstMapF(v, static_cast<Eigen::Index>(keys), static_cast<Eigen::Index>(dh));
}

void attention_backward(const AttentionHead& a, const float* q, const float* k, const float* v, const float* probs,
                        const float* dctx, std::size_t n, std::size_t dh, float* dscores, float* dq, float* dk,
                        float* dv, float* grads) {
  const auto N = static_cast<Eigen::Index>(n), DH = static_cast<Eigen::Index>(dh);
  const ConstMapF P(probs, N, N), Q(q, N, DH), K(k, N, DH), V(v, N, DH), DC(dctx, N, DH);
  MapF DS(dscores, N, N);
  DS.noalias() = DC * V.transpose();  // ∂/∂p_ij
  MapF(dv, N, DH).noalias() = P.transpose() * DC;
  for (Eigen::Index i = 0; i < N; ++i) {  // softmax: ds_ij = p_ij (dp_ij − Σ_k p_ik dp_ik)
    double dot = 0.0;
    for (Eigen::Index j = 0; j < N; ++j) dot += static_cast<double>(P(i, j)) * DS(i, j);
    for (Eigen::Index j = 0; j < N; ++j) DS(i, j) = static_cast<float>(P(i, j) * (DS(i, j) - dot));
  }
  a.positions.bias_backward(dscores, a.head, n, grads);
  MapF(dq, N, DH).noalias() = (DS * K) / a.scale;
  MapF(dk, N, DH).noalias() = (DS.transpose() * Q) / a.scale;
}

// ---- cross-entropy ----

double cross_entropy(const float* logits, const int* targets, std::size_t rows, std::size_t vocab,
                     std::size_t counted, float* dlogits) {
  double loss = 0.0;
  for (std::size_t r = 0; r < rows; ++r) {
    const float* row = logits + r * vocab;
    float* drow = dlogits + r * vocab;
    if (targets[r] == kIgnoreIndex) {
      std::fill(drow, drow + vocab, 0.0f);
      continue;
    }
    double largest = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < vocab; ++j) largest = std::max(largest, static_cast<double>(row[j]));
    double total = 0.0;
    for (std::size_t j = 0; j < vocab; ++j) {
      drow[j] = std::exp(row[j] - static_cast<float>(largest));  // one exponential per logit, ≤ 1
      total += drow[j];
    }
    loss += largest + std::log(total) - row[targets[r]];
    // ∂loss/∂logit_j = (softmax_j − [j = target]) / counted
    const double share = 1.0 / (total * static_cast<double>(counted));
    for (std::size_t j = 0; j < vocab; ++j) drow[j] = static_cast<float>(drow[j] * share);
    drow[targets[r]] -= static_cast<float>(1.0 / static_cast<double>(counted));
  }
  return loss / static_cast<double>(counted);
}

double token_loss(const float* logits, std::size_t vocab, int target) {
  double largest = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < vocab; ++j) largest = std::max(largest, static_cast<double>(logits[j]));
  double total = 0.0;
  for (std::size_t j = 0; j < vocab; ++j) total += std::exp(static_cast<double>(logits[j]) - largest);
  return largest + std::log(total) - logits[target];
}

}  // namespace poslab
