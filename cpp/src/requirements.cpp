// Document 002's four requirements (E002-2), measured live for the sinusoidal, RoPE and learned codes.
#include "poslab/requirements.hpp"

#include <algorithm>
#include <cstring>

#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"
#include "poslab/rope.hpp"
#include "poslab/similarity.hpp"

namespace poslab {
namespace {

void check_shape(int max_len, int d_model) {
  require_range("max_len", max_len, 2, kRequirementsMaxLen);
  require_range("d_model", d_model, 2, kMaxRotationWidth);
  require_even("d_model", d_model, "every sine column has a cosine partner");
}

// Bit for bit (memcmp): "deterministic" means the same bits, not equal up to rounding.
bool same_bits(const MatrixF& a, const MatrixF& b, Eigen::Index rows) {
  return a.cols() == b.cols() && a.rows() >= rows && b.rows() >= rows &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(rows * a.cols()) * sizeof(float)) == 0;
}

// The table for max_len, again, and the one for 2·max_len starting with it.
template <class Table>
RequirementChecks measured(int max_len, Table table) {
  const MatrixF once = table(max_len);
  RequirementChecks checks;
  checks.closest = closest_rows(once);
  checks.deterministic = same_bits(once, table(max_len), max_len);
  checks.extends = same_bits(table(2 * max_len), once, max_len);
  return checks;
}

MatrixF ones(int rows, int cols) { return MatrixF::Ones(rows, cols); }

}  // namespace

RequirementChecks sinusoidal_requirements(int max_len, int d_model) {
  check_shape(max_len, d_model);
  return measured(max_len, [&](int n) { return positional_encoding(n, d_model, SinusoidVariant::paper); });
}

RequirementChecks rope_requirements(int max_len, int d_model, double base) {
  check_shape(max_len, d_model);
  RequirementChecks checks = measured(max_len, [&](int n) { return rope(ones(n, d_model), base); });
  checks.grid = std::min(max_len, kRequirementsGrid);
  const MatrixF q = ones(1, d_model);
  checks.spread = diagonal_spread(rope_score_grid(q.data(), q.data(), d_model, checks.grid, base));
  return checks;
}

LearnedRequirementChecks learned_requirements(int max_len, int d_model, TorchSeed seed) {
  check_shape(max_len, d_model);
  LearnedRequirementChecks checks;
  const MatrixF table = torch_embedding(max_len, d_model, seed);
  checks.closest = closest_rows(table);
  checks.deterministic = same_bits(table, torch_embedding(max_len, d_model, seed), max_len);
  checks.extends = false;  // nn.Embedding(max_len, …) has no row max_len: nothing to extend
  try {
    embedding_lookup(table, {static_cast<long long>(max_len)});
  } catch (const ArgumentError& e) {
    checks.missing = e;
  }
  checks.seed = seed;
  checks.next_seed = seed + 1;  // unsigned: 2^64 − 1 wraps to 0, as manual_seed takes it
  // The whole table under the next seed: torch fills by blocks of 16 values, so a smaller table's row 0 may differ.
  const MatrixF other = torch_embedding(max_len, d_model, checks.next_seed);
  checks.redraw = static_cast<double>((table.row(0) - other.row(0)).norm());
  checks.grid = std::min(max_len, kRequirementsGrid);
  const MatrixView first{table.data(), static_cast<std::size_t>(checks.grid), static_cast<std::size_t>(d_model)};
  checks.spread = diagonal_spread(cosine_matrix(first, first));
  return checks;
}

}  // namespace poslab
