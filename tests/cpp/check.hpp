// Test helpers shared by the tests/cpp/*_test.cpp files: a matrix from a golden's JSON rows, the largest gap
// between a matrix and a golden, and the "code:argument" of the error a call throws. (Reading the goldens
// themselves is golden.hpp.)
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"

namespace poslab::testing {

/// A float32 matrix from JSON rows (as the notebooks write them).
inline MatrixF matrix(const nlohmann::json& rows) {
  MatrixF m(rows.size(), rows[0].size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows[i].size(); ++j) m(i, j) = rows[i][j].get<float>();
  return m;
}

/// Largest |a - b| over two equally shaped matrices, b given as JSON rows (the shapes are required equal).
inline double max_gap(const MatrixF& a, const nlohmann::json& rows) {
  REQUIRE(rows.size() == static_cast<std::size_t>(a.rows()));
  double worst = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    REQUIRE(rows[i].size() == static_cast<std::size_t>(a.cols()));
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      worst = std::max(worst, std::abs(static_cast<double>(a(i, j)) - rows[i][j].get<double>()));
  }
  return worst;
}

/// "code:argument" of the poslab error `body()` throws, "other" for any other exception, "none" if none.
template <class F>
std::string code_of(F&& body) {
  try {
    body();
  } catch (const ErrorInfo& e) {
    return e.code() + ":" + e.argument();
  } catch (...) {
    return "other";
  }
  return "none";
}

}  // namespace poslab::testing
