// RoPE against document 002's notebook reference (float64), its relative property (the query·key score
// depends only on the offset), the d = 2 picture, and its errors.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/errors.hpp"
#include "poslab/rope.hpp"

using poslab::MatrixF;
using poslab::testing::load_golden;
using poslab::testing::max_gap;
using poslab::testing::code_of;
using poslab::testing::matrix;

TEST_CASE("RoPE equals the notebook's reference at bases 10000 and 100 (E002-8)") {
  const auto g = load_golden("doc002.json")["E002-8"];
  const MatrixF x = matrix(g["x"]);
  CHECK(max_gap(poslab::rope(x), g["rope_base10000"]) < 1e-6);
  CHECK(max_gap(poslab::rope(x, 100.0), g["rope_base100"]) < 1e-6);
}

TEST_CASE("d = 2: the vector [1, 0] at position p becomes [cos p, sin p]") {
  const auto g = load_golden("doc002.json")["E002-8"];
  const MatrixF unit = MatrixF::Constant(4, 2, 0.0f).rowwise() + Eigen::RowVector2f(1, 0);
  CHECK(max_gap(poslab::rope(unit), g["d2_unit"]) < 1e-7);
}

TEST_CASE("a rotation keeps every pair's length") {
  MatrixF x(50, 6);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = std::sin(0.37f * i) * 3;
  const MatrixF r = poslab::rope(x);
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (int p = 0; p < 3; ++p)
      CHECK(r.row(i).segment(2 * p, 2).norm() == doctest::Approx(x.row(i).segment(2 * p, 2).norm()).epsilon(1e-6));
}

TEST_CASE("RoPE: q·k depends only on the offset m − n; additive PE: it does not") {
  const auto g = load_golden("doc002.json")["E002-8"];
  const auto q = g["q"].get<std::vector<float>>(), k = g["k"].get<std::vector<float>>();
  const MatrixF grid = poslab::rope_score_grid(q.data(), k.data(), 8, 6);
  CHECK(max_gap(grid, g["rope_grid"]) < 1e-5);
  const MatrixF additive = poslab::additive_score_grid(q.data(), k.data(), 8, 6);
  CHECK(max_gap(additive, g["additive_grid"]) < 1e-5);
  // Longer: 64 positions, every diagonal constant to float rounding.
  const MatrixF big = poslab::rope_score_grid(q.data(), k.data(), 8, 64);
  for (int offset = -63; offset <= 63; ++offset) {
    const auto diagonal = big.diagonal(offset);
    CHECK(diagonal.maxCoeff() - diagonal.minCoeff() < 1e-5);
  }
  // The grid is kept in a variable: .diagonal() of a temporary would be a view of freed memory (Eigen + auto).
  const MatrixF additive_big = poslab::additive_score_grid(q.data(), k.data(), 8, 64);
  const Eigen::VectorXf main = additive_big.diagonal();
  CHECK(main.maxCoeff() - main.minCoeff() > 0.5);
  CHECK(poslab::diagonal_spread(big) < 1e-5);
  CHECK(poslab::diagonal_spread(additive_big) > 0.5);
}

TEST_CASE("RoPE refuses odd widths, bad bases and non-finite values") {
  CHECK(code_of([] { poslab::rope(MatrixF::Ones(2, 3)); }) == "odd_width:dim");
  CHECK(code_of([] { poslab::rope(MatrixF::Ones(2, 4), 1.0); }) == "out_of_range:base");
  CHECK(code_of([] { poslab::rope(MatrixF::Ones(2, 4), NAN); }) == "out_of_range:base");
  CHECK(code_of([] {
          MatrixF x = MatrixF::Ones(2, 4);
          x(1, 1) = INFINITY;
          poslab::rope(x);
        }) == "not_finite:x");
  CHECK(code_of([] {
          const float v[2] = {1, 0};
          poslab::rope_score_grid(v, v, 2, 513);
        }) == "out_of_range:positions");
}

TEST_CASE("the path of one pair's unit vector: (cos rω, sin rω) with ω = base^(−2·pair/dim); a pair past dim/2 is refused") {
  const int dim = 8, steps = 12;
  for (const double base : {10000.0, 100.0}) {
    for (int pair = 0; pair < dim / 2; ++pair) {
      const MatrixF path = poslab::rope_pair_path(dim, pair, steps, base);
      REQUIRE(path.rows() == steps);
      REQUIRE(path.cols() == 2);
      const double omega = std::pow(base, -2.0 * pair / dim);
      for (int r = 0; r < steps; ++r) {
        CHECK(path(r, 0) == doctest::Approx(std::cos(r * omega)).epsilon(1e-6));
        CHECK(path(r, 1) == doctest::Approx(std::sin(r * omega)).epsilon(1e-6));
      }
    }
  }
  CHECK(code_of([] { poslab::rope_pair_path(8, 4, 5); }) == "out_of_range:pair");
  CHECK(code_of([] { poslab::rope_pair_path(8, -1, 5); }) == "out_of_range:pair");
  CHECK(code_of([] { poslab::rope_pair_path(7, 0, 5); }) == "odd_width:dim");
}
