// Document 003's code in float32, position by position: position (float32) · div_term (float32) → angle rounded
// to float32 → sin/cos rounded to float32; and the same in double as the reference.
#include "poslab/far_positions.hpp"

#include <cmath>
#include <string>

#include "poslab/errors.hpp"

namespace poslab {

namespace {

// Every float32 step rounds to nearest as the CPU does. sin and cos of a float32 angle are taken in double and
// rounded once (PyTorch's vectorised float32 sine is within one float32 step of that).
float f32(double x) { return static_cast<float>(x); }

// torch.exp on a float32 tensor, as PyTorch 1.13 runs it on x86-64 with AVX2: SLEEF's expf (u10), whose fused
// multiply-adds std::fma performs exactly. Equal to PyTorch's div_term bit for bit (notebook 003 checks 256 of 256;
// a correctly rounded exp differs in 25 of them, which far out moves an angle by a whole radian).
float sleef_expf(float d) {
  const float q = std::nearbyint(d * 1.442695040888963407359924681001892137426645954152985934135449406931f);
  float s = std::fma(q, -0.693145751953125f, d);
  s = std::fma(q, -1.428606765330187045e-06f, s);
  float u = 0.000198527617612853646278381f;
  u = std::fma(u, s, 0.00139304355252534151077271f);
  u = std::fma(u, s, 0.00833336077630519866943359f);
  u = std::fma(u, s, 0.0416664853692054748535156f);
  u = std::fma(u, s, 0.166666671633720397949219f);
  u = std::fma(u, s, 0.5f);
  u = 1.0f + std::fma(s * s, u, s);
  return std::ldexp(u, static_cast<int>(q));
}

void check(const std::vector<double>& positions, int d_model) {
  require_range("positions", static_cast<long long>(positions.size()), 1, kMaxFarPositions);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const double p = positions[k];
    const std::string where = "positions[" + std::to_string(k) + "]";
    if (!std::isfinite(p)) {
      throw ArgumentError(where + " is not a finite number", "not_finite", "positions", {{"index", static_cast<double>(k)}});
    }
    if (p != std::floor(p)) {
      throw ArgumentError(where + " must be a whole number", "not_integer", "positions",
                          {{"index", static_cast<double>(k)}, {"value", p}});
    }
    if (p < 0 || p > kMaxFarPosition) {
      throw ArgumentError(where + " must be between 0 and 2^31", "out_of_range", "positions",
                          {{"index", static_cast<double>(k)}, {"value", p}, {"min", 0.0}, {"max", kMaxFarPosition}});
    }
  }
  require_range("d_model", d_model, 2, kMaxFarWidth);
  require_even("d_model", d_model, "every sine column has a cosine partner");
}

}  // namespace

FarPositions far_positions(const std::vector<double>& positions, int d_model) {
  check(positions, d_model);
  const Eigen::Index n = static_cast<Eigen::Index>(positions.size()), pairs = d_model / 2;
  FarPositions out;
  // torch.arange(0, d, 2).float() * (−math.log(10000.0) / d): a float32 tensor times a Python float (float32).
  const float scale = f32(-std::log(10000.0) / d_model);
  for (Eigen::Index i = 0; i < pairs; ++i) out.div_term_f32.push_back(sleef_expf(static_cast<float>(2 * i) * scale));
  out.angle_exact = out.angle_f32 = out.step_exact = out.step_f32 = out.angle_error = out.error_in_steps = MatrixD(n, pairs);
  out.pe_f32 = MatrixF(n, d_model);
  out.pe_exact = MatrixD(n, d_model);
  for (Eigen::Index k = 0; k < n; ++k) {
    const double p = positions[static_cast<std::size_t>(k)];
    const float here = f32(p), next = f32(p + 1);
    out.positions_f32.push_back(here);
    int same = 0;
    for (Eigen::Index i = 0; i < pairs; ++i) {
      const double frequency = std::pow(10000.0, -2.0 * static_cast<double>(i) / d_model);
      const float div = static_cast<float>(out.div_term_f32[static_cast<std::size_t>(i)]);
      const float angle = here * div, angle_next = next * div;  // float32 products, rounded as PyTorch's
      out.angle_exact(k, i) = p * frequency;
      out.angle_f32(k, i) = angle;
      out.step_exact(k, i) = frequency;
      out.step_f32(k, i) = static_cast<double>(angle_next) - static_cast<double>(angle);
      out.angle_error(k, i) = static_cast<double>(angle) - p * frequency;
      out.error_in_steps(k, i) = std::abs(out.angle_error(k, i)) / frequency;
      const float s = f32(std::sin(static_cast<double>(angle))), c = f32(std::cos(static_cast<double>(angle)));
      out.pe_f32(k, 2 * i) = s;
      out.pe_f32(k, 2 * i + 1) = c;
      out.pe_exact(k, 2 * i) = std::sin(p * frequency);
      out.pe_exact(k, 2 * i + 1) = std::cos(p * frequency);
      same += (s == f32(std::sin(static_cast<double>(angle_next)))) + (c == f32(std::cos(static_cast<double>(angle_next))));
    }
    out.same_as_next.push_back(same);
  }
  return out;
}

}  // namespace poslab
