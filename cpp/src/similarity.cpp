// Cosine similarity and Euclidean distance on Eigen maps of the caller's memory. The matrix form is the
// product of row-normalised copies, A·Bᵀ, which is where the time goes: row_dots() does it with SIMD.
#include "poslab/similarity.hpp"

#include <cmath>
#include <string>

#include "poslab/errors.hpp"
#include "row_dots.hpp"

namespace poslab {
namespace {

using VectorMap = Eigen::Map<const Eigen::VectorXf>;
using MatrixMap = Eigen::Map<const MatrixF>;

void check_pair(const float* a, std::size_t a_size, const float* b, std::size_t b_size) {
  require_not_empty("a", a_size);
  require_within_cap("a", a_size, "the length of a");
  require_size("b", b_size, a_size, "a");
  require_finite("a", a, a_size);
  require_finite("b", b, b_size);
}

void check_matrix(const MatrixView& m, const char* name, const char* rows_name) {
  require_range(rows_name, static_cast<long long>(m.rows), 1, static_cast<long long>(kMaxMatrixValues));
  require_range("dim", static_cast<long long>(m.dim), 1, static_cast<long long>(kMaxMatrixValues));
  require_within_cap(rows_name, count_of({m.rows, m.dim}), std::string(rows_name) + " × dim");
  require_finite(name, m.data, m.rows * m.dim);
}

// Rows divided by their norms; a zero row is left as it is, as sklearn's normalize() does.
MatrixF normalised_rows(const MatrixView& m) {
  MatrixF out = MatrixMap(m.data, static_cast<Eigen::Index>(m.rows), static_cast<Eigen::Index>(m.dim));
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    const float norm = out.row(i).norm();
    if (norm > 0.0f) out.row(i) /= norm;
  }
  return out;
}

}  // namespace

double cosine_similarity(const float* a, std::size_t a_size, const float* b, std::size_t b_size) {
  check_pair(a, a_size, b, b_size);
  const VectorMap va(a, static_cast<Eigen::Index>(a_size));
  const VectorMap vb(b, static_cast<Eigen::Index>(b_size));
  const double na = va.norm(), nb = vb.norm();
  if (na == 0.0 || nb == 0.0) return 0.0;
  return static_cast<double>(va.dot(vb)) / (na * nb);
}

std::vector<float> cosine_rows(MatrixView a, MatrixView b) {
  check_matrix(a, "a", "rows_a");
  check_matrix(b, "b", "rows_b");
  require_size("rows_b", b.rows, a.rows, "rows_a");
  require_size("b", b.dim, a.dim, "the width of a");
  const MatrixF na = normalised_rows(a), nb = normalised_rows(b);
  std::vector<float> out(a.rows);
  Eigen::Map<Eigen::VectorXf>(out.data(), static_cast<Eigen::Index>(a.rows)) =
      na.cwiseProduct(nb).rowwise().sum();
  return out;
}

std::vector<double> cosine_rows_exact(MatrixView a, MatrixView b) {
  check_matrix(a, "a", "rows_a");
  check_matrix(b, "b", "rows_b");
  require_size("rows_b", b.rows, a.rows, "rows_a");
  require_size("b", b.dim, a.dim, "the width of a");
  const Eigen::Index rows = static_cast<Eigen::Index>(a.rows), dim = static_cast<Eigen::Index>(a.dim);
  using RowsF = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
  const Eigen::MatrixXd da = RowsF(a.data, rows, dim).cast<double>(), db = RowsF(b.data, rows, dim).cast<double>();
  std::vector<double> out(a.rows);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double norms = da.row(i).norm() * db.row(i).norm();
    out[static_cast<std::size_t>(i)] = norms == 0.0 ? 0.0 : da.row(i).dot(db.row(i)) / norms;
  }
  return out;
}

MatrixF cosine_matrix(MatrixView a, MatrixView b) {
  check_matrix(a, "a", "rows_a");
  check_matrix(b, "b", "rows_b");
  require_size("b", b.dim, a.dim, "the width of a");
  require_within_cap("rows_a", count_of({a.rows, b.rows}), "rows_a × rows_b");
  const MatrixF na = normalised_rows(a), nb = normalised_rows(b);
  MatrixF out(na.rows(), nb.rows());
  row_dots(na.data(), a.rows, nb.data(), b.rows, a.dim, out.data());
  return out;
}

double euclidean_distance(const float* a, std::size_t a_size, const float* b, std::size_t b_size) {
  check_pair(a, a_size, b, b_size);
  const VectorMap va(a, static_cast<Eigen::Index>(a_size));
  const VectorMap vb(b, static_cast<Eigen::Index>(b_size));
  return static_cast<double>((va - vb).norm());
}

}  // namespace poslab
