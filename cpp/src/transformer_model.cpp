// TinyTransformer's forward and backward passes, written from its operations (transformer_ops.hpp) and its
// positional method (transformer_positions.hpp), in the order of the PyTorch module (transformer.hpp):
//   h = token(ids) + what the method adds
//   per block: h += o(attention(ln1(h))), h += ff2(gelu(ff1(ln2(h))))
//   logits = out(ln_f(h))
// and the loss: cross-entropy with ignore_index −100. Gradients are overwritten on every call.
#include <algorithm>
#include <cmath>
#include <string>

#include "poslab/errors.hpp"
#include "transformer_impl.hpp"
#include "transformer_ops.hpp"

namespace poslab {

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
  positions->prepare(n);
}

void TinyTransformer::Impl::forward(const int* ids) {
  const std::size_t T = rows(), d = static_cast<std::size_t>(config.d_model), n = static_cast<std::size_t>(length);
  const std::size_t H = static_cast<std::size_t>(config.heads), dh = static_cast<std::size_t>(d_head());
  const std::size_t F = static_cast<std::size_t>(config.ffn_size), B = static_cast<std::size_t>(batch);
  const float scale = static_cast<float>(std::sqrt(static_cast<double>(dh)));  // q·kᵀ / math.sqrt(d_head)

  // h = token(ids) + what the method adds (the sinusoid table, position.weight[:n], or nothing)
  float* x = cache[0].x_in.data();
  for (std::size_t t = 0; t < T; ++t) std::copy_n(p(token_w) + static_cast<std::size_t>(ids[t]) * d, d, x + t * d);
  positions->add_to_embeddings(x, T, n, 0, params.data());

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
    if (positions->turns_queries_and_keys()) {
      positions->turn(c.q.data(), B * H, n, 0, false);
      positions->turn(c.k.data(), B * H, n, 0, false);
    }
    for (std::size_t b = 0; b < B; ++b) {
      for (std::size_t h = 0; h < H; ++h) {
        const std::size_t head = (b * H + h) * n;
        const AttentionHead a{*positions, params.data(), h, scale, config.causal};
        // this head's context rows, written into its columns of the concatenated heads
        attention_forward(a, c.q.data() + head * dh, n, 0, c.k.data() + head * dh, c.v.data() + head * dh, n, dh,
                          c.probs.data() + head * n, c.ctx.data() + b * n * d + h * dh, d);
      }
    }
    linear_forward(c.ctx.data(), T, p(o.o_w), p(o.o_b), d, d, tmp);
    for (std::size_t i = 0; i < T * d; ++i) c.x_mid[i] = c.x_in[i] + tmp[i];
    layer_norm_forward(c.x_mid.data(), T, d, p(o.ln2_w), p(o.ln2_b), c.ln2_hat.data(), c.ln2_rstd.data(), c.a2.data());
    linear_forward(c.a2.data(), T, p(o.ff1_w), p(o.ff1_b), d, F, c.f1.data());
    gelu_forward(c.f1.data(), T * F, c.g.data());
    linear_forward(c.g.data(), T, p(o.ff2_w), p(o.ff2_b), F, d, tmp);
    float* next = (l + 1 < cache.size()) ? cache[l + 1].x_in.data() : x_final.data();
    for (std::size_t i = 0; i < T * d; ++i) next[i] = c.x_mid[i] + tmp[i];
  }
  layer_norm_forward(x_final.data(), T, d, p(lnf_w), p(lnf_b), lnf_hat.data(), lnf_rstd.data(), af.data());
  linear_forward(af.data(), T, p(out_w), p(out_b), d, static_cast<std::size_t>(config.vocab_size), logits.data());
}

void TinyTransformer::Impl::backward(const int* ids) {
  std::fill(grads.begin(), grads.end(), 0.0f);
  const std::size_t T = rows(), d = static_cast<std::size_t>(config.d_model), n = static_cast<std::size_t>(length);
  const std::size_t H = static_cast<std::size_t>(config.heads), dh = static_cast<std::size_t>(d_head());
  const std::size_t F = static_cast<std::size_t>(config.ffn_size), B = static_cast<std::size_t>(batch);
  const std::size_t V = static_cast<std::size_t>(config.vocab_size);
  const float scale = static_cast<float>(std::sqrt(static_cast<double>(dh)));

  // logits = out(ln_f(x)); dx = ∂loss/∂x of the residual stream from here down
  linear_backward(dlogits.data(), af.data(), p(out_w), T, d, V, g(out_w), g(out_b), da.data(), false);
  layer_norm_backward(da.data(), T, d, lnf_hat.data(), lnf_rstd.data(), p(lnf_w), g(lnf_w), g(lnf_b), dx.data(), false);

  for (std::size_t l = cache.size(); l-- > 0;) {
    const BlockCache& c = cache[l];
    const BlockOffsets& o = blocks[l];
    // x_out = x_mid + ff2(gelu(ff1(ln2(x_mid))))
    linear_backward(dx.data(), c.g.data(), p(o.ff2_w), T, F, d, g(o.ff2_w), g(o.ff2_b), dffn.data(), false);
    gelu_backward(c.f1.data(), T * F, dffn.data());
    linear_backward(dffn.data(), c.a2.data(), p(o.ff1_w), T, d, F, g(o.ff1_w), g(o.ff1_b), da.data(), false);
    layer_norm_backward(da.data(), T, d, c.ln2_hat.data(), c.ln2_rstd.data(), p(o.ln2_w), g(o.ln2_w), g(o.ln2_b),
                        dx.data(), true);

    // x_mid = x_in + o(ctx)
    linear_backward(dx.data(), c.ctx.data(), p(o.o_w), T, d, d, g(o.o_w), g(o.o_b), dtmp.data(), false);
    split_heads(dtmp.data(), B, n, H, dh, dheads.data());
    for (std::size_t b = 0; b < B; ++b) {
      for (std::size_t h = 0; h < H; ++h) {
        const std::size_t head = (b * H + h) * n * dh;
        const AttentionHead a{*positions, params.data(), h, scale, config.causal};
        attention_backward(a, c.q.data() + head, c.k.data() + head, c.v.data() + head, c.probs.data() + (b * H + h) * n * n,
                           dheads.data() + head, n, dh, dscores.data(), dq.data() + head, dk.data() + head,
                           dv.data() + head, grads.data());
      }
    }
    if (positions->turns_queries_and_keys()) {  // q and k were turned: their gradients turn back
      positions->turn(dq.data(), B * H, n, 0, true);
      positions->turn(dk.data(), B * H, n, 0, true);
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

  // h = token(ids) + …: each row's gradient goes to the token row it was read from, and to the method's tensors
  for (std::size_t t = 0; t < T; ++t) {
    float* token = g(token_w) + static_cast<std::size_t>(ids[t]) * d;
    for (std::size_t j = 0; j < d; ++j) token[j] += dx[t * d + j];
  }
  positions->embeddings_backward(dx.data(), T, n, grads.data());
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
  std::vector<float> weights;
  weights.reserve(impl_->cache.empty() ? 0 : impl_->cache[0].probs.size() * impl_->cache.size());
  for (const BlockCache& c : impl_->cache) weights.insert(weights.end(), c.probs.begin(), c.probs.end());
  return weights;
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
  const double loss = cross_entropy(m.logits.data(), targets.data(), targets.size(),
                                    static_cast<std::size_t>(m.config.vocab_size), counted, m.dlogits.data());
  m.backward(ids.data());
  m.have_gradients = true;
  return loss;
}

}  // namespace poslab
