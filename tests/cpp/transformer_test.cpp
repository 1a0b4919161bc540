// TinyTransformer against notebooks/transformer_reference.ipynb (the same module in PyTorch 1.13): initial
// parameters bit for bit, logits, attention, loss, every gradient and three Adam steps, for each positional
// method, causal and bidirectional, at three shapes (one a single layer on 36 tokens, long enough for T5's
// logarithmic buckets). (Checks that need no PyTorch: transformer_behaviour_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/transformer.hpp"

using poslab::testing::code_of;
using nlohmann::json;
using poslab::testing::crc32;
using poslab::testing::Worst;

namespace {

const json& golden_cases() {
  static const json cases = poslab::testing::load_golden("transformer.json")["cases"];
  return cases;
}

poslab::TransformerConfig config_of(const json& c) {
  poslab::TransformerConfig config;
  config.vocab_size = c["vocab_size"];
  config.d_model = c["d_model"];
  config.heads = c["heads"];
  config.layers = c["layers"];
  config.ffn_size = c["ffn_size"];
  config.max_len = c["max_len"];
  config.positional = poslab::parse_positional_method(c["positional"].get<std::string>());
  config.causal = c["causal"];
  config.seed = c["seed"].get<std::uint64_t>();
  return config;
}

std::string label(const json& c) {
  const auto& k = c["config"];
  return k["positional"].get<std::string>() + (k["causal"].get<bool>() ? " causal" : " bidirectional") + " d=" +
         std::to_string(k["d_model"].get<int>()) + " heads=" + std::to_string(k["heads"].get<int>());
}

poslab::AdamOptions adam_of(const json& a) {
  poslab::AdamOptions options;
  options.lr = a["lr"];
  options.beta1 = a["beta1"];
  options.beta2 = a["beta2"];
  options.eps = a["eps"];
  options.weight_decay = a["weight_decay"];
  options.clip_norm = a["clip_norm"];
  return options;
}

// Largest |mine − reference| relative to the reference's largest magnitude.
double relative_gap(const std::vector<float>& mine, const std::vector<double>& reference) {
  REQUIRE(mine.size() == reference.size());
  double gap = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    gap = std::max(gap, std::abs(mine[i] - reference[i]));
    scale = std::max(scale, std::abs(reference[i]));
  }
  return scale > 0 ? gap / scale : gap;
}

}  // namespace

TEST_CASE("initial parameters are bit-identical to PyTorch's (CRC-32 of every state_dict tensor, 36 models)") {
  REQUIRE(golden_cases().size() == 36);
  for (const json& c : golden_cases()) {
    CAPTURE(label(c));
    poslab::TinyTransformer model(config_of(c["config"]));
    REQUIRE(model.parameter_names() == c["parameter_names"].get<std::vector<std::string>>());
    for (std::size_t k = 0; k < model.parameters().size(); ++k) {
      const poslab::ParameterInfo& info = model.parameters()[k];
      CAPTURE(info.name);
      CHECK(info.shape == c["parameter_shapes"][k].get<std::vector<int>>());
      const json& expected = c["initial"][info.name];
      const std::vector<float> values = model.parameter(info.name);
      CHECK(crc32(values.data(), values.size()) == expected["crc32"].get<std::uint32_t>());
      const auto index = expected["sample_index"].get<std::vector<std::size_t>>();
      const auto sample = expected["sample_value"].get<std::vector<float>>();
      for (std::size_t s = 0; s < index.size(); ++s) CHECK(values[index[s]] == sample[s]);
    }
  }
}

TEST_CASE("logits and attention weights agree with PyTorch within 1e-5 relative for every positional method") {
  Worst logits_gap, attention_gap;
  for (const json& c : golden_cases()) {
    CAPTURE(label(c));
    poslab::TinyTransformer model(config_of(c["config"]));
    const auto ids = c["ids"].get<std::vector<int>>();
    const int batch = c["batch"], length = c["length"];
    const double lg = relative_gap(model.logits(ids, batch, length), c["logits"].get<std::vector<double>>());
    const std::vector<int> first(ids.begin(), ids.begin() + length);
    const double ag = relative_gap(model.attention_weights(first, length), c["attention"].get<std::vector<double>>());
    CHECK(lg < 1e-5);
    CHECK(ag < 1e-5);
    logits_gap.update(lg, label(c));
    attention_gap.update(ag, label(c));
  }
  MESSAGE("largest relative gap: logits " << logits_gap.value << " (" << logits_gap.where << "), attention "
                                          << attention_gap.value << " (" << attention_gap.where << ")");
}

