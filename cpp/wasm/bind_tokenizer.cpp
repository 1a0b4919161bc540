// cpp/wasm/bind_tokenizer.cpp — GPT-2's byte-level BPE, document 004's windows, batches and learned positions (bpe.hpp, learned.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/bpe.hpp"
#include "poslab/learned.hpp"

using emscripten::val;
using namespace poslab_js;

// ---- Tokenizer: GPT-2's byte-level BPE, document 004's sliding windows and batches ----
// Text crosses as UTF-8 bytes (TextEncoder turns a lone surrogate into U+FFFD, as tiktoken's own WASM build
// does); ids cross as Uint32Array; decoded bytes become a string through TextDecoder (invalid → U+FFFD).
namespace {

// Any array-like of whole numbers 0 … 2^32 − 1 (Uint32Array, Array, …) → ids.
std::vector<std::uint32_t> ids_from_js(const char* argument, const val& values) {
  require_number_array(argument, values);
  std::vector<std::uint32_t> ids(values["length"].as<std::size_t>());
  if (ids.empty()) return ids;
  if (values.instanceof(val::global("Uint32Array"))) {
    val(emscripten::typed_memory_view(ids.size(), ids.data())).call<void>("set", values);
    return ids;
  }
  const std::vector<double> numbers = to_doubles(argument, values);
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    const double v = numbers[i];
    if (!std::isfinite(v) || std::trunc(v) != v) {
      throw poslab::ArgumentError(std::string(argument) + "[" + std::to_string(i) +
                                      "] is not a token id (a whole number from 0)",
                                  "not_integer", argument, {{"value", std::isfinite(v) ? v : 0.0}, {"index", static_cast<double>(i)}});
    }
    // A whole number outside the ids' type is a value out of range, as docs/api.md's table says.
    if (v < 0 || v > 4294967295.0) {
      throw poslab::ArgumentError(std::string(argument) + "[" + std::to_string(i) + "] = " + poslab::format_number(v) +
                                      " is not a token id: ids go from 0 to 4294967295",
                                  "out_of_range", argument,
                                  {{"value", v}, {"index", static_cast<double>(i)}, {"min", 0.0}, {"max", 4294967295.0}});
    }
    ids[i] = static_cast<std::uint32_t>(v);
  }
  return ids;
}

val to_uint32_array(const std::vector<std::uint32_t>& ids) {
  return val(emscripten::typed_memory_view(ids.size(), ids.data())).call<val>("slice");
}

val to_uint8_array(std::string_view bytes) {
  return val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data())))
      .call<val>("slice");
}

class Gpt2TokenizerBinding {
 public:
  // A failed construction leaves no tokenizer; the guard then deletes the object and throws the parked error.
  explicit Gpt2TokenizerBinding(const val& vocabulary) {
    guarded([&] {
      const std::string json = bytes_from_js("vocabulary", vocabulary);
      tokenizer_ = std::make_unique<poslab::Gpt2Tokenizer>(poslab::Gpt2Tokenizer::from_tiktoken_json(json));
    });
  }

  val encode(const val& text) { return encode_special(text, false); }

  val encode_special(const val& text, bool allow_special) {
    return guarded([&] {
      const std::string bytes = bytes_from_js("text", text);
      return to_uint32_array(tokenizer().encode(
          bytes, allow_special ? poslab::SpecialTokens::allow : poslab::SpecialTokens::refuse));
    });
  }

  val decode(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      return utf8_to_js_string(tokenizer().decode(v.data(), v.size()));
    });
  }

  val decode_bytes(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      return to_uint8_array(tokenizer().decode(v.data(), v.size()));
    });
  }

  // Each id on its own as text (a token that cuts a character shows U+FFFD for its part).
  val token_texts(const val& ids) {
    return guarded([&] {
      const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
      val out = val::array();
      for (std::size_t i = 0; i < v.size(); ++i) out.set(i, utf8_to_js_string(tokenizer().decode(&v[i], 1)));
      return out;
    });
  }

  val token_bytes(double id) {
    return guarded([&] { return to_uint8_array(tokenizer().token_bytes(token_id(id))); });
  }

  val token_symbol(double id) {
    return guarded([&] { return val(poslab::gpt2_symbol(tokenizer().token_bytes(token_id(id)))); });
  }

  val pieces(const val& text) {
    return guarded([&] {
      val out = val::array();
      std::size_t i = 0;
      for (const std::string& piece : tokenizer().pieces(bytes_from_js("text", text))) {
        out.set(i++, utf8_to_js_string(piece));
      }
      return out;
    });
  }

  double vocabulary_size() const {
    return guarded([&] { return static_cast<double>(tokenizer().vocabulary_size()); });
  }

 private:
  poslab::Gpt2Tokenizer& tokenizer() const {
    if (!tokenizer_) throw std::logic_error("this Gpt2Tokenizer was not constructed");
    return *tokenizer_;
  }

  std::uint32_t token_id(double id) const {
    const long long v = to_integer("id", id);
    poslab::require_range("id", v, 0, static_cast<long long>(tokenizer().vocabulary_size()) - 1);
    return static_cast<std::uint32_t>(v);
  }

  std::unique_ptr<poslab::Gpt2Tokenizer> tokenizer_;
};

