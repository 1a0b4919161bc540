// TinyTransformer's forward pass: embeddings (+ positions), pre-LN blocks of multi-head attention and an erf-GELU
// feed-forward layer, the final LayerNorm and the output projection. Every activation the backward pass needs is
// kept in the block caches; the matrix products run on row_dots (A·Bᵀ, SIMD).
#include <algorithm>
#include <cmath>
#include <limits>

#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"
#include "poslab/position_bias.hpp"
#include "poslab/rope.hpp"
#include "row_dots.hpp"
#include "transformer_impl.hpp"

namespace poslab {
namespace {

constexpr double kLayerNormEps = 1e-5;

}  // namespace

// (b·n + i, h·d_head + e) of a T × d matrix  <->  (b, h, i, e) of a head-major B × H × n × d_head one.
void split_heads(const float* x, std::size_t batch, std::size_t n, std::size_t heads, std::size_t dh, float* out) {
  const std::size_t d = heads * dh;
  for (std::size_t b = 0; b < batch; ++b)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t i = 0; i < n; ++i)
        std::copy_n(x + (b * n + i) * d + h * dh, dh, out + ((b * heads + h) * n + i) * dh);
}

void linear_forward(const float* x, std::size_t rows, const float* w, const float* b, std::size_t in,
                    std::size_t out, float* y) {
  row_dots(x, rows, w, out, in, y);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t o = 0; o < out; ++o) y[r * out + o] += b[o];
}

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

void rope_rows(float* x, std::size_t count, std::size_t n, std::size_t d_head, const float* table, bool inverse) {
  for (std::size_t s = 0; s < count; ++s) rope_rotate_rows(x + s * n * d_head, n, d_head, table, inverse);
}

void TinyTransformer::Impl::prepare(int batch_size, int len) {
  if (batch_size == batch && len == length) return;
  batch = batch_size;
  length = len;
  const std::size_t T = rows(), d = static_cast<std::size_t>(config.d_model), n = static_cast<std::size_t>(len);
  const std::size_t H = static_cast<std::size_t>(config.heads), F = static_cast<std::size_t>(config.ffn_size);
  const std::size_t V = static_cast<std::size_t>(config.vocab_size), B = static_cast<std::size_t>(batch_size);
  cache.resize(static_cast<std::size_t>(config.layers));  // assign() below keeps each vector's capacity
  for (BlockCache& c : cache) {
    for (auto* m : {&c.x_in, &c.ln1_hat, &c.a1, &c.q, &c.k, &c.v, &c.ctx, &c.x_mid, &c.ln2_hat, &c.a2}) m->assign(T * d, 0.0f);
    c.ln1_rstd.assign(T, 0.0f);
    c.ln2_rstd.assign(T, 0.0f);
    c.probs.assign(B * H * n * n, 0.0f);
    c.f1.assign(T * F, 0.0f);
    c.g.assign(T * F, 0.0f);
  }
  for (auto* m : {&x_final, &lnf_hat, &af, &dx, &da, &dtmp, &dheads, &dq, &dk, &dv}) m->assign(T * d, 0.0f);
  lnf_rstd.assign(T, 0.0f);
  logits.assign(T * V, 0.0f);
  dlogits.assign(T * V, 0.0f);
  dffn.assign(T * F, 0.0f);
  dscores.assign(n * n, 0.0f);
  sinusoid.clear();
  rope_table.clear();
  bias.clear();
  buckets.clear();
  switch (config.positional) {
    case PositionalMethod::sinusoidal:
      sinusoid.resize(n * d);
      positional_encoding_into(sinusoid.data(), len, config.d_model, SinusoidVariant::paper);
      break;
    case PositionalMethod::rope:
      rope_table.resize(n * static_cast<std::size_t>(d_head()));
      sinusoid_table_into(rope_table.data(), len, d_head(), SinusoidVariant::paper, kDefaultBase);
      break;
    case PositionalMethod::alibi: bias = alibi_bias(config.heads, len, false); break;
    case PositionalMethod::t5:
      buckets = t5_bucket_grid(len, !config.causal, kTransformerT5Buckets, kTransformerT5MaxDistance);
      break;
    default: break;
  }
}

