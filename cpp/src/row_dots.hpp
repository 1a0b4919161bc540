// Every dot product between the rows of two row-major matrices, out[i][j] = a_i · b_j: the matrix
// product A·Bᵀ behind the cosine matrix, blocked for the caches and vectorised.
#pragma once

#include <cstddef>

namespace poslab {

/// out (rows_a × rows_b, row-major) = A (rows_a × dim) · B (rows_b × dim)ᵀ.
void row_dots(const float* a, std::size_t rows_a, const float* b, std::size_t rows_b, std::size_t dim, float* out);

}  // namespace poslab
