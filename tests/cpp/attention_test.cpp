// Self-attention against document 002's notebook (PyTorch, float64 from the same float32 inputs), its
// permutation equivariance without positions and its loss with them, the causal mask and the errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/attention.hpp"
#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"

using poslab::MatrixF;
using poslab::testing::load_golden;
using poslab::testing::max_gap;
using poslab::testing::matrix;

namespace {

struct Lab {
  nlohmann::json g = load_golden("doc002.json")["E002-1"];
  MatrixF wq = matrix(g["wq"]), wk = matrix(g["wk"]), wv = matrix(g["wv"]);
};

}  // namespace

TEST_CASE("attention weights and outputs equal PyTorch's for the lab's example, with and without PE (E002-1)") {
  Lab lab;
  for (const char* name : {"el_gato_negro", "gato_el_negro"}) {
    CAPTURE(name);
    const auto& c = lab.g["cases"][name];
    const MatrixF x = matrix(c["x"]);
    const auto plain = poslab::self_attention(x, lab.wq, lab.wk, lab.wv);
    CHECK(max_gap(plain.weights, c["weights"]) < 2e-6);
    CHECK(max_gap(plain.output, c["output"]) < 5e-6);
    const MatrixF with_pe = poslab::add_positional_encoding(x, poslab::SinusoidVariant::paper, false);
    const auto pe = poslab::self_attention(with_pe, lab.wq, lab.wk, lab.wv);
    CHECK(max_gap(pe.weights, c["weights_pe"]) < 2e-6);
    CHECK(max_gap(pe.output, c["output_pe"]) < 5e-6);
    const auto causal = poslab::self_attention(x, lab.wq, lab.wk, lab.wv, true);
    CHECK(max_gap(causal.weights, c["weights_causal"]) < 2e-6);
    CHECK(max_gap(causal.output, c["output_causal"]) < 5e-6);
  }
}

TEST_CASE("without positions, reordering the words reorders the outputs; with positions it does not") {
  Lab lab;
  const auto order = lab.g["order"].get<std::vector<int>>();
  const MatrixF a = matrix(lab.g["cases"]["el_gato_negro"]["x"]), b = matrix(lab.g["cases"]["gato_el_negro"]["x"]);
  const double gap = poslab::permutation_gap(poslab::self_attention(a, lab.wq, lab.wk, lab.wv).output,
                                             poslab::self_attention(b, lab.wq, lab.wk, lab.wv).output, order);
  CHECK(gap < 1e-6);
  const auto pe = [](const MatrixF& x) { return poslab::add_positional_encoding(x, poslab::SinusoidVariant::paper, false); };
  const double gap_pe = poslab::permutation_gap(poslab::self_attention(pe(a), lab.wq, lab.wk, lab.wv).output,
                                                poslab::self_attention(pe(b), lab.wq, lab.wk, lab.wv).output, order);
  CHECK(gap_pe == doctest::Approx(lab.g["gap_pe"].get<double>()).epsilon(1e-4));

  // Any permutation of a longer random sentence, identity projections included.
  std::mt19937 gen(3);
  std::normal_distribution<float> normal;
  MatrixF x(7, 12);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = normal(gen);
  std::vector<int> shuffle = {3, 0, 6, 1, 5, 2, 4};
  MatrixF moved(7, 12);
  for (int i = 0; i < 7; ++i) moved.row(i) = x.row(shuffle[i]);
  CHECK(poslab::permutation_gap(poslab::self_attention(x).output, poslab::self_attention(moved).output, shuffle) < 1e-5);
  CHECK(poslab::permutation_gap(poslab::self_attention(pe(x)).output, poslab::self_attention(pe(moved)).output, shuffle) > 1e-2);
}

TEST_CASE("softmax rows sum to 1, huge scores do not overflow, and the causal mask gives exact zeros") {
  MatrixF x(4, 2);
  x << 300, 0, 0, 300, 300, 300, -300, 1;  // scores up to 180000/√2: exp would overflow without the max shift
  const auto r = poslab::self_attention(x);
  CHECK(r.weights.allFinite());
  for (int i = 0; i < 4; ++i) CHECK(r.weights.row(i).sum() == doctest::Approx(1.0).epsilon(1e-6));
  const auto c = poslab::self_attention(x, true);
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) CHECK(c.weights(i, j) == 0.0f);
  CHECK(c.weights(0, 0) == 1.0f);
  CHECK(c.output.row(0).isApprox(x.row(0)));
}

