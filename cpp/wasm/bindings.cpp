// The only Embind file: adapts JavaScript values to the C++ core and back, and turns C++ errors into
// JavaScript Errors carrying the message and its fields (code, argument, value, min, max, …).
// It holds no maths.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "poslab/attention.hpp"
#include "poslab/bpe.hpp"
#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"
#include "poslab/learned.hpp"
#include "poslab/random.hpp"
#include "poslab/relative.hpp"
#include "poslab/rope.hpp"
#include "poslab/similarity.hpp"
#include "poslab/tokenize.hpp"
#include "poslab/word2vec.hpp"

using emscripten::val;

namespace {

val js_error(const std::string& message, const poslab::ErrorInfo* info) {
  val error = val::global("Error").new_(message);
  error.set("name", std::string("PoslabError"));
  if (info == nullptr) {
    error.set("code", std::string("internal"));
    return error;
  }
  error.set("code", info->code());
  error.set("argument", info->argument());
  for (const auto& [key, field] : info->fields()) {
    if (const double* number = std::get_if<double>(&field)) {
      error.set(key, *number);
    } else {
      error.set(key, std::get<std::string>(field));
    }
  }
  return error;
}

// Runs `body`; a C++ exception leaves as a JavaScript Error. The JS throw happens after the catch block
// has ended, so the C++ exception object is released first.
template <class Body>
auto guarded(Body&& body) -> decltype(body()) {
  std::optional<val> error;
  try {
    return body();
  } catch (const std::bad_alloc&) {
    poslab::ErrorInfo info("out_of_memory", "", {});
    error = js_error("the browser could not give poslab enough memory for this request", &info);
  } catch (const std::exception& e) {
    error = js_error(e.what(), dynamic_cast<const poslab::ErrorInfo*>(&e));
  }
  error->throw_();
}

// A JavaScript number as a whole number; the core's range checks then name the allowed range. Values past
// 2^53 are clamped there (they are far outside every range anyway).
long long to_integer(const char* argument, double value) {
  poslab::require_integer(argument, value);
  constexpr double kLimit = 9007199254740992.0;  // 2^53
  return static_cast<long long>(value > kLimit ? kLimit : value < -kLimit ? -kLimit : value);
}

// Any array-like of numbers (Float32Array, Float64Array, Array) becomes floats; the size is checked before
// anything is allocated.
std::vector<float> to_floats(const char* argument, const val& values) {
  const bool array_like = val::global("Array").call<bool>("isArray", values) ||
                          val::global("ArrayBuffer").call<bool>("isView", values);
  if (!array_like) {
    throw poslab::ArgumentError(std::string(argument) + " must be an array of numbers (a Float32Array)", "not_array",
                                argument);
  }
  const double length = values["length"].as<double>();
  poslab::require_within_cap(argument, static_cast<std::size_t>(length), std::string("the length of ") + argument);
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

val to_float32_array(const float* data, std::size_t size) {
  // slice() copies out of the WebAssembly heap, so the result survives later memory growth.
  return val(emscripten::typed_memory_view(size, data)).call<val>("slice");
}

val positional_encoding(double max_len, double d_model, const std::string& variant) {
  return guarded([&] {
    const long long n = to_integer("max_len", max_len), d = to_integer("d_model", d_model);
    poslab::validate_encoding_shape(n, d);
    const poslab::MatrixF pe = poslab::positional_encoding(static_cast<int>(n), static_cast<int>(d),
                                                           poslab::parse_sinusoid_variant(variant));
    return to_float32_array(pe.data(), static_cast<std::size_t>(pe.size()));
  });
}

val add_positional_encoding(const val& embeddings, double rows, double d_model, const std::string& variant,
                            bool scale) {
  return guarded([&] {
    const long long rows_ll = to_integer("rows", rows), d_ll = to_integer("d_model", d_model);
    poslab::validate_encoding_shape(rows_ll, d_ll);
    const int n = static_cast<int>(rows_ll), d = static_cast<int>(d_ll);
    const std::vector<float> x = to_floats("embeddings", embeddings);
    poslab::require_size("embeddings", x.size(), static_cast<std::size_t>(n) * d, "rows × d_model");
    const poslab::MatrixF out = poslab::add_positional_encoding(
        Eigen::Map<const poslab::MatrixF>(x.data(), n, d), poslab::parse_sinusoid_variant(variant), scale);
    return to_float32_array(out.data(), static_cast<std::size_t>(out.size()));
  });
}

double cosine_similarity(const val& a, const val& b) {
  return guarded([&] {
    const std::vector<float> va = to_floats("a", a), vb = to_floats("b", b);
    return poslab::cosine_similarity(va.data(), va.size(), vb.data(), vb.size());
  });
}

double euclidean_distance(const val& a, const val& b) {
  return guarded([&] {
    const std::vector<float> va = to_floats("a", a), vb = to_floats("b", b);
    return poslab::euclidean_distance(va.data(), va.size(), vb.data(), vb.size());
  });
}

// A and B with their row counts and shared width, checked against the arrays' lengths.
struct MatrixPair {
  std::vector<float> a, b;
  poslab::MatrixView view_a, view_b;
};

MatrixPair to_matrix_pair(const val& a, double rows_a, const val& b, double rows_b, double dim) {
  const long long ra = to_integer("rows_a", rows_a), rb = to_integer("rows_b", rows_b), d = to_integer("dim", dim);
  constexpr auto kCap = static_cast<long long>(poslab::kMaxMatrixValues);
  poslab::require_range("rows_a", ra, 1, kCap);
  poslab::require_range("rows_b", rb, 1, kCap);
  poslab::require_range("dim", d, 1, kCap);
  MatrixPair pair{to_floats("a", a), to_floats("b", b), {}, {}};
  poslab::require_size("a", pair.a.size(), static_cast<std::size_t>(ra) * d, "rows_a × dim");
  poslab::require_size("b", pair.b.size(), static_cast<std::size_t>(rb) * d, "rows_b × dim");
  pair.view_a = {pair.a.data(), static_cast<std::size_t>(ra), static_cast<std::size_t>(d)};
  pair.view_b = {pair.b.data(), static_cast<std::size_t>(rb), static_cast<std::size_t>(d)};
  return pair;
}

val cosine_matrix(const val& a, double rows_a, const val& b, double rows_b, double dim) {
  return guarded([&] {
    const MatrixPair m = to_matrix_pair(a, rows_a, b, rows_b, dim);
    const poslab::MatrixF out = poslab::cosine_matrix(m.view_a, m.view_b);
    return to_float32_array(out.data(), static_cast<std::size_t>(out.size()));
  });
}

val cosine_rows(const val& a, const val& b, double rows, double dim) {
  return guarded([&] {
    const MatrixPair m = to_matrix_pair(a, rows, b, rows, dim);
    const std::vector<float> out = poslab::cosine_rows(m.view_a, m.view_b);
    return to_float32_array(out.data(), out.size());
  });
}

// The benchmark's floor: the same allocation, fill and copy-out as positionalEncoding, minus the maths.
val fill_matrix(double rows, double cols, double value) {
  return guarded([&] {
    const long long r = to_integer("rows", rows), c = to_integer("cols", cols);
    poslab::require_range("rows", r, 1, poslab::kMaxSequenceLength);
    poslab::require_range("cols", c, 1, poslab::kMaxModelWidth);
    poslab::require_within_cap("rows", static_cast<std::size_t>(r) * c, "rows × cols");
    const float fill = static_cast<float>(value);
    poslab::require_finite("value", &fill, 1);
    const poslab::MatrixF m = poslab::MatrixF::Constant(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c), fill);
    return to_float32_array(m.data(), static_cast<std::size_t>(m.size()));
  });
}

val build_info() {
  val info = val::object();
  info.set("simd", POSLAB_SIMD_BUILD == 1);
  info.set("version", std::string(POSLAB_VERSION));
  info.set("maxMatrixValues", static_cast<double>(poslab::kMaxMatrixValues));
  return info;
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab) {
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("addPositionalEncoding", &add_positional_encoding);
  emscripten::function("cosineSimilarity", &cosine_similarity);
  emscripten::function("cosineRows", &cosine_rows);
  emscripten::function("cosineMatrix", &cosine_matrix);
  emscripten::function("euclideanDistance", &euclidean_distance);
  emscripten::function("fillMatrix", &fill_matrix);
  emscripten::function("buildInfo", &build_info);
}

// ---- Embeddings meet positions (issue 3): seeded torch-identical tables, lookup, document 000's steps ----

namespace {

// A seed as JavaScript may hold one: a whole number up to 2^53-1 (larger numbers are not exact, so they are
// refused rather than silently rounded), a BigInt, or a decimal string, both up to 2^64-1.
poslab::TorchSeed to_seed(const val& seed) {
  const std::string type = seed.typeOf().as<std::string>();
  if (type == "number") {
    const double value = seed.as<double>();
    poslab::require_integer("seed", value);
    constexpr double kMaxSafe = 9007199254740991.0;  // Number.MAX_SAFE_INTEGER
    if (value < 0 || value > kMaxSafe) {
      throw poslab::ArgumentError(
          "seed must be between 0 and 9007199254740991 when given as a number (got " + seed.call<std::string>("toString") +
              "); larger seeds, up to 18446744073709551615, are not exact as JavaScript numbers: pass them as a "
              "decimal string or a BigInt",
          "out_of_range", "seed", {{"value", value}, {"min", 0.0}, {"max", kMaxSafe}});
    }
    return static_cast<poslab::TorchSeed>(value);
  }
  if (type == "bigint") return poslab::parse_torch_seed(seed.call<std::string>("toString"));
  if (type == "string") return poslab::parse_torch_seed(seed.as<std::string>());
  throw poslab::ArgumentError("seed must be a whole number, a decimal string or a BigInt", "not_integer", "seed");
}

// Token ids: an array-like of whole numbers; range checks against the table are the core's.
std::vector<long long> to_ids(const val& ids) {
  const bool array_like = val::global("Array").call<bool>("isArray", ids) ||
                          val::global("ArrayBuffer").call<bool>("isView", ids);
  if (!array_like) {
    throw poslab::ArgumentError("ids must be an array of token ids (whole numbers)", "not_array", "ids");
  }
  const double length = ids["length"].as<double>();
  poslab::require_within_cap("ids", static_cast<std::size_t>(length), "the length of ids");
  // read as doubles: to_floats would round ids above 2^24
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(ids);
  std::vector<long long> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!std::isfinite(v) || std::trunc(v) != v) {
      throw poslab::ArgumentError("ids[" + std::to_string(i) + "] must be a whole number", "not_integer", "ids",
                                  {{"index", static_cast<double>(i)}, {"value", std::isfinite(v) ? v : 0.0}});
    }
    out[i] = static_cast<long long>(std::max(-9.0e15, std::min(9.0e15, v)));
  }
  return out;
}

