// Argument checks shared by every poslab function; the messages name the argument and its allowed range.
#include "poslab/errors.hpp"

#include <Eigen/Core>
#include <cmath>
#include <cstdio>
#include <string>

namespace poslab {
namespace {

std::string quoted(std::string_view s) { return std::string(s); }

double as_number(long long v) { return static_cast<double>(v); }

}  // namespace

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.12g", value);
  return text;
}

void require_range(std::string_view argument, long long value, long long min, long long max) {
  if (value >= min && value <= max) return;
  throw ArgumentError(quoted(argument) + " must be between " + std::to_string(min) + " and " + std::to_string(max) +
                          " (got " + std::to_string(value) + ")",
                      "out_of_range", std::string(argument),
                      {{"value", as_number(value)}, {"min", as_number(min)}, {"max", as_number(max)}});
}

void require_even(std::string_view argument, long long value, std::string_view why) {
  if (value % 2 == 0) return;
  throw ArgumentError(quoted(argument) + " must be even: " + std::string(why) + " (got " + std::to_string(value) + ")",
                      "odd_width", std::string(argument), {{"value", as_number(value)}});
}

std::uint64_t count_of(std::initializer_list<std::uint64_t> factors) {
  std::uint64_t product = 1;
  for (const std::uint64_t f : factors) {
    if (f == 0) return 0;
    if (product > UINT64_MAX / f) return UINT64_MAX;
    product *= f;
  }
  return product;
}

void require_within_cap(std::string_view argument, std::uint64_t count, std::string_view what) {
  if (count <= kMaxMatrixValues) return;
  throw SizeError(std::string(what) + " = " + std::to_string(count) + " values is above the limit of " +
                      std::to_string(kMaxMatrixValues) + " values (128 MiB) for one matrix",
                  std::string(argument),
                  {{"value", static_cast<double>(count)}, {"max", static_cast<double>(kMaxMatrixValues)}});
}

void require_not_empty(std::string_view argument, std::size_t size) {
  if (size > 0) return;
  throw ArgumentError(quoted(argument) + " must not be empty", "empty", std::string(argument));
}

void require_size(std::string_view argument, std::uint64_t size, std::uint64_t expected, std::string_view other) {
  if (size == expected) return;
  throw ArgumentError(quoted(argument) + " has size " + std::to_string(size) + " but must match " + std::string(other) +
                          " (" + std::to_string(expected) + ")",
                      "size_mismatch", std::string(argument),
                      {{"value", static_cast<double>(size)}, {"expected", static_cast<double>(expected)}});
}

void require_integer(std::string_view argument, double value) {
  if (std::isfinite(value) && std::trunc(value) == value) return;
  throw ArgumentError(quoted(argument) + " must be a whole number (got " + format_number(value) + ")", "not_integer",
                      std::string(argument), {{"value", value}});
}

void require_finite(std::string_view argument, const float* values, std::size_t count) {
  // The vectorised scan answers the common case; the loop only runs to name the culprit.
  if (Eigen::Map<const Eigen::ArrayXf>(values, static_cast<Eigen::Index>(count)).allFinite()) return;
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(values[i])) {
      throw ArgumentError(quoted(argument) + "[" + std::to_string(i) + "] is " +
                              (std::isnan(values[i]) ? "NaN" : "infinite") + "; every value must be a finite number",
                          "not_finite", std::string(argument), {{"index", static_cast<double>(i)}});
    }
  }
}

void require_result_finite(std::string_view argument, const float* values, std::size_t count, std::string_view what) {
  if (Eigen::Map<const Eigen::ArrayXf>(values, static_cast<Eigen::Index>(count)).allFinite()) return;
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(values[i])) {
      throw ArgumentError(std::string(what) + " overflows at [" + std::to_string(i) +
                              "]: the result is above float32's largest value (3.4e38); use smaller values in " +
                              quoted(argument),
                          "not_finite", std::string(argument), {{"index", static_cast<double>(i)}});
    }
  }
}

}  // namespace poslab
