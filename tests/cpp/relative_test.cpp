// The paper's frequencies, angles and offset rotation against document 003's notebook (div_term,
// wavelengths, angles) and document 002's (M(k)·PE(pos) = PE(pos + k)).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "golden.hpp"
#include "poslab/errors.hpp"
#include "poslab/relative.hpp"
#include "poslab/rope.hpp"

using poslab::testing::load_golden;

TEST_CASE("div_term and wavelengths equal the float64 references for d_model = 512 (E003-3)") {
  const auto g = load_golden("doc003.json")["E003-3_steps"];
  const auto div = poslab::div_term(512);
  const auto wave = poslab::wavelengths(512);
  REQUIRE(div.size() == 256);
  for (std::size_t i = 0; i < div.size(); ++i) {
    CHECK(div[i] == doctest::Approx(g["div_term_float64"][i].get<double>()).epsilon(1e-14));
    CHECK(wave[i] == doctest::Approx(g["wavelength_float64"][i].get<double>()).epsilon(1e-14));
    // PyTorch's float32 div_term, exp(2i · (−ln 10000 / 512)) in float32, is off by up to ~6e-7 relative:
    // the rounding of the exponent's argument is magnified by exp (measured: 5.7e-7 at most).
    CHECK(std::abs(div[i] - g["div_term_float32"][i].get<double>()) <= 7e-7 * div[i]);
  }
  CHECK(wave.front() == doctest::Approx(2 * M_PI));
}

TEST_CASE("angles pos·div_term: row 7 equals the reference; PyTorch's float32 row 1 within float rounding") {
  const auto g = load_golden("doc003.json")["E003-3_steps"];
  const poslab::MatrixF angles = poslab::angle_matrix(8, 512);
  CHECK(angles.cols() == 256);
  for (int i = 0; i < 256; ++i) {
    CHECK(angles(7, i) == doctest::Approx(g["angles_row7_float64"][i].get<double>()).epsilon(1e-7));
    CHECK(angles(1, i) == doctest::Approx(g["angles_row1_float32"][i].get<double>()).epsilon(1e-6));
  }
}

TEST_CASE("PE(pos + k) = M(k)·PE(pos): the notebook's rotated vectors, and an error at float rounding (E002-3)") {
  const auto g = load_golden("doc002.json")["E002-3"];
  const auto offsets = g["offsets"].get<std::vector<int>>();
  for (std::size_t n = 0; n < offsets.size(); ++n) {
    const auto check = poslab::rotation_check(5, offsets[n], 64);
    for (int j = 0; j < 64; ++j) CHECK(check.rotated[j] == doctest::Approx(g["rotated"][n][j].get<double>()).epsilon(1e-6));
    CHECK(check.max_error < 1e-6);
  }
  // Any position, negative offsets, other widths: M(k) never depends on pos.
  for (int pos : {0, 3, 100, 2047}) {
    for (int k : {-3, 1, 17, 500}) {
      if (pos + k < 0) continue;
      const auto check = poslab::rotation_check(pos, k, 128);
      CHECK(check.max_error < 2e-6);
      CHECK(check.rotation.isApprox(poslab::rotation_check(0, k < 0 ? 0 : k, 128).rotation) == (k >= 0));
    }
  }
}

TEST_CASE("rotation and frequency helpers refuse bad arguments") {
  const auto code_of = [](auto&& body) -> std::string {
    try {
      body();
    } catch (const poslab::ErrorInfo& e) {
      return e.code() + ":" + e.argument();
    }
    return "none";
  };
  CHECK(code_of([] { poslab::div_term(7); }) == "odd_width:d_model");
  CHECK(code_of([] { poslab::rotation_check(5, -6, 8); }) == "out_of_range:k");
  CHECK(code_of([] { poslab::rotation_check(-1, 0, 8); }) == "out_of_range:pos");
  CHECK(code_of([] { poslab::rotation_check(0, 1, 2048); }) == "out_of_range:d_model");
  CHECK(code_of([] { poslab::angle_matrix(0, 8); }) == "out_of_range:max_len");
}

TEST_CASE("closest positions: neighbours 1.4718 apart for d_model = 64, as document 002's notebook found (E002-2)") {
  const auto g = load_golden("doc002.json")["E002-6"];
  const auto closest = poslab::closest_positions(100, 64);
  CHECK(closest.pos_b - closest.pos_a == 1);
  CHECK(closest.distance == doctest::Approx(g["distance_5_6"].get<double>()).epsilon(1e-5));
  // d_model = 2: positions 0 and 44 are 44 - 7·2π ≈ 0.0177 radians apart on the circle, closer than neighbours.
  const auto tiny = poslab::closest_positions(100, 2);
  CHECK(tiny.pos_b - tiny.pos_a == 44);
  CHECK(tiny.distance < 0.02);
}

TEST_CASE("closest rows of a vector rotated by RoPE at 100 positions: neighbours, never 0") {
  const poslab::MatrixF ones = poslab::MatrixF::Ones(100, 64);
  const auto c = poslab::closest_rows(poslab::rope(ones));
  CHECK(c.distance > 0.1);
  const auto same = poslab::closest_rows(poslab::MatrixF::Ones(3, 4));
  CHECK(same.distance == 0.0);
}