poslab::MatrixF to_table(const val& table, double vocab_size, double dim) {
  const long long v = to_integer("vocab_size", vocab_size), d = to_integer("dim", dim);
  poslab::validate_embedding_shape(v, d);
  const std::vector<float> values = to_floats("table", table);
  poslab::require_size("table", values.size(), static_cast<std::size_t>(v * d), "vocab_size × dim");
  return Eigen::Map<const poslab::MatrixF>(values.data(), v, d);
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
    const std::vector<float> x = to_floats("embeddings", embeddings);
    poslab::require_size("embeddings", x.size(), static_cast<std::size_t>(r * d), "rows × dim");
    const poslab::MatrixF out = poslab::add_position_index(Eigen::Map<const poslab::MatrixF>(x.data(), r, d), scale);
    return to_float32_array(out.data(), static_cast<std::size_t>(out.size()));
  });
}

// The seed as the decimal text torch.manual_seed would take (checks it without drawing anything).
std::string torch_seed_text(const val& seed) {
  return guarded([&] { return std::to_string(to_seed(seed)); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_embedding) {
  emscripten::function("torchEmbedding", &torch_embedding);
  emscripten::function("embeddingLookup", &embedding_lookup);
  emscripten::function("embeddingSteps", &embedding_steps);
  emscripten::function("torchSeed", &torch_seed_text);
  emscripten::function("addPositionIndex", &add_position_index);
}

// ---- attention and RoPE (issue 6): selfAttention, permutationGap, rope, ropeScoreGrid, additiveScoreGrid ----
namespace {

// An array of rows × cols numbers as a row-major matrix; the length is checked first.
poslab::MatrixF to_matrix(const char* argument, const val& values, long long rows, long long cols, const char* shape) {
  const std::vector<float> data = to_floats(argument, values);
  poslab::require_size(argument, data.size(), static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), shape);
  return Eigen::Map<const poslab::MatrixF>(data.data(), static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
}

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

// options: {wq, wk, wv, causal}; without wq/wk/wv the projections are the identity.
val self_attention_with(const val& x, double seq_len, double dim, const val& options) {
  return guarded([&] {
    const auto [n, d] = attention_shape(seq_len, dim);
    const poslab::MatrixF input = to_matrix("x", x, n, d, "seq_len × dim");
    const bool has_options = options.typeOf().as<std::string>() == "object" && !options.isNull();
    const bool causal = has_options && options["causal"].as<bool>();
    const bool projected = has_options && !options["wq"].isUndefined();
    if (!projected) return attention_result(poslab::self_attention(input, causal));
    return attention_result(poslab::self_attention(input, to_projection("wq", options["wq"], d),
                                                   to_projection("wk", options["wk"], d),
                                                   to_projection("wv", options["wv"], d), causal));
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
    poslab::require_size("x", data.size(), static_cast<std::size_t>(n * d), "seq_len × dim");
    std::vector<float> out(data.size());
    poslab::rope_into(data.data(), out.data(), static_cast<int>(n), static_cast<int>(d), base);
    return to_float32_array(out.data(), out.size());
  });
}

val rope_default(const val& x, double seq_len, double dim) { return rope_with_base(x, seq_len, dim, poslab::kDefaultBase); }

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
  emscripten::function("ropeScoreGrid", &rope_score_grid);
  emscripten::function("additiveScoreGrid", &additive_score_grid);
}

// ---- relative positions (issue 6): divTerm, wavelengths, angleMatrix, rotationCheck ----
namespace {

val to_float64_array(const std::vector<double>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

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

// ==== Word2Vec and the word tokenizer (issue 4) ============================================================

namespace {

// A JavaScript option as a double: missing → the default; anything but a number → NaN (refused by the core).
double option(const val& options, const char* name, double fallback) {
  const val v = options[name];
  if (v.isUndefined() || v.isNull()) return fallback;
  return v.typeOf().as<std::string>() == "number" ? v.as<double>() : std::numeric_limits<double>::quiet_NaN();
}

int int_option(const val& options, const char* name, const char* argument, int fallback) {
  const long long value = to_integer(argument, option(options, name, fallback));
  // Out-of-int values are clamped; validate() then names the allowed range.
  return static_cast<int>(std::max<long long>(std::min<long long>(value, 2147483647LL), -2147483647LL));
}

poslab::SkipGramParams to_params(const val& options) {
  if (!options.isUndefined() && !options.isNull() && options.typeOf().as<std::string>() != "object") {
    throw poslab::ArgumentError("the SkipGram options must be an object such as {vectorSize: 100}", "not_array",
                                "options");
  }
  const val o = options.isUndefined() || options.isNull() ? val::object() : options;
  poslab::SkipGramParams p;
  p.vector_size = int_option(o, "vectorSize", "vector_size", p.vector_size);
  p.window = int_option(o, "window", "window", p.window);
  p.min_count = int_option(o, "minCount", "min_count", p.min_count);
  p.negative = int_option(o, "negative", "negative", p.negative);
  p.epochs = int_option(o, "epochs", "epochs", p.epochs);
  p.sample = option(o, "sample", p.sample);
  p.alpha = option(o, "alpha", p.alpha);
  p.min_alpha = option(o, "minAlpha", p.min_alpha);
  p.seed = option(o, "seed", p.seed);
  poslab::validate(p);
  return p;
}

std::string to_text(const val& text) {
  if (text.typeOf().as<std::string>() != "string") {
    throw poslab::ArgumentError("the text must be a string", "not_array", "text");
  }
  return text.as<std::string>();
}

val progress_object(const poslab::TrainingProgress& p, bool cancelled) {
  val o = val::object();
  o.set("progress", p.progress);
  o.set("wordsPerSecond", p.words_per_second);
  o.set("loss", p.loss);
  o.set("alpha", p.alpha);
  o.set("epoch", p.epoch);
  o.set("wordsDone", static_cast<double>(p.words_done));
  o.set("totalWords", static_cast<double>(p.total_words));
  o.set("effectiveWords", static_cast<double>(p.effective_words));
  o.set("finished", p.finished);
  o.set("cancelled", cancelled);
  return o;
}

val string_array(const std::vector<std::string>& words) {
  val out = val::array();
  for (std::size_t i = 0; i < words.size(); ++i) out.set(i, words[i]);
  return out;
}

// The JavaScript SkipGram: the core model plus the conversions; every method validates and throws Errors.
class SkipGramJs {
 public:
  explicit SkipGramJs(const val& options) : model_(guarded([&] { return poslab::SkipGram(to_params(options)); })) {}

  // Tokenizes `text` as document 001 did and builds the vocabulary; returns corpus statistics.
  val prepare(const val& text) {
    return guarded([&] {
      const auto corpus = poslab::tokenize_corpus(to_text(text));
      model_.prepare(corpus);
      val o = val::object();
      o.set("sentences", static_cast<double>(corpus.size()));
      o.set("corpusWords", static_cast<double>(model_.corpus_words()));
      o.set("vocabularySize", static_cast<double>(model_.words().size()));
      return o;
    });
  }

  val train_some(double max_words) {
    return guarded([&] {
      const long long n = to_integer("max_words", max_words);
      poslab::require_range("max_words", n, 1, 1LL << 40);
      return progress_object(model_.train_some(static_cast<std::size_t>(n)), false);
    });
  }

  // prepare(text), then train to the end; onProgress(progress) is called about 200 times and may return
  // false to cancel.
  val train(const val& text, const val& on_progress) {
    prepare(text);
    const bool has_callback = on_progress.typeOf().as<std::string>() == "function";
    const poslab::TrainingProgress start = guarded([&] { return model_.progress(); });
    const std::size_t step = std::max<std::size_t>(1000, start.total_words / 200);
    while (true) {
      val p = train_some(static_cast<double>(step));
      const bool finished = p["finished"].as<bool>();
      if (has_callback) {
        const val answer = on_progress(p);
        if (!finished && answer.isFalse()) {
          p.set("cancelled", true);
          return p;
        }
      }
      if (finished) return p;
    }
  }

  val train_quietly(const val& text) { return train(text, val::undefined()); }

  val progress() const {
    return guarded([&] { return progress_object(model_.progress(), false); });
  }

  double similarity(const std::string& a, const std::string& b) const {
    return guarded([&] { return model_.similarity(a, b); });
  }

  val vector(const std::string& word) const {
    return guarded([&] {
      const std::vector<float> v = model_.vector(word);
      return to_float32_array(v.data(), v.size());
    });
  }

  val most_similar(const std::string& word, double k) const {
    return guarded([&] {
      const long long kk = to_integer("topn", k);
      poslab::require_range("topn", kk, 1, 1000);
      val out = val::array();
      std::size_t i = 0;
      for (const auto& [w, score] : model_.most_similar(word, static_cast<int>(kk))) {
        val item = val::object();
        item.set("word", w);
        item.set("similarity", score);
        out.set(i++, item);
      }
      return out;
    });
  }

  val vocabulary() const {
    return guarded([&] { return string_array(model_.words()); });
  }

  val counts() const {
    return guarded([&] {
      val out = val::array();
      for (std::size_t i = 0; i < model_.counts().size(); ++i) out.set(i, static_cast<double>(model_.counts()[i]));
      return out;
    });
  }

  bool contains(const std::string& word) const { return model_.contains(word); }

  val vectors() const {
    return guarded([&] {
      const poslab::MatrixF m = model_.vectors();
      return to_float32_array(m.data(), static_cast<std::size_t>(m.size()));
    });
  }

  // The `top` most frequent words projected on their first two principal components:
  // {words, points: Float32Array(n*2)}.
  val projection(double top) const {
    return guarded([&] {
      const long long n = to_integer("top", top);
      poslab::require_range("top", n, 2, 5000);
      const poslab::MatrixF all = model_.vectors();
      const auto rows = std::min<Eigen::Index>(all.rows(), static_cast<Eigen::Index>(n));
      poslab::require_range("vocabulary", static_cast<long long>(rows), 2, 5000);
      const poslab::MatrixF head = all.topRows(rows);
      const poslab::MatrixF points = poslab::principal_components(
          {head.data(), static_cast<std::size_t>(rows), static_cast<std::size_t>(head.cols())}, 2);
      val o = val::object();
      o.set("words", string_array(std::vector<std::string>(model_.words().begin(), model_.words().begin() + rows)));
      o.set("points", to_float32_array(points.data(), static_cast<std::size_t>(points.size())));
      return o;
    });
  }

  int vector_size() const { return model_.params().vector_size; }
  double vocabulary_size() const { return static_cast<double>(model_.words().size()); }

 private:
  poslab::SkipGram model_;
};

// Document 001's preparation: [[words of sentence 1], [words of sentence 2], ...], lower-cased.
val tokenize_text(const val& text) {
  return guarded([&] {
    val out = val::array();
    std::size_t i = 0;
    for (const auto& sentence : poslab::tokenize_corpus(to_text(text))) out.set(i++, string_array(sentence));
    return out;
  });
}

// {word, position, combined}: E001-6 for any two vectors and positions.
val word_position_similarities(const val& a, double pos_a, const val& b, double pos_b, const std::string& variant) {
  return guarded([&] {
    const std::vector<float> va = to_floats("a", a), vb = to_floats("b", b);
    poslab::require_not_empty("a", va.size());
    poslab::require_size("b", vb.size(), va.size(), "a");
    const long long pa = to_integer("pos_a", pos_a), pb = to_integer("pos_b", pos_b);
    poslab::require_range("pos_a", pa, 0, 4095);
    poslab::require_range("pos_b", pb, 0, 4095);
    const auto s = poslab::word_position_similarities(va.data(), vb.data(), va.size(), static_cast<int>(pa),
                                                      static_cast<int>(pb), poslab::parse_sinusoid_variant(variant));
    val o = val::object();
    o.set("word", s.word);
    o.set("position", s.position);
    o.set("combined", s.combined);
    return o;
  });
}

val principal_components(const val& x, double rows, double dim, double components) {
  return guarded([&] {
    const long long r = to_integer("rows", rows), d = to_integer("dim", dim), c = to_integer("components", components);
    poslab::require_range("rows", r, 2, 5000);
    poslab::require_range("dim", d, 1, 4096);
    const std::vector<float> values = to_floats("x", x);
    poslab::require_size("x", values.size(), static_cast<std::size_t>(r * d), "rows × dim");
    poslab::require_range("components", c, 1, std::min(r, d));
    const poslab::MatrixF p = poslab::principal_components(
        {values.data(), static_cast<std::size_t>(r), static_cast<std::size_t>(d)}, static_cast<int>(c));
    return to_float32_array(p.data(), static_cast<std::size_t>(p.size()));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_word2vec) {
  emscripten::class_<SkipGramJs>("SkipGram")
      .constructor<const val&>()
      .function("prepare", &SkipGramJs::prepare)
      .function("trainSome", &SkipGramJs::train_some)
      .function("train", &SkipGramJs::train)
      .function("train", &SkipGramJs::train_quietly)  // Embind overloads by argument count
      .function("progress", &SkipGramJs::progress)
      .function("similarity", &SkipGramJs::similarity)
      .function("vector", &SkipGramJs::vector)
      .function("mostSimilar", &SkipGramJs::most_similar)
      .function("vocabulary", &SkipGramJs::vocabulary)
      .function("counts", &SkipGramJs::counts)
      .function("contains", &SkipGramJs::contains)
      .function("vectors", &SkipGramJs::vectors)
      .function("projection", &SkipGramJs::projection)
      .property("vectorSize", &SkipGramJs::vector_size)
      .property("vocabularySize", &SkipGramJs::vocabulary_size);
  emscripten::function("tokenizeText", &tokenize_text);
  emscripten::function("wordPositionSimilarities", &word_position_similarities);
  emscripten::function("principalComponents", &principal_components);
}

// ---- Tokenizer (issue 5): GPT-2's byte-level BPE, document 004's sliding windows and batches ----
// Text crosses as UTF-8 bytes (TextEncoder turns a lone surrogate into U+FFFD, as tiktoken's own WASM build
// does); ids cross as Uint32Array; decoded bytes become a string through TextDecoder (invalid → U+FFFD).
namespace {

[[noreturn]] void not_text(const char* argument) {
  throw poslab::ArgumentError(std::string(argument) + " must be a string or bytes (a Uint8Array or an ArrayBuffer)",
                              "not_text", argument);
}

// A string (encoded with TextEncoder) or bytes (Uint8Array, any typed array's bytes, ArrayBuffer) → bytes.
std::string bytes_from_js(const char* argument, const val& value) {
  static const val encoder = val::global("TextEncoder").new_();
  val bytes = val::undefined();
  if (value.isString()) {
    // Check the length first: a UTF-16 unit is at most 3 UTF-8 bytes.
    if (value["length"].as<double>() > static_cast<double>(poslab::kMaxTextBytes)) {
      throw poslab::SizeError(std::string(argument) + " is longer than the limit of " +
                                  std::to_string(poslab::kMaxTextBytes) + " bytes (32 MiB) for one call",
                              argument, {{"value", value["length"].as<double>()},
                                         {"max", static_cast<double>(poslab::kMaxTextBytes)}});
    }
    bytes = encoder.call<val>("encode", value);
  } else if (value.instanceof(val::global("ArrayBuffer"))) {
    bytes = val::global("Uint8Array").new_(value);
  } else if (val::global("ArrayBuffer").call<bool>("isView", value)) {
    bytes = val::global("Uint8Array").new_(value["buffer"], value["byteOffset"], value["byteLength"]);
  } else {
    not_text(argument);
  }
  const double length = bytes["length"].as<double>();
  if (length > static_cast<double>(poslab::kMaxTextBytes)) {
    throw poslab::SizeError(std::string(argument) + " has " + std::to_string(static_cast<long long>(length)) +
                                " bytes, above the limit of " + std::to_string(poslab::kMaxTextBytes) +
                                " bytes (32 MiB) for one call",
                            argument, {{"value", length}, {"max", static_cast<double>(poslab::kMaxTextBytes)}});
  }
  std::string out(static_cast<std::size_t>(length), '\0');
  if (!out.empty()) {
    val(emscripten::typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data()))).call<void>("set", bytes);
  }
  return out;
}

// Any array-like of whole numbers 0 … 2^32 − 1 (Uint32Array, Array, …) → ids.
std::vector<std::uint32_t> ids_from_js(const char* argument, const val& values) {
  const bool array_like = val::global("Array").call<bool>("isArray", values) ||
                          val::global("ArrayBuffer").call<bool>("isView", values);
  if (!array_like) {
    throw poslab::ArgumentError(std::string(argument) + " must be an array of token ids (a Uint32Array)", "not_array",
                                argument);
  }
  const double length = values["length"].as<double>();
  poslab::require_within_cap(argument, static_cast<std::size_t>(length), std::string("the length of ") + argument);
  std::vector<std::uint32_t> ids(static_cast<std::size_t>(length));
  if (ids.empty()) return ids;
  if (values.instanceof(val::global("Uint32Array"))) {
    val(emscripten::typed_memory_view(ids.size(), ids.data())).call<void>("set", values);
    return ids;
  }
  std::vector<double> numbers(ids.size());
  val(emscripten::typed_memory_view(numbers.size(), numbers.data())).call<void>("set", values);
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    const double v = numbers[i];
    if (!(v >= 0 && v <= 4294967295.0) || v != static_cast<double>(static_cast<std::uint32_t>(v))) {
      throw poslab::ArgumentError(std::string(argument) + "[" + std::to_string(i) +
                                      "] is not a token id (a whole number from 0)",
                                  "not_integer", argument, {{"value", v}, {"index", static_cast<double>(i)}});
    }
    ids[i] = static_cast<std::uint32_t>(v);
  }
  return ids;
}

val to_uint32_array(const std::vector<std::uint32_t>& ids) {
  return val(emscripten::typed_memory_view(ids.size(), ids.data())).call<val>("slice");
}

val to_uint8_array(std::string_view bytes) {
  return val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data())))
      .call<val>("slice");
}

val utf8_to_js_string(std::string_view bytes) {
  static const val decoder = val::global("TextDecoder").new_(std::string("utf-8"));
  return decoder.call<val>(
      "decode", val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data()))));
}

