// The sinusoidal encodings against the documents' printed digits, the notebooks' goldens and exact
// float64 references.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "check.hpp"
#include "golden.hpp"
#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"

using poslab::SinusoidVariant;
using poslab::testing::as_printed;
using poslab::testing::load_golden;
using poslab::testing::normalised;
using poslab::testing::max_gap;

namespace {

void check_printed(float value, const std::string& printed) {
  CHECK_MESSAGE(as_printed(value, printed) == normalised(printed), "value " << value << " printed " << printed);
}

SinusoidVariant variant_of(const nlohmann::json& g) { return poslab::parse_sinusoid_variant(g["variant"].get<std::string>()); }

}  // namespace

TEST_CASE("the three variants differ only in the exponent rule") {
  // Columns 0..5: paper pairs (0,0,2,2,4,4); literal doubles i (0,0,4,4,8,8); literal-shifted uses 2j.
  const int paper[] = {0, 0, 2, 2, 4, 4}, literal[] = {0, 0, 4, 4, 8, 8}, shifted[] = {0, 2, 4, 6, 8, 10};
  for (int j = 0; j < 6; ++j) {
    CHECK(poslab::frequency_exponent(SinusoidVariant::paper, j) == paper[j]);
    CHECK(poslab::frequency_exponent(SinusoidVariant::literal, j) == literal[j]);
    CHECK(poslab::frequency_exponent(SinusoidVariant::literal_shifted, j) == shifted[j]);
  }
  for (auto v : {SinusoidVariant::paper, SinusoidVariant::literal, SinusoidVariant::literal_shifted}) {
    CHECK(poslab::parse_sinusoid_variant(poslab::to_string(v)) == v);
  }
}

TEST_CASE("literal-shifted reproduces document 000's printed rows (E000-1, E000-3)") {
  const poslab::MatrixF pe = poslab::positional_encoding(10, 4, SinusoidVariant::literal_shifted);
  const char* row1[] = {"0.84147", "0.99995", "1.0e-4", "1.0"};
  const char* row9[] = {"0.41212", "0.99595", "9.0e-4", "1.0"};
  for (int j = 0; j < 4; ++j) {
    check_printed(pe(1, j), row1[j]);
    check_printed(pe(9, j), row9[j]);
  }
  const poslab::MatrixF pe56 = poslab::positional_encoding(5, 6, SinusoidVariant::literal_shifted);
  const char* row1_d6[] = {"0.84147", "0.99892", "2.1544e-3", "1.0", "4.6416e-6", "1.0"};
  for (int j = 0; j < 6; ++j) check_printed(pe56(1, j), row1_d6[j]);
}

TEST_CASE("literal-shifted: changing max_len keeps the rows, changing d_model keeps only row 0 (E000-3)") {
  const poslab::MatrixF pe10 = poslab::positional_encoding(10, 4, SinusoidVariant::literal_shifted);
  const poslab::MatrixF pe5 = poslab::positional_encoding(5, 4, SinusoidVariant::literal_shifted);
  const poslab::MatrixF pe56 = poslab::positional_encoding(5, 6, SinusoidVariant::literal_shifted);
  CHECK(pe10.topRows(5) == pe5);
  CHECK(pe5.row(0) == pe56.row(0).head(4));
  for (int i = 1; i < 5; ++i) CHECK(pe5.row(i) != pe56.row(i).head(4));
}

TEST_CASE("literal variant reproduces document 001's pos 2 and pos 10 vectors (E001-2)") {
  const poslab::MatrixF pe = poslab::positional_encoding(11, 512, SinusoidVariant::literal);
  const char* pos2_start[] = {"0.90930", "-0.41615", "0.95814"};
  const char* pos2_end[] = {"1.0", "2.1492e-8", "1.0"};
  const char* pos10_start[] = {"-0.54402", "-0.83907", "0.11878"};
  const char* pos10_end[] = {"1.0", "1.0746e-7", "1.0"};
  for (int j = 0; j < 3; ++j) {
    check_printed(pe(2, j), pos2_start[j]);
    check_printed(pe(2, 509 + j), pos2_end[j]);
    check_printed(pe(10, j), pos10_start[j]);
    check_printed(pe(10, 509 + j), pos10_end[j]);
  }
}

TEST_CASE("paper variant reproduces documents 001 and 003's row 1 (E001-5, E003-3)") {
  const poslab::MatrixF pe = poslab::positional_encoding(100, 512, SinusoidVariant::paper);
  const char* sin_start[] = {"0.84147", "0.82186", "0.80196"};
  const char* sin_end[] = {"1.1140e-4", "1.0746e-4", "1.0366e-4"};
  const char* cos_start[] = {"0.5403", "0.5697", "0.5974"};
  for (int k = 0; k < 3; ++k) {
    check_printed(pe(1, 2 * k), sin_start[k]);
    check_printed(pe(1, 2 * (253 + k)), sin_end[k]);
    check_printed(pe(1, 2 * k + 1), cos_start[k]);
  }
  const char* row1_start[] = {"0.84147", "0.54030", "0.82186"};
  const char* row1_end[] = {"1.0", "1.0366e-4", "1.0"};
  for (int j = 0; j < 3; ++j) {
    check_printed(pe(1, j), row1_start[j]);
    check_printed(pe(1, 509 + j), row1_end[j]);
  }
}

