// The paper's frequencies, angles and offset rotation, all from encoding.cpp's angular_frequencies and
// positional_encoding (one source for the formula).
#include "poslab/relative.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "poslab/errors.hpp"
#include "row_dots.hpp"

namespace poslab {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

void check_width(long long d_model, long long max) {
  require_range("d_model", d_model, 2, max);
  require_even("d_model", d_model, "every sine column has a cosine partner");
}

}  // namespace

std::vector<double> div_term(int d_model) {
  check_width(d_model, kMaxModelWidth);
  const std::vector<double> omega = angular_frequencies(d_model, SinusoidVariant::paper);
  std::vector<double> out(static_cast<std::size_t>(d_model / 2));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = omega[2 * i];
  return out;
}

std::vector<double> wavelengths(int d_model) {
  std::vector<double> out = div_term(d_model);
  for (double& w : out) w = kTwoPi / w;
  return out;
}

MatrixF angle_matrix(int max_len, int d_model) {
  validate_encoding_shape(max_len, d_model);
  const std::vector<double> omega = div_term(d_model);
  MatrixF out(max_len, d_model / 2);
  for (int pos = 0; pos < max_len; ++pos)
    for (int i = 0; i < d_model / 2; ++i) out(pos, i) = static_cast<float>(pos * omega[static_cast<std::size_t>(i)]);
  return out;
}

RotationCheck rotation_check(int pos, int k, int d_model) {
  check_width(d_model, kMaxRotationWidth);
  require_range("pos", pos, 0, kMaxSequenceLength - 1);
  require_range("k", k, -pos, kMaxSequenceLength - 1 - pos);
  const int last = std::max(pos, pos + k);
  const MatrixF pe = positional_encoding(last + 1, d_model, SinusoidVariant::paper);
  const std::vector<double> omega = div_term(d_model);

  RotationCheck check;
  check.rotation = MatrixF::Zero(d_model, d_model);
  check.pe_pos.assign(pe.row(pos).data(), pe.row(pos).data() + d_model);
  check.pe_shifted.assign(pe.row(pos + k).data(), pe.row(pos + k).data() + d_model);
  check.rotated.resize(static_cast<std::size_t>(d_model));
  for (int i = 0; i < d_model / 2; ++i) {
    const double c = std::cos(omega[static_cast<std::size_t>(i)] * k), s = std::sin(omega[static_cast<std::size_t>(i)] * k);
    const int a = 2 * i, b = 2 * i + 1;  // a: sine column, b: cosine column
    check.rotation(a, a) = static_cast<float>(c);
    check.rotation(a, b) = static_cast<float>(s);
    check.rotation(b, a) = static_cast<float>(-s);
    check.rotation(b, b) = static_cast<float>(c);
    // sin(x + y) = sin x cos y + cos x sin y;  cos(x + y) = cos x cos y − sin x sin y
    const double sine = check.pe_pos[a] * c + check.pe_pos[b] * s;
    const double cosine = -check.pe_pos[a] * s + check.pe_pos[b] * c;
    check.rotated[a] = static_cast<float>(sine);
    check.rotated[b] = static_cast<float>(cosine);
    check.max_error = std::max({check.max_error, std::abs(sine - check.pe_shifted[a]), std::abs(cosine - check.pe_shifted[b])});
  }
  return check;
}

ClosestPair closest_positions(int max_len, int d_model) {
  require_range("max_len", max_len, 2, kMaxClosestLength);
  check_width(d_model, kMaxRotationWidth);
  return closest_rows(positional_encoding(max_len, d_model, SinusoidVariant::paper));
}

ClosestPair closest_rows(const MatrixF& m) {
  require_range("rows", m.rows(), 2, kMaxClosestLength);
  require_range("dim", m.cols(), 1, kMaxModelWidth);
  require_finite("x", m.data(), static_cast<std::size_t>(m.size()));
  const int n = static_cast<int>(m.rows());
  // |a − b|² = |a|² + |b|² − 2 a·b, with every a·b from the SIMD row_dots kernel.
  MatrixF dots(n, n);
  row_dots(m.data(), n, m.data(), n, static_cast<std::size_t>(m.cols()), dots.data());
  ClosestPair best{0, 1, std::numeric_limits<double>::infinity()};
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const double squared = static_cast<double>(dots(a, a)) + dots(b, b) - 2.0 * dots(a, b);
      if (squared < best.distance) best = {a, b, squared};
    }
  }
  // The exact distance of the winner (the expansion above loses digits when the two rows are close).
  best.distance = static_cast<double>((m.row(best.pos_a) - m.row(best.pos_b)).norm());
  return best;
}

}  // namespace poslab
