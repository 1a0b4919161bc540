// Rotary position embedding. The cos/sin of every angle come from the sinusoid table of encoding.cpp
// (exact to float at any position), so this file only turns pairs: two pairs at a time in 128-bit vectors.
#include "poslab/rope.hpp"

#include <algorithm>
#include <vector>

#include "poslab/errors.hpp"
#include "row_dots.hpp"
#include "simd.hpp"

namespace poslab {
namespace {

using simd::f32x4;

// One row: table holds [sin θ0, cos θ0, sin θ1, cos θ1, …] for this position; inverse turns by −θ. out may be x.
void rotate_row(const float* x, const float* table, std::size_t dim, float* out, bool inverse) {
  std::size_t j = 0;
  const f32x4 sign = inverse ? f32x4{1.0f, -1.0f, 1.0f, -1.0f} : f32x4{-1.0f, 1.0f, -1.0f, 1.0f};
  for (; j + 4 <= dim; j += 4) {
    const f32x4 v = simd::load(x + j), t = simd::load(table + j);
    const f32x4 c = __builtin_shufflevector(t, t, 1, 1, 3, 3);
    const f32x4 s = __builtin_shufflevector(t, t, 0, 0, 2, 2);
    const f32x4 swapped = __builtin_shufflevector(v, v, 1, 0, 3, 2);
    simd::store(out + j, v * c + swapped * (s * sign));
  }
  for (; j < dim; j += 2) {  // dim is even: at most one pair left
    const float s = inverse ? -table[j] : table[j], c = table[j + 1], a = x[j], b = x[j + 1];
    out[j] = a * c - b * s;
    out[j + 1] = a * s + b * c;
  }
}

void check_vector(const char* name, const float* v, int dim) { require_finite(name, v, static_cast<std::size_t>(dim)); }

void validate_grid(int dim, int n_positions, double base) {
  require_range("positions", n_positions, 1, kMaxGridPositions);
  validate_rope_shape(n_positions, dim, base);
}

// n copies of v, one per row.
MatrixF repeated(const float* v, int dim, int n) {
  return Eigen::Map<const Eigen::RowVectorXf>(v, dim).replicate(n, 1);
}

}  // namespace

void validate_rope_shape(long long seq_len, long long dim, double base) {
  require_range("seq_len", seq_len, 1, kMaxRopePositions);
  require_range("dim", dim, 2, kMaxModelWidth);
  require_even("dim", dim, "RoPE turns pairs of dimensions");
  validate_base(base);
  require_within_cap("seq_len", count_of({static_cast<std::uint64_t>(seq_len), static_cast<std::uint64_t>(dim)}), "seq_len × dim");
}

void rope_into(const float* x, float* out, int seq_len, int dim, double base) {
  validate_rope_shape(seq_len, dim, base);
  const std::size_t d = static_cast<std::size_t>(dim);
  require_finite("x", x, static_cast<std::size_t>(seq_len) * d);
  std::vector<float> table(static_cast<std::size_t>(seq_len) * d);
  sinusoid_table_into(table.data(), seq_len, dim, SinusoidVariant::paper, base);
  for (std::size_t r = 0; r < static_cast<std::size_t>(seq_len); ++r) {
    rotate_row(x + r * d, table.data() + r * d, d, out + r * d, false);
  }
}

void rope_rotate_rows(float* x, std::size_t rows, std::size_t dim, const float* table, bool inverse) {
  for (std::size_t r = 0; r < rows; ++r) rotate_row(x + r * dim, table + r * dim, dim, x + r * dim, inverse);
}

MatrixF rope(const MatrixF& x, double base) {
  validate_rope_shape(x.rows(), x.cols(), base);
  MatrixF out(x.rows(), x.cols());
  rope_into(x.data(), out.data(), static_cast<int>(x.rows()), static_cast<int>(x.cols()), base);
  return out;
}

MatrixF rope_pair_path(int dim, int pair, int steps, double base) {
  validate_rope_shape(steps, dim, base);
  require_range("pair", pair, 0, dim / 2 - 1);
  MatrixF x = MatrixF::Zero(steps, dim);
  x.col(2 * pair).setOnes();
  return rope(x, base).middleCols(2 * pair, 2);
}

MatrixF rope_score_grid(const float* q, const float* k, int dim, int n_positions, double base) {
  validate_grid(dim, n_positions, base);
  check_vector("q", q, dim);
  check_vector("k", k, dim);
  const MatrixF rq = rope(repeated(q, dim, n_positions), base), rk = rope(repeated(k, dim, n_positions), base);
  MatrixF scores(n_positions, n_positions);
  row_dots(rq.data(), rq.rows(), rk.data(), rk.rows(), static_cast<std::size_t>(dim), scores.data());
  return scores;
}

MatrixF additive_score_grid(const float* q, const float* k, int dim, int n_positions) {
  validate_grid(dim, n_positions, kDefaultBase);
  check_vector("q", q, dim);
  check_vector("k", k, dim);
  const MatrixF pe = positional_encoding(n_positions, dim, SinusoidVariant::paper);
  const MatrixF aq = repeated(q, dim, n_positions) + pe, ak = repeated(k, dim, n_positions) + pe;
  MatrixF scores(n_positions, n_positions);
  row_dots(aq.data(), aq.rows(), ak.data(), ak.rows(), static_cast<std::size_t>(dim), scores.data());
  return scores;
}

double diagonal_spread(const MatrixF& grid) {
  require_size("grid", static_cast<std::size_t>(grid.cols()), static_cast<std::size_t>(grid.rows()), "its rows (a square grid)");
  require_finite("grid", grid.data(), static_cast<std::size_t>(grid.size()));
  const Eigen::Index n = grid.rows();
  double spread = 0.0;
  for (Eigen::Index offset = -(n - 1); offset < n; ++offset) {
    const auto diagonal = grid.diagonal(offset);
    spread = std::max(spread, static_cast<double>(diagonal.maxCoeff() - diagonal.minCoeff()));
  }
  return spread;
}

}  // namespace poslab
