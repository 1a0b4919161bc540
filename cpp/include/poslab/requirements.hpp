// poslab/requirements.hpp — document 002's four requirements of a positional code (E002-2), measured for one
// code over positions 0 … max_len−1: unique (the closest two positions are apart), deterministic (computed
// twice, the same bits), extends to longer sequences (the table for 2·max_len starts with the table for
// max_len) and relative (along each offset m − n the scores do not change). Lesson 08 shows one column per code.
#pragma once

#include "poslab/errors.hpp"
#include "poslab/random.hpp"
#include "poslab/relative.hpp"

namespace poslab {

/// What one code measures. `grid` positions (min(max_len, 64)) are used for the relative check; `spread` is the
/// largest (max − min) along a diagonal of their score grid (0 when only m − n matters).
struct RequirementChecks {
  ClosestPair closest;
  bool deterministic = false;
  bool extends = false;
  int grid = 0;
  double spread = 0;
};

inline constexpr int kRequirementsMaxLen = 1024;
inline constexpr int kRequirementsGrid = 64;

/// The paper's sinusoidal table. Its relative check is the rotation M(k)·PE(pos) = PE(pos + k) (relative.hpp),
/// so grid and spread stay 0. max_len in [2, 1024], d_model even in [2, 1024].
RequirementChecks sinusoidal_requirements(int max_len, int d_model);

/// RoPE: one vector of ones rotated at every position (its relative check: q·k of two such vectors).
RequirementChecks rope_requirements(int max_len, int d_model, double base = kDefaultBase);

/// A learned table: nn.Embedding(max_len, d_model) as torch initialises it after manual_seed(seed), untrained.
/// deterministic: the same seed draws the same bits; `redraw` is the distance between row 0 under `seed` and under
/// `next_seed` (seed + 1, wrapping at 2^64 as manual_seed takes it). extends is always false: position max_len has
/// no row, and `missing` is the error embedding_lookup gives for it (out_of_range, its message and fields), so the
/// page shows the lookup's own words without drawing the table again. The relative check uses cosines of the first
/// `grid` rows.
struct LearnedRequirementChecks : RequirementChecks {
  TorchSeed seed = 0, next_seed = 0;
  double redraw = 0;
  ArgumentError missing{"", "", "", {}};
};
LearnedRequirementChecks learned_requirements(int max_len, int d_model, TorchSeed seed);

}  // namespace poslab
