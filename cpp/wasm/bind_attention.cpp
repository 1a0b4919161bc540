// cpp/wasm/bind_attention.cpp — attention, RoPE and relative positions (attention.hpp, rope.hpp, relative.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/attention.hpp"
#include "poslab/rope.hpp"
#include "poslab/relative.hpp"

using emscripten::val;
using namespace poslab_js;

// ---- attention and RoPE: selfAttention, permutationGap, rope, ropeScoreGrid, additiveScoreGrid ----
namespace {


// A projection matrix dim × width, its width read from its length (which must be a multiple of dim).
poslab::MatrixF to_projection(const char* argument, const val& values, long long dim) {
  const std::vector<float> data = to_floats(argument, values);
  const std::size_t d = static_cast<std::size_t>(dim);
  const std::size_t width = data.empty() ? 0 : data.size() / d;
  poslab::require_size(argument, data.size(), std::max<std::size_t>(width, 1) * d, "dim × its width (a multiple of dim)");
  return Eigen::Map<const poslab::MatrixF>(data.data(), static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(width));
}

val attention_result(const poslab::AttentionResult& r) {
  val out = val::object();
  out.set("weights", to_float32_array(r.weights.data(), static_cast<std::size_t>(r.weights.size())));
  out.set("output", to_float32_array(r.output.data(), static_cast<std::size_t>(r.output.size())));
  out.set("seqLen", static_cast<double>(r.output.rows()));
  out.set("valueDim", static_cast<double>(r.output.cols()));
  return out;
}

std::pair<long long, long long> attention_shape(double seq_len, double dim) {
  const long long n = to_integer("seq_len", seq_len), d = to_integer("dim", dim);
  poslab::require_range("seq_len", n, 1, poslab::kMaxAttentionLength);
  poslab::require_range("dim", d, 1, poslab::kMaxModelWidth);
  return {n, d};
}

val self_attention_plain(const val& x, double seq_len, double dim) {
  return guarded([&] {
    const auto [n, d] = attention_shape(seq_len, dim);
    return attention_result(poslab::self_attention(to_matrix("x", x, n, d, "seq_len × dim")));
  });
}

// options: {wq, wk, wv, causal, keyLength}; without wq/wk/wv the projections are the identity.
// keyLength (optional): how many keys are real tokens; keys from there on are padding and get weight 0.
// Checked here (1..seq_len) so the error names the JS option; absent means every key is real.
long long key_length_option(const val& options, long long n) {
  if (is_missing(options["keyLength"])) return 0;  // absent: every key is real
  const long long k = to_integer("keyLength", number_option(options, "keyLength", "keyLength", 0));
  poslab::require_range("keyLength", k, 1, n);
  return k;
}

val self_attention_with(const val& x, double seq_len, double dim, const val& options) {
  return guarded([&] {
    const auto [n, d] = attention_shape(seq_len, dim);
    const poslab::MatrixF input = to_matrix("x", x, n, d, "seq_len × dim");
    const val o = options_object(options, "options", "{causal: true}");
    const bool causal = bool_option(o, "causal", "causal", false);
    const long long keys = key_length_option(o, n);
    if (is_missing(o["wq"])) return attention_result(poslab::self_attention(input, causal, keys));
    return attention_result(poslab::self_attention(input, to_projection("wq", o["wq"], d), to_projection("wk", o["wk"], d),
                                                   to_projection("wv", o["wv"], d), causal, keys));
  });
}

// Per row of `reordered`, the largest difference to the row of `original` it should equal.
std::vector<double> row_gaps(const val& original, const val& reordered, double rows, double cols, const val& order) {
  const long long r = to_integer("rows", rows), c = to_integer("cols", cols);
  poslab::require_range("rows", r, 1, poslab::kMaxAttentionLength);
  poslab::require_range("cols", c, 1, poslab::kMaxModelWidth);
  const poslab::MatrixF a = to_matrix("original", original, r, c, "rows × cols");
  const poslab::MatrixF b = to_matrix("reordered", reordered, r, c, "rows × cols");
  std::vector<int> o;
  for (float v : to_floats("order", order)) {
    poslab::require_integer("order", v);
    o.push_back(static_cast<int>(v));
  }
  return poslab::permutation_row_gaps(a, b, o);
}

double permutation_gap(const val& original, const val& reordered, double rows, double cols, const val& order) {
  return guarded([&] {
    const std::vector<double> gaps = row_gaps(original, reordered, rows, cols, order);
    return *std::max_element(gaps.begin(), gaps.end());
  });
}

val permutation_row_gaps(const val& original, const val& reordered, double rows, double cols, const val& order) {
  return guarded([&] {
    const std::vector<double> gaps = row_gaps(original, reordered, rows, cols, order);
    return val(emscripten::typed_memory_view(gaps.size(), gaps.data())).call<val>("slice");
  });
}

// Throws not_permutation (or size_mismatch) unless order holds 0 … n−1 once each.
void validate_permutation(const val& order, double n) {
  guarded([&] {
    const long long count = to_integer("n", n);
    poslab::require_range("n", count, 1, poslab::kMaxAttentionLength);
    std::vector<int> o;
    for (float v : to_floats("order", order)) {
      poslab::require_integer("order", v);
      o.push_back(static_cast<int>(v));
    }
    poslab::validate_permutation(o, static_cast<std::size_t>(count));
  });
}

val rope_with_base(const val& x, double seq_len, double dim, double base) {
  return guarded([&] {
    const long long n = to_integer("seq_len", seq_len), d = to_integer("dim", dim);
    poslab::validate_rope_shape(n, d, base);
    const std::vector<float> data = to_floats("x", x);
    poslab::require_size("x", data.size(), poslab::count_of({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(d)}), "seq_len × dim");
    std::vector<float> out(data.size());
    poslab::rope_into(data.data(), out.data(), static_cast<int>(n), static_cast<int>(d), base);
    return to_float32_array(out.data(), out.size());
  });
}

val rope_default(const val& x, double seq_len, double dim) { return rope_with_base(x, seq_len, dim, poslab::kDefaultBase); }

// steps × 2 (Float32Array): pair `pair`'s unit vector turned by RoPE at positions 0 … steps−1.
val rope_pair_path(double dim, double pair, double steps, double base) {
  return guarded([&] {
    const long long d = to_integer("dim", dim), p = to_integer("pair", pair), n = to_integer("steps", steps);
    poslab::validate_rope_shape(n, d, base);
    poslab::require_range("pair", p, 0, d / 2 - 1);
    const poslab::MatrixF path = poslab::rope_pair_path(static_cast<int>(d), static_cast<int>(p), static_cast<int>(n), base);
    return to_float32_array(path.data(), static_cast<std::size_t>(path.size()));
  });
}

// q and k of equal even length; n_positions × n_positions scores.
template <class Grid>
val score_grid(const val& q, const val& k, double positions, Grid grid) {
  return guarded([&] {
    const long long n = to_integer("positions", positions);
    poslab::require_range("positions", n, 1, poslab::kMaxGridPositions);
    const std::vector<float> vq = to_floats("q", q), vk = to_floats("k", k);
    poslab::require_not_empty("q", vq.size());
    poslab::require_size("k", vk.size(), vq.size(), "the length of q");
    const poslab::MatrixF m = grid(vq, vk, static_cast<int>(n));
    return to_float32_array(m.data(), static_cast<std::size_t>(m.size()));
  });
}

val rope_score_grid(const val& q, const val& k, double positions, double base) {
  return score_grid(q, k, positions, [&](const std::vector<float>& a, const std::vector<float>& b, int n) {
    poslab::validate_rope_shape(n, static_cast<long long>(a.size()), base);
    return poslab::rope_score_grid(a.data(), b.data(), static_cast<int>(a.size()), n, base);
  });
}

val additive_score_grid(const val& q, const val& k, double positions) {
  return score_grid(q, k, positions, [&](const std::vector<float>& a, const std::vector<float>& b, int n) {
    poslab::validate_rope_shape(n, static_cast<long long>(a.size()), poslab::kDefaultBase);
    return poslab::additive_score_grid(a.data(), b.data(), static_cast<int>(a.size()), n);
  });
}

// A square grid (n × n, row-major): the largest spread along a diagonal.
double diagonal_spread(const val& grid, double n) {
  return guarded([&] {
    const long long size = to_integer("n", n);
    poslab::require_range("n", size, 1, poslab::kMaxGridPositions);
    return poslab::diagonal_spread(to_matrix("grid", grid, size, size, "n × n"));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_attention) {
  emscripten::function("diagonalSpread", &diagonal_spread);
  emscripten::function("selfAttention", &self_attention_plain);
  emscripten::function("selfAttention", &self_attention_with);
  emscripten::function("permutationGap", &permutation_gap);
  emscripten::function("permutationRowGaps", &permutation_row_gaps);
  emscripten::function("validatePermutation", &validate_permutation);
  emscripten::function("rope", &rope_default);
  emscripten::function("rope", &rope_with_base);
  emscripten::function("ropePairPath", &rope_pair_path);
  emscripten::function("ropeScoreGrid", &rope_score_grid);
  emscripten::function("additiveScoreGrid", &additive_score_grid);
}

// ---- relative positions: divTerm, wavelengths, angleMatrix, rotationCheck ----
namespace {


int to_width(double d_model) {
  const long long d = to_integer("d_model", d_model);
  poslab::require_range("d_model", d, 2, poslab::kMaxModelWidth);
  return static_cast<int>(d);
}

val div_term(double d_model) {
  return guarded([&] { return to_float64_array(poslab::div_term(to_width(d_model))); });
}

val wavelengths(double d_model) {
  return guarded([&] { return to_float64_array(poslab::wavelengths(to_width(d_model))); });
}

val angle_matrix(double max_len, double d_model) {
  return guarded([&] {
    const long long n = to_integer("max_len", max_len), d = to_integer("d_model", d_model);
    poslab::validate_encoding_shape(n, d);
    const poslab::MatrixF m = poslab::angle_matrix(static_cast<int>(n), static_cast<int>(d));
    return to_float32_array(m.data(), static_cast<std::size_t>(m.size()));
  });
}

val rotation_check(double pos, double k, double d_model) {
  return guarded([&] {
    const long long p = to_integer("pos", pos), offset = to_integer("k", k), d = to_integer("d_model", d_model);
    poslab::require_range("pos", p, 0, poslab::kMaxSequenceLength - 1);
    poslab::require_range("k", offset, -p, poslab::kMaxSequenceLength - 1 - p);
    poslab::require_range("d_model", d, 2, poslab::kMaxRotationWidth);
    const poslab::RotationCheck c = poslab::rotation_check(static_cast<int>(p), static_cast<int>(offset), static_cast<int>(d));
    val out = val::object();
    out.set("rotation", to_float32_array(c.rotation.data(), static_cast<std::size_t>(c.rotation.size())));
    out.set("pePos", to_float32_array(c.pe_pos.data(), c.pe_pos.size()));
    out.set("rotated", to_float32_array(c.rotated.data(), c.rotated.size()));
    out.set("peShifted", to_float32_array(c.pe_shifted.data(), c.pe_shifted.size()));
    out.set("maxError", c.max_error);
    return out;
  });
}

val closest_pair(const poslab::ClosestPair& c) {
  val out = val::object();
  out.set("posA", c.pos_a);
  out.set("posB", c.pos_b);
  out.set("distance", c.distance);
  return out;
}

val closest_rows(const val& x, double rows, double dim) {
  return guarded([&] {
    const long long r = to_integer("rows", rows), d = to_integer("dim", dim);
    poslab::require_range("rows", r, 2, poslab::kMaxClosestLength);
    poslab::require_range("dim", d, 1, poslab::kMaxModelWidth);
    return closest_pair(poslab::closest_rows(to_matrix("x", x, r, d, "rows × dim")));
  });
}

val closest_positions(double max_len, double d_model) {
  return guarded([&] {
    const long long n = to_integer("max_len", max_len), d = to_integer("d_model", d_model);
    poslab::require_range("max_len", n, 2, poslab::kMaxClosestLength);
    poslab::require_range("d_model", d, 2, poslab::kMaxRotationWidth);
    return closest_pair(poslab::closest_positions(static_cast<int>(n), static_cast<int>(d)));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_relative) {
  emscripten::function("closestPositions", &closest_positions);
  emscripten::function("closestRows", &closest_rows);
  emscripten::function("divTerm", &div_term);
  emscripten::function("wavelengths", &wavelengths);
  emscripten::function("angleMatrix", &angle_matrix);
  emscripten::function("rotationCheck", &rotation_check);
}
// ---- seeded attention head: attentionExample ----
namespace {

// {table, wq, wk, wv, words, dim}: the notebook's word vectors and projections for this seed (E002-1).
val attention_example(const val& seed, double words, double dim) {
  return guarded([&] {
    const long long w = to_integer("words", words), d = to_integer("dim", dim);
    const poslab::AttentionExample ex = poslab::attention_example(w, d, to_seed(seed));
    const auto array = [](const poslab::MatrixF& m) { return to_float32_array(m.data(), static_cast<std::size_t>(m.size())); };
    val out = val::object();
    out.set("words", static_cast<double>(w));
    out.set("dim", static_cast<double>(d));
    out.set("table", array(ex.table));
    out.set("wq", array(ex.wq));
    out.set("wk", array(ex.wk));
    out.set("wv", array(ex.wv));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_attention_example) {
  emscripten::function("attentionExample", &attention_example);
}
