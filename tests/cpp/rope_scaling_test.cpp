// RoPE context extension against notebooks/rope_scaling_reference.ipynb (HF transformers' formulas in float64),
// the properties the lesson draws (who extrapolates, who interpolates, who meets unseen angles), the RoFormer
// decay bound, and the errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/encoding.hpp"
#include "poslab/relative.hpp"
#include "poslab/rope_scaling.hpp"

using poslab::RopeScalingConfig;
using poslab::RopeScalingMethod;
using poslab::testing::code_of;
using poslab::testing::load_golden;

namespace {

const RopeScalingMethod kMethods[] = {RopeScalingMethod::extrapolation, RopeScalingMethod::linear,
                                      RopeScalingMethod::ntk_aware, RopeScalingMethod::dynamic_ntk,
                                      RopeScalingMethod::yarn};

// Largest |a − b|/|b| (the shapes are required equal).
double relative_gap(const std::vector<double>& a, const nlohmann::json& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double want = b[i].get<double>();
    worst = std::max(worst, std::abs(a[i] - want) / std::abs(want));
  }
  return worst;
}

double relative_gap(double a, double b) { return std::abs(a - b) / std::abs(b); }

double relative_gap(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, relative_gap(a[i], b[i]));
  return worst;
}

RopeScalingConfig config_of(const nlohmann::json& c) {
  RopeScalingConfig config;
  config.dim = c["dim"].get<int>();
  config.base = c["base"].get<double>();
  config.original_length = c["original_length"].get<int>();
  config.factor = c["factor"].get<double>();
  config.current_length = c["current_length"].get<long long>();
  return config;
}

RopeScalingConfig llama(double factor) {
  RopeScalingConfig c;
  c.dim = 128;
  c.original_length = 2048;
  c.factor = factor;
  return c;
}

}  // namespace

TEST_CASE("every method's frequencies equal the notebook's HF transcription to 1e-12 in 8 (dim, base, L, s) cases") {
  const auto cases = load_golden("rope_scaling.json")["cases"];
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    const RopeScalingConfig config = config_of(c);
    INFO("dim " << c["dim"] << ", L " << c["original_length"] << ", s " << c["factor"]);
    for (const RopeScalingMethod m : kMethods) {
      INFO("method " << poslab::to_string(m));
      CHECK(relative_gap(poslab::rope_inv_freq(config, m), c["inv_freq"][std::string(poslab::to_string(m))]) < 1e-12);
    }
    CHECK(relative_gap(poslab::ntk_aware_base(config.dim, config.base, config.factor), c["ntk_base"].get<double>()) < 1e-12);
    CHECK(relative_gap(poslab::dynamic_ntk_base(config), c["dynamic_base"].get<double>()) < 1e-12);
  }
}

TEST_CASE("YaRN's correction range is the reference's exactly: floor/ceil, clamp to dim − 1, low == high, high < low") {
  const auto cases = load_golden("rope_scaling.json")["cases"];  // a copy: a temporary's ["cases"] would dangle
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    const auto y = poslab::yarn_parameters(config_of(c));
    const auto& want = c["yarn"];
    INFO("dim " << c["dim"] << ", base " << c["base"] << ", L " << c["original_length"]);
    CHECK(y.low == want["low"].get<long long>());
    CHECK(y.high == want["high"].get<long long>());
    CHECK(std::abs(y.correction_dim_fast - want["correction_dim_fast"].get<double>()) < 1e-12);
    CHECK(std::abs(y.correction_dim_slow - want["correction_dim_slow"].get<double>()) < 1e-12);
    const auto weights = want["extrapolation_weight"].get<std::vector<double>>();
    REQUIRE(y.extrapolation_weight.size() == weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i) CHECK(std::abs(y.extrapolation_weight[i] - weights[i]) < 1e-12);
    CHECK(relative_gap(y.attention_factor, want["attention_factor"].get<double>()) < 1e-15);
  }
  // The three edge cases are in the golden on purpose.
  CHECK(cases[5]["yarn"]["low"] == 0);
  CHECK(cases[5]["yarn"]["high"] == 0);   // low == high: the reference's +0.001
  CHECK(cases[6]["yarn"]["high"] == 7);   // clamped to dim − 1, not dim/2 − 1
  CHECK(cases[7]["yarn"]["high"] == -6);  // below low: the ramp stays 0, every pair extrapolates
}