void TinyTransformer::Impl::forward(const int* ids) {
  const std::size_t T = rows(), d = static_cast<std::size_t>(config.d_model), n = static_cast<std::size_t>(length);
  const std::size_t H = static_cast<std::size_t>(config.heads), dh = static_cast<std::size_t>(d_head());
  const std::size_t F = static_cast<std::size_t>(config.ffn_size), B = static_cast<std::size_t>(batch);
  const float scale = static_cast<float>(std::sqrt(static_cast<double>(dh)));  // q·kᵀ / math.sqrt(d_head)
  const float minus_infinity = -std::numeric_limits<float>::infinity();

  // h = token(ids) [+ PE[:n] | + position.weight[:n]]
  float* x = cache[0].x_in.data();
  for (std::size_t t = 0; t < T; ++t) {
    const float* token = p(token_w) + static_cast<std::size_t>(ids[t]) * d;
    const std::size_t pos = t % n;
    for (std::size_t j = 0; j < d; ++j) {
      float value = token[j];
      if (!sinusoid.empty()) value += sinusoid[pos * d + j];
      if (position_w != kNone) value += p(position_w)[pos * d + j];
      x[t * d + j] = value;
    }
  }

  for (std::size_t l = 0; l < cache.size(); ++l) {
    BlockCache& c = cache[l];
    const BlockOffsets& o = blocks[l];
    layer_norm_forward(c.x_in.data(), T, d, p(o.ln1_w), p(o.ln1_b), c.ln1_hat.data(), c.ln1_rstd.data(), c.a1.data());
    float* tmp = dtmp.data();
    linear_forward(c.a1.data(), T, p(o.q_w), p(o.q_b), d, d, tmp);
    split_heads(tmp, B, n, H, dh, c.q.data());
    linear_forward(c.a1.data(), T, p(o.k_w), p(o.k_b), d, d, tmp);
    split_heads(tmp, B, n, H, dh, c.k.data());
    linear_forward(c.a1.data(), T, p(o.v_w), p(o.v_b), d, d, tmp);
    split_heads(tmp, B, n, H, dh, c.v.data());
    if (!rope_table.empty()) {
      rope_rows(c.q.data(), B * H, n, dh, rope_table.data(), false);
      rope_rows(c.k.data(), B * H, n, dh, rope_table.data(), false);
    }
    for (std::size_t b = 0; b < B; ++b) {
      for (std::size_t h = 0; h < H; ++h) {
        const std::size_t head = b * H + h;
        const float* q = c.q.data() + head * n * dh;
        const float* k = c.k.data() + head * n * dh;
        const float* v = c.v.data() + head * n * dh;
        float* probs = c.probs.data() + head * n * n;
        row_dots(q, n, k, n, dh, probs);
        for (std::size_t i = 0; i < n; ++i) {
          float* row = probs + i * n;
          double largest = -std::numeric_limits<double>::infinity();
          for (std::size_t j = 0; j < n; ++j) {
            float s = row[j] / scale;
            if (!bias.empty()) s += bias[(h * n + i) * n + j];
            if (!buckets.empty()) s += p(relative_w)[static_cast<std::size_t>(buckets[i * n + j]) * H + h];
            if (config.causal && j > i) s = minus_infinity;
            row[j] = s;
            largest = std::max(largest, static_cast<double>(s));
          }
          // one exponential per score (float, exp(s − max) ≤ 1), summed in double
          double total = 0.0;
          const float top = static_cast<float>(largest);
          for (std::size_t j = 0; j < n; ++j) {
            row[j] = std::exp(row[j] - top);
            total += row[j];
          }
          const float inverse = static_cast<float>(1.0 / total);
          for (std::size_t j = 0; j < n; ++j) row[j] *= inverse;
        }
        // this head's context rows Σ_j p_ij v_j, written into its columns of the concatenated heads
        using Strided = Eigen::Map<RowMajorF, 0, Eigen::OuterStride<>>;
        Strided(c.ctx.data() + b * n * d + h * dh, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(dh),
                Eigen::OuterStride<>(static_cast<Eigen::Index>(d)))
            .noalias() = ConstMapF(probs, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n)) *
                         ConstMapF(v, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(dh));
      }
    }
    linear_forward(c.ctx.data(), T, p(o.o_w), p(o.o_b), d, d, tmp);
    for (std::size_t i = 0; i < T * d; ++i) c.x_mid[i] = c.x_in[i] + tmp[i];
    layer_norm_forward(c.x_mid.data(), T, d, p(o.ln2_w), p(o.ln2_b), c.ln2_hat.data(), c.ln2_rstd.data(), c.a2.data());
    linear_forward(c.a2.data(), T, p(o.ff1_w), p(o.ff1_b), d, F, c.f1.data());
    for (std::size_t i = 0; i < T * F; ++i) {  // exact GELU: x·Φ(x) = x/2·(1 + erf(x/√2))
      const float z = c.f1[i];
      c.g[i] = 0.5f * z * (1.0f + std::erf(z * kInvSqrt2));
    }
    linear_forward(c.g.data(), T, p(o.ff2_w), p(o.ff2_b), F, d, tmp);
    float* next = (l + 1 < cache.size()) ? cache[l + 1].x_in.data() : x_final.data();
    for (std::size_t i = 0; i < T * d; ++i) next[i] = c.x_mid[i] + tmp[i];
  }
  layer_norm_forward(x_final.data(), T, d, p(lnf_w), p(lnf_b), lnf_hat.data(), lnf_rstd.data(), af.data());
  linear_forward(af.data(), T, p(out_w), p(out_b), d, static_cast<std::size_t>(config.vocab_size), logits.data());
}

std::vector<float> TinyTransformer::logits(const std::vector<int>& ids, int batch, int length) {
  impl_->check_ids(ids, batch, length);
  impl_->prepare(batch, length);
  impl_->forward(ids.data());
  return impl_->logits;
}

std::vector<float> TinyTransformer::attention_weights(const std::vector<int>& ids, int length) {
  impl_->check_ids(ids, 1, length);
  impl_->prepare(1, length);
  impl_->forward(ids.data());
  const std::size_t per_layer = static_cast<std::size_t>(impl_->config.heads) * static_cast<std::size_t>(length) *
                                static_cast<std::size_t>(length);
  std::vector<float> weights;
  weights.reserve(per_layer * impl_->cache.size());
  for (const BlockCache& c : impl_->cache) weights.insert(weights.end(), c.probs.begin(), c.probs.end());
  return weights;
}

}  // namespace poslab
