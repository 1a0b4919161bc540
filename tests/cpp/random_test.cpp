// PyTorch's CPU generator, rebuilt: the engine against the reference mt19937, the seeds, the uniforms and the
// normal fill against tables written by notebooks/doc000_seeded_embeddings.ipynb (torch 1.13).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "golden.hpp"
#include "poslab/errors.hpp"
#include "poslab/random.hpp"

using poslab::TorchGenerator;

namespace {

// Distance in units in the last place between two floats of the same sign region (0 when bit-identical).
long long ulp_distance(float a, float b) {
  std::int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  const long long la = ia < 0 ? static_cast<long long>(INT32_MIN) - ia : ia;
  const long long lb = ib < 0 ? static_cast<long long>(INT32_MIN) - ib : ib;
  return la > lb ? la - lb : lb - la;
}

}  // namespace

TEST_CASE("the engine is the reference mt19937 seeded with the seed's low 32 bits") {
  for (const std::uint64_t seed : {0ULL, 1ULL, 5489ULL, 4294967295ULL}) {
    TorchGenerator ours(seed);
    std::mt19937 reference(static_cast<std::uint32_t>(seed));
    for (int i = 0; i < 2000; ++i) REQUIRE(ours.random() == reference());  // crosses the 624-word twist
  }
  TorchGenerator high((1ULL << 32) + 5), low(5);
  for (int i = 0; i < 100; ++i) CHECK(high.random() == low.random());
  CHECK(TorchGenerator((1ULL << 32) + 5).initial_seed() == (1ULL << 32) + 5);
}

TEST_CASE("random64 puts the first draw in the high half; uniforms use 24 and 53 bits") {
  TorchGenerator a(7), b(7);
  const std::uint64_t r = a.random64();
  const std::uint32_t hi = b.random(), lo = b.random();
  CHECK(r == ((static_cast<std::uint64_t>(hi) << 32) | lo));
  TorchGenerator c(3), d(3);
  CHECK(c.uniform_float() == static_cast<float>(d.random() & 0xffffff) / 16777216.0f);
  const double u = c.uniform_double();
  const std::uint64_t bits = d.random64() & ((1ULL << 53) - 1);
  CHECK(u == static_cast<double>(bits) / 9007199254740992.0);
}

TEST_CASE("manual_seed restarts the stream and forgets the cached normal") {
  TorchGenerator g(11);
  const double first = g.normal_double();
  (void)g.normal_double();  // the cached sine half
  g.manual_seed(11);
  CHECK(g.normal_double() == first);
  g.manual_seed(11);
  (void)g.normal_double();  // leaves a cached value...
  g.manual_seed(11);        // ...that re-seeding drops
  CHECK(g.normal_double() == first);
}

TEST_CASE("the Cephes log and sincos stay close to the C library") {
  double worst_log = 0, worst_trig = 0;
  for (int k = 1; k <= 20000; ++k) {
    const float u = static_cast<float>(k) / 20000.0f;
    worst_log = std::max(worst_log, std::fabs(poslab::cephes_log(u) - std::log(static_cast<double>(u))));
    const float theta = 6.2831855f * u;
    float s, c;
    poslab::cephes_sincos(theta, s, c);
    worst_trig = std::max({worst_trig, std::fabs(s - std::sin(static_cast<double>(theta))),
                           std::fabs(c - std::cos(static_cast<double>(theta)))});
  }
  CHECK(worst_log < 1e-6);
  CHECK(worst_trig < 1e-6);
}

TEST_CASE("the emulated fused multiply-add rounds once, halfway cases included") {
  std::mt19937 random(5);
  int checked = 0;
  for (int i = 0; i < 100000; ++i) {
    const float a = 1.0f + static_cast<float>(random() & 0xffff) * 0x1p-23f;
    const float b = 1.0f + static_cast<float>(random() & 0xff) * 0x1p-20f;
    const float c = -static_cast<float>(static_cast<double>(a) * b);  // a·b + c is tiny: many halfway sums
    for (const float addend : {c, c + 0x1p-25f, c - 0x1p-25f, 1.0f, -0.5f, 3e-8f}) {
      REQUIRE(poslab::fused_multiply_add(a, b, addend) == std::fma(a, b, addend));
      ++checked;
    }
  }
  CHECK(checked == 600000);
}

TEST_CASE("normal_fill is bit-identical to torch's normal_ for every shape of the golden file") {
  const auto golden = poslab::testing::load_golden("embedding.json");
  for (const auto& table : golden["tables"]) {
    const std::uint64_t seed = poslab::parse_torch_seed(table["seed"].get<std::string>());
    const std::size_t count = table["count"].get<std::size_t>();
    CAPTURE(table["seed"].get<std::string>());
    CAPTURE(count);
    std::vector<float> ours(count);
    TorchGenerator generator(seed);
    poslab::normal_fill(generator, ours.data(), count);

    std::size_t identical = 0, checked = 0;
    long long worst = 0;
    auto compare = [&](std::size_t index, double expected) {
      const long long d = ulp_distance(ours[index], static_cast<float>(expected));
      worst = std::max(worst, d);
      identical += d == 0;
      ++checked;
    };
    if (table.contains("values")) {
      for (std::size_t i = 0; i < count; ++i) compare(i, table["values"][i].get<double>());
    } else {
      for (std::size_t k = 0; k < table["sample_index"].size(); ++k) {
        compare(table["sample_index"][k].get<std::size_t>(), table["sample_value"][k].get<double>());
      }
    }
    CHECK(worst <= 2);           // the contract: within 2 ulp
    CHECK(identical == checked);  // what we reach: every value bit for bit
    double sum = 0;
    for (const float v : ours) sum += v;
    CHECK(sum == table["sum"].get<double>());  // same bits, same order: the same float64 sum
  }
}

TEST_CASE("seeds: 0 … 2^64-1 as decimal text, anything else refused") {
  CHECK(poslab::parse_torch_seed("0") == 0);
  CHECK(poslab::parse_torch_seed("18446744073709551615") == 18446744073709551615ULL);
  CHECK(poslab::parse_torch_seed("0009007199254740993") == 9007199254740993ULL);
  CHECK_THROWS_AS(poslab::parse_torch_seed("18446744073709551616"), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::parse_torch_seed("-1"), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::parse_torch_seed("1.5"), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::parse_torch_seed(""), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::parse_torch_seed("12a"), poslab::ArgumentError);
  try {
    poslab::parse_torch_seed("99999999999999999999999");
    FAIL("no error");
  } catch (const poslab::ArgumentError& e) {
    CHECK(e.code() == "out_of_range");
    CHECK(e.argument() == "seed");
  }
}

TEST_CASE("uniform_fill is torch's uniform_(from, to), bit for bit") {
  const auto g = poslab::testing::load_golden("embedding.json")["uniform"];
  const auto& expected = g["values"];
  TorchGenerator generator(poslab::parse_torch_seed(g["seed"].get<std::string>()));
  std::vector<float> u(expected.size());
  poslab::uniform_fill(generator, u.data(), u.size(), g["from"].get<float>(), g["to"].get<float>());
  for (std::size_t i = 0; i < u.size(); ++i) {
    CHECK(u[i] == static_cast<float>(expected[i].get<double>()));
    CHECK(u[i] >= -0.37f);
    CHECK(u[i] < 0.81f);
  }
}