class Gpt2TokenizerBinding {
 public:
  explicit Gpt2TokenizerBinding(const val& vocabulary)
      : tokenizer_(guarded([&] {
          const std::string json = bytes_from_js("vocabulary", vocabulary);
          return std::make_unique<poslab::Gpt2Tokenizer>(poslab::Gpt2Tokenizer::from_tiktoken_json(json));
        })) {}

  val encode(const val& text) { return encode_special(text, false); }

  val encode_special(const val& text, bool allow_special) {
    return guarded([&] {
      const std::string bytes = bytes_from_js("text", text);
      return to_uint32_array(tokenizer_->encode(
          bytes, allow_special ? poslab::SpecialTokens::allow : poslab::SpecialTokens::refuse));
    });
  }

  val decode(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      return utf8_to_js_string(tokenizer_->decode(v.data(), v.size()));
    });
  }

  val decode_bytes(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      return to_uint8_array(tokenizer_->decode(v.data(), v.size()));
    });
  }

  // Each id on its own as text (a token that cuts a character shows U+FFFD for its part).
  val token_texts(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      val out = val::array();
      for (std::size_t i = 0; i < v.size(); ++i) out.set(i, utf8_to_js_string(tokenizer_->decode(&v[i], 1)));
      return out;
    });
  }

  val token_bytes(double id) {
    return guarded([&] { return to_uint8_array(tokenizer_->token_bytes(token_id(id))); });
  }

  val token_symbol(double id) {
    return guarded([&] { return val(poslab::gpt2_symbol(tokenizer_->token_bytes(token_id(id)))); });
  }

  val pieces(const val& text) {
    return guarded([&] {
      val out = val::array();
      std::size_t i = 0;
      for (const std::string& piece : tokenizer_->pieces(bytes_from_js("text", text))) {
        out.set(i++, utf8_to_js_string(piece));
      }
      return out;
    });
  }

  double vocabulary_size() const { return static_cast<double>(tokenizer_->vocabulary_size()); }

 private:
  std::uint32_t token_id(double id) const {
    const long long v = to_integer("id", id);
    poslab::require_range("id", v, 0, static_cast<long long>(tokenizer_->vocabulary_size()) - 1);
    return static_cast<std::uint32_t>(v);
  }

  std::unique_ptr<poslab::Gpt2Tokenizer> tokenizer_;
};