TEST_CASE("the loss and every gradient agree with PyTorch's autograd within 1e-4 relative") {
  Worst loss_gap, gradient_gap;
  for (const json& c : golden_cases()) {
    CAPTURE(label(c));
    poslab::TinyTransformer model(config_of(c["config"]));
    const auto ids = c["ids"].get<std::vector<int>>(), targets = c["targets"].get<std::vector<int>>();
    const double loss = model.loss_and_gradients(ids, targets, c["batch"], c["length"]);
    const double expected_loss = c["loss"];
    CHECK(std::abs(loss - expected_loss) <= 1e-5 * expected_loss);
    loss_gap.update(std::abs(loss - expected_loss) / expected_loss, label(c));
    // Scale of the whole gradient: a tensor whose true gradient is 0 (k.bias: softmax ignores a constant added
    // to a row of scores) holds rounding noise in both programs, compared against this scale.
    double overall = 0.0;
    for (const auto& item : c["gradients"].items())
      for (double v : item.value().get<std::vector<double>>()) overall = std::max(overall, std::abs(v));
    for (const std::string& name : model.parameter_names()) {
      CAPTURE(name);
      const auto expected = c["gradients"][name].get<std::vector<double>>();
      const std::vector<float> mine = model.gradient(name);
      REQUIRE(mine.size() == expected.size());
      double gap = 0.0, scale = 0.0;
      for (std::size_t i = 0; i < mine.size(); ++i) {
        gap = std::max(gap, std::abs(mine[i] - expected[i]));
        scale = std::max(scale, std::abs(expected[i]));
      }
      const double relative = gap / std::max(scale, 1e-3 * overall);
      CHECK(relative < 1e-4);
      gradient_gap.update(relative, label(c) + " " + name);
    }
  }
  MESSAGE("largest relative gap: loss " << loss_gap.value << " (" << loss_gap.where << "), gradients "
                                        << gradient_gap.value << " (" << gradient_gap.where << ")");
}

TEST_CASE("three Adam steps follow torch.optim.Adam within 1e-4 (weight decay and clip_grad_norm_ in the second shape)") {
  Worst loss_gap, parameter_gap;
  for (const json& c : golden_cases()) {
    CAPTURE(label(c));
    poslab::TinyTransformer model(config_of(c["config"]));
    const auto ids = c["ids"].get<std::vector<int>>(), targets = c["targets"].get<std::vector<int>>();
    const int batch = c["batch"], length = c["length"];
    const auto losses = c["adam_losses"].get<std::vector<double>>();
    const auto norms = c["adam_grad_norms"].get<std::vector<double>>();
    const poslab::AdamOptions options = adam_of(c["adam"]);
    for (std::size_t step = 0; step < 4; ++step) {
      const double loss = model.loss_and_gradients(ids, targets, batch, length);
      CHECK(std::abs(loss - losses[step]) <= 1e-4 * losses[step]);
      loss_gap.update(std::abs(loss - losses[step]) / losses[step], label(c) + " step " + std::to_string(step));
      if (step == 3) break;
      model.adam_step(options);
      CHECK(std::abs(model.last_gradient_norm() - norms[step]) <= 1e-4 * norms[step]);
    }
    CHECK(model.adam_steps() == 3);
    for (const std::string& name : model.parameter_names()) {
      CAPTURE(name);
      const json& expected = c["after_adam"][name];
      const std::vector<float> values = model.parameter(name);
      const auto index = expected["sample_index"].get<std::vector<std::size_t>>();
      const auto sample = expected["sample_value"].get<std::vector<double>>();
      double gap = 0.0;
      for (std::size_t s = 0; s < index.size(); ++s)
        gap = std::max(gap, std::abs(values[index[s]] - sample[s]) / std::max(1.0, std::abs(sample[s])));
      // k.bias's true gradient is 0 (see above): Adam divides noise by its own size, so only the parameters with
      // a real gradient are held to 1e-4; k.bias must still stay within 3 steps of lr of PyTorch's.
      const bool noise_only = name.size() > 7 && name.compare(name.size() - 7, 7, ".k.bias") == 0 &&
                              c["config"]["positional"] != "rope";
      if (noise_only) {
        CHECK(gap <= 3.0 * options.lr * 1.0001);
      } else {
        CHECK(gap < 1e-4);
        parameter_gap.update(gap, label(c) + " " + name);
      }
    }
  }
  MESSAGE("largest gap over 3 Adam steps: loss " << loss_gap.value << " relative (" << loss_gap.where
                                                 << "), sampled parameters " << parameter_gap.value << " ("
                                                 << parameter_gap.where << ")");
}

