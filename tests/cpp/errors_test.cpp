// Errors carry what a page needs to translate them: a code, the argument's name and its limits.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"

namespace {

template <class F>
poslab::ErrorInfo caught(F&& f) {
  try {
    f();
  } catch (const poslab::ArgumentError& e) {
    return e;
  } catch (const poslab::SizeError& e) {
    return e;
  }
  FAIL("no error thrown");
  return {"", "", {}};
}

double field(const poslab::ErrorInfo& e, const std::string& key) {
  for (const auto& [k, v] : e.fields())
    if (k == key) return std::get<double>(v);
  FAIL("no field " << key);
  return 0;
}

}  // namespace

TEST_CASE("out_of_range names the argument, the value and both limits") {
  const auto e = caught([] { poslab::require_range("max_len", 0, 1, 2048); });
  CHECK(e.code() == "out_of_range");
  CHECK(e.argument() == "max_len");
  CHECK(field(e, "value") == 0);
  CHECK(field(e, "min") == 1);
  CHECK(field(e, "max") == 2048);
}

TEST_CASE("each check has its own code") {
  CHECK(caught([] { poslab::require_even("d_model", 7, "pairs"); }).code() == "odd_width");
  CHECK(caught([] { poslab::require_integer("max_len", 2.5); }).code() == "not_integer");
  CHECK(caught([] { poslab::require_integer("max_len", NAN); }).code() == "not_integer");
  CHECK(caught([] { poslab::require_not_empty("a", 0); }).code() == "empty");
  CHECK(caught([] { poslab::require_size("b", 2, 3, "a"); }).code() == "size_mismatch");
  CHECK(caught([] { poslab::require_within_cap("max_len", poslab::kMaxMatrixValues + 1, "n"); }).code() == "too_large");
  const float values[] = {0, INFINITY};
  const auto e = caught([&] { poslab::require_finite("x", values, 2); });
  CHECK(e.code() == "not_finite");
  CHECK(field(e, "index") == 1);
  CHECK(caught([] { poslab::parse_sinusoid_variant(""); }).code() == "unknown_variant");
}

TEST_CASE("count_of multiplies in 64 bits and saturates, so a cap check never sees a product that wrapped") {
  CHECK(poslab::count_of({}) == 1);
  CHECK(poslab::count_of({3, 0, UINT64_MAX}) == 0);
  // 1024 × 4096 × 4096 = 2^34: 0 in a 32-bit size_t (WebAssembly), which passed the cap before
  CHECK(poslab::count_of({1024, 4096, 4096}) == (std::uint64_t{1} << 34));
  CHECK(poslab::count_of({std::uint64_t{1} << 40, std::uint64_t{1} << 40}) == UINT64_MAX);
  CHECK(caught([] { poslab::require_within_cap("length", poslab::count_of({1024, 4096, 4096}), "n"); }).code() ==
        "too_large");
  CHECK(caught([] { poslab::require_size("x", 0, poslab::count_of({65536, 65536}), "rows × dim"); }).code() ==
        "size_mismatch");
}

TEST_CASE("whole numbers pass, fractions name themselves plainly") {
  CHECK_NOTHROW(poslab::require_integer("max_len", 12.0));
  CHECK_THROWS_WITH(poslab::require_integer("max_len", 1.5), "max_len must be a whole number (got 1.5)");
}
