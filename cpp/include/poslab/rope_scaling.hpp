// poslab/rope_scaling.hpp — stretching RoPE past its training length L by a factor s (extrapolation, linear
// interpolation, NTK-aware, dynamic NTK, YaRN), which pairs then meet angles training never showed, and RoPE's decay bound.
#pragma once

#include <string_view>
#include <vector>

#include "poslab/encoding.hpp"

namespace poslab {

/// How the inverse frequencies θ_i = base^(−2i/dim) of pair i = 0 … dim/2 − 1 change for a context s times longer.
enum class RopeScalingMethod {
  extrapolation,  ///< θ'_i = θ_i: nothing changes, positions ≥ L simply turn further.
  linear,         ///< Position interpolation (Chen et al. 2023): pos/s, i.e. θ'_i = θ_i/s (HF "linear").
  ntk_aware,      ///< NTK-aware (bloc97 on Reddit, 2023; YaRN paper §3.1): base' = base·s^(dim/(dim−2)).
  dynamic_ntk,    ///< HF transformers "dynamic": base' = base·(s·ℓ/L − (s−1))^(dim/(dim−2)), ℓ = current length.
  yarn,           ///< YaRN (Peng et al. 2023): per pair, a ramp from extrapolation to interpolation; see yarn_parameters.
};

/// "extrapolation" (or HF's "default"), "linear", "ntk" (the static formula; some HF versions register it as rope_type "ntk"), "dynamic",
/// "yarn"; anything else throws unknown_variant. to_string gives the first spelling.
RopeScalingMethod parse_rope_scaling_method(std::string_view name);
std::string_view to_string(RopeScalingMethod method);

inline constexpr int kMaxScalingDim = 4096;               ///< head dimensions: even, 2 … 4096
inline constexpr int kMaxOriginalLength = 1 << 20;        ///< L: 2 … 2^20 (1M tokens)
inline constexpr double kMaxScaleFactor = 1024.0;         ///< s: 1 … 1024 (s = 1 changes nothing)
inline constexpr long long kMaxScaledPosition = 1LL << 31;  ///< positions whose angles are asked for

/// One RoPE head stretched from L to about s·L positions.
struct RopeScalingConfig {
  int dim = 128;                 ///< head dimension (even): dim/2 pairs
  double base = kDefaultBase;    ///< 10000 in RoFormer and LLaMA 1/2
  int original_length = 2048;    ///< L, the context the model was trained on (HF: original max_position_embeddings)
  double factor = 1.0;           ///< s ≥ 1
  double beta_fast = 32.0;       ///< YaRN: pairs turning more than beta_fast times within L keep θ_i (extrapolate)
  double beta_slow = 1.0;        ///< YaRN: pairs turning fewer than beta_slow times within L get θ_i/s (interpolate)
  long long current_length = 0;  ///< dynamic NTK only: ℓ, the sequence length now; values ≤ L mean L (as HF)
};

/// Checks dim even in [2, 4096] (ntk_aware and dynamic_ntk: ≥ 4, since dim/(dim−2) is infinite at 2), base in
/// (1, 10^9], L in [2, 2^20], s finite in [1, 1024], 10^−3 ≤ beta_slow ≤ beta_fast ≤ 10^6, current_length in
/// [0, 2^31]. Throws ArgumentError (out_of_range, odd_width) naming the field.
void validate_rope_scaling(const RopeScalingConfig& config, RopeScalingMethod method);

/// θ'_i for i = 0 … dim/2 − 1, in double. The unscaled θ_i equal angular_frequencies(dim, paper, base) bit for bit
/// (tested); a base past kMaxBase (NTK's stretched base) is allowed here.
std::vector<double> rope_inv_freq(const RopeScalingConfig& config, RopeScalingMethod method);

/// The angle each pair turns the vector at `position` by, position·θ'_i (position in [0, 2^31]): what RoPE
/// rotates with once the head is stretched. Linear interpolation's angles at s·p equal plain RoPE's at p.
std::vector<double> rope_angles(const RopeScalingConfig& config, RopeScalingMethod method, long long position);

/// The base NTK-aware scaling uses: base·s^(dim/(dim−2)). With it, pair 0 keeps θ_0 = 1 and the last pair gets
/// exactly θ_last/s: high frequencies extrapolate, the lowest one interpolates, the rest in between.
double ntk_aware_base(int dim, double base, double factor);
/// HF transformers' `_compute_dynamic_ntk_parameters`: ℓ = max(current_length, L), base·(s·ℓ/L − (s−1))^(dim/(dim−2)).
/// At ℓ = L this is base (no change); note that at ℓ = s·L it is NOT ntk_aware_base (the factor is s² − s + 1).
double dynamic_ntk_base(const RopeScalingConfig& config);

/// Every step of YaRN as HF transformers' `_compute_yarn_parameters` and the YaRN reference code
/// (jquesnelle/yarn, `LlamaYaRNScaledRotaryEmbedding.yarn`) take it, in double instead of their float32:
///   correction_dim(r) = dim·ln(L/(2π·r)) / (2·ln base)   the pair index that turns r times within L
///   low  = max(floor(correction_dim(beta_fast)), 0)
///   high = min(ceil(correction_dim(beta_slow)), dim − 1)  (the reference clamps to dim − 1, not dim/2 − 1)
///   ramp_i = clamp((i − low)/(high − low), 0, 1)           (high += 0.001 when low == high)
///   extrapolation_weight_i = 1 − ramp_i                   1 for fast pairs (i ≤ low), 0 for slow ones (i ≥ high)
///   θ'_i = (θ_i/s)·(1 − weight_i) + θ_i·weight_i
/// and the attention temperature: HF multiplies cos and sin by mscale = 0.1·ln(s) + 1 (so the logits by mscale²;
/// the YaRN paper writes it as √(1/t) = 0.1·ln(s) + 1 on q and k). Not covered: DeepSeek's mscale_all_dim, HF's
/// truncate = false (no floor/ceil), "llama3" and "longrope".
struct YarnParameters {
  double correction_dim_fast = 0;             ///< correction_dim(beta_fast), before floor
  double correction_dim_slow = 0;             ///< correction_dim(beta_slow), before ceil
  long long low = 0, high = 0;                ///< after floor/ceil and clamping, as the reference
  std::vector<double> extrapolation_weight;   ///< 1 − ramp, one per pair: the reference's inv_freq_extrapolation_factor
  std::vector<double> inv_freq;               ///< θ'_i
  double attention_factor = 1;                ///< mscale = 0.1·ln(s) + 1 (1 at s = 1)
};
YarnParameters yarn_parameters(const RopeScalingConfig& config);

/// Which pairs meet angles training never produced. Training saw positions 0 … L−1, so pair i saw the angles
/// 0 … (L−1)·θ_i. If that arc is a whole turn ((L−1)·θ_i ≥ 2π) every direction of the pair was seen and no angle
/// is new. Otherwise an angle pos·θ'_i is *unseen* when it is beyond (L−1)·θ_i (by more than a relative 1e-12,
/// so rounding never counts). Asked for positions 0 … last_position.
struct PairCoverage {
  double inv_freq_trained = 0;       ///< θ_i
  double inv_freq = 0;               ///< θ'_i
  double wavelength_trained = 0;     ///< 2π/θ_i, in positions
  double wavelength = 0;             ///< 2π/θ'_i
  double trained_max_angle = 0;      ///< (L−1)·θ_i
  double max_angle = 0;              ///< last_position·θ'_i
  bool full_turn_in_training = false;  ///< (L−1)·θ_i ≥ 2π, i.e. wavelength_trained ≤ L−1
  bool unseen = false;               ///< some position ≤ last_position has an unseen angle
  long long first_unseen_position = -1;  ///< the smallest such position, −1 if none
};
/// last_position in [0, 2^31]. For the stretched context use extended_last_position(L, s).
std::vector<PairCoverage> angle_coverage(const RopeScalingConfig& config, RopeScalingMethod method,
                                         long long last_position);

/// ⌊s·(L−1)⌋: the last position linear interpolation maps into the trained range [0, L−1] (L = 2048, s = 2:
/// 4094, one short of s·L − 1). Past it even interpolation goes beyond (L−1)·θ_i, though by less than one trained
/// step θ_i up to s·L − 1: those pos/s fall between the last trained position L−1 and L.
long long extended_last_position(int original_length, double factor);

/// RoFormer (Su et al. 2021, §3.4.3): with h_i = q_[2i:2i+1]·k*_[2i:2i+1] and S_j = Σ_{k<j} e^{i·n·θ_k}, Abel
/// summation gives |q·k at distance n| ≤ (max_i |h_{i+1} − h_i|)·Σ_{j=1}^{dim/2} |S_j|. This returns the
/// relative bound (1/(dim/2))·Σ_j |S_j| for n = 0 … max_distance (the paper's Figure 2): (dim/2 + 1)/2 at n = 0,
/// decaying (with ripples) as n grows. θ_k = base^(−2k/dim).
std::vector<double> rope_decay_bound(int dim, double base, int max_distance);
/// The same bound for any frequencies (e.g. rope_inv_freq of a scaled head): θ_k = inv_freq[k], all finite > 0.
std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, int max_distance);
/// max_distance: 0 … 65536, and (max_distance + 1)·(dim/2) ≤ 2^25 terms (too_large beyond).
inline constexpr int kMaxDecayDistance = kMaxSequenceLength;

}  // namespace poslab
