// Seeded embedding tables (torch.manual_seed(seed); nn.Embedding(V, D)), their lookup and document 000's
// forward pass, against notebooks/doc000_seeded_embeddings.ipynb's golden file.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "golden.hpp"
#include "check.hpp"
#include "poslab/embedding.hpp"
#include "poslab/errors.hpp"
#include "poslab/similarity.hpp"

using poslab::testing::crc32;

namespace {

std::vector<long long> ids_of(const nlohmann::json& j) { return j.get<std::vector<long long>>(); }

void check_matrix(const poslab::MatrixF& m, const nlohmann::json& rows, const char* what) {
  CAPTURE(what);
  REQUIRE(rows.size() == static_cast<std::size_t>(m.rows()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t j = 0; j < rows[i].size(); ++j) {
      CHECK(m(i, j) == static_cast<float>(rows[i][j].get<double>()));
    }
  }
}

}  // namespace

TEST_CASE("seed 0, (100, 4) starts -1.1258, -1.1524, -0.2506 as PyTorch prints it") {
  const poslab::MatrixF table = poslab::torch_embedding(100, 4, 0);
  const char* printed[] = {"-1.1258", "-1.1524", "-0.2506"};
  for (int j = 0; j < 3; ++j) {
    CHECK(poslab::testing::as_printed(table(0, j), printed[j]) == printed[j]);
  }
}

TEST_CASE("every golden table, large ones included, has PyTorch's CRC-32") {
  const auto golden = poslab::testing::load_golden("embedding.json");
  for (const auto& t : golden["tables"]) {
    CAPTURE(t["seed"].get<std::string>());
    const poslab::MatrixF table = poslab::torch_embedding(t["vocab_size"].get<long long>(), t["dim"].get<long long>(),
                                                          poslab::parse_torch_seed(t["seed"].get<std::string>()));
    CHECK(crc32(table.data(), static_cast<std::size_t>(table.size())) == t["crc32"].get<std::uint32_t>());
  }
}

TEST_CASE("lookup returns the rows of the ids and names a bad id's position") {
  const poslab::MatrixF table = poslab::torch_embedding(100, 4, 0);
  const poslab::MatrixF rows = poslab::embedding_lookup(table, {0, 1, 80, 32, 6});
  CHECK(rows.row(2) == table.row(80));
  try {
    poslab::embedding_lookup(table, {0, 1, 100});
    FAIL("no error");
  } catch (const poslab::ArgumentError& e) {
    CHECK(e.code() == "out_of_range");
    CHECK(e.argument() == "ids");
  }
  CHECK_THROWS_AS(poslab::embedding_lookup(table, {-1}), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::embedding_lookup(table, {}), poslab::ArgumentError);
}

TEST_CASE("bad shapes are refused before anything is drawn") {
  CHECK_THROWS_AS(poslab::torch_embedding(0, 4, 0), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::torch_embedding(-3, 4, 0), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::torch_embedding(10, 0, 0), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::torch_embedding(1 << 20, 1 << 10, 0), poslab::SizeError);
}

TEST_CASE("E000-2 with seed 0: every step equals PyTorch's float32 values") {
  const auto g = poslab::testing::load_golden("embedding.json")["E000-2"];
  const poslab::MatrixF table = poslab::torch_embedding(g["vocab_size"].get<long long>(), g["d_model"].get<long long>(),
                                                        poslab::parse_torch_seed(g["seed"].get<std::string>()));
  const auto steps = poslab::embedding_steps(table, ids_of(g["ids"]), poslab::SinusoidVariant::literal_shifted, true);
  check_matrix(steps.embedded, g["embedded"], "embedded");
  check_matrix(steps.scaled, g["scaled"], "scaled");
  check_matrix(steps.positional, g["positional"], "positional");
  check_matrix(steps.encoded, g["encoded"], "encoded");
  check_matrix(steps.shift, g["shift"], "shift");
  check_matrix(steps.shift_scaled, g["shift_scaled"], "shift_scaled");
  // "encoded − scaled embedding is exactly the PE rows": up to the rounding of one sum and one difference
  CHECK(steps.max_deviation > 0);  // 1.0001659e-04 instead of 1e-4: float rounding, as the document printed
  CHECK(steps.max_deviation <= steps.rounding_bound);
}

TEST_CASE("E000-4 with seed 0: token 21's embedding is the same everywhere, its encoding is not") {
  const auto g = poslab::testing::load_golden("embedding.json")["E000-4"];
  const poslab::MatrixF table = poslab::torch_embedding(100, 4, 0);
  const auto steps = poslab::embedding_steps(table, ids_of(g["ids"]), poslab::SinusoidVariant::literal_shifted, true);
  check_matrix(steps.encoded, g["encoded"], "encoded");
  for (int p = 1; p < 5; ++p) {
    CHECK(steps.embedded.row(p) == steps.embedded.row(0));
    CHECK(steps.encoded.row(p) != steps.encoded.row(0));
  }
}

TEST_CASE("E000-5 with a seed: cosine of position 0 with each position, ×1000, scaled and unscaled") {
  // A named copy: a range-for over a member of the temporary golden would iterate freed memory (0 checks).
  const auto golden = poslab::testing::load_golden("embedding.json");
  REQUIRE(golden["E000-5"].size() > 0);
  for (const auto& g : golden["E000-5"]) {
    const long long d = g["d_model"].get<long long>();
    const poslab::MatrixF table = poslab::torch_embedding(100, d, poslab::parse_torch_seed(g["seed"].get<std::string>()));
    const std::vector<long long> ids(g["count"].get<std::size_t>(), g["token"].get<long long>());
    const auto steps = poslab::embedding_steps(table, ids, poslab::SinusoidVariant::literal_shifted, g["scale"].get<bool>());
    const poslab::MatrixF first = steps.encoded.topRows(1);
    const poslab::MatrixF cos = poslab::cosine_matrix({first.data(), 1, static_cast<std::size_t>(d)},
                                                      {steps.encoded.data(), ids.size(), static_cast<std::size_t>(d)});
    for (std::size_t p = 0; p < ids.size(); ++p) {
      // torch's float32 cosine sums its products in another order: 2e-6 is 0.002 on the ×1000 scale
      CHECK(std::fabs(cos(0, p) - g["cosine"][p].get<double>()) < 2e-6);
    }
  }
}

TEST_CASE("adding the raw index moves row i by i in every dimension (the idea document 000 rejects)") {
  const poslab::MatrixF table = poslab::torch_embedding(100, 4, 0);
  const poslab::MatrixF x = poslab::embedding_lookup(table, {21, 21, 21});
  const poslab::MatrixF moved = poslab::add_position_index(x, true);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) CHECK(moved(i, j) == x(i, j) * 2.0f + static_cast<float>(i));
  }
  CHECK(poslab::add_position_index(x, false)(2, 1) == x(2, 1) + 2.0f);
}
