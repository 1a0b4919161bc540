// TinyTransformer's incremental decoding against its own full forward pass: the same logits at every position
// for every positional method, token losses equal to the full pass's cross-entropy, and the errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check.hpp"
#include "poslab/transformer.hpp"

using poslab::PositionalMethod;
using poslab::testing::code_of;

namespace {

poslab::TransformerConfig config_for(PositionalMethod method) {
  poslab::TransformerConfig c;
  c.vocab_size = 13;
  c.d_model = 16;
  c.heads = 4;
  c.layers = 2;
  c.ffn_size = 24;
  c.max_len = 48;  // long enough for T5's logarithmic buckets (past 8 apart, causal)
  c.positional = method;
  c.causal = true;
  c.seed = 11;
  return c;
}

std::vector<int> sequence(std::size_t n) {
  std::vector<int> ids(n);
  for (std::size_t i = 0; i < n; ++i) ids[i] = static_cast<int>((i * 7 + i / 3) % 13);
  return ids;
}

}  // namespace

TEST_CASE("next() gives, at every position, the logits of the full forward pass (all six methods, to float rounding)") {
  for (PositionalMethod method : {PositionalMethod::none, PositionalMethod::sinusoidal, PositionalMethod::learned,
                                  PositionalMethod::rope, PositionalMethod::alibi, PositionalMethod::t5}) {
    CAPTURE(poslab::to_string(method));
    poslab::TinyTransformer model(config_for(method));
    const std::size_t n = 48, V = 13;
    const std::vector<int> ids = sequence(n);
    const std::vector<float> full = model.logits(ids, 1, static_cast<int>(n));
    model.begin_sequence();
    double worst = 0.0;
    for (std::size_t t = 0; t < n; ++t) {
      const std::vector<float> row = model.next(ids[t]);
      REQUIRE(row.size() == V);
      for (std::size_t j = 0; j < V; ++j)
        worst = std::max(worst, std::abs(static_cast<double>(row[j]) - full[t * V + j]) / (1.0 + std::abs(full[t * V + j])));
    }
    CHECK(model.sequence_length() == 48);
    CHECK(worst < 1e-5);
  }
}

TEST_CASE("token_losses equal the full pass's per-position cross-entropy, and their mean its loss") {
  for (PositionalMethod method : {PositionalMethod::rope, PositionalMethod::t5, PositionalMethod::alibi}) {
    CAPTURE(poslab::to_string(method));
    poslab::TinyTransformer model(config_for(method));
    const std::vector<int> ids = sequence(40);
    std::vector<int> targets(ids.begin() + 1, ids.end());
    targets.push_back(0);
    const std::vector<double> losses = model.token_losses(ids, targets);
    REQUIRE(losses.size() == 40);
    double mean = 0.0;
    for (double l : losses) mean += l / 40.0;
    CHECK(mean == doctest::Approx(model.loss_and_gradients(ids, targets, 1, 40)).epsilon(1e-5));
    // One position by hand: −log softmax of the full logits.
    const std::vector<float> full = model.logits(ids, 1, 40);
    const float* row = full.data() + 17 * 13;
    double largest = row[0], total = 0.0;
    for (int j = 1; j < 13; ++j) largest = std::max(largest, static_cast<double>(row[j]));
    for (int j = 0; j < 13; ++j) total += std::exp(row[j] - largest);
    CHECK(losses[17] == doctest::Approx(largest + std::log(total) - row[targets[17]]).epsilon(1e-5));
  }
}

TEST_CASE("decoding refuses what it cannot do: a bidirectional model, a full sequence, a bad id; training forgets the cache") {
  poslab::TransformerConfig bidirectional = config_for(PositionalMethod::rope);
  bidirectional.causal = false;
  poslab::TinyTransformer both_ways(bidirectional);
  CHECK(code_of([&] { both_ways.begin_sequence(); }) == "not_causal:causal");
  CHECK(code_of([&] { both_ways.next(1); }) == "not_causal:causal");

  poslab::TransformerConfig short_config = config_for(PositionalMethod::learned);
  short_config.max_len = 4;
  poslab::TinyTransformer model(short_config);
  CHECK(code_of([&] { model.next(13); }) == "out_of_range:id");
  CHECK(code_of([&] { model.next(-1); }) == "out_of_range:id");
  for (int i = 0; i < 4; ++i) model.next(i);
  CHECK(code_of([&] { model.next(1); }) == "out_of_range:position");  // position.weight has 4 rows
  CHECK(code_of([&] { model.token_losses(sequence(5), sequence(5)); }) == "out_of_range:length");
  CHECK(code_of([&] { model.token_losses({1, 2}, {1}); }) == "size_mismatch:targets");
  CHECK(code_of([&] { model.token_losses({1, 2}, {1, -100}); }) == "out_of_range:targets");

  model.begin_sequence();
  const std::vector<float> first = model.next(3);
  model.next(4);
  model.loss_and_gradients({3, 4}, {4, 5}, 1, 2);
  model.adam_step({});
  CHECK(model.sequence_length() == 0);
  const std::vector<float> after = model.next(3);  // a new sequence, with the new parameters
  CHECK(model.sequence_length() == 1);
  CHECK(after != first);
  const std::vector<float> full = model.logits({3}, 1, 1);
  for (std::size_t j = 0; j < after.size(); ++j) CHECK(after[j] == doctest::Approx(full[j]).epsilon(1e-5));
}
