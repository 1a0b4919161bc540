// nn.Dropout and document 002's PositionalEncoding module against PyTorch (notebooks/doc002_positional_encoding
// writes tests/golden/doc002.json, "E002-4"): the same seed drops the same values, with the same digits.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/dropout.hpp"

TEST_CASE("document 002's module: x + pe, then the dropout mask and scale of PyTorch's training mode") {
  const auto golden = poslab::testing::load_golden("doc002.json");
  for (const auto& run : golden["E002-4"]["runs"]) {
    const auto pass = poslab::positional_module(poslab::parse_torch_seed(run["seed"].get<std::string>()), run["batch"].get<int>(),
                                                run["seq"].get<int>(), run["d_model"].get<int>(), run["max_len"].get<int>(),
                                                run["p"].get<double>(), true);
    const auto& x = run["x"];
    const auto& kept = run["kept"];
    const auto& out = run["train"];
    const auto& eval = run["eval"];
    REQUIRE(pass.x.size() == x.size());
    int mask_equal = 0;
    for (std::size_t i = 0; i < pass.x.size(); ++i) {
      CHECK(pass.x[i] == x[i].get<float>());  // torch.randn, bit for bit
      mask_equal += pass.kept[i] == kept[i].get<int>();
      CHECK(std::abs(pass.output[i] - out[i].get<float>()) <= 2.5e-7f * std::max(1.0f, std::abs(out[i].get<float>())));
      CHECK(std::abs(pass.encoded[i] - eval[i].get<float>()) <= 2.5e-7f * std::max(1.0f, std::abs(eval[i].get<float>())));
    }
    CHECK(mask_equal == static_cast<int>(pass.x.size()));  // the same values dropped, every one
  }
}

TEST_CASE("dropout: p = 0 keeps everything, a dropped negative value is -0, bad p and sizes are refused") {
  poslab::TorchGenerator g(0);
  const std::vector<float> x = {-1.5f, 2.0f, 0.25f};
  const auto none = poslab::dropout(g, x.data(), x.size(), 0.0);
  CHECK(none.output == x);
  poslab::TorchGenerator all(3);
  const auto most = poslab::dropout(all, x.data(), x.size(), 0.999999);
  CHECK((most.kept[0] || std::signbit(most.output[0])));
  using poslab::testing::code_of;
  CHECK(code_of([&] { poslab::dropout(g, x.data(), x.size(), 1.0); }) == "out_of_range:p");
  CHECK(code_of([&] { poslab::dropout(g, x.data(), x.size(), NAN); }) == "not_finite:p");
  CHECK(code_of([&] { poslab::dropout(g, x.data(), x.size(), -0.1); }) == "out_of_range:p");
  const float nan[] = {1.0f, NAN};
  CHECK(code_of([&] { poslab::dropout(g, nan, 2, 0.1); }) == "not_finite:x");
  CHECK(code_of([] { poslab::positional_module(0, 2, 8, 16, 4, 0.1, true); }) == "out_of_range:seq_len");
  CHECK(code_of([] { poslab::positional_module(0, 2, 4, 15, 8, 0.1, true); }) == "odd_width:d_model");
  CHECK(code_of([] { poslab::positional_module(0, 2, 4, 16, 8, 1.5, false); }) == "out_of_range:p");
  const auto eval = poslab::positional_module(0, 1, 3, 4, 5000, 0.1, false);
  CHECK(eval.output == eval.encoded);
}
