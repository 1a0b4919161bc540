// The only Embind file: adapts JavaScript values to the C++ core and back, and turns C++ errors into
// JavaScript Errors carrying the message and its fields (code, argument, value, min, max, …).
// It holds no maths.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "poslab/attention.hpp"
#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"
#include "poslab/random.hpp"
#include "poslab/relative.hpp"
#include "poslab/rope.hpp"
#include "poslab/similarity.hpp"

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
    const poslab::MatrixF m = poslab::MatrixF::Constant(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c),
                                                        static_cast<float>(value));
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
