// TinyTransformer without PyTorch: finite differences of the loss against the hand-written gradients, what the
// causal mask and each positional method do to the logits, the state_dict names, and the errors bad input gets.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "check.hpp"
#include "poslab/transformer.hpp"

using poslab::testing::code_of;
using poslab::testing::Worst;

namespace {

poslab::TransformerConfig small_config(poslab::PositionalMethod method, bool causal) {
  poslab::TransformerConfig config;
  config.vocab_size = 7;
  config.d_model = 8;
  config.heads = 2;
  config.layers = 2;
  config.ffn_size = 12;
  config.max_len = 6;
  config.positional = method;
  config.causal = causal;
  config.seed = 2024;
  return config;
}

const std::vector<int> kIds = {1, 4, 0, 6, 2, 3, 3, 5, 1, 0};
const std::vector<int> kTargets = {4, 0, -100, 2, 3, 3, 5, 1, 0, 6};

}  // namespace

TEST_CASE("finite differences of the loss confirm every gradient tensor, without PyTorch (all six methods)") {
  // For each tensor, a fixed pseudo-random direction u: the central difference (L(θ+δ⁺) − L(θ+δ⁻)) / 1 against
  // g·(δ⁺ − δ⁻), where δ± are the perturbations float32 really stored (θ ± h·u rounded). The forward pass is
  // float32, so the difference carries ~1e-7/h of rounding noise: h = 1e-2 and a tolerance of 1e-3 relative
  // (plus 2e-6 absolute for tensors whose true gradient is 0, like k.bias).
  Worst worst, worst_absolute;
  for (int m = 0; m < 6; ++m) {
    const auto method = static_cast<poslab::PositionalMethod>(m);
    poslab::TinyTransformer model(small_config(method, m % 2 == 0));
    CAPTURE(poslab::to_string(method));
    model.loss_and_gradients(kIds, kTargets, 2, 5);
    const std::vector<float> gradients = model.flat_gradients();
    std::uint32_t state = 12345u + static_cast<std::uint32_t>(m);
    for (const poslab::ParameterInfo& info : model.parameters()) {
      CAPTURE(info.name);
      const std::vector<float> theta = model.parameter(info.name);
      std::vector<float> plus(theta), minus(theta);
      const double h = 1e-2;
      double expected = 0.0, gradient_size = 0.0;
      for (std::size_t i = 0; i < theta.size(); ++i) {
        state = state * 1664525u + 1013904223u;
        const double u = (static_cast<double>(state >> 8) / 16777216.0) * 2.0 - 1.0;
        plus[i] = static_cast<float>(theta[i] + h * u);
        minus[i] = static_cast<float>(theta[i] - h * u);
        const double g = gradients[info.offset + i];
        expected += g * (static_cast<double>(plus[i]) - static_cast<double>(minus[i]));
        gradient_size += std::abs(g * 2.0 * h * u);
      }
      model.set_parameter(info.name, plus);
      const double loss_plus = model.loss_and_gradients(kIds, kTargets, 2, 5);
      model.set_parameter(info.name, minus);
      const double loss_minus = model.loss_and_gradients(kIds, kTargets, 2, 5);
      model.set_parameter(info.name, theta);
      const double measured = loss_plus - loss_minus;
      const double gap = std::abs(measured - expected);
      CHECK(gap <= 1e-3 * gradient_size + 2e-6);
      const std::string where = std::string(poslab::to_string(method)) + " " + info.name;
      if (gradient_size > 1e-4) worst.update(gap / gradient_size, where);
      worst_absolute.update(gap, where);
    }
  }
  MESSAGE("largest |finite difference − g·δ| / Σ|g·δ| (tensors with Σ|g·δ| > 1e-4): " << worst.value << " ("
          << worst.where << "); largest absolute: " << worst_absolute.value << " (" << worst_absolute.where << ")");
}

