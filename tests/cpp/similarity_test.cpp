// Cosine similarity and Euclidean distance against sklearn (reference.json) and hand-checked cases.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "golden.hpp"
#include "poslab/errors.hpp"
#include "poslab/similarity.hpp"

using poslab::testing::load_golden;

namespace {

std::vector<float> flatten(const nlohmann::json& rows, std::size_t& n_rows, std::size_t& dim) {
  std::vector<float> out;
  n_rows = rows.size();
  dim = rows[0].size();
  for (const auto& r : rows)
    for (const auto& v : r) out.push_back(v.get<float>());
  return out;
}

std::vector<float> floats(const nlohmann::json& values) { return values.get<std::vector<float>>(); }

}  // namespace

TEST_CASE("cosine matrix equals sklearn's cosine_similarity, zero rows included") {
  const auto golden = load_golden("reference.json")["cosine"];
  std::size_t ra, rb, da, db;
  const auto a = flatten(golden["A"], ra, da);
  const auto b = flatten(golden["B"], rb, db);
  const poslab::MatrixF m = poslab::cosine_matrix({a.data(), ra, da}, {b.data(), rb, db});
  const auto& expected = golden["matrix_sklearn"];
  for (std::size_t i = 0; i < ra; ++i)
    for (std::size_t j = 0; j < rb; ++j) CHECK(m(i, j) == doctest::Approx(expected[i][j].get<double>()).epsilon(1e-6));
}

TEST_CASE("pairs: cosine and Euclidean distance equal sklearn/numpy in float64") {
  const auto pairs = load_golden("reference.json")["cosine"]["pairs"];
  CHECK(pairs.size() >= 6);
  for (const auto& p : pairs) {
    const auto a = floats(p["a"]), b = floats(p["b"]);
    CHECK(poslab::cosine_similarity(a.data(), a.size(), b.data(), b.size()) ==
          doctest::Approx(p["cosine"].get<double>()).epsilon(1e-6));
    CHECK(poslab::euclidean_distance(a.data(), a.size(), b.data(), b.size()) ==
          doctest::Approx(p["euclidean"].get<double>()).epsilon(1e-6));
  }
}

TEST_CASE("two 20x512 matrices whose only non-zero row is row 0 give 1 at [0,0] and 0 elsewhere (E001-3)") {
  std::vector<float> m(20 * 512, 0.0f);
  for (int j = 0; j < 512; ++j) m[j] = std::sin(0.1f * j) + 0.5f;
  const poslab::MatrixF s = poslab::cosine_matrix({m.data(), 20, 512}, {m.data(), 20, 512});
  CHECK(s(0, 0) == doctest::Approx(1.0));
  CHECK(s.sum() == doctest::Approx(s(0, 0)));  // every other entry is exactly 0
  CHECK((s.array() == 0.0f).count() == 399);
}

TEST_CASE("the SIMD tiles agree with a plain loop for every edge shape") {
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> u(-1, 1);
  for (std::size_t ra : {1, 3, 4, 5, 9}) {
    for (std::size_t rb : {1, 2, 4, 7}) {
      for (std::size_t dim : {1, 3, 4, 5, 17, 64}) {
        std::vector<float> a(ra * dim), b(rb * dim);
        for (auto& v : a) v = u(gen);
        for (auto& v : b) v = u(gen);
        const poslab::MatrixF m = poslab::cosine_matrix({a.data(), ra, dim}, {b.data(), rb, dim});
        for (std::size_t i = 0; i < ra; ++i) {
          for (std::size_t j = 0; j < rb; ++j) {
            double dot = 0, na = 0, nb = 0;
            for (std::size_t k = 0; k < dim; ++k) {
              dot += a[i * dim + k] * b[j * dim + k];
              na += a[i * dim + k] * a[i * dim + k];
              nb += b[j * dim + k] * b[j * dim + k];
            }
            CHECK(m(i, j) == doctest::Approx(dot / std::sqrt(na * nb)).epsilon(1e-5));
          }
        }
      }
    }
  }
}

TEST_CASE("row-wise cosine pairs row i with row i") {
  const std::vector<float> a = {1, 0, 0, 1, 0, 0}, b = {1, 1, 0, -1, 0, 0};
  const auto rows = poslab::cosine_rows({a.data(), 3, 2}, {b.data(), 3, 2});
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == doctest::Approx(std::sqrt(0.5)));
  CHECK(rows[1] == doctest::Approx(-1.0));
  CHECK(rows[2] == 0.0f);  // zero rows have no direction
}

