// poslab/rope.hpp — rotary position embedding (RoPE, Su et al. 2021): the pair of dimensions (2i, 2i+1) of
// the vector at position pos is turned by the angle pos·base^(−2i/dim); and the query·key grids that show why.
#pragma once

#include <cstddef>

#include "poslab/encoding.hpp"

namespace poslab {

/// Longest sequence RoPE is applied to in one call (the same as the sinusoidal encodings).
inline constexpr int kMaxRopePositions = kMaxSequenceLength;
/// Positions drawn in the score grids (n × n values).
inline constexpr int kMaxGridPositions = 512;

/// Checks seq_len in [1, 65536], dim in [2, 65536] and even (RoPE turns pairs), base in (1, 10^9], the cap.
void validate_rope_shape(long long seq_len, long long dim, double base);

/// Row r of x (seq_len × dim, row-major) rotated as the vector at position r. Pairs are adjacent columns
/// (2i, 2i+1), as in the RoFormer paper and Meta's LLaMA code:
///   out[2i]   = x[2i]·cos(r·ω_i) − x[2i+1]·sin(r·ω_i)
///   out[2i+1] = x[2i]·sin(r·ω_i) + x[2i+1]·cos(r·ω_i),   ω_i = base^(−2i/dim)
/// The angles' sines and cosines are the paper variant's sinusoid table with this base (encoding.hpp), so
/// the frequencies are those of the additive encoding, written once.
MatrixF rope(const MatrixF& x, double base = kDefaultBase);

/// The same turn in place, without checks, for a caller that already holds the table: rows × dim of x turned
/// by the angles of table (rows × dim, [sin θ0, cos θ0, sin θ1, …] per row, as sinusoid_table_into fills it);
/// inverse turns back by the same angles (the transpose of the rotation: the transformer's backward pass).
void rope_rotate_rows(float* x, std::size_t rows, std::size_t dim, const float* table, bool inverse);

/// Where RoPE takes pair `pair`'s unit vector (1 in dimension 2·pair, 0 elsewhere) at positions 0 … steps−1:
/// steps × 2, the pair's two coordinates at each position (lesson 13's arrows). pair in [0, dim/2).
MatrixF rope_pair_path(int dim, int pair, int steps, double base = kDefaultBase);

/// Same on raw memory (seq_len*dim floats each); the form the bindings use.
void rope_into(const float* x, float* out, int seq_len, int dim, double base);

/// scores(m, n) = RoPE(q, m) · RoPE(k, n) for m, n = 0 … n_positions−1 (q, k of length dim). Every
/// diagonal m − n = const holds one value: the score depends only on the offset.
MatrixF rope_score_grid(const float* q, const float* k, int dim, int n_positions, double base = kDefaultBase);

/// scores(m, n) = (q + PE(m)) · (k + PE(n)) with the paper's additive sinusoidal PE: the same grid for
/// the additive encoding, whose diagonals are not constant.
MatrixF additive_score_grid(const float* q, const float* k, int dim, int n_positions);

/// How far a square grid is from depending only on m − n: the largest (max − min) along any diagonal.
/// 0 (up to rounding) for rope_score_grid; clearly positive for additive_score_grid.
double diagonal_spread(const MatrixF& grid);

}  // namespace poslab