TEST_CASE("a causal model's logits at position i do not depend on the tokens after i") {
  for (int m = 0; m < 6; ++m) {
    const auto method = static_cast<poslab::PositionalMethod>(m);
    CAPTURE(poslab::to_string(method));
    poslab::TinyTransformer model(small_config(method, true));
    const std::vector<int> a = {1, 2, 3, 4, 5}, b = {1, 2, 3, 0, 6};
    const std::vector<float> la = model.logits(a, 1, 5), lb = model.logits(b, 1, 5);
    for (std::size_t k = 0; k < 3 * 7; ++k) CHECK(la[k] == lb[k]);  // positions 0..2
    bool later_differs = false;
    for (std::size_t k = 3 * 7; k < 5 * 7; ++k) later_differs = later_differs || la[k] != lb[k];
    CHECK(later_differs);
  }
}

namespace {

// Largest gap between the logits of `ids` and those of `ids` permuted (position i moved to permutation[i]).
double permutation_gap(poslab::TinyTransformer& model, const std::vector<int>& ids, const std::vector<int>& permutation) {
  std::vector<int> permuted(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) permuted[static_cast<std::size_t>(permutation[i])] = ids[i];
  const int n = static_cast<int>(ids.size());
  const std::vector<float> la = model.logits(ids, 1, n), lb = model.logits(permuted, 1, n);
  const std::size_t V = static_cast<std::size_t>(model.config().vocab_size);
  double gap = 0.0;
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t v = 0; v < V; ++v)
      gap = std::max(gap, static_cast<double>(std::abs(la[i * V + v] - lb[static_cast<std::size_t>(permutation[i]) * V + v])));
  return gap;
}

}  // namespace

TEST_CASE("without positions or mask, permuting the tokens permutes the logits; every method but none breaks that") {
  const std::vector<int> ids = {1, 2, 3, 4, 5};
  for (int m = 0; m < 6; ++m) {
    const auto method = static_cast<poslab::PositionalMethod>(m);
    CAPTURE(poslab::to_string(method));
    poslab::TinyTransformer model(small_config(method, false));
    const double gap = permutation_gap(model, ids, {1, 0, 2, 3, 4});  // swap the first two tokens
    if (method == poslab::PositionalMethod::none) {
      CHECK(gap < 1e-5);
    } else {
      CHECK(gap > 1e-4);
    }
  }
}

TEST_CASE("bidirectional ALiBi cannot tell a sequence from its reverse (|i - j| survives the reversal); T5 can") {
  const std::vector<int> ids = {1, 2, 3, 4, 5}, reversal = {4, 3, 2, 1, 0};
  poslab::TinyTransformer alibi(small_config(poslab::PositionalMethod::alibi, false));
  CHECK(permutation_gap(alibi, ids, reversal) < 1e-5);
  poslab::TinyTransformer t5(small_config(poslab::PositionalMethod::t5, false));
  CHECK(permutation_gap(t5, ids, reversal) > 1e-4);
}

TEST_CASE("gradients are overwritten, not accumulated, and survive a call of another shape in between") {
  poslab::TinyTransformer model(small_config(poslab::PositionalMethod::t5, true));
  const double first = model.loss_and_gradients(kIds, kTargets, 2, 5);
  const std::vector<float> gradients = model.flat_gradients();
  model.attention_weights({1, 2, 3}, 3);  // another shape: the working memory is resized
  model.logits({1, 2, 3, 4, 5, 6}, 2, 3);
  const double second = model.loss_and_gradients(kIds, kTargets, 2, 5);
  CHECK(first == second);
  CHECK(model.flat_gradients() == gradients);
  const std::vector<float> weights = model.attention_weights({1, 2, 3}, 3);
  REQUIRE(weights.size() == 2 * 2 * 3 * 3);
  for (std::size_t row = 0; row < weights.size() / 3; ++row) {
    CHECK(weights[row * 3] + weights[row * 3 + 1] + weights[row * 3 + 2] == doctest::Approx(1.0).epsilon(1e-6));
    if (row % 3 == 0) CHECK(weights[row * 3 + 1] == 0.0f);  // causal: position 0 sees only itself
  }
}

