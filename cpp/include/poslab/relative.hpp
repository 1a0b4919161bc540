// poslab/relative.hpp — what the paper's sinusoidal encoding says about relative positions: its
// frequencies (div_term, wavelengths), the angles pos·div_term, and the rotation M(k) with PE(pos+k) = M(k)·PE(pos).
#pragma once

#include <vector>

#include "poslab/encoding.hpp"

namespace poslab {

/// PyTorch's div_term for the paper's formula: ω_i = 10000^(−2i/d_model), one per pair i = 0 … d_model/2 − 1.
std::vector<double> div_term(int d_model);

/// Wavelength of pair i in positions: 2π/ω_i (from 2π for the first pair to almost 2π·10000 for the last).
std::vector<double> wavelengths(int d_model);

/// The step before the sines: angle(pos, i) = pos·ω_i, a max_len × (d_model/2) matrix (document 003's
/// `position * div_term`). PE[:, 0::2] is its sine and PE[:, 1::2] its cosine.
MatrixF angle_matrix(int max_len, int d_model);

/// PE(pos + k) = M(k)·PE(pos), with M(k) block-diagonal: the pair (sin, cos) of frequency ω is turned by
/// the angle ω·k, [[cos ωk, sin ωk], [−sin ωk, cos ωk]]. M depends on k, never on pos.
struct RotationCheck {
  MatrixF rotation;                 ///< M(k), d_model × d_model
  std::vector<float> pe_pos;        ///< PE(pos)
  std::vector<float> rotated;       ///< M(k)·PE(pos), computed in double from PE(pos), rounded to float
  std::vector<float> pe_shifted;    ///< PE(pos + k), computed directly
  double max_error = 0;             ///< max |M(k)·PE(pos) − PE(pos + k)|
};

/// pos and pos + k in [0, 65535], k may be negative; d_model even in [2, 1024].
RotationCheck rotation_check(int pos, int k, int d_model);

inline constexpr int kMaxRotationWidth = 1024;

/// The two different positions whose encodings are closest (Euclidean), among positions 0 … max_len−1 of
/// the paper's encoding: distance > 0 means every position has its own vector (requirement "unique").
struct ClosestPair {
  int pos_a = 0, pos_b = 0;
  double distance = 0;
};
inline constexpr int kMaxClosestLength = 2048;
/// max_len in [2, 2048], d_model even in [2, 1024].
ClosestPair closest_positions(int max_len, int d_model);

/// The same for the rows of any matrix (2 to 2048 rows): e.g. one vector rotated by RoPE at each position.
ClosestPair closest_rows(const MatrixF& rows);

}  // namespace poslab
