// cpp/wasm/bind_position.cpp — positions as attention biases (position_bias.hpp: ALiBi, T5's buckets) and RoPE
// stretched past its training length (rope_scaling.hpp). Adapts JavaScript values to the core and back; errors
// go through the bridge (bridge.hpp). No maths here.
#include <cstdint>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/position_bias.hpp"
#include "poslab/rope_scaling.hpp"

using emscripten::val;
using namespace poslab_js;

namespace {


val int32_array(const std::vector<int>& values) {
  val out = val::global("Int32Array").new_(values.size());
  out.call<void>("set", val(emscripten::typed_memory_view(values.size(), values.data())));
  return out;
}

val alibi_slopes(double heads) {
  return guarded([&] { return to_float64_array(poslab::alibi_slopes(to_int("heads", heads))); });
}

val alibi_bias(double heads, double length, bool causal) {
  return guarded([&] {
    const std::vector<float> bias = poslab::alibi_bias(to_int("heads", heads), to_int("length", length), causal);
    return to_float32_array(bias.data(), bias.size());
  });
}

int t5_relative_bucket(double relative, bool bidirectional, double num_buckets, double max_distance) {
  return guarded([&] {
    return poslab::t5_relative_bucket(to_integer("relative_position", relative), bidirectional,
                                      to_int("num_buckets", num_buckets), to_int("max_distance", max_distance));
  });
}

val t5_bucket_grid(double length, bool bidirectional, double num_buckets, double max_distance) {
  return guarded([&] {
    return int32_array(poslab::t5_bucket_grid(to_int("length", length), bidirectional, to_int("num_buckets", num_buckets),
                                              to_int("max_distance", max_distance)));
  });
}

val t5_bias(const val& table, double num_buckets, double heads, double length, bool bidirectional, double max_distance) {
  return guarded([&] {
    const std::vector<float> bias =
        poslab::t5_bias(to_floats("table", table), to_int("num_buckets", num_buckets), to_int("heads", heads),
                        to_int("length", length), bidirectional, to_int("max_distance", max_distance));
    return to_float32_array(bias.data(), bias.size());
  });
}

// {dim, base, originalLength, factor, betaFast, betaSlow, currentLength}; missing fields keep the core's defaults.
poslab::RopeScalingConfig to_scaling(const val& options) {
  const char* example = "{dim: 128, originalLength: 2048, factor: 4}";
  if (is_missing(options)) {  // required here, with the words options_object uses for any other non-object
    throw poslab::ArgumentError(std::string("options must be an object such as ") + example, "wrong_type", "options",
                                {{"expected", std::string("object")}});
  }
  options_object(options, "options", example);
  poslab::RopeScalingConfig c;
  c.dim = to_int("dim", number_option(options, "dim", "dim", c.dim));
  c.base = number_option(options, "base", "base", c.base);
  c.original_length = to_int("original_length", number_option(options, "originalLength", "original_length", c.original_length));
  c.factor = number_option(options, "factor", "factor", c.factor);
  c.beta_fast = number_option(options, "betaFast", "beta_fast", c.beta_fast);
  c.beta_slow = number_option(options, "betaSlow", "beta_slow", c.beta_slow);
  c.current_length = to_integer("current_length", number_option(options, "currentLength", "current_length", 0.0));
  return c;
}

val rope_inv_freq(const val& options, const std::string& method) {
  return guarded([&] {
    return to_float64_array(poslab::rope_inv_freq(to_scaling(options), poslab::parse_rope_scaling_method(method)));
  });
}

val rope_angles(const val& options, const std::string& method, double position) {
  return guarded([&] {
    return to_float64_array(poslab::rope_angles(to_scaling(options), poslab::parse_rope_scaling_method(method),
                                                to_integer("position", position)));
  });
}

val yarn_parameters(const val& options) {
  return guarded([&] {
    const poslab::YarnParameters p = poslab::yarn_parameters(to_scaling(options));
    val o = val::object();
    o.set("correctionDimFast", p.correction_dim_fast);
    o.set("correctionDimSlow", p.correction_dim_slow);
    o.set("low", static_cast<double>(p.low));
    o.set("high", static_cast<double>(p.high));
    o.set("extrapolationWeight", to_float64_array(p.extrapolation_weight));
    o.set("invFreq", to_float64_array(p.inv_freq));
    o.set("attentionFactor", p.attention_factor);
    return o;
  });
}

// One column per field (Float64Arrays, flags as 0/1), one entry per pair: compact for a page that draws them.
val angle_coverage(const val& options, const std::string& method, double last_position) {
  return guarded([&] {
    const auto pairs = poslab::angle_coverage(to_scaling(options), poslab::parse_rope_scaling_method(method),
                                              to_integer("last_position", last_position));
    std::vector<double> columns[9];
    for (auto& column : columns) column.reserve(pairs.size());
    for (const auto& p : pairs) {
      columns[0].push_back(p.inv_freq_trained);
      columns[1].push_back(p.inv_freq);
      columns[2].push_back(p.wavelength_trained);
      columns[3].push_back(p.wavelength);
      columns[4].push_back(p.trained_max_angle);
      columns[5].push_back(p.max_angle);
      columns[6].push_back(p.full_turn_in_training ? 1.0 : 0.0);
      columns[7].push_back(p.unseen ? 1.0 : 0.0);
      columns[8].push_back(static_cast<double>(p.first_unseen_position));
    }
    const char* names[9] = {"invFreqTrained", "invFreq", "wavelengthTrained", "wavelength", "trainedMaxAngle",
                            "maxAngle", "fullTurnInTraining", "unseen", "firstUnseenPosition"};
    val o = val::object();
    for (int k = 0; k < 9; ++k) o.set(names[k], to_float64_array(columns[k]));
    return o;
  });
}

double extended_last_position(double original_length, double factor) {
  return guarded([&] {
    return static_cast<double>(poslab::extended_last_position(to_int("original_length", original_length), factor));
  });
}

double ntk_aware_base(double dim, double base, double factor) {
  return guarded([&] { return poslab::ntk_aware_base(to_int("dim", dim), base, factor); });
}

double dynamic_ntk_base(const val& options) {
  return guarded([&] { return poslab::dynamic_ntk_base(to_scaling(options)); });
}

val rope_decay_bound(double dim, double base, double max_distance) {
  return guarded([&] {
    return to_float64_array(poslab::rope_decay_bound(to_int("dim", dim), base, to_int("max_distance", max_distance)));
  });
}

// The same bound for any frequencies, e.g. ropeInvFreq's of a stretched head.
val rope_decay_bound_of(const val& inv_freq, double max_distance) {
  return guarded([&] {
    const std::vector<double> freq = to_doubles("inv_freq", inv_freq);
    return to_float64_array(poslab::rope_decay_bound(freq, to_int("max_distance", max_distance)));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_position) {
  emscripten::function("alibiSlopes", &alibi_slopes);
  emscripten::function("alibiBias", &alibi_bias);
  emscripten::function("t5RelativeBucket", &t5_relative_bucket);
  emscripten::function("t5BucketGrid", &t5_bucket_grid);
  emscripten::function("t5Bias", &t5_bias);
  emscripten::function("ropeInvFreq", &rope_inv_freq);
  emscripten::function("ropeAngles", &rope_angles);
  emscripten::function("yarnParameters", &yarn_parameters);
  emscripten::function("angleCoverage", &angle_coverage);
  emscripten::function("extendedLastPosition", &extended_last_position);
  emscripten::function("ntkAwareBase", &ntk_aware_base);
  emscripten::function("dynamicNtkBase", &dynamic_ntk_base);
  emscripten::function("ropeDecayBound", &rope_decay_bound);
  emscripten::function("ropeDecayBoundOf", &rope_decay_bound_of);
}