TEST_CASE("parameter names follow state_dict order and set_parameter round-trips") {
  poslab::TinyTransformer learned(small_config(poslab::PositionalMethod::learned, true));
  const auto& names = learned.parameter_names();
  REQUIRE(names.size() == 1 + 1 + 2 * 16 + 4);
  CHECK(names[0] == "token.weight");
  CHECK(names[1] == "position.weight");
  CHECK(names[2] == "layers.0.ln1.weight");
  CHECK(names[5] == "layers.0.q.bias");
  CHECK(names.back() == "out.bias");
  CHECK(learned.parameter_info("layers.1.ff1.weight").shape == std::vector<int>{12, 8});
  CHECK(learned.parameter("layers.0.ln1.weight") == std::vector<float>(8, 1.0f));
  std::vector<float> values(7, 0.25f);
  learned.set_parameter("out.bias", values);
  CHECK(learned.parameter("out.bias") == values);
  poslab::TinyTransformer t5(small_config(poslab::PositionalMethod::t5, false));
  CHECK(t5.parameter_names()[1] == "relative_bias.weight");
  CHECK(t5.parameter_info("relative_bias.weight").shape == std::vector<int>{32, 2});
}

TEST_CASE("bad configurations are refused with the field's name and a code") {
  using poslab::PositionalMethod;
  auto with = [](auto change) {
    return code_of([&] {
      poslab::TransformerConfig c = small_config(PositionalMethod::none, true);
      change(c);
      poslab::TinyTransformer model(c);
    });
  };
  CHECK(with([](auto& c) { c.vocab_size = 1; }) == "out_of_range:vocab_size");
  CHECK(with([](auto& c) { c.vocab_size = 1025; }) == "out_of_range:vocab_size");
  CHECK(with([](auto& c) { c.d_model = 2; }) == "out_of_range:d_model");
  CHECK(with([](auto& c) { c.d_model = 258; }) == "out_of_range:d_model");
  CHECK(with([](auto& c) { c.d_model = 9; }) == "odd_width:d_model");
  CHECK(with([](auto& c) { c.heads = 0; }) == "out_of_range:heads");
  CHECK(with([](auto& c) { c.heads = 3; }) == "not_divisible:heads");
  CHECK(with([](auto& c) { c.heads = 9; }) == "out_of_range:heads");
  CHECK(with([](auto& c) { c.d_model = 12; c.heads = 4; c.positional = PositionalMethod::rope; }) == "odd_width:d_model");
  CHECK(with([](auto& c) { c.d_model = 12; c.heads = 4; c.positional = PositionalMethod::alibi; }) == "none");
  CHECK(with([](auto& c) { c.layers = 0; }) == "out_of_range:layers");
  CHECK(with([](auto& c) { c.layers = 7; }) == "out_of_range:layers");
  CHECK(with([](auto& c) { c.ffn_size = 3; }) == "out_of_range:ffn_size");
  CHECK(with([](auto& c) { c.ffn_size = 1025; }) == "out_of_range:ffn_size");
  CHECK(with([](auto& c) { c.max_len = 1; }) == "out_of_range:max_len");
  CHECK(with([](auto& c) { c.max_len = 1025; }) == "out_of_range:max_len");
  CHECK(with([](auto& c) { c.max_len = 1024; }) == "none");
  CHECK(with([](auto& c) { c.positional = static_cast<PositionalMethod>(6); }) == "unknown_variant:positional");
  CHECK(code_of([] { poslab::parse_positional_method("relative"); }) == "unknown_variant:positional");
  CHECK(poslab::parse_positional_method("t5") == PositionalMethod::t5);
}

