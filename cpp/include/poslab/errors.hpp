// poslab/errors.hpp — the errors every poslab function throws on bad input, and the checks that throw them.
// Each error carries a code, the argument's name and its limits, so a page can translate the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace poslab {

/// Largest matrix a single call may produce or read: 2^25 float values (128 MiB).
inline constexpr std::size_t kMaxMatrixValues = std::size_t{1} << 25;

/// Machine-readable description shared by ArgumentError and SizeError.
class ErrorInfo {
 public:
  using Field = std::variant<double, std::string>;
  using Fields = std::vector<std::pair<std::string, Field>>;

  ErrorInfo(std::string code, std::string argument, Fields fields)
      : code_(std::move(code)), argument_(std::move(argument)), fields_(std::move(fields)) {}

  /// One of: out_of_range, not_integer, odd_width, size_mismatch, not_finite, too_large, unknown_variant, empty,
  /// not_permutation (attention.hpp), not_array (bindings only); word2vec/tokenize add invalid_utf8,
  /// unknown_word, not_trained, empty_vocabulary; the GPT-2 tokenizer (bpe.hpp) special_token,
  /// invalid_vocabulary, too_few_tokens; the transformer (transformer.hpp) not_divisible, unknown_parameter,
  /// not_ready.
  const std::string& code() const { return code_; }
  /// The argument's name as the documentation spells it (max_len, d_model, a, ...).
  const std::string& argument() const { return argument_; }
  /// value, min, max, expected, index: whatever the code needs to explain itself.
  const Fields& fields() const { return fields_; }

 private:
  std::string code_;
  std::string argument_;
  Fields fields_;
};

/// A value outside its documented range (std::invalid_argument, as DESIGN.md asks).
class ArgumentError : public std::invalid_argument, public ErrorInfo {
 public:
  ArgumentError(const std::string& message, std::string code, std::string argument, Fields fields = {})
      : std::invalid_argument(message), ErrorInfo(std::move(code), std::move(argument), std::move(fields)) {}
};

/// A request above the memory cap (std::length_error).
class SizeError : public std::length_error, public ErrorInfo {
 public:
  SizeError(const std::string& message, std::string argument, Fields fields = {})
      : std::length_error(message), ErrorInfo("too_large", std::move(argument), std::move(fields)) {}
};

/// Throws out_of_range unless min <= value <= max.
void require_range(std::string_view argument, long long value, long long min, long long max);
/// Throws odd_width unless value is even; `why` finishes the sentence "… must be even: why".
void require_even(std::string_view argument, long long value, std::string_view why);
/// The product of counts in 64 bits, saturated at UINT64_MAX. size_t is 32 bits in WebAssembly, where
/// 1024 × 4096 × 4096 wraps round to 0 and would pass a cap check: every cap check multiplies through this.
std::uint64_t count_of(std::initializer_list<std::uint64_t> factors);
/// Throws too_large when count exceeds kMaxMatrixValues; `what` names the product ("max_len × d_model").
void require_within_cap(std::string_view argument, std::uint64_t count, std::string_view what);
/// Throws empty when size is 0.
void require_not_empty(std::string_view argument, std::size_t size);
/// Throws not_integer unless value is a finite whole number (JavaScript hands every number over as a double).
void require_integer(std::string_view argument, double value);
/// Throws size_mismatch unless size == expected; `other` names what fixes the expected size.
void require_size(std::string_view argument, std::uint64_t size, std::uint64_t expected, std::string_view other);
/// Throws not_finite at the first NaN or infinite value.
void require_finite(std::string_view argument, const float* values, std::size_t count);
/// Throws not_finite, blaming `argument`, when a result computed from finite values left float32's range
/// (|x| above 3.4e38); `what` names the result ("embeddings × √d_model + PE").
void require_result_finite(std::string_view argument, const float* values, std::size_t count, std::string_view what);

/// A number for a message, as printf's %.12g writes it: 3 stays "3", 1.5 "1.5", 1e300 "1e+300". (snprintf,
/// not an ostringstream: iostreams would add their locale machinery to the WebAssembly module.)
std::string format_number(double value);

}  // namespace poslab