val sliding_windows(const val& ids, double max_length, double stride) {
  return guarded([&] {
    const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
    const poslab::TokenWindows w =
        poslab::sliding_windows(v.data(), v.size(), to_integer("max_length", max_length), to_integer("stride", stride));
    val out = val::object();
    out.set("count", static_cast<double>(w.count));
    out.set("maxLength", static_cast<double>(w.max_length));
    out.set("inputs", to_uint32_array(w.inputs));
    out.set("targets", to_uint32_array(w.targets));
    return out;
  });
}

val loader_batch(const val& ids, double max_length, double stride, double batch_size, double index) {
  return guarded([&] {
    const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
    const poslab::TokenBatch b =
        poslab::loader_batch(v.data(), v.size(), to_integer("max_length", max_length), to_integer("stride", stride),
                             to_integer("batch_size", batch_size), to_integer("index", index));
    val out = val::object();
    out.set("rows", static_cast<double>(b.rows));
    out.set("cols", static_cast<double>(b.cols));
    out.set("windowCount", static_cast<double>(b.window_count));
    out.set("batchCount", static_cast<double>(b.batch_count));
    out.set("inputs", to_uint32_array(b.inputs));
    out.set("targets", to_uint32_array(b.targets));
    return out;
  });
}

// Document 004's learned positions for a batch: {tokens, positions, sum} as Float32Arrays.
val learned_positions(const val& ids, double rows, double length, double vocab_size, double dim, double context_length,
                      const val& seed, bool loader_draw) {
  return guarded([&] {
    const poslab::LearnedPositions p = poslab::learned_positions(
        to_ids(ids), to_integer("rows", rows), to_integer("length", length), to_integer("vocab_size", vocab_size),
        to_integer("dim", dim), to_integer("context_length", context_length), to_seed(seed), loader_draw);
    val out = val::object();
    out.set("tokens", to_float32_array(p.token_rows.data(), static_cast<std::size_t>(p.token_rows.size())));
    out.set("positions", to_float32_array(p.positions.data(), static_cast<std::size_t>(p.positions.size())));
    out.set("sum", to_float32_array(p.sum.data(), static_cast<std::size_t>(p.sum.size())));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_tokenizer) {
  emscripten::class_<Gpt2TokenizerBinding>("Gpt2Tokenizer")
      .constructor<const val&>()
      .function("encode", &Gpt2TokenizerBinding::encode)
      .function("encode", &Gpt2TokenizerBinding::encode_special)
      .function("decode", &Gpt2TokenizerBinding::decode)
      .function("decodeBytes", &Gpt2TokenizerBinding::decode_bytes)
      .function("tokenTexts", &Gpt2TokenizerBinding::token_texts)
      .function("tokenBytes", &Gpt2TokenizerBinding::token_bytes)
      .function("tokenSymbol", &Gpt2TokenizerBinding::token_symbol)
      .function("pieces", &Gpt2TokenizerBinding::pieces)
      .function("vocabularySize", &Gpt2TokenizerBinding::vocabulary_size);
  emscripten::function("slidingWindows", &sliding_windows);
  emscripten::function("loaderBatch", &loader_batch);
  emscripten::function("learnedPositions", &learned_positions);
}

// ---- seeded attention head (issue 6, part 2): attentionExample ----
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
