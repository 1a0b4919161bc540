// Cosine similarity and Euclidean distance on Eigen maps of the caller's memory. The matrix form is the
// product of row-normalised copies, A·Bᵀ, which is where the time goes: row_dots() does it with SIMD.
#include "poslab/similarity.hpp"

#include <cmath>
#include <limits>
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

// Float32 squares overflow past about 1.8e19 and underflow below about 1e-23, where the float norm of a row
// becomes infinite or 0 although the row has a direction. Doubles hold those squares (up to 3.4e38² and down to
// 1.4e-45²), so a row whose float norm is not a usable divisor is normalised in double instead; every other row
// keeps the float32 arithmetic sklearn and PyTorch use (and the digits the tests compare).
bool usable_norm(float norm) { return std::isfinite(norm) && norm >= std::numeric_limits<float>::min(); }

template <class Row>
void normalise_in_double(Row&& row) {
  const Eigen::VectorXd wide = row.transpose().template cast<double>();
  const double norm = wide.norm();
  if (norm > 0.0) row = (wide / norm).transpose().template cast<float>();
}

// Rows divided by their norms; a zero row is left as it is, as sklearn's normalize() does.
MatrixF normalised_rows(const MatrixView& m) {
  MatrixF out = MatrixMap(m.data, static_cast<Eigen::Index>(m.rows), static_cast<Eigen::Index>(m.dim));
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    const float norm = out.row(i).norm();
    if (usable_norm(norm)) {
      out.row(i) /= norm;
    } else if (norm != 0.0f || !out.row(i).isZero(0.0f)) {
      normalise_in_double(out.row(i));
    }
  }
  return out;
}

}  // namespace

double cosine_similarity(const float* a, std::size_t a_size, const float* b, std::size_t b_size) {
  check_pair(a, a_size, b, b_size);
  const VectorMap va(a, static_cast<Eigen::Index>(a_size));
  const VectorMap vb(b, static_cast<Eigen::Index>(b_size));
  const float na = va.norm(), nb = vb.norm();
  const float dot = va.dot(vb);
  if (usable_norm(na) && usable_norm(nb) && std::isfinite(dot)) return static_cast<double>(dot) / (static_cast<double>(na) * nb);
  // Squares out of float32's range (see usable_norm): the same quotient in double.
  const Eigen::VectorXd da = va.cast<double>(), db = vb.cast<double>();
  const double wa = da.norm(), wb = db.norm();
  if (wa == 0.0 || wb == 0.0) return 0.0;
  return da.dot(db) / (wa * wb);
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
  const float distance = (va - vb).norm();
  if (std::isfinite(distance) && (distance >= std::numeric_limits<float>::min() || va == vb)) return distance;
  // A difference whose square leaves float32's range (1e20 → 1e40): the distance in double is still finite.
  return (va.cast<double>() - vb.cast<double>()).norm();
}

}  // namespace poslab
