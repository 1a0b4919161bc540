// ALiBi slopes and biases, T5 relative buckets and biases, against notebooks/transformer_reference.ipynb's
// golden file (the papers' reference code run in PyTorch).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/position_bias.hpp"

using poslab::testing::code_of;

TEST_CASE("ALiBi slopes equal the paper's get_slopes(n) bit for bit for 1 to 16 heads") {
  const auto golden = poslab::testing::load_golden("transformer.json")["alibi_slopes"];
  REQUIRE(golden.size() == 16);
  for (int heads = 1; heads <= 16; ++heads) {
    CAPTURE(heads);
    const auto expected = golden[std::to_string(heads)].get<std::vector<double>>();
    CHECK(poslab::alibi_slopes(heads) == expected);
  }
  CHECK(poslab::alibi_slopes(8) == std::vector<double>{0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625});
}

TEST_CASE("T5 buckets equal HF transformers' _relative_position_bucket for every offset -600..600") {
  const auto golden = poslab::testing::load_golden("transformer.json")["t5_buckets"];
  REQUIRE(golden.size() == 6);
  for (const auto& entry : golden) {
    const int num_buckets = entry["num_buckets"], max_distance = entry["max_distance"];
    const bool bidirectional = entry["bidirectional"];
    const long long first = entry["first_offset"];
    const auto expected = entry["buckets"].get<std::vector<int>>();
    REQUIRE(expected.size() == 1201);
    CAPTURE(num_buckets);
    CAPTURE(max_distance);
    CAPTURE(bidirectional);
    int mismatches = 0;
    for (std::size_t k = 0; k < expected.size(); ++k) {
      const long long offset = first + static_cast<long long>(k);
      if (poslab::t5_relative_bucket(offset, bidirectional, num_buckets, max_distance) != expected[k]) ++mismatches;
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("ALiBi's bias is -slope·|i-j| per head, and -infinity above the diagonal when causal") {
  const auto slopes = poslab::alibi_slopes(3);
  const auto bias = poslab::alibi_bias(3, 4, false);
  REQUIRE(bias.size() == 3 * 4 * 4);
  for (int h = 0; h < 3; ++h)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        CHECK(bias[(h * 4 + i) * 4 + j] == -(static_cast<float>(slopes[h]) * static_cast<float>(std::abs(i - j))));
  const auto causal = poslab::alibi_bias(3, 4, true);
  CHECK(causal[1] == -std::numeric_limits<float>::infinity());    // head 0, i = 0, j = 1
  CHECK(causal[4 * 3 + 1] == bias[4 * 3 + 1]);                     // head 0, i = 3, j = 1: unmasked
}

TEST_CASE("T5's bias reads the (bucket, head) table at bucket(j - i), the same along each diagonal") {
  const int buckets = 32, heads = 2, n = 6;
  std::vector<float> table(buckets * heads);
  for (std::size_t k = 0; k < table.size(); ++k) table[k] = static_cast<float>(k) * 0.5f;
  const auto bias = poslab::t5_bias(table, buckets, heads, n, true);
  const auto grid = poslab::t5_bucket_grid(n, true);
  for (int h = 0; h < heads; ++h)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        CHECK(grid[i * n + j] == poslab::t5_relative_bucket(j - i, true));
        CHECK(bias[(h * n + i) * n + j] == table[grid[i * n + j] * heads + h]);
      }
  CHECK(poslab::t5_relative_bucket(5, false) == 0);     // causal: the future is bucket 0
  CHECK(poslab::t5_relative_bucket(-3, false) == 3);
  CHECK(poslab::t5_relative_bucket(3, true) == 19);     // bidirectional: positive offsets in the upper half
}

TEST_CASE("position-bias arguments out of range are refused with their code and argument") {
  CHECK(code_of([] { poslab::alibi_slopes(0); }) == "out_of_range:heads");
  CHECK(code_of([] { poslab::alibi_bias(2, 0, true); }) == "out_of_range:length");
  CHECK(code_of([] { poslab::t5_relative_bucket(1, true, 31, 128); }) == "odd_width:num_buckets");
  CHECK(code_of([] { poslab::t5_relative_bucket(1, true, 2, 128); }) == "out_of_range:num_buckets");
  CHECK(code_of([] { poslab::t5_relative_bucket(1, false, 32, 16); }) == "out_of_range:max_distance");
  CHECK(code_of([] { poslab::t5_relative_bucket(1LL << 41, true); }) == "out_of_range:relative_position");
  CHECK(code_of([] { poslab::t5_bias(std::vector<float>(10), 32, 2, 4, true); }) == "size_mismatch:table");
  // heads × length × length above the cap (2^34 values here; it wrapped to 0 in 32-bit WebAssembly)
  CHECK(code_of([] { poslab::alibi_bias(1024, 4096, true); }) == "too_large:length");
  CHECK(code_of([] { poslab::t5_bias(std::vector<float>(32 * 257), 32, 257, 4096, true); }) == "too_large:length");
  CHECK(code_of([] {
          std::vector<float> t(64, 0.0f);
          t[3] = std::numeric_limits<float>::quiet_NaN();
          poslab::t5_bias(t, 32, 2, 4, true);
        }) == "not_finite:table");
}