TEST_CASE("unseen angles: flags and first unseen positions equal the notebook's position-by-position search") {
  const auto cases = load_golden("rope_scaling.json")["cases"];  // a copy: a temporary's ["cases"] would dangle
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    const RopeScalingConfig config = config_of(c);
    const long long last = c["last_position"].get<long long>();
    CHECK(last == poslab::extended_last_position(config.original_length, config.factor));
    for (const auto& [key, at] : {std::pair{"coverage", last}, std::pair{"coverage_sL", config.current_length - 1}}) {
      for (const RopeScalingMethod m : kMethods) {
        const auto& want = c[key][std::string(poslab::to_string(m))];
        const auto got = poslab::angle_coverage(config, m, at);
        INFO("dim " << c["dim"] << ", L " << c["original_length"] << ", " << key << ", " << poslab::to_string(m));
        REQUIRE(got.size() == want["unseen"].size());
        for (std::size_t i = 0; i < got.size(); ++i) {
          CHECK(got[i].full_turn_in_training == want["full_turn_in_training"][i].get<bool>());
          CHECK(got[i].unseen == want["unseen"][i].get<bool>());
          CHECK(got[i].first_unseen_position == want["first_unseen_position"][i].get<long long>());
          CHECK(relative_gap(got[i].max_angle, want["max_angle"][i].get<double>()) < 1e-12);
          CHECK(relative_gap(got[i].wavelength, want["wavelength"][i].get<double>()) < 1e-12);
        }
      }
    }
  }
}

TEST_CASE("the unscaled frequencies are div_term's, bit for bit (one source for θ_i)") {
  RopeScalingConfig c = llama(1.0);
  CHECK(poslab::rope_inv_freq(c, RopeScalingMethod::extrapolation) == poslab::div_term(128));
  // and at other widths and bases, against the encoding's own frequencies (every pair's value, repeated per column)
  for (const int dim : {2, 4, 6, 64, 96, 256}) {
    for (const double base : {2.0, 500.0, 10000.0, 500000.0, 1e9}) {
      c.dim = dim;
      c.base = base;
      const std::vector<double> mine = poslab::rope_inv_freq(c, RopeScalingMethod::extrapolation);
      const std::vector<double> encoding = poslab::angular_frequencies(dim, poslab::SinusoidVariant::paper, base);
      REQUIRE(encoding.size() == 2 * mine.size());
      for (std::size_t i = 0; i < mine.size(); ++i) CHECK(mine[i] == encoding[2 * i]);
    }
  }
}

TEST_CASE("angles: linear interpolation at position s·p turns each pair as plain RoPE does at p") {
  const RopeScalingConfig c = llama(4.0);
  const auto plain = poslab::rope_angles(c, RopeScalingMethod::extrapolation, 2047);
  const auto stretched = poslab::rope_angles(c, RopeScalingMethod::linear, 4 * 2047);
  CHECK(relative_gap(stretched, plain) < 1e-15);
  const auto cov = poslab::angle_coverage(c, RopeScalingMethod::extrapolation, 2047);
  for (std::size_t i = 0; i < plain.size(); ++i) CHECK(plain[i] == cov[i].trained_max_angle);
  CHECK(code_of([&] { poslab::rope_angles(c, RopeScalingMethod::linear, -1); }) == "out_of_range:position");
}

TEST_CASE("linear interpolation never passes the trained maximum up to ⌊s(L−1)⌋, and by less than one step up to s·L − 1") {
  for (const double s : {1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 3.7, 10.0}) {
    const RopeScalingConfig c = llama(s);
    const long long last = poslab::extended_last_position(c.original_length, s);
    for (const auto& p : poslab::angle_coverage(c, RopeScalingMethod::linear, last)) {
      CHECK_FALSE(p.unseen);
      CHECK(p.max_angle <= p.trained_max_angle * (1 + 1e-12));
    }
    for (const auto& p : poslab::angle_coverage(c, RopeScalingMethod::linear, static_cast<long long>(std::ceil(s * 2048)) - 1))
      CHECK(p.max_angle < p.trained_max_angle + p.inv_freq_trained);
  }
}

TEST_CASE("NTK-aware keeps the highest-frequency pair and divides the lowest by s; pair i by s^(2i/(dim−2))") {
  const RopeScalingConfig c = llama(4.0);
  const auto theta = poslab::rope_inv_freq(c, RopeScalingMethod::extrapolation);
  const auto ntk = poslab::rope_inv_freq(c, RopeScalingMethod::ntk_aware);
  CHECK(ntk.front() == theta.front());  // θ_0 = 1 for any base
  CHECK(relative_gap(theta.back() / ntk.back(), 4.0) < 1e-12);
  for (std::size_t i = 0; i < theta.size(); ++i)
    CHECK(relative_gap(theta[i] / ntk[i], std::pow(4.0, 2.0 * i / 126)) < 1e-12);
}