TEST_CASE("the SIMD products agree with a plain loop for odd sizes") {
  std::mt19937 gen(11);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int n : {1, 2, 5, 9}) {
    for (int d : {1, 3, 8, 13}) {
      MatrixF x(n, d), wq(d, 5), wk(d, 5), wv(d, 7);
      for (MatrixF* m : {&x, &wq, &wk, &wv})
        for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] = u(gen);
      const auto r = poslab::self_attention(x, wq, wk, wv);
      const Eigen::MatrixXd q = (x * wq).cast<double>(), k = (x * wk).cast<double>(), v = (x * wv).cast<double>();
      Eigen::MatrixXd s = q * k.transpose() / std::sqrt(5.0);
      for (int i = 0; i < n; ++i) {
        s.row(i) = (s.row(i).array() - s.row(i).maxCoeff()).exp();
        s.row(i) /= s.row(i).sum();
      }
      const Eigen::MatrixXd o = s * v;
      CHECK((r.weights.cast<double>() - s).cwiseAbs().maxCoeff() < 1e-5);
      CHECK((r.output.cast<double>() - o).cwiseAbs().maxCoeff() < 1e-5);
    }
  }
}

TEST_CASE("bad arguments are refused with their code and argument") {
  const MatrixF x = MatrixF::Ones(3, 4), w = MatrixF::Ones(4, 4);
  using poslab::testing::code_of;
  CHECK(code_of([&] { poslab::self_attention(x, MatrixF::Ones(3, 4), w, w); }) == "size_mismatch:wq");
  CHECK(code_of([&] { poslab::self_attention(x, w, MatrixF::Ones(4, 3), w); }) == "size_mismatch:wk");
  MatrixF bad = x;
  bad(1, 2) = NAN;
  CHECK(code_of([&] { poslab::self_attention(bad); }) == "not_finite:x");
  CHECK(code_of([&] { poslab::self_attention(MatrixF::Ones(4097, 1)); }) == "out_of_range:seq_len");
  CHECK(code_of([&] { poslab::permutation_gap(x, x, {0, 0, 1}); }) == "repeated_position:order");
  CHECK(code_of([&] { poslab::permutation_gap(x, x, {0, 1, 3}); }) == "not_permutation:order");
  CHECK(code_of([&] { poslab::permutation_gap(x, x, {0, 1}); }) == "size_mismatch:order");
}

TEST_CASE("attention_example(13, 8, 2017) draws the notebook's word vectors and W_q, W_k, W_v exactly (E002-1)") {
  Lab lab;
  const poslab::AttentionExample ex = poslab::attention_example(13, 8, 2017);
  const MatrixF table = matrix(lab.g["table"]);
  CHECK(ex.table == table);
  CHECK(ex.wq == lab.wq);
  CHECK(ex.wk == lab.wk);
  CHECK(ex.wv == lab.wv);
}

TEST_CASE("attention_example: other seeds give other matrices, of two decimals; bad shapes are refused") {
  const auto a = poslab::attention_example(13, 8, 2017), b = poslab::attention_example(13, 8, 2018);
  CHECK(a.wq != b.wq);
  CHECK(a.table != b.table);
  for (float v : std::vector<float>(b.wk.data(), b.wk.data() + b.wk.size())) {
    CHECK(std::abs(v * 100.0 - std::nearbyint(v * 100.0)) < 1e-4);
  }
  CHECK(poslab::attention_example(13, 8, 18446744073709551615ULL).wv.allFinite());
  CHECK_THROWS_AS(poslab::attention_example(0, 8, 1), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::attention_example(13, 257, 1), poslab::ArgumentError);
}

TEST_CASE("float64 normal_fill equals torch.randn(dtype=float64) bit for bit: blocks of 16 and the serial path") {
  const nlohmann::json g = load_golden("doc002.json")["E002-1"]["randn_float64"];
  for (const char* name : {"table_13x8", "small_3x5"}) {
    CAPTURE(name);
    std::vector<double> expected;
    for (const auto& row : g[name])
      for (const auto& v : row) expected.push_back(v.get<double>());
    poslab::TorchGenerator generator(g["seed"].get<std::uint64_t>());
    std::vector<double> mine(expected.size());
    poslab::normal_fill(generator, mine.data(), mine.size());
    int equal = 0;
    double worst = 0;
    for (std::size_t i = 0; i < mine.size(); ++i) {
      equal += mine[i] == expected[i];
      worst = std::max(worst, std::abs(mine[i] - expected[i]) / std::abs(expected[i]));
    }
    CAPTURE(worst);
    // glibc's log/sin/cos are the ones PyTorch called: identical; another libm may differ by an ulp
    CHECK(worst < 1e-15);
    CHECK(equal == static_cast<int>(mine.size()));
  }
}

