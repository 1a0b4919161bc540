// cpp/wasm/bind_encoding.cpp — sinusoidal encodings and similarity (encoding.hpp, similarity.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <malloc.h>

#include "bridge.hpp"
#include "poslab/encoding.hpp"
#include "poslab/far_positions.hpp"
#include "poslab/similarity.hpp"

using emscripten::val;
using namespace poslab_js;

namespace {

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
    poslab::require_size("embeddings", x.size(), poslab::count_of({static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(d)}), "rows × d_model");
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
  poslab::require_size("a", pair.a.size(), poslab::count_of({static_cast<std::uint64_t>(ra), static_cast<std::uint64_t>(d)}), "rows_a × dim");
  poslab::require_size("b", pair.b.size(), poslab::count_of({static_cast<std::uint64_t>(rb), static_cast<std::uint64_t>(d)}), "rows_b × dim");
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

val cosine_rows_exact(const val& a, const val& b, double rows, double dim) {
  return guarded([&] {
    const MatrixPair m = to_matrix_pair(a, rows, b, rows, dim);
    return to_float64_array(poslab::cosine_rows_exact(m.view_a, m.view_b));
  });
}

// Document 003's encoding far out (E003-6): float32 as PyTorch computes it, and exact. Matrices row-major.
val far_positions(const val& positions, double d_model) {
  return guarded([&] {
    const long long d = to_integer("d_model", d_model);
    poslab::require_range("d_model", d, 2, poslab::kMaxFarWidth);
    const poslab::FarPositions f = poslab::far_positions(to_doubles("positions", positions), static_cast<int>(d));
    const auto doubles = [](const poslab::MatrixD& m) { return to_float64_array(std::vector<double>(m.data(), m.data() + m.size())); };
    val out = val::object();
    out.set("positionsF32", to_float64_array(f.positions_f32));
    out.set("divTermF32", to_float64_array(f.div_term_f32));
    out.set("angleExact", doubles(f.angle_exact));
    out.set("angleF32", doubles(f.angle_f32));
    out.set("stepExact", doubles(f.step_exact));
    out.set("stepF32", doubles(f.step_f32));
    out.set("angleError", doubles(f.angle_error));
    out.set("errorInSteps", doubles(f.error_in_steps));
    out.set("peF32", to_float32_array(f.pe_f32.data(), static_cast<std::size_t>(f.pe_f32.size())));
    out.set("peExact", doubles(f.pe_exact));
    out.set("sameAsNext", to_float64_array(std::vector<double>(f.same_as_next.begin(), f.same_as_next.end())));
    return out;
  });
}

// The benchmark's floor: the same allocation, fill and copy-out as positionalEncoding, minus the maths.
val fill_matrix(double rows, double cols, double value) {
  return guarded([&] {
    const long long r = to_integer("rows", rows), c = to_integer("cols", cols);
    poslab::require_range("rows", r, 1, poslab::kMaxSequenceLength);
    poslab::require_range("cols", c, 1, poslab::kMaxModelWidth);
    poslab::require_within_cap("rows", poslab::count_of({static_cast<std::uint64_t>(r), static_cast<std::uint64_t>(c)}), "rows × cols");
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

// Bytes the module's allocator has handed out and not taken back: the tests watch it across failing calls.
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(poslab) {
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("addPositionalEncoding", &add_positional_encoding);
  emscripten::function("cosineSimilarity", &cosine_similarity);
  emscripten::function("cosineRows", &cosine_rows);
  emscripten::function("cosineRowsExact", &cosine_rows_exact);
  emscripten::function("farPositions", &far_positions);
  emscripten::function("cosineMatrix", &cosine_matrix);
  emscripten::function("euclideanDistance", &euclidean_distance);
  emscripten::function("fillMatrix", &fill_matrix);
  emscripten::function("buildInfo", &build_info);
  emscripten::function("heapInUse", &heap_in_use);
}
