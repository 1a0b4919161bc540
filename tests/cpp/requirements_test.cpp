// Document 002's four requirements (E002-2) as lesson 08 measures them: each code against the plain
// computation it summarises (the table drawn twice, a longer table's first rows, the closest pair, the spread).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include "check.hpp"
#include "poslab/embedding.hpp"
#include "poslab/encoding.hpp"
#include "poslab/requirements.hpp"
#include "poslab/rope.hpp"
#include "poslab/similarity.hpp"

using poslab::MatrixF;
using poslab::testing::code_of;

TEST_CASE("sinusoidal: unique, deterministic, extends; its closest pair is closest_positions'") {
  const auto checks = poslab::sinusoidal_requirements(100, 64);
  const auto closest = poslab::closest_positions(100, 64);
  CHECK(checks.closest.pos_a == closest.pos_a);
  CHECK(checks.closest.pos_b == closest.pos_b);
  CHECK(checks.closest.distance == closest.distance);
  CHECK(checks.closest.distance > 0);
  CHECK(checks.deterministic);
  CHECK(checks.extends);
  CHECK(checks.grid == 0);
}

TEST_CASE("RoPE: unique, deterministic, extends, and q·k of rotated ones depends only on m − n") {
  const int n = 100, d = 64;
  const auto checks = poslab::rope_requirements(n, d);
  CHECK(checks.closest.distance > 0);
  CHECK(checks.deterministic);
  CHECK(checks.extends);
  CHECK(checks.grid == 64);
  // The same spread, computed here from the score grid of two vectors of ones.
  const MatrixF q = MatrixF::Ones(1, d);
  CHECK(checks.spread == poslab::diagonal_spread(poslab::rope_score_grid(q.data(), q.data(), d, 64, 10000.0)));
  CHECK(checks.spread < 1e-5 * d);
  CHECK(poslab::rope_requirements(10, 8).grid == 10);
}

TEST_CASE("learned: the same seed draws the same bits, the next seed another table, nothing past max_len") {
  const int n = 50, d = 16;
  const auto checks = poslab::learned_requirements(n, d, 0);
  CHECK(checks.deterministic);
  CHECK_FALSE(checks.extends);
  CHECK(checks.seed == 0);
  CHECK(checks.next_seed == 1);
  const MatrixF a = poslab::torch_embedding(n, d, 0), b = poslab::torch_embedding(n, d, 1);
  CHECK(checks.redraw == doctest::Approx((a.row(0) - b.row(0)).norm()).epsilon(1e-12));
  CHECK(checks.redraw > 0.5);
  CHECK(checks.closest.distance > 0);
  // Random rows: their cosines along a diagonal scatter, far from constant.
  CHECK(checks.spread > 0.5);
  // Position n has no row: the lookup's own error, as embedding_lookup gives it.
  CHECK(checks.missing.code() == "out_of_range");
  CHECK(checks.missing.argument() == "ids");
  CHECK(std::string(checks.missing.what()).find("50") != std::string::npos);
  // 2^64 − 1 wraps to 0, as torch.manual_seed takes it.
  const auto last = poslab::learned_requirements(4, 2, UINT64_MAX);
  CHECK(last.next_seed == 0);
}

TEST_CASE("requirements: shapes out of range are refused with the argument's name") {
  CHECK(code_of([] { poslab::sinusoidal_requirements(1, 64); }) == "out_of_range:max_len");
  CHECK(code_of([] { poslab::rope_requirements(1025, 64); }) == "out_of_range:max_len");
  CHECK(code_of([] { poslab::learned_requirements(10, 7, 0); }) == "odd_width:d_model");
  CHECK(code_of([] { poslab::sinusoidal_requirements(10, 2048); }) == "out_of_range:d_model");
}
