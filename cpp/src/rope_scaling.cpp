// RoPE context extension: each method only changes the inverse frequencies θ'_i; the coverage and the decay bound
// are read from those. The formulas follow HF transformers' modeling_rope_utils.py operation by operation (in
// double where it uses float32), so the notebook's transcription and this file agree to the last bits.
#include "poslab/rope_scaling.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include "poslab/errors.hpp"

namespace poslab {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr double kPi = 3.141592653589793238462643383280;
constexpr double kMinBeta = 1e-3, kMaxBeta = 1e6;
// "Beyond the trained maximum" must not be decided by the last bit of a product (s·θ/s vs θ).
constexpr double kUnseenTolerance = 1e-12;

// Doubles from JavaScript may be NaN or infinite: those fail the range test too, with the same code.
void require_number(std::string_view argument, double value, double min, double max) {
  if (std::isfinite(value) && value >= min && value <= max) return;
  throw ArgumentError(std::string(argument) + " must be a number between " + format_number(min) + " and " +
                          format_number(max) + " (got " + format_number(value) + ")", "out_of_range", std::string(argument),
                      {{"value", value}, {"min", min}, {"max", max}});
}

bool uses_ntk_exponent(RopeScalingMethod method) {
  return method == RopeScalingMethod::ntk_aware || method == RopeScalingMethod::dynamic_ntk;
}

// HF's default: 1.0 / (base ** (arange(0, dim, 2) / dim)). The same expression as angular_frequencies (a test
// checks they agree bit for bit at several widths and bases), kept apart because bases above kMaxBase are
// allowed here: NTK's base' may grow past the encoding's limit.
std::vector<double> inv_freq_for_base(int dim, double base) {
  std::vector<double> out(static_cast<std::size_t>(dim / 2));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = 1.0 / std::pow(base, static_cast<double>(2 * i) / dim);
  return out;
}

// YaRN reference: _yarn_find_correction_dim(num_rotations, dim, base, max_position_embeddings).
double correction_dim(double num_rotations, int dim, double base, int original_length) {
  return (dim * std::log(original_length / (num_rotations * 2 * kPi))) / (2 * std::log(base));
}

// A floor/ceil result as an integer. Only a base within ~1e-12 of 1 makes it leave ±10^15 (the cast needs a bound).
long long whole(double v) { return static_cast<long long>(std::clamp(v, -1e15, 1e15)); }

void check_dim(long long dim, long long min) {
  require_range("dim", dim, min, kMaxScalingDim);
  require_even("dim", dim, "RoPE turns pairs of dimensions");
}

}  // namespace

RopeScalingMethod parse_rope_scaling_method(std::string_view name) {
  if (name == "extrapolation" || name == "default") return RopeScalingMethod::extrapolation;
  if (name == "linear") return RopeScalingMethod::linear;
  if (name == "ntk") return RopeScalingMethod::ntk_aware;
  if (name == "dynamic") return RopeScalingMethod::dynamic_ntk;
  if (name == "yarn") return RopeScalingMethod::yarn;
  throw ArgumentError("method must be \"extrapolation\", \"linear\", \"ntk\", \"dynamic\" or \"yarn\" (got \"" +
                          std::string(name) + "\")",
                      "unknown_variant", "method", {{"value", std::string(name)}});
}

std::string_view to_string(RopeScalingMethod method) {
  switch (method) {
    case RopeScalingMethod::extrapolation: return "extrapolation";
    case RopeScalingMethod::linear: return "linear";
    case RopeScalingMethod::ntk_aware: return "ntk";
    case RopeScalingMethod::dynamic_ntk: return "dynamic";
    case RopeScalingMethod::yarn: return "yarn";
  }
  return "extrapolation";
}

void validate_rope_scaling(const RopeScalingConfig& c, RopeScalingMethod method) {
  // dim/(dim − 2) is NTK's exponent: dim = 2 would divide by zero (its single pair never changes anyway).
  check_dim(c.dim, uses_ntk_exponent(method) ? 4 : 2);
  validate_base(c.base);
  require_range("original_length", c.original_length, 2, kMaxOriginalLength);
  require_number("factor", c.factor, 1.0, kMaxScaleFactor);
  // log(L/(2π·β)) needs β > 0, and the ramp runs from the fast pairs (many turns) to the slow ones.
  require_number("beta_slow", c.beta_slow, kMinBeta, kMaxBeta);
  require_number("beta_fast", c.beta_fast, c.beta_slow, kMaxBeta);
  require_range("current_length", c.current_length, 0, kMaxScaledPosition);
}

double ntk_aware_base(int dim, double base, double factor) {
  check_dim(dim, 4);
  validate_base(base);
  require_number("factor", factor, 1.0, kMaxScaleFactor);
  return base * std::pow(factor, static_cast<double>(dim) / (dim - 2));
}

double dynamic_ntk_base(const RopeScalingConfig& c) {
  validate_rope_scaling(c, RopeScalingMethod::dynamic_ntk);
  const double seq_len = c.current_length > c.original_length ? static_cast<double>(c.current_length) : c.original_length;
  return c.base * std::pow((c.factor * seq_len / c.original_length) - (c.factor - 1), static_cast<double>(c.dim) / (c.dim - 2));
}

