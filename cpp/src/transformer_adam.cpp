// TinyTransformer's optimiser step: torch.nn.utils.clip_grad_norm_ (optional) followed by torch.optim.Adam as
// PyTorch 1.13's single-tensor implementation computes it, float32 tensors and Python-double scalars alike.
#include <cmath>
#include <string>

#include "poslab/errors.hpp"
#include "transformer_impl.hpp"

namespace poslab {
namespace {

void require_option(const char* name, double value, double min, double max, bool max_included) {
  if (!std::isfinite(value)) {
    throw ArgumentError(std::string(name) + " must be a finite number (got " + std::to_string(value) + ")", "not_finite",
                        name, {{"value", std::isnan(value) ? std::string("NaN") : std::string("Infinity")}});
  }
  if (value >= min && (max_included ? value <= max : value < max)) return;
  throw ArgumentError(std::string(name) + " must be in [" + std::to_string(min) + ", " + std::to_string(max) +
                          (max_included ? "]" : ")") + " (got " + std::to_string(value) + ")",
                      "out_of_range", name, {{"value", value}, {"min", min}, {"max", max}});
}

}  // namespace

void TinyTransformer::adam_step(const AdamOptions& options) {
  require_option("lr", options.lr, 0.0, 1e6, true);
  require_option("beta1", options.beta1, 0.0, 1.0, false);
  require_option("beta2", options.beta2, 0.0, 1.0, false);
  require_option("eps", options.eps, 0.0, 1e6, true);
  // Adam divides by √v̂ + eps; with eps 0 a parameter whose gradient has always been 0 divides 0 by 0 and
  // becomes NaN (torch.optim.Adam does the same, silently): refused here instead.
  if (options.eps == 0.0) {
    throw ArgumentError("eps must be above 0: Adam divides by sqrt(v) + eps (got 0)", "out_of_range", "eps",
                        {{"value", 0.0}, {"min", 0.0}, {"max", 1e6}});
  }
  require_option("weight_decay", options.weight_decay, 0.0, 1e6, true);
  require_option("clip_norm", options.clip_norm, 0.0, 1e12, true);
  Impl& m = *impl_;
  if (!m.have_gradients) {
    throw ArgumentError("adam_step needs gradients: call loss_and_gradients first", "not_ready", "gradients");
  }
  const std::size_t count = m.params.size();

  // clip_grad_norm_: total = ‖(‖g_1‖, …, ‖g_k‖)‖ (the 2-norm of every gradient together, float32 in torch),
  // clip_coef = max_norm / (total + 1e-6) clamped to 1, every gradient multiplied in place.
  double squares = 0.0;
  for (std::size_t i = 0; i < count; ++i) squares += static_cast<double>(m.grads[i]) * m.grads[i];
  const float total = static_cast<float>(std::sqrt(squares));
  m.last_norm = total;
  if (options.clip_norm > 0.0) {
    const float coefficient = static_cast<float>(options.clip_norm) / (total + 1e-6f);
    if (coefficient < 1.0f)
      for (float& gradient : m.grads) gradient *= coefficient;
  }

  // torch.optim.Adam, _single_tensor_adam: step += 1; grad = grad + weight_decay·param;
  // m = β1·m + (1−β1)·grad; v = β2·v + (1−β2)·grad²; denom = √v / √(1 − β2^step) + eps;
  // param −= lr / (1 − β1^step) · m / denom. Scalars are Python doubles, rounded to float by each tensor op.
  m.steps += 1;
  m.decoder.keys.clear();  // the cached keys and values of a sequence came from the old parameters
  m.decoder.position = 0;
  const double step = m.steps;
  const double bias_correction1 = 1.0 - std::pow(options.beta1, step);
  const double bias_correction2 = 1.0 - std::pow(options.beta2, step);
  const float step_size = static_cast<float>(-(options.lr / bias_correction1));
  const float correction2_sqrt = static_cast<float>(std::sqrt(bias_correction2));
  const float beta1 = static_cast<float>(options.beta1), one_minus_beta1 = static_cast<float>(1.0 - options.beta1);
  const float beta2 = static_cast<float>(options.beta2), one_minus_beta2 = static_cast<float>(1.0 - options.beta2);
  const float eps = static_cast<float>(options.eps), decay = static_cast<float>(options.weight_decay);
  for (std::size_t i = 0; i < count; ++i) {
    float grad = m.grads[i];
    if (options.weight_decay != 0.0) grad = grad + decay * m.params[i];
    m.adam_m[i] = m.adam_m[i] * beta1 + one_minus_beta1 * grad;
    m.adam_v[i] = m.adam_v[i] * beta2 + one_minus_beta2 * grad * grad;
    const float denom = std::sqrt(m.adam_v[i]) / correction2_sqrt + eps;
    m.params[i] = m.params[i] + step_size * (m.adam_m[i] / denom);
  }
}

}  // namespace poslab
