// cpp/wasm/bridge.cpp — the error bridge and the shared conversions (see bridge.hpp).
#include "bridge.hpp"

#include <algorithm>
#include <cmath>

#include "poslab/bpe.hpp"

namespace poslab_js {

val js_error(const std::string& message, const poslab::ErrorInfo* info) {
  val error = val::global("Error").new_(message);
  error.set("name", std::string("PoslabError"));
  if (info == nullptr) {
    error.set("code", std::string("internal"));
    return error;
  }
  error.set("code", info->code());
  error.set("argument", info->argument());
  for (const auto& [key, field] : info->fields()) {
    if (const double* number = std::get_if<double>(&field)) {
      error.set(key, *number);
    } else {
      error.set(key, std::get<std::string>(field));
    }
  }
  return error;
}

void park_error(const val& error) {
  // Module.poslabFailure is created by the guard (guard.mjs) before the first call.
  val::module_property("poslabFailure").set("error", error);
}

long long to_integer(const char* argument, double value) {
  poslab::require_integer(argument, value);
  constexpr double kLimit = 9007199254740992.0;  // 2^53
  return static_cast<long long>(value > kLimit ? kLimit : value < -kLimit ? -kLimit : value);
}

int to_int(const char* argument, double value) {
  const long long v = to_integer(argument, value);
  return static_cast<int>(std::max<long long>(std::min<long long>(v, 2147483647LL), -2147483647LL));
}

bool is_missing(const val& value) { return value.isUndefined() || value.isNull(); }

val options_object(const val& options, const char* argument, const char* example) {
  if (is_missing(options)) return val::object();
  if (options.typeOf().as<std::string>() != "object" || val::global("Array").call<bool>("isArray", options)) {
    throw poslab::ArgumentError(std::string(argument) + " must be an object such as " + example, "wrong_type", argument,
                                {{"expected", std::string("object")}});
  }
  return options;
}

namespace {

// A field of the given JavaScript type, or nothing; the guard has copied the options into a plain object.
val typed_field(const val& options, const char* name, const char* argument, const char* type, const char* expected) {
  const val v = options[name];
  if (!is_missing(v) && v.typeOf().as<std::string>() != type) {
    throw poslab::ArgumentError(std::string(argument) + " must be " + expected, "wrong_type", argument,
                                {{"expected", std::string(type)}});
  }
  return v;
}

}  // namespace

double number_option(const val& options, const char* name, const char* argument, double fallback) {
  const val v = typed_field(options, name, argument, "number", "a number");
  return is_missing(v) ? fallback : v.as<double>();
}

int int_option(const val& options, const char* name, const char* argument, int fallback) {
  return to_int(argument, number_option(options, name, argument, fallback));
}

bool bool_option(const val& options, const char* name, const char* argument, bool fallback) {
  const val v = typed_field(options, name, argument, "boolean", "true or false");
  return is_missing(v) ? fallback : v.as<bool>();
}

void require_number_array(const char* argument, const val& values) {
  const bool typed = val::global("ArrayBuffer").call<bool>("isView", values) &&
                     !values.instanceof(val::global("DataView")) &&
                     !values.instanceof(val::global("BigInt64Array")) &&
                     !values.instanceof(val::global("BigUint64Array"));
  if (!typed && !val::global("Array").call<bool>("isArray", values)) {
    throw poslab::ArgumentError(std::string(argument) + " must be an array of numbers (a Float32Array)", "not_array",
                                argument);
  }
  const double length = values["length"].as<double>();
  poslab::require_within_cap(argument, static_cast<std::size_t>(length), std::string("the length of ") + argument);
}

std::vector<float> to_floats(const char* argument, const val& values) {
  require_number_array(argument, values);
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<double> to_doubles(const char* argument, const val& values) {
  require_number_array(argument, values);
  return emscripten::convertJSArrayToNumberVector<double>(values);
}

poslab::MatrixF to_matrix(const char* argument, const val& values, long long rows, long long cols, const char* shape) {
  const std::vector<float> data = to_floats(argument, values);
  poslab::require_size(argument, data.size(), poslab::count_of({static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols)}), shape);
  return Eigen::Map<const poslab::MatrixF>(data.data(), static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
}

poslab::TorchSeed to_seed(const val& seed) {
  const std::string type = seed.typeOf().as<std::string>();
  if (type == "number") {
    const double value = seed.as<double>();
    poslab::require_integer("seed", value);
    constexpr double kMaxSafe = 9007199254740991.0;  // Number.MAX_SAFE_INTEGER
    if (value < 0 || value > kMaxSafe) {
      throw poslab::ArgumentError(
          "seed must be between 0 and 9007199254740991 when given as a number (got " + seed.call<std::string>("toString") +
              "); larger seeds, up to 18446744073709551615, are not exact as JavaScript numbers: pass them as a "
              "decimal string or a BigInt",
          "out_of_range", "seed", {{"value", value}, {"min", 0.0}, {"max", kMaxSafe}});
    }
    return static_cast<poslab::TorchSeed>(value);
  }
  // A seed's text is at most 20 digits; a longer string is refused before it is copied.
  if (type == "bigint" || (type == "string" && seed["length"].as<double>() <= 64)) {
    return poslab::parse_torch_seed(seed.call<std::string>("toString"));
  }
  throw poslab::ArgumentError("seed must be a whole number, a decimal string or a BigInt", "not_integer", "seed");
}

std::vector<long long> to_ids(const val& ids) {
  // read as doubles: to_floats would round ids above 2^24
  const std::vector<double> values = to_doubles("ids", ids);
  std::vector<long long> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!std::isfinite(v) || std::trunc(v) != v) {
      throw poslab::ArgumentError("ids[" + std::to_string(i) + "] must be a whole number", "not_integer", "ids",
                                  {{"index", static_cast<double>(i)}, {"value", std::isfinite(v) ? v : 0.0}});
    }
    out[i] = static_cast<long long>(std::max(-9.0e15, std::min(9.0e15, v)));
  }
  return out;
}

