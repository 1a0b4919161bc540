// poslab/far_positions.hpp — document 003's warning made concrete (E003-6): what float32 does to the
// sinusoidal encoding at positions far out (10^4 … 10^7), computed the way the documents' PyTorch code computes
// it, next to the exact values.
#pragma once

#include <vector>

#include <Eigen/Dense>

#include "poslab/encoding.hpp"

namespace poslab {

/// The farthest position asked about: past 2^31 a float32 position is off by more than a hundred.
inline constexpr double kMaxFarPosition = 2147483648.0;
/// How many positions one call compares, and the widest d_model (the rows are kept in double too).
inline constexpr int kMaxFarPositions = 64;
inline constexpr int kMaxFarWidth = 4096;

using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Positions × pairs (or × d_model for the rows), row-major.
struct FarPositions {
  std::vector<double> positions_f32;  ///< each position as torch.arange(…, dtype=torch.float) holds it (2^24 + 1 → 2^24)
  std::vector<double> div_term_f32;   ///< per pair: torch.exp(torch.arange(0, d, 2).float() * (−ln 10000 / d))
  MatrixD angle_exact;                ///< p · 10000^(−2i/d), in double: what the formula means
  MatrixD angle_f32;                  ///< float32(position_f32 · div_term_f32): what sin and cos are given
  MatrixD step_exact;                 ///< the exact step to the next position: 10000^(−2i/d)
  MatrixD step_f32;                   ///< angle_f32 at p + 1 minus angle_f32 at p: the step float32 really takes
  MatrixD angle_error;                ///< angle_f32 − angle_exact, in radians
  MatrixD error_in_steps;             ///< |angle_error| / step_exact: from 0.5 on, the angle could as well be the next
                                      ///< position's, and the pair no longer tells neighbours apart
  MatrixF pe_f32;                     ///< the row as PyTorch makes it: sin/cos of angle_f32, in float32
  MatrixD pe_exact;                   ///< the row the formula means: sin/cos of the exact angle
  std::vector<int> same_as_next;      ///< how many of the d_model float32 values of row p equal those of row p + 1
};

/// The paper's encoding (pairs (2i, 2i+1), document 003's code) at each position, in float32 as PyTorch
/// computes it and exactly. Positions: 1 … kMaxFarPositions whole numbers in [0, kMaxFarPosition]; d_model even.
FarPositions far_positions(const std::vector<double>& positions, int d_model);

}  // namespace poslab