TEST_CASE("YaRN: fast pairs (i ≤ low) extrapolate, slow pairs (i ≥ high) interpolate, attention × (0.1·ln s + 1)") {
  const RopeScalingConfig c = llama(2.0);
  const auto theta = poslab::rope_inv_freq(c, RopeScalingMethod::extrapolation);
  const auto y = poslab::yarn_parameters(c);
  REQUIRE(y.low == 16);  // floor(correction_dim(32) = 16.1): a pair there turns exactly 32 times within L = 2048
  REQUIRE(y.high == 41);  // ceil(correction_dim(1) = 40.2): a pair there turns exactly once
  for (std::size_t i = 0; i < theta.size(); ++i) {
    if (static_cast<long long>(i) <= y.low) CHECK(y.inv_freq[i] == theta[i]);
    if (static_cast<long long>(i) >= y.high) CHECK(relative_gap(y.inv_freq[i], theta[i] / 2) < 1e-15);
    if (static_cast<long long>(i) > y.low && static_cast<long long>(i) < y.high) {
      CHECK(y.inv_freq[i] < theta[i]);
      CHECK(y.inv_freq[i] > theta[i] / 2);
    }
  }
  CHECK(y.attention_factor == doctest::Approx(0.1 * std::log(2.0) + 1).epsilon(1e-15));
  // With this ramp no pair of the LLaMA head meets an unseen angle up to ⌊s(L−1)⌋; extrapolation: 23 pairs do.
  const long long last = poslab::extended_last_position(2048, 2.0);
  const auto count = [&](RopeScalingMethod m) {
    const auto cov = poslab::angle_coverage(c, m, last);
    return std::count_if(cov.begin(), cov.end(), [](const poslab::PairCoverage& p) { return p.unseen; });
  };
  CHECK(count(RopeScalingMethod::yarn) == 0);
  CHECK(count(RopeScalingMethod::extrapolation) == 23);
  CHECK(count(RopeScalingMethod::ntk_aware) == 22);  // only the last pair is fully interpolated
}

TEST_CASE("s = 1 changes nothing, and dynamic NTK changes nothing until the sequence is longer than L") {
  RopeScalingConfig c = llama(1.0);
  const auto theta = poslab::rope_inv_freq(c, RopeScalingMethod::extrapolation);
  for (const RopeScalingMethod m : kMethods) {
    INFO("method " << poslab::to_string(m));
    // YaRN's blend θ·(1 − w) + θ·w may round the last bit; the others are exact.
    if (m == RopeScalingMethod::yarn) CHECK(relative_gap(poslab::rope_inv_freq(c, m), theta) < 1e-15);
    else CHECK(poslab::rope_inv_freq(c, m) == theta);
  }
  c.factor = 4.0;
  c.current_length = 1000;
  CHECK(poslab::dynamic_ntk_base(c) == c.base);
  c.current_length = 4 * 2048;  // at ℓ = s·L the factor is s² − s + 1 = 13, not s = 4
  CHECK(relative_gap(poslab::dynamic_ntk_base(c), 10000 * std::pow(13.0, 128.0 / 126)) < 1e-12);
}

TEST_CASE("the decay bound equals the notebook's numpy (RoFormer Figure 2) to 1e-12, starts at (d/2+1)/2 and decays") {
  const auto golden = load_golden("rope_scaling.json");
  for (const auto& d : golden["decay"]) {
    const int n = d["max_distance"].get<int>();
    std::vector<double> bound;
    if (d.contains("dim")) {
      bound = poslab::rope_decay_bound(d["dim"].get<int>(), d["base"].get<double>(), n);
      CHECK(bound[0] == doctest::Approx((d["dim"].get<int>() / 2 + 1) / 2.0).epsilon(1e-15));
    } else {
      const auto& c = golden["cases"][d["case"].get<std::size_t>()];
      const auto method = poslab::parse_rope_scaling_method(d["method"].get<std::string>());
      bound = poslab::rope_decay_bound(poslab::rope_inv_freq(config_of(c), method), n);
    }
    INFO(d.dump().substr(0, 80));
    CHECK(relative_gap(bound, d["bound"]) < 1e-12);
  }
  const auto b = poslab::rope_decay_bound(128, 10000.0, 256);
  CHECK(b[256] < b[64]);
  CHECK(b[64] < b[16]);
  CHECK(b[16] < b[0]);
  for (const double v : poslab::rope_decay_bound(2, 10000.0, 50)) CHECK(v == doctest::Approx(1.0));  // |S_1| = 1
}

