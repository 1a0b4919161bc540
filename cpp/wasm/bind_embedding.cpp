// cpp/wasm/bind_embedding.cpp — seeded torch-identical tables, lookup, document 000's steps (embedding.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/dropout.hpp"
#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"

using emscripten::val;
using namespace poslab_js;

// ---- Embeddings meet positions: seeded torch-identical tables, lookup, document 000's steps ----

namespace {


poslab::MatrixF to_table(const val& table, double vocab_size, double dim) {
  const long long v = to_integer("vocab_size", vocab_size), d = to_integer("dim", dim);
  poslab::validate_embedding_shape(v, d);
  return to_matrix("table", table, v, d, "vocab_size × dim");
}

val torch_embedding(double vocab_size, double dim, const val& seed) {
  return guarded([&] {
    const long long v = to_integer("vocab_size", vocab_size), d = to_integer("dim", dim);
    poslab::validate_embedding_shape(v, d);
    const poslab::TorchSeed s = to_seed(seed);
    const poslab::MatrixF table = poslab::torch_embedding(v, d, s);
    return to_float32_array(table.data(), static_cast<std::size_t>(table.size()));
  });
}

val embedding_lookup(const val& table, double vocab_size, double dim, const val& ids) {
  return guarded([&] {
    const poslab::MatrixF t = to_table(table, vocab_size, dim);
    const poslab::MatrixF rows = poslab::embedding_lookup(t, to_ids(ids));
    return to_float32_array(rows.data(), static_cast<std::size_t>(rows.size()));
  });
}

val embedding_steps(const val& table, double vocab_size, double dim, const val& ids, const std::string& variant,
                    bool scale) {
  return guarded([&] {
    const poslab::MatrixF t = to_table(table, vocab_size, dim);
    const poslab::SinusoidVariant v = poslab::parse_sinusoid_variant(variant);
    const poslab::EmbeddingSteps steps = poslab::embedding_steps(t, to_ids(ids), v, scale);
    const auto array = [](const poslab::MatrixF& m) { return to_float32_array(m.data(), static_cast<std::size_t>(m.size())); };
    val out = val::object();
    out.set("rows", static_cast<double>(steps.embedded.rows()));
    out.set("cols", static_cast<double>(steps.embedded.cols()));
    out.set("embedded", array(steps.embedded));
    out.set("scaled", array(steps.scaled));
    out.set("positional", array(steps.positional));
    out.set("encoded", array(steps.encoded));
    out.set("shift", array(steps.shift));
    out.set("shiftScaled", array(steps.shift_scaled));
    out.set("scaleFactor", static_cast<double>(poslab::embedding_scale_factor(static_cast<int>(steps.embedded.cols()), scale)));
    out.set("maxDeviation", steps.max_deviation);
    out.set("roundingBound", steps.rounding_bound);
    out.set("largestShift", steps.largest_shift);
    out.set("largestShiftScaled", steps.largest_shift_scaled);
    return out;
  });
}

val add_position_index(const val& embeddings, double rows, double dim, bool scale) {
  return guarded([&] {
    const long long r = to_integer("rows", rows), d = to_integer("dim", dim);
    poslab::require_range("rows", r, 1, poslab::kMaxSequenceLength);
    poslab::require_range("dim", d, 1, poslab::kMaxModelWidth);
    const poslab::MatrixF out = poslab::add_position_index(to_matrix("embeddings", embeddings, r, d, "rows × dim"), scale);
    return to_float32_array(out.data(), static_cast<std::size_t>(out.size()));
  });
}

// The seed as the decimal text torch.manual_seed would take (checks it without drawing anything).
std::string torch_seed_text(const val& seed) {
  return guarded([&] { return std::to_string(to_seed(seed)); });
}

// Document 002's PositionalEncoding module on torch.randn(batch, seq, d_model) after manual_seed(seed): x, x + pe,
// the output (dropout in training mode, none in evaluation mode) and which values were kept (Uint8Array).
val positional_module(const val& seed, double batch, double seq, double d_model, double max_len, double p, bool train) {
  return guarded([&] {
    const long long b = to_integer("batch", batch), s = to_integer("seq_len", seq), d = to_integer("d_model", d_model),
                    m = to_integer("max_len", max_len);
    poslab::require_range("batch", b, 1, 64);
    poslab::require_range("max_len", m, 1, poslab::kMaxSequenceLength);
    poslab::require_range("seq_len", s, 1, m);
    poslab::require_range("d_model", d, 2, poslab::kMaxModelWidth);
    const poslab::ModulePass r = poslab::positional_module(to_seed(seed), static_cast<int>(b), static_cast<int>(s),
                                                           static_cast<int>(d), static_cast<int>(m), p, train);
    val out = val::object();
    out.set("x", to_float32_array(r.x.data(), r.x.size()));
    out.set("encoded", to_float32_array(r.encoded.data(), r.encoded.size()));
    out.set("output", to_float32_array(r.output.data(), r.output.size()));
    out.set("kept", val(emscripten::typed_memory_view(r.kept.size(), r.kept.data())).call<val>("slice"));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_embedding) {
  emscripten::function("torchEmbedding", &torch_embedding);
  emscripten::function("positionalModule", &positional_module);
  emscripten::function("embeddingLookup", &embedding_lookup);
  emscripten::function("embeddingSteps", &embedding_steps);
  emscripten::function("torchSeed", &torch_seed_text);
  emscripten::function("addPositionIndex", &add_position_index);
}
