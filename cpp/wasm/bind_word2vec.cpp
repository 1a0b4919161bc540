// cpp/wasm/bind_word2vec.cpp — the word tokenizer and Word2Vec (tokenize.hpp, word2vec.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bridge.hpp"
#include "poslab/tokenize.hpp"
#include "poslab/word2vec.hpp"

using emscripten::val;
using namespace poslab_js;

// ==== Word2Vec and the word tokenizer ============================================================

namespace {

poslab::SkipGramParams to_params(const val& options) {
  const val o = options_object(options, "options", "{vectorSize: 100}");
  poslab::SkipGramParams p;
  p.vector_size = int_option(o, "vectorSize", "vector_size", p.vector_size);
  p.window = int_option(o, "window", "window", p.window);
  p.min_count = int_option(o, "minCount", "min_count", p.min_count);
  p.negative = int_option(o, "negative", "negative", p.negative);
  p.epochs = int_option(o, "epochs", "epochs", p.epochs);
  p.sample = number_option(o, "sample", "sample", p.sample);
  p.alpha = number_option(o, "alpha", "alpha", p.alpha);
  p.min_alpha = number_option(o, "minAlpha", "min_alpha", p.min_alpha);
  p.seed = number_option(o, "seed", "seed", p.seed);
  poslab::validate(p);
  return p;
}

val progress_object(const poslab::TrainingProgress& p, bool cancelled) {
  val o = val::object();
  o.set("progress", p.progress);
  o.set("wordsPerSecond", p.words_per_second);
  o.set("loss", p.loss);
  o.set("alpha", p.alpha);
  o.set("epoch", p.epoch);
  o.set("wordsDone", static_cast<double>(p.words_done));
  o.set("totalWords", static_cast<double>(p.total_words));
  o.set("effectiveWords", static_cast<double>(p.effective_words));
  o.set("finished", p.finished);
  o.set("cancelled", cancelled);
  return o;
}

// The JavaScript SkipGram: the core model plus the conversions; every method validates and throws Errors.
class SkipGramJs {
 public:
  // A failed construction leaves no model; the guard then deletes the object and throws the parked error.
  explicit SkipGramJs(const val& options) {
    guarded([&] { model_ = std::make_unique<poslab::SkipGram>(to_params(options)); });
  }

  // Tokenizes `text` as document 001 did and builds the vocabulary; returns corpus statistics.
  val prepare(const val& text) {
    return guarded([&] {
      const auto corpus = poslab::tokenize_corpus(text_from_js("text", text));
      model().prepare(corpus);
      val o = val::object();
      o.set("sentences", static_cast<double>(corpus.size()));
      o.set("corpusWords", static_cast<double>(model().corpus_words()));
      o.set("vocabularySize", static_cast<double>(model().words().size()));
      return o;
    });
  }

  val train_some(double max_words) {
    return guarded([&] {
      const long long n = to_integer("max_words", max_words);
      poslab::require_range("max_words", n, 1, 1LL << 40);
      return progress_object(model().train_some(static_cast<std::size_t>(n)), false);
    });
  }

  // Tokenizes and prepares `text`, then trains to the end (the core's loop); onProgress(progress) is called
  // about 200 times and may return false to cancel. The guard hands in a callback that never throws.
  val train(const val& text, const val& on_progress) {
    return guarded([&] {
      const auto corpus = poslab::tokenize_corpus(text_from_js("text", text));
      const bool has_callback = on_progress.typeOf().as<std::string>() == "function";
      const bool completed = model().train(corpus, [&](const poslab::TrainingProgress& p) {
        return !has_callback || !on_progress(progress_object(p, false)).isFalse();
      });
      return progress_object(model().progress(), !completed);
    });
  }

  val train_quietly(const val& text) { return train(text, val::undefined()); }

  val progress() const {
    return guarded([&] { return progress_object(model().progress(), false); });
  }

  double similarity(const std::string& a, const std::string& b) const {
    return guarded([&] { return model().similarity(a, b); });
  }

  val vector(const std::string& word) const {
    return guarded([&] {
      const std::vector<float> v = model().vector(word);
      return to_float32_array(v.data(), v.size());
    });
  }

  val most_similar(const std::string& word, double k) const {
    return guarded([&] {
      val out = val::array();
      std::size_t i = 0;
      for (const auto& [w, score] : model().most_similar(word, to_int("topn", k))) {
        val item = val::object();
        item.set("word", w);
        item.set("similarity", score);
        out.set(i++, item);
      }
      return out;
    });
  }

