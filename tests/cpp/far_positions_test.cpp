// E003-6: document 003's encoding far out, in float32 as its PyTorch code computes it, against notebook 003
// (tests/golden/doc003.json, "E003-6") and against the exact values.
#include <doctest/doctest.h>

#include <cmath>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/errors.hpp"
#include "poslab/far_positions.hpp"

TEST_CASE("far positions: float32 angles and rows as PyTorch made them, and the exact ones") {
  const auto golden = poslab::testing::load_golden("doc003.json");
  const auto& far = golden["E003-6"];
  std::vector<double> positions;
  for (const auto& p : far["positions"]) positions.push_back(p.get<double>());
  const int d = far["d_model"].get<int>();
  const poslab::FarPositions f = poslab::far_positions(positions, d);
  for (std::size_t i = 0; i < f.div_term_f32.size(); ++i) CHECK(f.div_term_f32[i] == far["div_term"][i].get<float>());
  const auto& pairs = far["pairs"];
  for (std::size_t k = 0; k < positions.size(); ++k) {
    CHECK(f.positions_f32[k] == far["positions_f32"][k].get<float>());
    for (std::size_t j = 0; j < pairs.size(); ++j) {
      const int i = pairs[j].get<int>();
      CHECK(f.angle_f32(k, i) == far["angle_f32"][k][j].get<float>());          // bit for bit
      CHECK(f.angle_exact(k, i) == doctest::Approx(far["angle_exact"][k][j].get<double>()).epsilon(1e-15));
      CHECK(f.pe_exact(k, 2 * i) == doctest::Approx(far["sin_exact"][k][j].get<double>()).epsilon(1e-9));
      // PyTorch's float32 sine is within one float32 step of the correctly rounded one.
      CHECK(std::abs(f.pe_f32(k, 2 * i) - far["sin_f32"][k][j].get<float>()) <= 1.2e-7f);
    }
  }
  // 2^24 + 1 is not a float32: the position itself collapses onto 2^24, so the two rows are the same row.
  CHECK(f.positions_f32[positions.size() - 1] == 16777216.0);
}

TEST_CASE("far positions: where neighbouring rows stop differing, first and last pairs") {
  const poslab::FarPositions f = poslab::far_positions({10000, 16777216}, 512);
  // At 10^4 every value moves to the next position; at 2^24, p + 1 rounds back to p: all 512 are equal.
  CHECK(f.same_as_next[0] < 50);
  CHECK(f.same_as_next[1] == 512);
  CHECK(f.step_f32(1, 0) == 0.0);
  CHECK(f.step_exact(0, 0) == 1.0);
  CHECK(f.step_exact(0, 255) == doctest::Approx(std::pow(10000.0, -510.0 / 512)));
  // Pair 0's divisor is exactly 1: its angle is the position itself, exact while the position is.
  CHECK(f.angle_error(0, 0) == 0.0);
  const poslab::FarPositions far = poslab::far_positions({10000000}, 512);
  // Pair 1 at 10^7: document 003's code is off by a fifth of a radian, a fifth of the step to the next position.
  CHECK(std::abs(far.angle_error(0, 1)) == doctest::Approx(0.2).epsilon(0.1));
  CHECK(far.error_in_steps(0, 1) == doctest::Approx(std::abs(far.angle_error(0, 1)) / far.step_exact(0, 1)));
}

TEST_CASE("far positions: arguments are checked") {
  using poslab::testing::code_of;
  CHECK(code_of([] { poslab::far_positions({}, 512); }) == "out_of_range:positions");
  CHECK(code_of([] { poslab::far_positions({1.5}, 512); }) == "not_integer:positions");
  CHECK(code_of([] { poslab::far_positions({NAN}, 512); }) == "not_finite:positions");
  CHECK(code_of([] { poslab::far_positions({-1}, 512); }) == "out_of_range:positions");
  CHECK(code_of([] { poslab::far_positions({1e12}, 512); }) == "out_of_range:positions");
  CHECK(code_of([] { poslab::far_positions({10}, 7); }) == "odd_width:d_model");
  CHECK(code_of([] { poslab::far_positions({10}, 8192); }) == "out_of_range:d_model");
  CHECK(code_of([] { poslab::far_positions(std::vector<double>(65, 1.0), 8); }) == "out_of_range:positions");
}
