// Test helpers shared by the tests/cpp/*_test.cpp files: a matrix from a golden's JSON rows, the largest gap
// between a matrix and a golden, the "code:argument" of the error a call throws, zlib's CRC-32 of float bytes
// (the goldens' checksum of large tables) and a running "largest gap, and where" for test messages. (Reading the goldens
// themselves is golden.hpp.)
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
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

/// zlib's CRC-32 of the little-endian bytes of `count` floats (what the notebooks store for large tables).
inline std::uint32_t crc32(const float* data, std::size_t count) {
  std::uint32_t crc = 0xffffffffu;
  const auto* bytes = reinterpret_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < count * 4; ++i) {
    crc ^= bytes[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

/// The largest value seen so far and a label of where, for MESSAGE lines that report measured gaps.
struct Worst {
  double value = 0.0;
  std::string where;
  void update(double v, const std::string& w) {
    if (v > value) {
      value = v;
      where = w;
    }
  }
};

}  // namespace poslab::testing