val sliding_windows(const val& ids, double max_length, double stride) {
  return guarded([&] {
    const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
    const poslab::TokenWindows w =
        poslab::sliding_windows(v.data(), v.size(), to_integer("max_length", max_length), to_integer("stride", stride));
    val out = val::object();
    out.set("count", static_cast<double>(w.count));
    out.set("maxLength", static_cast<double>(w.max_length));
    out.set("inputs", to_uint32_array(w.inputs));
    out.set("targets", to_uint32_array(w.targets));
    return out;
  });
}

val loader_batch(const val& ids, double max_length, double stride, double batch_size, double index) {
  return guarded([&] {
    const std::vector<std::uint32_t> v = ids_from_js("ids", ids);
    const poslab::TokenBatch b =
        poslab::loader_batch(v.data(), v.size(), to_integer("max_length", max_length), to_integer("stride", stride),
                             to_integer("batch_size", batch_size), to_integer("index", index));
    val out = val::object();
    out.set("rows", static_cast<double>(b.rows));
    out.set("cols", static_cast<double>(b.cols));
    out.set("windowCount", static_cast<double>(b.window_count));
    out.set("batchCount", static_cast<double>(b.batch_count));
    out.set("inputs", to_uint32_array(b.inputs));
    out.set("targets", to_uint32_array(b.targets));
    return out;
  });
}

// Document 004's learned positions for a batch: {tokens, positions, sum} as Float32Arrays. When the two tables do not
// broadcast, sum is null and `failure` describes PyTorch's RuntimeError (code broadcast_mismatch): a result to
// show, not an error of the call.
val learned_positions(const val& ids, double rows, double length, double vocab_size, double dim, double context_length,
                      const val& seed, bool loader_draw) {
  return guarded([&] {
    const poslab::LearnedPositions p = poslab::learned_positions(
        to_ids(ids), to_integer("rows", rows), to_integer("length", length), to_integer("vocab_size", vocab_size),
        to_integer("dim", dim), to_integer("context_length", context_length), to_seed(seed), loader_draw);
    val out = val::object();
    out.set("tokens", to_float32_array(p.token_rows.data(), static_cast<std::size_t>(p.token_rows.size())));
    out.set("positions", to_float32_array(p.positions.data(), static_cast<std::size_t>(p.positions.size())));
    if (p.broadcasts) {
      out.set("sum", to_float32_array(p.sum.data(), static_cast<std::size_t>(p.sum.size())));
      out.set("failure", val::null());
    } else {
      const std::string a = std::to_string(static_cast<long long>(length)), b = std::to_string(static_cast<long long>(context_length));
      val failure = val::object();
      failure.set("code", std::string("broadcast_mismatch"));
      failure.set("argument", std::string("context_length"));
      failure.set("value", context_length);
      failure.set("expected", length);
      failure.set("message", "The size of tensor a (" + a + ") must match the size of tensor b (" + b +
                                 ") at non-singleton dimension 1");
      out.set("sum", val::null());
      out.set("failure", failure);
    }
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_tokenizer) {
  emscripten::class_<Gpt2TokenizerBinding>("Gpt2Tokenizer")
      .constructor<const val&>()
      .function("encode", &Gpt2TokenizerBinding::encode)
      .function("encode", &Gpt2TokenizerBinding::encode_special)
      .function("decode", &Gpt2TokenizerBinding::decode)
      .function("decodeBytes", &Gpt2TokenizerBinding::decode_bytes)
      .function("tokenTexts", &Gpt2TokenizerBinding::token_texts)
      .function("tokenBytes", &Gpt2TokenizerBinding::token_bytes)
      .function("tokenSymbol", &Gpt2TokenizerBinding::token_symbol)
      .function("pieces", &Gpt2TokenizerBinding::pieces)
      .function("vocabularySize", &Gpt2TokenizerBinding::vocabulary_size);
  emscripten::function("slidingWindows", &sliding_windows);
  emscripten::function("loaderBatch", &loader_batch);
  emscripten::function("learnedPositions", &learned_positions);
}
