// cpp/wasm/bridge.hpp — what every binding file shares: the error bridge and the conversions of JavaScript
// values (numbers, arrays, seeds, ids, text) into the core's types and back. No maths here.
//
// The error bridge. A C++ error must never become a JavaScript throw while C++ frames are on the stack: such a
// throw skips the frames' epilogues (the stack pointer is not restored: 16–32 bytes lost per error) and their
// destructors (every std::string and Embind handle of the call stays alive). So `guarded` catches the C++ error,
// builds the JavaScript Error, parks it in Module.poslabFailure and *returns* normally with a placeholder value.
// Every frame unwinds as usual; then the JavaScript guard (cpp/wasm/guard.mjs), which wraps every exported
// function and method, finds the parked Error and throws it from JavaScript, outside the module.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "poslab/encoding.hpp"
#include "poslab/errors.hpp"
#include "poslab/random.hpp"

namespace poslab_js {

using emscripten::val;

/// A JavaScript Error named PoslabError with the C++ error's code, argument and fields.
val js_error(const std::string& message, const poslab::ErrorInfo* info);

/// Parks `error` where the JavaScript guard will find it after the call returns.
void park_error(const val& error);

/// The value a failed call returns (the guard throws before anyone sees it).
template <class T>
T placeholder() {
  if constexpr (std::is_same_v<T, val>) {
    return val::undefined();
  } else {
    return T{};
  }
}

/// Runs `body`; a C++ exception becomes a parked JavaScript Error and a placeholder return (see above).
template <class Body>
auto guarded(Body&& body) -> decltype(body()) {
  using Result = decltype(body());
  try {
    return body();
  } catch (const std::bad_alloc&) {
    const poslab::ErrorInfo info("out_of_memory", "", {});
    park_error(js_error("the browser could not give poslab enough memory for this request", &info));
  } catch (const std::exception& e) {
    park_error(js_error(e.what(), dynamic_cast<const poslab::ErrorInfo*>(&e)));
  } catch (...) {
    park_error(js_error("unexpected error inside poslab", nullptr));
  }
  if constexpr (!std::is_void_v<Result>) return placeholder<Result>();
}

/// A JavaScript number as a whole number (the guard has checked it is a number); the core's range checks then
/// name the allowed range. Values past 2^53 are clamped (they are far outside every range anyway).
long long to_integer(const char* argument, double value);

/// A JavaScript number as an int for the core: to_integer's checks, then values past int clamped (they stay
/// outside every allowed range, so the core's check names the range).
int to_int(const char* argument, double value);

/// undefined or null: an option or argument the caller left out.
bool is_missing(const val& value);

/// An options object, or an empty one when `options` is missing; anything else (a number, a string, an Array) is
/// wrong_type naming `argument`, with an example of the object it takes. The same mistake, the same error, in
/// every binding.
val options_object(const val& options, const char* argument, const char* example);

/// Fields of an options object, each named `argument` in errors (the option as the reader's message calls it):
/// missing → `fallback`; a value of another JavaScript type → wrong_type.
double number_option(const val& options, const char* name, const char* argument, double fallback);
int int_option(const val& options, const char* name, const char* argument, int fallback);
bool bool_option(const val& options, const char* name, const char* argument, bool fallback);

/// Throws not_array unless `values` is an Array or a typed array of numbers (not BigInt, not a DataView), and
/// too_large when it is longer than the core's cap.
void require_number_array(const char* argument, const val& values);
/// Any array-like of numbers (typed array or Array) becomes floats; the length is checked before allocating.
std::vector<float> to_floats(const char* argument, const val& values);
/// The same as doubles (for ids and values that must not round through float).
std::vector<double> to_doubles(const char* argument, const val& values);
/// An array of rows × cols numbers as a row-major matrix; the length is checked first.
poslab::MatrixF to_matrix(const char* argument, const val& values, long long rows, long long cols, const char* shape);

/// A seed as JavaScript may hold one: a whole number up to 2^53 − 1, a BigInt or a decimal string up to 2^64 − 1.
poslab::TorchSeed to_seed(const val& seed);
/// Token ids: an array-like of whole numbers; range checks against the table are the core's.
std::vector<long long> to_ids(const val& ids);

/// A string (UTF-8 through TextEncoder: a lone surrogate becomes U+FFFD) or bytes (Uint8Array, any typed array's
/// bytes, ArrayBuffer) → bytes, at most poslab::kMaxTextBytes.
std::string bytes_from_js(const char* argument, const val& value);
/// Only a string (same conversion): the word tokenizer's text.
std::string text_from_js(const char* argument, const val& value);
/// UTF-8 bytes → a JavaScript string; malformed bytes become U+FFFD and a byte-order mark is kept.
val utf8_to_js_string(std::string_view bytes);

/// Copies out of the WebAssembly heap, so the results survive later memory growth.
val to_float32_array(const float* data, std::size_t size);
val to_float64_array(const std::vector<double>& values);
val string_array(const std::vector<std::string>& words);

}  // namespace poslab_js
