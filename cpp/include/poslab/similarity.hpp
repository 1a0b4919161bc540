// poslab/similarity.hpp — how close two vectors are: cosine similarity (of a pair, row by row, and as a full
// matrix like sklearn's cosine_similarity) and Euclidean distance.
#pragma once

#include <cstddef>
#include <vector>

#include "poslab/encoding.hpp"

namespace poslab {

/// A read-only view of a row-major matrix the caller owns (rows × dim floats).
struct MatrixView {
  const float* data;
  std::size_t rows;
  std::size_t dim;
};

/// cos(a, b) = a·b / (|a||b|). A zero vector has no direction; like sklearn, its similarity is 0.
/// Throws on empty or different-length vectors and on NaN/infinite values.
double cosine_similarity(const float* a, std::size_t a_size, const float* b, std::size_t b_size);

/// Row i of A against row i of B (equal shapes), one value per row.
std::vector<float> cosine_rows(MatrixView a, MatrixView b);

/// Row i of A against row i of B with every product and sum in double: the cosine of the float32 vectors to
/// about 1e-15. A float32 library (PyTorch, NumPy) lands within a few float32 ulps of it, so its leading digits
/// are the ones every implementation agrees on (lesson 07 prints only those). A zero row gives 0.
std::vector<double> cosine_rows_exact(MatrixView a, MatrixView b);

/// Every row of A against every row of B: rows_a × rows_b, row-major, as sklearn's cosine_similarity(A, B):
/// rows are normalised first and an all-zero row stays zero, so its similarities are 0 (even with itself).
MatrixF cosine_matrix(MatrixView a, MatrixView b);

/// |a - b|, the straight-line distance.
double euclidean_distance(const float* a, std::size_t a_size, const float* b, std::size_t b_size);

}  // namespace poslab
