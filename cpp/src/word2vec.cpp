// Skip-gram with negative sampling, following word2vec.c and gensim 4's word2vec_inner.pyx step by step: what
// comes before training (word2vec_prepare.cpp builds the vocabulary, the subsampling thresholds and the
// unigram^0.75 cumulative table), then here the bisection of that table, the 48-bit linear congruential
// generator, the reduced ("dynamic") window, the sigmoid table with its ±6 cut-off and the learning rate falling
// linearly over all epochs. The two inner loops (dot product and y += a·x over one vector) are the 128-bit
// vectors of simd.hpp, in word2vec_impl.hpp.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <string>

#include "poslab/errors.hpp"
#include "poslab/word2vec.hpp"
#include "word2vec_impl.hpp"

namespace poslab {
namespace {

using word2vec_detail::axpy;
using word2vec_detail::dot;
using word2vec_detail::kMaxSentenceLength;

constexpr int kExpTableSize = 1000;
constexpr float kMaxExp = 6.0f;

// σ(x) and log σ(x) sampled at 1000 points over [-6, 6], as gensim's EXP_TABLE and LOG_TABLE.
struct SigmoidTable {
  std::array<float, kExpTableSize> sigmoid, log_sigmoid;
  SigmoidTable() {
    for (int i = 0; i < kExpTableSize; ++i) {
      const float e = std::exp((static_cast<float>(i) / kExpTableSize * 2 - 1) * kMaxExp);
      sigmoid[i] = e / (e + 1);
      log_sigmoid[i] = std::log(sigmoid[i]);
    }
  }
  // gensim's index. For x just below kMaxExp, x + kMaxExp rounds up to 2·kMaxExp in float and the index would be
  // kExpTableSize, one past the table (a fuzz finding: gensim reads past its EXP_TABLE there too); the last entry
  // is the value that belongs to it.
  static int index(float x) {
    return std::min(kExpTableSize - 1, static_cast<int>((x + kMaxExp) * (kExpTableSize / kMaxExp / 2)));
  }
};

const SigmoidTable& sigmoid_table() {
  static const SigmoidTable table;
  return table;
}

}  // namespace

std::uint32_t SkipGram::random_int32() {
  const auto value = static_cast<std::uint32_t>(next_random_ >> 16);
  next_random_ = (next_random_ * 25214903917ull + 11) & 0xFFFFFFFFFFFFull;
  return value;
}

void SkipGram::require_prepared() const {
  if (!prepared()) {
    throw ArgumentError("the model has not been trained yet: call train(text) first", "not_trained", "model");
  }
}

// One (word, context) pair: the context word's input vector learns to predict `word` against `negative`
// noise words (gensim's fast_sentence_sg_neg).
void SkipGram::train_pair(std::size_t word, std::size_t context, float alpha) {
  const SigmoidTable& table = sigmoid_table();
  float* l1 = syn0_.data() + context * stride_;
  float* work = work_.data();
  std::fill(work, work + stride_, 0.0f);
  const std::uint32_t table_end = cum_table_.back();
  for (int d = 0; d <= params_.negative; ++d) {
    std::size_t target;
    float label;
    if (d == 0) {
      target = word;
      label = 1.0f;
    } else {
      // gensim: bisect_left(cum_table, (next_random >> 16) % cum_table[-1]); the shifted value fits 32 bits.
      const std::uint32_t draw = static_cast<std::uint32_t>(next_random_ >> 16) % table_end;
      target = cum_bucket_[draw >> 15];
      while (cum_table_[target] < draw) ++target;
      next_random_ = (next_random_ * 25214903917ull + 11) & 0xFFFFFFFFFFFFull;
      if (target == word) continue;
      label = 0.0f;
    }
    float* l2 = syn1neg_.data() + target * stride_;
    const float f_dot = dot(l1, l2, stride_);
    if (f_dot <= -kMaxExp || f_dot >= kMaxExp) continue;
    const float f = table.sigmoid[SigmoidTable::index(f_dot)];
    const float g = (label - f) * alpha;
    const float signed_dot = d == 0 ? f_dot : -f_dot;
    loss_sum_ -= table.log_sigmoid[SigmoidTable::index(signed_dot)];
    axpy(g, l2, work, stride_);
    axpy(g, l1, l2, stride_);
  }
  axpy(1.0f, work, l1, stride_);
  ++loss_pairs_;
}

void SkipGram::train_sentence(const std::vector<std::int32_t>& sentence, float alpha) {
  // Subsampling drops frequent words before the window is laid over the sentence.
  std::vector<std::int32_t> ids;
  ids.reserve(sentence.size());
  for (std::int32_t id : sentence) {
    if (id < 0) continue;
    if (params_.sample > 0 && keep_threshold_[id] < random_int32()) continue;
    ids.push_back(id);
  }
  effective_words_ += ids.size();
  const auto n = static_cast<std::ptrdiff_t>(ids.size());
  const auto window = static_cast<std::ptrdiff_t>(params_.window);
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const auto reduced = static_cast<std::ptrdiff_t>(random_int32() % static_cast<std::uint32_t>(params_.window));
    const std::ptrdiff_t begin = std::max<std::ptrdiff_t>(0, i - window + reduced);
    const std::ptrdiff_t end = std::min<std::ptrdiff_t>(n, i + window + 1 - reduced);
    for (std::ptrdiff_t j = begin; j < end; ++j)
      if (j != i) train_pair(static_cast<std::size_t>(ids[i]), static_cast<std::size_t>(ids[j]), alpha);
  }
}