namespace {

[[noreturn]] void too_long(const char* argument, double length) {
  throw poslab::SizeError(std::string(argument) + " has " + std::to_string(static_cast<long long>(length)) +
                              " bytes, above the limit of " + std::to_string(poslab::kMaxTextBytes) +
                              " bytes (32 MiB) for one call",
                          argument, {{"value", length}, {"max", static_cast<double>(poslab::kMaxTextBytes)}});
}

std::string copy_bytes(const char* argument, const val& bytes) {
  const double length = bytes["length"].as<double>();
  if (length > static_cast<double>(poslab::kMaxTextBytes)) too_long(argument, length);
  std::string out(static_cast<std::size_t>(length), '\0');
  if (!out.empty()) {
    val(emscripten::typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data()))).call<void>("set", bytes);
  }
  return out;
}

val encode_string(const char* argument, const val& text) {
  static const val encoder = val::global("TextEncoder").new_();
  // A UTF-16 unit is at most 3 UTF-8 bytes: check the length before encoding anything.
  const double units = text["length"].as<double>();
  if (units > static_cast<double>(poslab::kMaxTextBytes)) too_long(argument, units);
  return encoder.call<val>("encode", text);
}

}  // namespace

std::string bytes_from_js(const char* argument, const val& value) {
  if (value.isString()) return copy_bytes(argument, encode_string(argument, value));
  // A Uint8Array view copies nothing; copy_bytes checks its length before allocating.
  if (value.instanceof(val::global("ArrayBuffer"))) return copy_bytes(argument, val::global("Uint8Array").new_(value));
  if (val::global("ArrayBuffer").call<bool>("isView", value)) {
    return copy_bytes(argument, val::global("Uint8Array").new_(value["buffer"], value["byteOffset"], value["byteLength"]));
  }
  throw poslab::ArgumentError(std::string(argument) + " must be a string or bytes (a Uint8Array or an ArrayBuffer)",
                              "not_text", argument);
}

std::string text_from_js(const char* argument, const val& value) {
  if (!value.isString()) {
    throw poslab::ArgumentError(std::string(argument) + " must be a string", "not_text", argument);
  }
  return copy_bytes(argument, encode_string(argument, value));
}

val utf8_to_js_string(std::string_view bytes) {
  // ignoreBOM: a leading U+FEFF is text the reader typed, not a marker to strip (decode(encode(x)) == x).
  static const val decoder = [] {
    val options = val::object();
    options.set("ignoreBOM", true);
    return val::global("TextDecoder").new_(std::string("utf-8"), options);
  }();
  return decoder.call<val>(
      "decode", val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data()))));
}

val to_float32_array(const float* data, std::size_t size) {
  return val(emscripten::typed_memory_view(size, data)).call<val>("slice");
}

val to_float64_array(const std::vector<double>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

val string_array(const std::vector<std::string>& words) {
  val out = val::array();
  for (std::size_t i = 0; i < words.size(); ++i) out.set(i, utf8_to_js_string(words[i]));
  return out;
}

}  // namespace poslab_js