TEST_CASE("bad ids, targets, names and Adam options are refused with a code, never an abort") {
  poslab::TinyTransformer model(small_config(poslab::PositionalMethod::rope, true));
  CHECK(code_of([&] { model.adam_step({}); }) == "not_ready:gradients");
  CHECK(code_of([&] { model.logits({1, 2, 7}, 1, 3); }) == "out_of_range:ids");
  CHECK(code_of([&] { model.logits({1, -1, 2}, 1, 3); }) == "out_of_range:ids");
  CHECK(code_of([&] { model.logits(std::vector<int>(7, 1), 1, 7); }) == "out_of_range:length");
  CHECK(code_of([&] { model.logits({}, 1, 0); }) == "out_of_range:length");
  CHECK(code_of([&] { model.logits({1, 2}, 0, 2); }) == "out_of_range:batch");
  CHECK(code_of([&] { model.logits({1, 2, 3}, 2, 2); }) == "size_mismatch:ids");
  CHECK(code_of([&] { model.logits({1, 2}, 4097, 2); }) == "out_of_range:batch");
  {
    poslab::TransformerConfig big = small_config(poslab::PositionalMethod::none, true);
    big.d_model = 256;
    big.ffn_size = 1024;
    big.layers = 6;
    big.max_len = 512;
    poslab::TinyTransformer large(big);
    // 4096 × 512 tokens would need ~50 GiB of activations: refused before allocating (and before reading the ids)
    CHECK(code_of([&] { large.logits({1}, 4096, 512); }) == "too_large:batch");
  }
  {
    // 4096 × 411 with a 1024-token vocabulary needs 4,299,715,545 values: past 2^32, so a 32-bit size_t (as in
    // WebAssembly) would wrap round to 4,748,249 and let it through. The count is 64-bit on every target.
    poslab::TransformerConfig wide = small_config(poslab::PositionalMethod::none, false);
    wide.vocab_size = 1024;
    wide.d_model = 4;
    wide.heads = 1;
    wide.ffn_size = 4;
    wide.layers = 1;
    wide.max_len = 512;
    poslab::TinyTransformer model_wide(wide);
    double needed = 0.0;
    try {
      model_wide.logits(std::vector<int>(4096 * 411, 1), 4096, 411);
    } catch (const poslab::SizeError& e) {
      for (const auto& [key, field] : e.fields())
        if (key == "value") needed = std::get<double>(field);
    }
    CHECK(needed == 4299715545.0);
  }
  CHECK(code_of([&] { model.attention_weights(std::vector<int>(7, 0), 7); }) == "out_of_range:length");
  CHECK(code_of([&] { model.loss_and_gradients({1, 2}, {2, 7}, 1, 2); }) == "out_of_range:targets");
  CHECK(code_of([&] { model.loss_and_gradients({1, 2}, {2, -1}, 1, 2); }) == "out_of_range:targets");
  CHECK(code_of([&] { model.loss_and_gradients({1, 2}, {-100, -100}, 1, 2); }) == "empty:targets");
  CHECK(code_of([&] { model.loss_and_gradients({1, 2}, {2}, 1, 2); }) == "size_mismatch:targets");
  CHECK(code_of([&] { model.parameter("layers.9.q.weight"); }) == "unknown_parameter:name");
  CHECK(code_of([&] { model.gradient("token"); }) == "unknown_parameter:name");
  CHECK(code_of([&] { model.set_parameter("out.bias", std::vector<float>(6)); }) == "size_mismatch:values");
  CHECK(code_of([&] {
          std::vector<float> v(7, 0.0f);
          v[2] = std::numeric_limits<float>::quiet_NaN();
          model.set_parameter("out.bias", v);
        }) == "not_finite:values");
  CHECK(model.loss_and_gradients({1, 2}, {2, -100}, 1, 2) > 0.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  poslab::AdamOptions bad;
  bad.lr = nan;
  CHECK(code_of([&] { model.adam_step(bad); }) == "not_finite:lr");
  bad = {};
  bad.beta1 = 1.0;
  CHECK(code_of([&] { model.adam_step(bad); }) == "out_of_range:beta1");
  bad = {};
  bad.beta2 = -0.1;
  CHECK(code_of([&] { model.adam_step(bad); }) == "out_of_range:beta2");
  bad = {};
  bad.eps = std::numeric_limits<double>::infinity();
  CHECK(code_of([&] { model.adam_step(bad); }) == "not_finite:eps");
  bad = {};
  bad.eps = 0.0;  // √v + 0 is 0 wherever a gradient has always been 0: 0/0 would make the parameter NaN
  CHECK(code_of([&] { model.adam_step(bad); }) == "out_of_range:eps");
  bad = {};
  bad.weight_decay = -1.0;
  CHECK(code_of([&] { model.adam_step(bad); }) == "out_of_range:weight_decay");
  bad = {};
  bad.clip_norm = nan;
  CHECK(code_of([&] { model.adam_step(bad); }) == "not_finite:clip_norm");
  CHECK(model.adam_steps() == 0);  // none of the refused steps counted
  CHECK(code_of([&] { model.adam_step({}); }) == "none");
  CHECK(model.adam_steps() == 1);
}
