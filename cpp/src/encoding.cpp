// Sinusoidal positional encodings. One implementation serves the three variants: they differ only in the
// exponent rule of frequency_exponent(), the line a student compares against the documents.
//
// Speed without losing digits: calling sin/cos for every value is slow, so each block of kBlock rows is
// rotated from an anchor row by the angle-addition formula,
//     f((a + k)·ω) = f(a·ω)·cos(k·ω) + f'(a·ω)·sin(k·ω),   f = sin or cos, f' its derivative,
// in double precision, and only the result is rounded to float. The anchors themselves advance by the same
// rotation (by kBlock·ω) and are recomputed exactly every kReanchorRows rows, so the error stays near
// 1e-15 at any position: every value equals the exact one rounded to float (bar rare ties).
#include "poslab/encoding.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "poslab/errors.hpp"
#include "simd.hpp"

namespace poslab {
namespace {

constexpr int kBlock = 16;           // rows rotated from one anchor
constexpr int kReanchorRows = 2048;  // rows between anchors computed with sin/cos (a multiple of kBlock)

// Exact anchor at `pos`: value[j] = f(θ), slope[j] = f'(θ) with θ = pos·ω_j (f = sin on even columns).
void exact_anchor(long long pos, const std::vector<double>& inv, std::vector<double>& value,
                  std::vector<double>& slope) {
  for (std::size_t j = 0; j < inv.size(); ++j) {
    const double theta = static_cast<double>(pos) * inv[j];
    const double s = std::sin(theta), c = std::cos(theta);
    const bool is_sine = j % 2 == 0;
    value[j] = is_sine ? s : c;
    slope[j] = is_sine ? c : -s;
  }
}

// The hot loop: row[j] = value[j]·cos_k[j] + slope[j]·sin_k[j], in double, rounded to float, 4 at a time.
void write_rotated_row(const double* value, const double* slope, const double* cos_k, const double* sin_k,
                       std::size_t d, float* row) {
  std::size_t j = 0;
  for (; j + 4 <= d; j += 4) {
    const simd::f64x4 r = simd::load(value + j) * simd::load(cos_k + j) + simd::load(slope + j) * simd::load(sin_k + j);
    simd::store(row + j, simd::round_to_floats(r));
  }
  for (; j < d; ++j) row[j] = static_cast<float>(value[j] * cos_k[j] + slope[j] * sin_k[j]);
}

}  // namespace

SinusoidVariant parse_sinusoid_variant(std::string_view name) {
  if (name == "paper") return SinusoidVariant::paper;
  if (name == "literal") return SinusoidVariant::literal;
  if (name == "literal-shifted") return SinusoidVariant::literal_shifted;
  throw ArgumentError("variant must be \"paper\", \"literal\" or \"literal-shifted\" (got \"" + std::string(name) + "\")",
                      "unknown_variant", "variant", {{"value", std::string(name)}});
}

std::string_view to_string(SinusoidVariant variant) {
  switch (variant) {
    case SinusoidVariant::paper: return "paper";
    case SinusoidVariant::literal: return "literal";
    case SinusoidVariant::literal_shifted: return "literal-shifted";
  }
  return "paper";
}

int frequency_exponent(SinusoidVariant variant, int column) {
  const int pair_start = column - column % 2;  // the even column i where the document's loop stands
  switch (variant) {
    case SinusoidVariant::paper: return pair_start;                  // 2k for the pair (2k, 2k+1)
    case SinusoidVariant::literal: return 2 * pair_start;            // 2*i, i = 0, 2, 4, …
    case SinusoidVariant::literal_shifted: return 2 * column;        // 2*i for sin, 2*(i+1) for cos
  }
  return pair_start;
}

void validate_encoding_shape(long long max_len, long long d_model) {
  require_range("max_len", max_len, 1, kMaxSequenceLength);
  require_range("d_model", d_model, 2, kMaxModelWidth);
  require_even("d_model", d_model, "every sine column has a cosine partner");
  require_within_cap("max_len", count_of({static_cast<std::uint64_t>(max_len), static_cast<std::uint64_t>(d_model)}),
                     "max_len × d_model");
}

void validate_base(double base) {
  if (std::isfinite(base) && base > 1.0 && base <= kMaxBase) return;
  throw ArgumentError("base must be greater than 1 and at most " + format_number(kMaxBase) + " (got " + format_number(base) + ")", "out_of_range", "base", {{"value", base}, {"min", 1.0}, {"max", kMaxBase}});
}

std::vector<double> angular_frequencies(int d_model, SinusoidVariant variant, double base) {
  validate_base(base);
  require_range("d_model", d_model, 2, kMaxModelWidth);
  // Per column: 1/period, where the value is f(pos / period) = f(pos · ω).
  std::vector<double> inv(d_model);
  for (int j = 0; j < d_model; ++j) {
    inv[j] = 1.0 / std::pow(base, static_cast<double>(frequency_exponent(variant, j)) / d_model);
  }
  return inv;
}

void positional_encoding_into(float* out, int max_len, int d_model, SinusoidVariant variant) {
  sinusoid_table_into(out, max_len, d_model, variant, kDefaultBase);
}

void sinusoid_table_into(float* out, int max_len, int d_model, SinusoidVariant variant, double base) {
  validate_encoding_shape(max_len, d_model);
  const std::size_t d = static_cast<std::size_t>(d_model);
  const std::vector<double> inv = angular_frequencies(d_model, variant, base);

  // Rotation table for k = 0 … kBlock-1: cos(k·ω_j), sin(k·ω_j), built by the same recurrence from k = 1.
  std::vector<double> cos_k(kBlock * d), sin_k(kBlock * d);
  std::vector<double> step_cos(d), step_sin(d), block_cos(d), block_sin(d);
  for (std::size_t j = 0; j < d; ++j) {
    step_cos[j] = std::cos(inv[j]);
    step_sin[j] = std::sin(inv[j]);
    block_cos[j] = std::cos(kBlock * inv[j]);
    block_sin[j] = std::sin(kBlock * inv[j]);
    cos_k[j] = 1.0;
    sin_k[j] = 0.0;
  }
  for (int k = 1; k < kBlock; ++k) {
    const double* pc = &cos_k[(k - 1) * d];
    const double* ps = &sin_k[(k - 1) * d];
    double* c = &cos_k[k * d];
    double* s = &sin_k[k * d];
    for (std::size_t j = 0; j < d; ++j) {
      c[j] = pc[j] * step_cos[j] - ps[j] * step_sin[j];
      s[j] = ps[j] * step_cos[j] + pc[j] * step_sin[j];
    }
  }

  std::vector<double> value(d), slope(d);
  for (int anchor = 0; anchor < max_len; anchor += kBlock) {
    if (anchor % kReanchorRows == 0) {
      exact_anchor(anchor, inv, value, slope);
    } else {
      for (std::size_t j = 0; j < d; ++j) {  // advance the anchor by kBlock rows
        const double v = value[j];
        value[j] = v * block_cos[j] + slope[j] * block_sin[j];
        slope[j] = slope[j] * block_cos[j] - v * block_sin[j];
      }
    }
    const int rows = std::min(kBlock, max_len - anchor);
    for (int k = 0; k < rows; ++k) {
      write_rotated_row(value.data(), slope.data(), &cos_k[k * d], &sin_k[k * d], d,
                        out + static_cast<std::size_t>(anchor + k) * d);
    }
  }
}

MatrixF positional_encoding(int max_len, int d_model, SinusoidVariant variant) {
  validate_encoding_shape(max_len, d_model);
  MatrixF pe(max_len, d_model);
  positional_encoding_into(pe.data(), max_len, d_model, variant);
  return pe;
}

float embedding_scale_factor(int d_model, bool scale) {
  // float, as torch multiplies a float32 tensor by a Python scalar
  return scale ? static_cast<float>(std::sqrt(static_cast<double>(d_model))) : 1.0f;
}

MatrixF add_positional_encoding(const MatrixF& embeddings, SinusoidVariant variant, bool scale) {
  const int rows = static_cast<int>(embeddings.rows());
  const int d_model = static_cast<int>(embeddings.cols());
  validate_encoding_shape(rows, d_model);
  require_finite("embeddings", embeddings.data(), static_cast<std::size_t>(embeddings.size()));
  const float factor = embedding_scale_factor(d_model, scale);
  MatrixF out = (embeddings * factor + positional_encoding(rows, d_model, variant)).eval();
  require_result_finite("embeddings", out.data(), static_cast<std::size_t>(out.size()),
                        scale ? "embeddings × √d_model + PE" : "embeddings + PE");
  return out;
}

}  // namespace poslab
