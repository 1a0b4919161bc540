// cpp/wasm/bind_transformer.cpp — the small transformer students train in the page (transformer.hpp).
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/transformer.hpp"

using emscripten::val;
using namespace poslab_js;

namespace {

poslab::TransformerConfig to_config(const val& options) {
  const val o = options_object(options, "config", "{vocabSize: 12, dModel: 32, positional: 'rope'}");
  poslab::TransformerConfig c;
  c.vocab_size = int_option(o, "vocabSize", "vocab_size", c.vocab_size);
  c.d_model = int_option(o, "dModel", "d_model", c.d_model);
  c.heads = int_option(o, "heads", "heads", c.heads);
  c.layers = int_option(o, "layers", "layers", c.layers);
  c.ffn_size = int_option(o, "ffnSize", "ffn_size", c.ffn_size);
  c.max_len = int_option(o, "maxLen", "max_len", c.max_len);
  const val positional = o["positional"];
  if (!is_missing(positional)) {
    if (positional.typeOf().as<std::string>() != "string" || positional["length"].as<double>() > 64) {
      throw poslab::ArgumentError("positional must be one of none, sinusoidal, learned, rope, alibi, t5",
                                  "wrong_type", "positional", {{"expected", std::string("string")}});
    }
    c.positional = poslab::parse_positional_method(positional.as<std::string>());
  }
  c.causal = bool_option(o, "causal", "causal", c.causal);
  if (!is_missing(o["seed"])) c.seed = to_seed(o["seed"]);
  poslab::validate_transformer_config(c);
  return c;
}

poslab::AdamOptions to_adam(const val& options) {
  const val o = options_object(options, "options", "{lr: 0.003, clipNorm: 1}");
  poslab::AdamOptions a;
  a.lr = number_option(o, "lr", "lr", a.lr);
  a.beta1 = number_option(o, "beta1", "beta1", a.beta1);
  a.beta2 = number_option(o, "beta2", "beta2", a.beta2);
  a.eps = number_option(o, "eps", "eps", a.eps);
  a.weight_decay = number_option(o, "weightDecay", "weight_decay", a.weight_decay);
  a.clip_norm = number_option(o, "clipNorm", "clip_norm", a.clip_norm);
  return a;  // the core checks ranges and NaN, naming the option
}

// Token ids for the core: whole numbers within int (the core then checks them against the vocabulary).
std::vector<int> to_int_ids(const char* argument, const val& values) {
  const std::vector<double> v = to_doubles(argument, values);
  std::vector<int> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i]) || std::trunc(v[i]) != v[i]) {
      throw poslab::ArgumentError(std::string(argument) + "[" + std::to_string(i) + "] must be a whole number",
                                  "not_integer", argument, {{"index", static_cast<double>(i)}});
    }
    out[i] = static_cast<int>(std::max(-2147483647.0, std::min(2147483647.0, v[i])));
  }
  return out;
}

val float_array(const std::vector<float>& v) { return to_float32_array(v.data(), v.size()); }

// The JavaScript TinyTransformer: the core model plus the conversions.
class TinyTransformerJs {
 public:
  explicit TinyTransformerJs(const val& config) {
    guarded([&] { model_ = std::make_unique<poslab::TinyTransformer>(to_config(config)); });
  }

  val config() const {
    return guarded([&] {
      const poslab::TransformerConfig& c = model().config();
      val o = val::object();
      o.set("vocabSize", c.vocab_size);
      o.set("dModel", c.d_model);
      o.set("heads", c.heads);
      o.set("layers", c.layers);
      o.set("ffnSize", c.ffn_size);
      o.set("maxLen", c.max_len);
      o.set("positional", std::string(poslab::to_string(c.positional)));
      o.set("causal", c.causal);
      o.set("seed", std::to_string(c.seed));
      return o;
    });
  }

  val parameter_names() const {
    return guarded([&] { return string_array(model().parameter_names()); });
  }

  val parameter_shape(const std::string& name) const {
    return guarded([&] {
      val out = val::array();
      const auto& shape = model().parameter_info(name).shape;
      for (std::size_t i = 0; i < shape.size(); ++i) out.set(i, shape[i]);
      return out;
    });
  }

  double parameter_count() const {
    return guarded([&] { return static_cast<double>(model().parameter_count()); });
  }

