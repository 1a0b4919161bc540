// TinyTransformer's incremental decoding: a key/value cache per layer, so that generating (or scoring) a long
// text costs one row through the model per token, and its memory is a few rows, not length × length per layer.
// The same operations (transformer_ops.hpp) and positional method as the full forward pass, one position at a time.
#include <algorithm>
#include <cmath>
#include <string>

#include "poslab/errors.hpp"
#include "transformer_impl.hpp"
#include "transformer_ops.hpp"

namespace poslab {
namespace {

void require_causal(const TransformerConfig& config) {
  if (config.causal) return;
  throw ArgumentError("decoding one token at a time needs a causal model: in a bidirectional one every position "
                      "also reads the tokens after it",
                      "not_causal", "causal");
}

void require_token(const char* argument, int id, int vocab_size) {
  if (id >= 0 && id < vocab_size) return;
  throw ArgumentError(std::string(argument) + " = " + std::to_string(id) + " is not a token: ids go from 0 to " +
                          std::to_string(vocab_size - 1),
                      "out_of_range", argument,
                      {{"value", static_cast<double>(id)}, {"min", 0.0}, {"max", static_cast<double>(vocab_size - 1)}});
}

}  // namespace

void TinyTransformer::begin_sequence() {
  Impl& m = *impl_;
  require_causal(m.config);
  const std::size_t d = static_cast<std::size_t>(m.config.d_model), F = static_cast<std::size_t>(m.config.ffn_size);
  const std::size_t cells = static_cast<std::size_t>(m.config.max_len) * d;  // heads × max_len × d_head
  Impl::Decoder& s = m.decoder;
  s.position = 0;
  s.keys.assign(static_cast<std::size_t>(m.config.layers), std::vector<float>(cells, 0.0f));
  s.values.assign(static_cast<std::size_t>(m.config.layers), std::vector<float>(cells, 0.0f));
  for (auto* row : {&s.x, &s.hat, &s.a, &s.q, &s.k, &s.v, &s.ctx, &s.tmp, &s.mid}) row->assign(d, 0.0f);
  s.f1.assign(F, 0.0f);
  s.g.assign(F, 0.0f);
  s.probs.assign(static_cast<std::size_t>(m.config.max_len), 0.0f);
  s.logits.assign(static_cast<std::size_t>(m.config.vocab_size), 0.0f);
  m.positions->prepare(static_cast<std::size_t>(m.config.max_len));
}

int TinyTransformer::sequence_length() const { return static_cast<int>(impl_->decoder.position); }

std::vector<float> TinyTransformer::next(int id) {
  Impl& m = *impl_;
  require_causal(m.config);
  require_token("id", id, m.config.vocab_size);
  Impl::Decoder& s = m.decoder;
  if (s.keys.empty()) begin_sequence();
  const std::size_t t = s.position, max_len = static_cast<std::size_t>(m.config.max_len);
  if (t >= max_len) {
    throw ArgumentError("the sequence already holds max_len = " + std::to_string(max_len) +
                            " tokens: begin a new one (begin_sequence)",
                        "out_of_range", "position",
                        {{"value", static_cast<double>(t)}, {"min", 0.0}, {"max", static_cast<double>(max_len - 1)}});
  }
  const std::size_t d = static_cast<std::size_t>(m.config.d_model), H = static_cast<std::size_t>(m.config.heads);
  const std::size_t dh = static_cast<std::size_t>(m.d_head()), F = static_cast<std::size_t>(m.config.ffn_size);
  const float scale = static_cast<float>(std::sqrt(static_cast<double>(dh)));

  // h = token(id) + what the method adds at position t
  std::copy_n(m.p(m.token_w) + static_cast<std::size_t>(id) * d, d, s.x.data());
  m.positions->add_to_embeddings(s.x.data(), 1, 1, t, m.params.data());
  float rstd = 0.0f;
  for (std::size_t l = 0; l < m.blocks.size(); ++l) {
    const BlockOffsets& o = m.blocks[l];
    layer_norm_forward(s.x.data(), 1, d, m.p(o.ln1_w), m.p(o.ln1_b), s.hat.data(), &rstd, s.a.data());
    linear_forward(s.a.data(), 1, m.p(o.q_w), m.p(o.q_b), d, d, s.q.data());  // one row: already head by head
    linear_forward(s.a.data(), 1, m.p(o.k_w), m.p(o.k_b), d, d, s.k.data());
    linear_forward(s.a.data(), 1, m.p(o.v_w), m.p(o.v_b), d, d, s.v.data());
    if (m.positions->turns_queries_and_keys()) {
      m.positions->turn(s.q.data(), H, 1, t, false);
      m.positions->turn(s.k.data(), H, 1, t, false);
    }
    float* keys = s.keys[l].data();
    float* values = s.values[l].data();
    for (std::size_t h = 0; h < H; ++h) {
      std::copy_n(s.k.data() + h * dh, dh, keys + (h * max_len + t) * dh);
      std::copy_n(s.v.data() + h * dh, dh, values + (h * max_len + t) * dh);
      const AttentionHead a{*m.positions, m.params.data(), h, scale, true};
      attention_forward(a, s.q.data() + h * dh, 1, t, keys + h * max_len * dh, values + h * max_len * dh, t + 1, dh,
                        s.probs.data(), s.ctx.data() + h * dh, d);
    }
    linear_forward(s.ctx.data(), 1, m.p(o.o_w), m.p(o.o_b), d, d, s.tmp.data());
    for (std::size_t j = 0; j < d; ++j) s.mid[j] = s.x[j] + s.tmp[j];
    layer_norm_forward(s.mid.data(), 1, d, m.p(o.ln2_w), m.p(o.ln2_b), s.hat.data(), &rstd, s.a.data());
    linear_forward(s.a.data(), 1, m.p(o.ff1_w), m.p(o.ff1_b), d, F, s.f1.data());
    gelu_forward(s.f1.data(), F, s.g.data());
    linear_forward(s.g.data(), 1, m.p(o.ff2_w), m.p(o.ff2_b), F, d, s.tmp.data());
    for (std::size_t j = 0; j < d; ++j) s.x[j] = s.mid[j] + s.tmp[j];
  }
  layer_norm_forward(s.x.data(), 1, d, m.p(m.lnf_w), m.p(m.lnf_b), s.hat.data(), &rstd, s.a.data());
  linear_forward(s.a.data(), 1, m.p(m.out_w), m.p(m.out_b), d, static_cast<std::size_t>(m.config.vocab_size),
                 s.logits.data());
  s.position = t + 1;
  return s.logits;
}

std::vector<double> TinyTransformer::token_losses(const std::vector<int>& ids, const std::vector<int>& targets) {
  Impl& m = *impl_;
  require_causal(m.config);
  require_range("length", static_cast<long long>(ids.size()), 1, m.config.max_len);
  require_size("targets", targets.size(), ids.size(), "the length of ids");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    require_token("ids", ids[i], m.config.vocab_size);
    require_token("targets", targets[i], m.config.vocab_size);
  }
  begin_sequence();
  std::vector<double> losses(ids.size());
  const std::size_t V = static_cast<std::size_t>(m.config.vocab_size);
  for (std::size_t i = 0; i < ids.size(); ++i) losses[i] = token_loss(next(ids[i]).data(), V, targets[i]);
  return losses;
}

}  // namespace poslab
