// TinyTransformer's loss and backward pass, written out by hand: cross-entropy with ignore_index −100, then each
// layer's gradient in reverse order (output projection, LayerNorms, GELU feed-forward, attention with its softmax,
// RoPE turned back, the ALiBi/T5 biases) down to the embedding rows. Gradients are overwritten on every call.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "poslab/errors.hpp"
#include "row_dots.hpp"
#include "transformer_impl.hpp"

namespace poslab {
namespace {

constexpr int kIgnoreIndex = -100;

// Backward of y = x̂·w + b per row: accumulates gw, gb, and writes (or adds, accumulate = true) dx.
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

// src (rows × cols, row-major) transposed into dst (cols × rows).
void transpose_into(const float* src, std::size_t rows, std::size_t cols, std::vector<float>& dst) {
  dst.resize(rows * cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * cols + c];
}

// Backward of y = x·Wᵀ + b: gW += dyᵀ·x, gb += Σ rows of dy, dx (= or +=) dy·W. Both products go through
// row_dots (A·Bᵀ, the lab's SIMD kernel; Eigen 3.4 has no WebAssembly vectors) on transposed copies: the
// copies cost rows·(in + out) moves against rows·in·out multiply-adds. The buffers live as long as the thread,
// so training reuses them from step to step.
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

void merge_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out) {
  const std::size_t d = heads * dh;
  for (std::size_t b = 0; b < batch; ++b)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t i = 0; i < n; ++i)
        std::copy_n(x + ((b * heads + h) * n + i) * dh, dh, out + (b * n + i) * d + h * dh);
}

}  // namespace

void TinyTransformer::Impl::backward(const int* ids) {
  std::fill(grads.begin(), grads.end(), 0.0f);
  const std::size_t T = rows(), d = static_cast<std::size_t>(config.d_model), n = static_cast<std::size_t>(length);
  const std::size_t H = static_cast<std::size_t>(config.heads), dh = static_cast<std::size_t>(d_head());
  const std::size_t F = static_cast<std::size_t>(config.ffn_size), B = static_cast<std::size_t>(batch);
  const std::size_t V = static_cast<std::size_t>(config.vocab_size);
  const float scale = static_cast<float>(std::sqrt(static_cast<double>(dh)));
  const auto N = static_cast<Eigen::Index>(n), DH = static_cast<Eigen::Index>(dh);

  // logits = out(ln_f(x)); dx = ∂loss/∂x of the residual stream from here down
  linear_backward(dlogits.data(), af.data(), p(out_w), T, d, V, g(out_w), g(out_b), da.data(), false);
  layer_norm_backward(da.data(), T, d, lnf_hat.data(), lnf_rstd.data(), p(lnf_w), g(lnf_w), g(lnf_b), dx.data(), false);

  for (std::size_t l = cache.size(); l-- > 0;) {
    const BlockCache& c = cache[l];
    const BlockOffsets& o = blocks[l];
    // x_out = x_mid + ff2(gelu(ff1(ln2(x_mid))))
    linear_backward(dx.data(), c.g.data(), p(o.ff2_w), T, F, d, g(o.ff2_w), g(o.ff2_b), dffn.data(), false);
    for (std::size_t i = 0; i < T * F; ++i) {  // GELU'(z) = Φ(z) + z·φ(z)
      const float z = c.f1[i];
      const float derivative = 0.5f * (1.0f + std::erf(z * kInvSqrt2)) +
                               z * std::exp(-0.5f * z * z) * 0.39894228f;  // 1/√(2π)
      dffn[i] *= derivative;
    }
    linear_backward(dffn.data(), c.a2.data(), p(o.ff1_w), T, d, F, g(o.ff1_w), g(o.ff1_b), da.data(), false);
    layer_norm_backward(da.data(), T, d, c.ln2_hat.data(), c.ln2_rstd.data(), p(o.ln2_w), g(o.ln2_w), g(o.ln2_b),
                        dx.data(), true);

    // x_mid = x_in + o(ctx)
    linear_backward(dx.data(), c.ctx.data(), p(o.o_w), T, d, d, g(o.o_w), g(o.o_b), dtmp.data(), false);
    split_heads(dtmp.data(), B, n, H, dh, dheads.data());
    for (std::size_t b = 0; b < B; ++b) {
      for (std::size_t h = 0; h < H; ++h) {
        const std::size_t head = b * H + h;
        const ConstMapF P(c.probs.data() + head * n * n, N, N);
        const ConstMapF Q(c.q.data() + head * n * dh, N, DH), K(c.k.data() + head * n * dh, N, DH);
        const ConstMapF Vh(c.v.data() + head * n * dh, N, DH), DC(dheads.data() + head * n * dh, N, DH);
        MapF DS(dscores.data(), N, N);
        DS.noalias() = DC * Vh.transpose();  // ∂/∂p_ij
        MapF(dv.data() + head * n * dh, N, DH).noalias() = P.transpose() * DC;
        for (std::size_t i = 0; i < n; ++i) {  // softmax: ds_ij = p_ij (dp_ij − Σ_k p_ik dp_ik)
          double dot = 0.0;
          for (std::size_t j = 0; j < n; ++j) dot += static_cast<double>(P(i, j)) * DS(i, j);
          for (std::size_t j = 0; j < n; ++j) DS(i, j) = static_cast<float>(P(i, j) * (DS(i, j) - dot));
        }
        if (!buckets.empty()) {
          float* table = g(relative_w);
          for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) table[static_cast<std::size_t>(buckets[i * n + j]) * H + h] += DS(i, j);
        }
        MapF(dq.data() + head * n * dh, N, DH).noalias() = (DS * K) / scale;
        MapF(dk.data() + head * n * dh, N, DH).noalias() = (DS.transpose() * Q) / scale;
      }
    }
    if (!rope_table.empty()) {  // q and k were turned by R(θ): the gradient turns back by R(−θ)
      rope_rows(dq.data(), B * H, n, dh, rope_table.data(), true);
      rope_rows(dk.data(), B * H, n, dh, rope_table.data(), true);
    }
    merge_heads(dq.data(), B, n, H, dh, dtmp.data());
    linear_backward(dtmp.data(), c.a1.data(), p(o.q_w), T, d, d, g(o.q_w), g(o.q_b), da.data(), false);
    merge_heads(dk.data(), B, n, H, dh, dtmp.data());
    linear_backward(dtmp.data(), c.a1.data(), p(o.k_w), T, d, d, g(o.k_w), g(o.k_b), da.data(), true);
    merge_heads(dv.data(), B, n, H, dh, dtmp.data());
    linear_backward(dtmp.data(), c.a1.data(), p(o.v_w), T, d, d, g(o.v_w), g(o.v_b), da.data(), true);
    layer_norm_backward(da.data(), T, d, c.ln1_hat.data(), c.ln1_rstd.data(), p(o.ln1_w), g(o.ln1_w), g(o.ln1_b),
                        dx.data(), true);
  }

  // h = token(ids) [+ position.weight[:n]]: each row's gradient goes to the rows it was read from
  for (std::size_t t = 0; t < T; ++t) {
    float* token = g(token_w) + static_cast<std::size_t>(ids[t]) * d;
    float* position = position_w != kNone ? g(position_w) + (t % n) * d : nullptr;
    for (std::size_t j = 0; j < d; ++j) {
      token[j] += dx[t * d + j];
      if (position) position[j] += dx[t * d + j];
    }
  }
}