  val vocabulary() const {
    return guarded([&] { return string_array(model().words()); });
  }

  val counts() const {
    return guarded([&] {
      val out = val::array();
      for (std::size_t i = 0; i < model().counts().size(); ++i) out.set(i, static_cast<double>(model().counts()[i]));
      return out;
    });
  }

  bool contains(const std::string& word) const {
    return guarded([&] { return model().contains(word); });
  }

  val vectors() const {
    return guarded([&] {
      const poslab::MatrixF m = model().vectors();
      return to_float32_array(m.data(), static_cast<std::size_t>(m.size()));
    });
  }

  // The `top` most frequent words projected on their first two principal components:
  // {words, points: Float32Array(n*2)}.
  val projection(double top) const {
    return guarded([&] {
      const poslab::WordProjection p = model().projection(to_int("top", top));
      val o = val::object();
      o.set("words", string_array(p.words));
      o.set("points", to_float32_array(p.points.data(), static_cast<std::size_t>(p.points.size())));
      return o;
    });
  }

  int vector_size() const {
    return guarded([&] { return model().params().vector_size; });
  }
  double vocabulary_size() const {
    return guarded([&] { return static_cast<double>(model().words().size()); });
  }

 private:
  poslab::SkipGram& model() const {
    if (!model_) throw std::logic_error("this SkipGram was not constructed");
    return *model_;
  }

  std::unique_ptr<poslab::SkipGram> model_;
};

// Document 001's preparation: [[words of sentence 1], [words of sentence 2], ...], lower-cased.
val tokenize_text(const val& text) {
  return guarded([&] {
    val out = val::array();
    std::size_t i = 0;
    for (const auto& sentence : poslab::tokenize_corpus(text_from_js("text", text))) out.set(i++, string_array(sentence));
    return out;
  });
}

// {word, position, combined}: E001-6 for any two vectors and positions.
val word_position_similarities(const val& a, double pos_a, const val& b, double pos_b, const std::string& variant) {
  return guarded([&] {
    const std::vector<float> va = to_floats("a", a), vb = to_floats("b", b);
    poslab::require_not_empty("a", va.size());
    poslab::require_size("b", vb.size(), va.size(), "a");
    const int pa = to_int("pos_a", pos_a), pb = to_int("pos_b", pos_b);
    const auto s = poslab::word_position_similarities(va.data(), vb.data(), va.size(), pa, pb,
                                                      poslab::parse_sinusoid_variant(variant));
    val o = val::object();
    o.set("word", s.word);
    o.set("position", s.position);
    o.set("combined", s.combined);
    return o;
  });
}

val principal_components(const val& x, double rows, double dim, double components) {
  return guarded([&] {
    const int r = to_int("rows", rows), d = to_int("dim", dim), c = to_int("components", components);
    const std::vector<float> values = to_floats("x", x);
    const poslab::MatrixF p = poslab::principal_components(values.data(), values.size(), r, d, c);
    return to_float32_array(p.data(), static_cast<std::size_t>(p.size()));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_word2vec) {
  emscripten::class_<SkipGramJs>("SkipGram")
      .constructor<const val&>()
      .function("prepare", &SkipGramJs::prepare)
      .function("trainSome", &SkipGramJs::train_some)
      .function("train", &SkipGramJs::train)
      .function("train", &SkipGramJs::train_quietly)  // Embind overloads by argument count
      .function("progress", &SkipGramJs::progress)
      .function("similarity", &SkipGramJs::similarity)
      .function("vector", &SkipGramJs::vector)
      .function("mostSimilar", &SkipGramJs::most_similar)
      .function("vocabulary", &SkipGramJs::vocabulary)
      .function("counts", &SkipGramJs::counts)
      .function("contains", &SkipGramJs::contains)
      .function("vectors", &SkipGramJs::vectors)
      .function("projection", &SkipGramJs::projection)
      .property("vectorSize", &SkipGramJs::vector_size)
      .property("vocabularySize", &SkipGramJs::vocabulary_size);
  emscripten::function("tokenizeText", &tokenize_text);
  emscripten::function("wordPositionSimilarities", &word_position_similarities);
  emscripten::function("principalComponents", &principal_components);
}