TEST_CASE("exact row-wise cosine: double sums, so nearly parallel rows keep digits float32 loses") {
  const std::vector<float> a = {1, 0, 0, 1, 0, 0}, b = {1, 1, 0, -1, 0, 0};
  const auto rows = poslab::cosine_rows_exact({a.data(), 3, 2}, {b.data(), 3, 2});
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == doctest::Approx(std::sqrt(0.5)).epsilon(1e-15));
  CHECK(rows[1] == -1.0);
  CHECK(rows[2] == 0.0);
  // 1000 values near 20 against the same values plus a tiny tilt: the float64 reference of the float32 inputs.
  std::vector<float> x(1000), y(1000);
  double xy = 0, xx = 0, yy = 0;
  for (int i = 0; i < 1000; ++i) {
    x[i] = 20.0f + static_cast<float>(i % 7) * 0.25f;
    y[i] = x[i] + (i % 2 ? 1e-3f : -1e-3f);
    xy += double(x[i]) * y[i], xx += double(x[i]) * x[i], yy += double(y[i]) * y[i];
  }
  const auto tilt = poslab::cosine_rows_exact({x.data(), 1, 1000}, {y.data(), 1, 1000});
  CHECK(tilt[0] == doctest::Approx(xy / std::sqrt(xx * yy)).epsilon(1e-14));
  CHECK_THROWS_AS(poslab::cosine_rows_exact({a.data(), 3, 2}, {b.data(), 2, 2}), poslab::ArgumentError);
}

TEST_CASE("similarity arguments are checked") {
  const std::vector<float> a = {1, 2, 3}, b = {1, 2}, nan = {1, NAN, 3};
  CHECK_THROWS_WITH_AS(poslab::cosine_similarity(a.data(), 3, b.data(), 2), "b has size 2 but must match a (3)",
                       poslab::ArgumentError);
  CHECK_THROWS_WITH_AS(poslab::euclidean_distance(a.data(), 0, b.data(), 0), "a must not be empty",
                       poslab::ArgumentError);
  CHECK_THROWS_WITH_AS(poslab::cosine_similarity(a.data(), 3, nan.data(), 3),
                       "b[1] is NaN; every value must be a finite number", poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::cosine_matrix({a.data(), 0, 3}, {a.data(), 1, 3}), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::cosine_rows({a.data(), 1, 3}, {b.data(), 1, 2}), poslab::ArgumentError);
}

TEST_CASE("vectors whose squares leave float32's range still have a direction and a length") {
  const float huge = 1e20f, tiny = 1e-30f;
  const std::vector<float> big{huge, huge}, small_a{tiny, tiny}, small_b{tiny, 2 * tiny};
  // The float norm of (1e20, 1e20) overflows to infinity (NaN cosine) and that of (1e-30, 1e-30) underflows to
  // 0 (cosine 0): both are taken in double instead.
  CHECK(poslab::cosine_similarity(big.data(), 2, big.data(), 2) == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(poslab::cosine_similarity(small_a.data(), 2, small_b.data(), 2) == doctest::Approx(3.0 / std::sqrt(10.0)).epsilon(1e-7));
  CHECK(poslab::cosine_matrix({big.data(), 1, 2}, {big.data(), 1, 2})(0, 0) == doctest::Approx(1.0).epsilon(1e-6));
  CHECK(poslab::cosine_rows({small_a.data(), 1, 2}, {small_b.data(), 1, 2})[0] == doctest::Approx(3.0 / std::sqrt(10.0)).epsilon(1e-6));
  const std::vector<float> zero{0.0f, 0.0f}, apart{3e38f, 0.0f}, back{-3e38f, 0.0f};
  CHECK(poslab::euclidean_distance(big.data(), 2, zero.data(), 2) == doctest::Approx(std::sqrt(2.0) * huge).epsilon(1e-12));
  CHECK(poslab::euclidean_distance(apart.data(), 2, back.data(), 2) == doctest::Approx(6e38).epsilon(1e-6));
  CHECK(poslab::euclidean_distance(small_a.data(), 2, zero.data(), 2) == doctest::Approx(std::sqrt(2.0) * tiny).epsilon(1e-6));
  CHECK(poslab::euclidean_distance(zero.data(), 2, zero.data(), 2) == 0.0);
  CHECK(poslab::cosine_similarity(zero.data(), 2, big.data(), 2) == 0.0);
}