TrainingProgress SkipGram::progress() const {
  TrainingProgress p;
  p.total_words = corpus_words_ * static_cast<std::size_t>(params_.epochs);
  p.words_done = words_done_;
  p.effective_words = effective_words_;
  p.progress = p.total_words ? static_cast<double>(words_done_) / static_cast<double>(p.total_words) : 0;
  p.words_per_second = seconds_ > 0 ? static_cast<double>(words_done_) / seconds_ : 0;
  p.loss = loss_pairs_ ? loss_sum_ / static_cast<double>(loss_pairs_) : 0;
  p.alpha = alpha_now_;
  p.epoch = std::min(epoch_, params_.epochs - 1);
  p.finished = finished();
  return p;
}

TrainingProgress SkipGram::train_some(std::size_t max_words) {
  require_prepared();
  loss_sum_ = 0;
  loss_pairs_ = 0;
  const auto started = std::chrono::steady_clock::now();
  std::size_t done = 0;
  while (!finished() && done < std::max<std::size_t>(max_words, 1)) {
    const std::vector<std::int32_t>& sentence = sentences_[sentence_];
    // gensim hands sentences to its workers in jobs of at most 10000 words (word2vec.c also updates the
    // rate every 10000 words); the rate is set when a job starts, from the share of the epoch's sentences
    // already handed out: alpha = start − (start − end) · (epoch + share) / epochs, never below min_alpha.
    if (sentence_ == 0 || job_words_ + sentence.size() > kMaxSentenceLength) {
      const double share = static_cast<double>(sentence_) / static_cast<double>(sentences_.size());
      const double fraction = (epoch_ + share) / params_.epochs;
      alpha_now_ = static_cast<float>(std::max(params_.min_alpha, params_.alpha - (params_.alpha - params_.min_alpha) * fraction));
      job_words_ = 0;
    }
    job_words_ += sentence.size();
    train_sentence(sentence, alpha_now_);
    done += sentence.size();
    words_done_ += sentence.size();
    if (++sentence_ == sentences_.size()) {
      sentence_ = 0;
      ++epoch_;
    }
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return progress();
}

bool SkipGram::train(const std::vector<Sentence>& corpus, const ProgressCallback& on_progress) {
  prepare(corpus);
  const std::size_t total = corpus_words_ * static_cast<std::size_t>(params_.epochs);
  const std::size_t step = std::max<std::size_t>(1000, total / 200);
  while (!finished()) {
    const TrainingProgress p = train_some(step);
    if (on_progress && !on_progress(p) && !p.finished) return false;
  }
  return true;
}

}  // namespace poslab