YarnParameters yarn_parameters(const RopeScalingConfig& c) {
  validate_rope_scaling(c, RopeScalingMethod::yarn);
  YarnParameters y;
  y.correction_dim_fast = correction_dim(c.beta_fast, c.dim, c.base, c.original_length);
  y.correction_dim_slow = correction_dim(c.beta_slow, c.dim, c.base, c.original_length);
  // _yarn_find_correction_range: floor/ceil, then clamp (the upper clamp is dim − 1 in the reference).
  y.low = whole(std::max(std::floor(y.correction_dim_fast), 0.0));
  y.high = whole(std::min(std::ceil(y.correction_dim_slow), c.dim - 1.0));
  // _yarn_linear_ramp_mask(low, high, dim // 2); high may even be below low (tiny L): the formula is kept as is.
  const double lo = static_cast<double>(y.low), hi = y.low == y.high ? y.high + 0.001 : static_cast<double>(y.high);
  const std::size_t half = static_cast<std::size_t>(c.dim / 2);
  y.extrapolation_weight.resize(half);
  y.inv_freq.resize(half);
  for (std::size_t i = 0; i < half; ++i) {
    const double ramp = std::clamp((static_cast<double>(i) - lo) / (hi - lo), 0.0, 1.0);
    y.extrapolation_weight[i] = 1 - ramp;
    const double pos_freq = std::pow(c.base, static_cast<double>(2 * i) / c.dim);
    const double extrapolation = 1.0 / pos_freq, interpolation = 1.0 / (c.factor * pos_freq);
    y.inv_freq[i] = interpolation * (1 - y.extrapolation_weight[i]) + extrapolation * y.extrapolation_weight[i];
  }
  // _yarn_get_mscale: 1 for s ≤ 1.
  y.attention_factor = c.factor <= 1 ? 1.0 : 0.1 * std::log(c.factor) + 1.0;
  return y;
}

std::vector<double> rope_inv_freq(const RopeScalingConfig& c, RopeScalingMethod method) {
  validate_rope_scaling(c, method);
  switch (method) {
    case RopeScalingMethod::extrapolation: return inv_freq_for_base(c.dim, c.base);
    case RopeScalingMethod::linear: {
      std::vector<double> out = inv_freq_for_base(c.dim, c.base);
      for (double& f : out) f /= c.factor;  // HF: inv_freq /= factor
      return out;
    }
    case RopeScalingMethod::ntk_aware: return inv_freq_for_base(c.dim, ntk_aware_base(c.dim, c.base, c.factor));
    case RopeScalingMethod::dynamic_ntk: return inv_freq_for_base(c.dim, dynamic_ntk_base(c));
    case RopeScalingMethod::yarn: return yarn_parameters(c).inv_freq;
  }
  return {};
}

std::vector<double> rope_angles(const RopeScalingConfig& c, RopeScalingMethod method, long long position) {
  std::vector<double> out = rope_inv_freq(c, method);
  require_range("position", position, 0, kMaxScaledPosition);
  for (double& theta : out) theta *= static_cast<double>(position);
  return out;
}

long long extended_last_position(int original_length, double factor) {
  require_range("original_length", original_length, 2, kMaxOriginalLength);
  require_number("factor", factor, 1.0, kMaxScaleFactor);
  return static_cast<long long>(std::floor(factor * (original_length - 1)));
}

std::vector<PairCoverage> angle_coverage(const RopeScalingConfig& c, RopeScalingMethod method, long long last_position) {
  const std::vector<double> scaled = rope_inv_freq(c, method);
  require_range("last_position", last_position, 0, kMaxScaledPosition);
  const std::vector<double> trained = inv_freq_for_base(c.dim, c.base);
  std::vector<PairCoverage> out(trained.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    PairCoverage& p = out[i];
    p.inv_freq_trained = trained[i];
    p.inv_freq = scaled[i];
    p.wavelength_trained = kTwoPi / trained[i];
    p.wavelength = kTwoPi / scaled[i];
    p.trained_max_angle = (c.original_length - 1) * trained[i];
    p.max_angle = static_cast<double>(last_position) * scaled[i];
    p.full_turn_in_training = p.trained_max_angle >= kTwoPi;
    const double limit = p.trained_max_angle * (1 + kUnseenTolerance);
    p.unseen = !p.full_turn_in_training && p.max_angle > limit;
    if (!p.unseen) continue;
    // The first position past the limit: the quotient's guess, then corrected by the comparison itself.
    long long first = static_cast<long long>(std::floor(limit / scaled[i])) + 1;
    while (first > 0 && static_cast<double>(first - 1) * scaled[i] > limit) --first;
    while (static_cast<double>(first) * scaled[i] <= limit) ++first;
    p.first_unseen_position = first;
  }
  return out;
}

std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, int max_distance) {
  require_not_empty("inv_freq", inv_freq.size());
  require_range("inv_freq", static_cast<long long>(inv_freq.size()), 1, kMaxScalingDim / 2);
  for (std::size_t k = 0; k < inv_freq.size(); ++k)
    require_number("inv_freq", inv_freq[k], std::numeric_limits<double>::min(), 1e6);
  require_range("max_distance", max_distance, 0, kMaxDecayDistance);
  require_within_cap("max_distance", count_of({static_cast<std::uint64_t>(max_distance) + 1, inv_freq.size()}),
                     "(max_distance + 1) × (dim/2)");
  std::vector<double> out(static_cast<std::size_t>(max_distance) + 1);
  for (std::size_t n = 0; n < out.size(); ++n) {
    // S_j = Σ_{k<j} e^{i·n·θ_k}: the running sum; its modulus summed over j = 1 … dim/2.
    std::complex<double> s = 0;
    double total = 0;
    for (const double theta : inv_freq) {
      const double angle = static_cast<double>(n) * theta;
      s += std::complex<double>(std::cos(angle), std::sin(angle));
      total += std::abs(s);
    }
    out[n] = total / static_cast<double>(inv_freq.size());
  }
  return out;
}

std::vector<double> rope_decay_bound(int dim, double base, int max_distance) {
  check_dim(dim, 2);
  validate_base(base);
  return rope_decay_bound(inv_freq_for_base(dim, base), max_distance);
}

}  // namespace poslab