double TinyTransformer::loss_and_gradients(const std::vector<int>& ids, const std::vector<int>& targets, int batch,
                                           int length) {
  Impl& m = *impl_;
  m.check_ids(ids, batch, length);
  require_size("targets", targets.size(), ids.size(), "batch × length");
  std::size_t counted = 0;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const int t = targets[i];
    if (t == kIgnoreIndex) continue;
    if (t < 0 || t >= m.config.vocab_size) {
      throw ArgumentError("targets[" + std::to_string(i) + "] = " + std::to_string(t) +
                              " is neither -100 (ignored) nor a token id from 0 to " +
                              std::to_string(m.config.vocab_size - 1),
                          "out_of_range", "targets",
                          {{"index", static_cast<double>(i)},
                           {"value", static_cast<double>(t)},
                           {"min", 0.0},
                           {"max", static_cast<double>(m.config.vocab_size - 1)}});
    }
    ++counted;
  }
  if (counted == 0)
    throw ArgumentError("every target is -100: there is no position to average the loss over", "empty", "targets");
  m.prepare(batch, length);
  m.forward(ids.data());

  // F.cross_entropy(logits, targets, ignore_index=-100): mean over the counted positions of logsumexp − logit[t]
  const std::size_t V = static_cast<std::size_t>(m.config.vocab_size);
  double loss = 0.0;
  for (std::size_t r = 0; r < targets.size(); ++r) {
    const float* row = m.logits.data() + r * V;
    float* drow = m.dlogits.data() + r * V;
    if (targets[r] == kIgnoreIndex) {
      std::fill(drow, drow + V, 0.0f);
      continue;
    }
    double largest = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < V; ++j) largest = std::max(largest, static_cast<double>(row[j]));
    double total = 0.0;
    for (std::size_t j = 0; j < V; ++j) {
      drow[j] = std::exp(row[j] - static_cast<float>(largest));  // one exponential per logit, ≤ 1
      total += drow[j];
    }
    loss += largest + std::log(total) - row[targets[r]];
    // ∂loss/∂logit_j = (softmax_j − [j = target]) / counted
    const double share = 1.0 / (total * static_cast<double>(counted));
    for (std::size_t j = 0; j < V; ++j) drow[j] = static_cast<float>(drow[j] * share);
    drow[targets[r]] -= static_cast<float>(1.0 / static_cast<double>(counted));
  }
  m.backward(ids.data());
  m.have_gradients = true;
  return loss / static_cast<double>(counted);
}

}  // namespace poslab