  val parameter(const std::string& name) const {
    return guarded([&] { return float_array(model().parameter(name)); });
  }

  void set_parameter(const std::string& name, const val& values) {
    guarded([&] { model().set_parameter(name, to_floats("values", values)); });
  }

  val gradient(const std::string& name) const {
    return guarded([&] { return float_array(model().gradient(name)); });
  }

  // Every parameter, flat in state_dict order: what a saved model holds.
  val parameters() const {
    return guarded([&] { return float_array(model().flat_parameters()); });
  }

  val logits(const val& ids, double batch, double length) {
    return guarded([&] {
      return float_array(model().logits(to_int_ids("ids", ids), to_int("batch", batch), to_int("length", length)));
    });
  }

  // {loss, gradients: {name: Float32Array}}, the API: everything a student may want to look at.
  val loss_and_gradients(const val& ids, const val& targets, double batch, double length) {
    return guarded([&] {
      const double loss = compute_loss(ids, targets, batch, length);
      val gradients = val::object();
      for (const auto& name : model().parameter_names()) gradients.set(name, float_array(model().gradient(name)));
      val o = val::object();
      o.set("loss", loss);
      o.set("gradients", gradients);
      return o;
    });
  }

  // The loss alone (the gradients are computed and kept for adamStep but not copied out): the training loop.
  double loss(const val& ids, const val& targets, double batch, double length) {
    return guarded([&] { return compute_loss(ids, targets, batch, length); });
  }

  void adam_step(const val& options) {
    guarded([&] { model().adam_step(to_adam(options)); });
  }

  int adam_steps() const {
    return guarded([&] { return model().adam_steps(); });
  }

  double last_gradient_norm() const {
    return guarded([&] { return model().last_gradient_norm(); });
  }

  void begin_sequence() {
    guarded([&] { model().begin_sequence(); });
  }

  val next(double id) {
    return guarded([&] { return float_array(model().next(to_int("id", id))); });
  }

  int sequence_length() const {
    return guarded([&] { return model().sequence_length(); });
  }

  val token_losses(const val& ids, const val& targets) {
    return guarded([&] { return to_float64_array(model().token_losses(to_int_ids("ids", ids), to_int_ids("targets", targets))); });
  }

  val attention_weights(const val& ids, double length) {
    return guarded([&] { return float_array(model().attention_weights(to_int_ids("ids", ids), to_int("length", length))); });
  }

 private:
  double compute_loss(const val& ids, const val& targets, double batch, double length) {
    return model().loss_and_gradients(to_int_ids("ids", ids), to_int_ids("targets", targets), to_int("batch", batch),
                                      to_int("length", length));
  }

  poslab::TinyTransformer& model() const {
    if (!model_) throw std::logic_error("this TinyTransformer was not constructed");
    return *model_;
  }

  std::unique_ptr<poslab::TinyTransformer> model_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_transformer) {
  emscripten::class_<TinyTransformerJs>("TinyTransformer")
      .constructor<const val&>()
      .function("config", &TinyTransformerJs::config)
      .function("parameterNames", &TinyTransformerJs::parameter_names)
      .function("parameterShape", &TinyTransformerJs::parameter_shape)
      .function("parameterCount", &TinyTransformerJs::parameter_count)
      .function("parameter", &TinyTransformerJs::parameter)
      .function("setParameter", &TinyTransformerJs::set_parameter)
      .function("gradient", &TinyTransformerJs::gradient)
      .function("parameters", &TinyTransformerJs::parameters)
      .function("logits", &TinyTransformerJs::logits)
      .function("lossAndGradients", &TinyTransformerJs::loss_and_gradients)
      .function("loss", &TinyTransformerJs::loss)
      .function("adamStep", &TinyTransformerJs::adam_step)
      .function("attentionWeights", &TinyTransformerJs::attention_weights)
      .function("beginSequence", &TinyTransformerJs::begin_sequence)
      .function("next", &TinyTransformerJs::next)
      .function("tokenLosses", &TinyTransformerJs::token_losses)
      .property("sequenceLength", &TinyTransformerJs::sequence_length)
      .property("adamSteps", &TinyTransformerJs::adam_steps)
      .property("lastGradientNorm", &TinyTransformerJs::last_gradient_norm);
}