TEST_CASE("bad arguments are refused with the argument's name: dim, base, L, s, betas, positions, sizes, method") {
  const auto inv = [](auto change, RopeScalingMethod m = RopeScalingMethod::linear) {
    RopeScalingConfig c = llama(2.0);
    change(c);
    return code_of([&] { poslab::rope_inv_freq(c, m); });
  };
  CHECK(inv([](RopeScalingConfig& c) { c.dim = 7; }) == "odd_width:dim");
  CHECK(inv([](RopeScalingConfig& c) { c.dim = 0; }) == "out_of_range:dim");
  CHECK(inv([](RopeScalingConfig& c) { c.dim = 4098; }) == "out_of_range:dim");
  CHECK(inv([](RopeScalingConfig& c) { c.dim = 2; }) == "none");
  CHECK(inv([](RopeScalingConfig& c) { c.dim = 2; }, RopeScalingMethod::ntk_aware) == "out_of_range:dim");
  CHECK(inv([](RopeScalingConfig& c) { c.base = 1.0; }) == "out_of_range:base");
  CHECK(inv([](RopeScalingConfig& c) { c.base = NAN; }) == "out_of_range:base");
  CHECK(inv([](RopeScalingConfig& c) { c.original_length = 1; }) == "out_of_range:original_length");
  CHECK(inv([](RopeScalingConfig& c) { c.factor = 0.5; }) == "out_of_range:factor");
  CHECK(inv([](RopeScalingConfig& c) { c.factor = NAN; }) == "out_of_range:factor");
  CHECK(inv([](RopeScalingConfig& c) { c.factor = INFINITY; }) == "out_of_range:factor");
  CHECK(inv([](RopeScalingConfig& c) { c.beta_slow = 0; }, RopeScalingMethod::yarn) == "out_of_range:beta_slow");
  CHECK(inv([](RopeScalingConfig& c) { c.beta_fast = 0.5; }, RopeScalingMethod::yarn) == "out_of_range:beta_fast");
  CHECK(inv([](RopeScalingConfig& c) { c.current_length = -1; }, RopeScalingMethod::dynamic_ntk) == "out_of_range:current_length");
  CHECK(code_of([] { poslab::ntk_aware_base(2, 10000, 2); }) == "out_of_range:dim");
  CHECK(code_of([] { poslab::extended_last_position(2048, 0.9); }) == "out_of_range:factor");
  CHECK(code_of([] { poslab::angle_coverage(llama(2), RopeScalingMethod::linear, -1); }) == "out_of_range:last_position");
  CHECK(code_of([] { poslab::angle_coverage(llama(2), RopeScalingMethod::linear, (1LL << 31) + 1); }) == "out_of_range:last_position");
  CHECK(code_of([] { poslab::rope_decay_bound(127, 10000, 10); }) == "odd_width:dim");
  CHECK(code_of([] { poslab::rope_decay_bound(128, 0.5, 10); }) == "out_of_range:base");
  CHECK(code_of([] { poslab::rope_decay_bound(128, 10000, -1); }) == "out_of_range:max_distance");
  CHECK(code_of([] { poslab::rope_decay_bound(128, 10000, 65537); }) == "out_of_range:max_distance");
  CHECK(code_of([] { poslab::rope_decay_bound(4096, 10000, 65536); }) == "too_large:max_distance");
  CHECK(code_of([] { poslab::rope_decay_bound(std::vector<double>{}, 10); }) == "empty:inv_freq");
  CHECK(code_of([] { poslab::rope_decay_bound(std::vector<double>{1.0, NAN}, 10); }) == "out_of_range:inv_freq");
  CHECK(code_of([] { poslab::parse_rope_scaling_method("longrope"); }) == "unknown_variant:method");
  for (const RopeScalingMethod m : kMethods) CHECK(poslab::parse_rope_scaling_method(poslab::to_string(m)) == m);
  CHECK(poslab::parse_rope_scaling_method("default") == RopeScalingMethod::extrapolation);
}