TEST_CASE("every value is the exact one rounded to float, at any position (reference.json)") {
  const auto golden = load_golden("reference.json");
  int rows_checked = 0;
  for (const auto& row : golden["rows"]) {
    const int pos = row["pos"], d = row["d_model"];
    const poslab::MatrixF pe = poslab::positional_encoding(pos + 1, d, variant_of(row));
    for (int j = 0; j < d; ++j) {
      const double exact = row["values"][j];
      const float ours = pe(pos, j);
      const float rounded = static_cast<float>(exact);
      // Equal to the correctly rounded value, or its neighbour when the exact value sits on a tie.
      const bool ok = ours == rounded || ours == std::nextafter(rounded, ours);
      if (!ok) FAIL_CHECK("variant " << row["variant"] << " d " << d << " pos " << pos << " col " << j << ": " << ours << " vs " << exact);
    }
    ++rows_checked;
  }
  CHECK(rows_checked >= 200);
}

TEST_CASE("matches the documents' own code (goldens of notebooks 000-003)") {
  const auto doc000 = load_golden("doc000.json");
  const auto& e1 = doc000["E000-1"];
  // Document 000 computes in double and stores float32, as poslab does: equal to the last bit or one ulp.
  CHECK(max_gap(poslab::positional_encoding(e1["max_len"], e1["d_model"], variant_of(e1)), e1["pe"]) <= 1.2e-7);
  const auto doc001 = load_golden("doc001.json");
  const auto& e5 = doc001["E001-5"];
  // Documents 001-003 use torch's float32 arithmetic (angle rounded to float32), within ~1e-5 at pos 99.
  CHECK(max_gap(poslab::positional_encoding(e5["max_len"], e5["d_model"], variant_of(e5)), e5["pe"]) <= 2e-6);
  const auto doc002 = load_golden("doc002.json");
  const auto& h = doc002["E002-5"];
  CHECK(max_gap(poslab::positional_encoding(h["max_len"], h["d_model"], variant_of(h)), h["pe"]) <= 2e-5);
  const auto doc003 = load_golden("doc003.json");
  const auto& s = doc003["E003-3"];
  CHECK(max_gap(poslab::positional_encoding(20, s["d_model"], variant_of(s)), s["first20"]) <= 4e-6);
}

TEST_CASE("sqrt(d_model) scaling and addition follow document 000's forward pass") {
  poslab::MatrixF x(3, 4);
  x << 0.5f, -1.f, 2.f, 0.f, 1.f, 1.f, 1.f, 1.f, -0.25f, 0.75f, 0.f, 3.f;
  const poslab::MatrixF pe = poslab::positional_encoding(3, 4, SinusoidVariant::literal_shifted);
  const poslab::MatrixF scaled = poslab::add_positional_encoding(x, SinusoidVariant::literal_shifted, true);
  const poslab::MatrixF plain = poslab::add_positional_encoding(x, SinusoidVariant::literal_shifted, false);
  CHECK(scaled == (x * 2.0f + pe));  // sqrt(4) = 2
  // (x + pe) - x recovers pe up to float rounding of the sum.
  CHECK((plain - x - pe).cwiseAbs().maxCoeff() <= 1e-6f);
}

TEST_CASE("the values stay in [-1, 1] and row 0 is (0, 1, 0, 1, …) in every variant") {
  for (auto v : {SinusoidVariant::paper, SinusoidVariant::literal, SinusoidVariant::literal_shifted}) {
    const poslab::MatrixF pe = poslab::positional_encoding(3000, 64, v);
    CHECK(pe.maxCoeff() <= 1.0f);
    CHECK(pe.minCoeff() >= -1.0f);
    for (int j = 0; j < 64; ++j) CHECK(pe(0, j) == (j % 2 == 0 ? 0.0f : 1.0f));
  }
}

TEST_CASE("bad shapes are refused with a message naming the argument and its range") {
  using poslab::ArgumentError;
  CHECK_THROWS_WITH_AS(poslab::positional_encoding(0, 4, SinusoidVariant::paper),
                       "max_len must be between 1 and 65536 (got 0)", ArgumentError);
  CHECK_THROWS_WITH_AS(poslab::positional_encoding(10, -2, SinusoidVariant::paper),
                       "d_model must be between 2 and 65536 (got -2)", ArgumentError);
  CHECK_THROWS_WITH_AS(poslab::positional_encoding(10, 5, SinusoidVariant::literal),
                       "d_model must be even: every sine column has a cosine partner (got 5)", ArgumentError);
  CHECK_THROWS_AS(poslab::positional_encoding(65536, 1024, SinusoidVariant::paper), poslab::SizeError);
  CHECK_THROWS_WITH_AS(poslab::parse_sinusoid_variant("Paper"),
                       "variant must be \"paper\", \"literal\" or \"literal-shifted\" (got \"Paper\")", ArgumentError);
  poslab::MatrixF x = poslab::MatrixF::Zero(2, 4);
  x(1, 2) = std::nanf("");
  CHECK_THROWS_WITH_AS(poslab::add_positional_encoding(x, SinusoidVariant::paper, true),
                       "embeddings[6] is NaN; every value must be a finite number", ArgumentError);
  // Finite values whose sum leaves float32: 3e38 · √4 is infinite, a result the lab must not show as a number.
  poslab::MatrixF large = poslab::MatrixF::Constant(2, 4, 3e38f);
  CHECK_THROWS_WITH_AS(poslab::add_positional_encoding(large, SinusoidVariant::paper, true),
                       "embeddings × √d_model + PE overflows at [0]: the result is above float32's largest value "
                       "(3.4e38); use smaller values in embeddings",
                       ArgumentError);
  CHECK(poslab::add_positional_encoding(large, SinusoidVariant::paper, false).allFinite());
}