TEST_CASE("attention_example equals the notebook's recipe for seeds 0, 1, 42 and 2^64-1") {
  const nlohmann::json seeded = load_golden("doc002.json")["E002-1"]["seeded"];
  for (const auto& [seed, m] : seeded.items()) {
    CAPTURE(seed);
    const auto ex = poslab::attention_example(13, 8, poslab::parse_torch_seed(seed));
    CHECK(ex.table == matrix(m["table"]));
    CHECK(ex.wq == matrix(m["wq"]));
    CHECK(ex.wk == matrix(m["wk"]));
    CHECK(ex.wv == matrix(m["wv"]));
  }
}

TEST_CASE("key padding mask: padded keys get weight exactly 0 and the real tokens see what they saw unpadded") {
  Lab lab;
  const MatrixF x = poslab::add_positional_encoding(matrix(lab.g["cases"]["el_gato_negro"]["x"]),
                                                    poslab::SinusoidVariant::paper, false);
  const Eigen::Index n = x.rows();
  // key_length = seq_len masks nothing: bit-identical to no mask.
  const auto none = poslab::self_attention(x, lab.wq, lab.wk, lab.wv);
  const auto all = poslab::self_attention(x, lab.wq, lab.wk, lab.wv, false, n);
  CHECK((none.weights.array() == all.weights.array()).all());
  for (bool causal : {false, true}) {
    for (long long keys = 1; keys < n; ++keys) {
      CAPTURE(causal);
      CAPTURE(keys);
      const auto masked = poslab::self_attention(x, lab.wq, lab.wk, lab.wv, causal, keys);
      const auto alone = poslab::self_attention(x.topRows(keys), lab.wq, lab.wk, lab.wv, causal);
      for (Eigen::Index i = 0; i < n; ++i) {
        CHECK(std::isfinite(masked.weights.row(i).sum()));  // no fully masked row, no NaN
        CHECK(std::abs(masked.weights.row(i).sum() - 1.0f) < 1e-6f);
        for (Eigen::Index j = keys; j < n; ++j) CHECK(masked.weights(i, j) == 0.0f);
      }
      CHECK((masked.weights.topLeftCorner(keys, keys) - alone.weights).cwiseAbs().maxCoeff() < 1e-6f);
      CHECK((masked.output.topRows(keys) - alone.output).cwiseAbs().maxCoeff() < 1e-5f);
    }
  }
  CHECK_THROWS_AS(poslab::self_attention(x, lab.wq, lab.wk, lab.wv, false, n + 1), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::self_attention(x, lab.wq, lab.wk, lab.wv, false, -1), poslab::ArgumentError);
}

TEST_CASE("a padded batch as the notebook builds it: the masked weights equal nn.MultiheadAttention's with key_padding_mask") {
  Lab lab;
  const auto pad = load_golden("doc002.json")["padding"];
  const MatrixF table = matrix(lab.g["table"]);
  const auto words = lab.g["words"].get<std::vector<std::string>>();
  const Eigen::Index max_len = pad["max_len"].get<Eigen::Index>();
  // The padding rows hold the zero vector (padding_idx); the position code goes on every row.
  const auto padded = [&](const std::vector<std::string>& sentence, long long n) {
    MatrixF x = MatrixF::Zero(max_len, table.cols());
    for (long long i = 0; i < n; ++i) {
      const auto at = std::find(words.begin(), words.end(), sentence[static_cast<std::size_t>(i)]) - words.begin();
      x.row(i) = table.row(at);
    }
    return poslab::add_positional_encoding(x, poslab::SinusoidVariant::paper, false);
  };
  for (const char* lang : {"es", "en"}) {
    for (const auto& row : pad[lang]["rows"]) {
      const auto sentence = row["words"].get<std::vector<std::string>>();
      const long long n = row["length"].get<long long>();
      CAPTURE(sentence.front());
      const MatrixF x = padded(sentence, n);
      const auto masked = poslab::self_attention(x, lab.wq, lab.wk, lab.wv, false, n);
      CHECK(max_gap(masked.weights, row["weights_masked"]) < 2e-6);
      CHECK(max_gap(masked.output, row["output_masked"]) < 5e-6);
      const auto unmasked = poslab::self_attention(x, lab.wq, lab.wk, lab.wv);
      CHECK(max_gap(unmasked.weights, row["weights_unmasked"]) < 2e-6);
      CHECK(max_gap(unmasked.output, row["output_unmasked"]) < 5e-6);
    }
  }
}
