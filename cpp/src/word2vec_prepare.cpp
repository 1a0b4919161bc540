// SkipGram's parameters and prepare(), what gensim 4 does before training: the vocabulary (min_count, most
// frequent first), the subsampling thresholds (prepare_vocab), the unigram^0.75 noise table (make_cum_table)
// with its bisection shortcut, the corpus as vocabulary indices and the initial vectors (prep_vectors).
// Training itself is word2vec.cpp.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <unordered_map>

#include "poslab/errors.hpp"
#include "poslab/word2vec.hpp"
#include "word2vec_impl.hpp"

namespace poslab {
namespace {

using word2vec_detail::kMaxSentenceLength;

constexpr std::size_t kMaxCorpusWords = std::size_t{1} << 27;

void require_real_range(const char* argument, double value, double min, double max, bool min_open = false) {
  const bool ok = std::isfinite(value) && (min_open ? value > min : value >= min) && value <= max;
  if (ok) return;
  throw ArgumentError(std::string(argument) + " must be " + (min_open ? "above " : "between ") +
                          std::to_string(min) + (min_open ? " and at most " : " and ") + std::to_string(max) +
                          " (got " + std::to_string(value) + ")",
                      "out_of_range", argument, {{"value", value}, {"min", min}, {"max", max}});
}

// SplitMix64: the initial vectors' generator (exact on every platform, unlike std:: distributions).
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  float uniform() { return static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); }  // [0, 1)
};

}  // namespace

void validate(const SkipGramParams& p) {
  require_range("vector_size", p.vector_size, 1, 1024);
  require_range("window", p.window, 1, 100);
  require_range("min_count", p.min_count, 1, 1000000000);
  require_real_range("sample", p.sample, 0, 1);
  require_range("negative", p.negative, 1, 100);
  require_real_range("alpha", p.alpha, 0, 1, true);
  require_real_range("min_alpha", p.min_alpha, 0, p.alpha);
  require_range("epochs", p.epochs, 1, 1000);
  require_integer("seed", p.seed);
  require_real_range("seed", p.seed, 0, 4294967295.0);
}

SkipGram::SkipGram(const SkipGramParams& params) : params_(params) {
  validate(params_);
  stride_ = (static_cast<std::size_t>(params_.vector_size) + 3) / 4 * 4;
}

void SkipGram::prepare(const std::vector<Sentence>& corpus) {
  std::size_t total = 0;
  for (const Sentence& s : corpus) total += s.size();
  require_not_empty("text", total);
  if (total > kMaxCorpusWords) {
    throw SizeError("the corpus has " + std::to_string(total) + " words; at most " + std::to_string(kMaxCorpusWords),
                    "text", {{"value", static_cast<double>(total)}, {"max", static_cast<double>(kMaxCorpusWords)}});
  }

  // Raw counts, in order of first appearance; then the words kept, most frequent first (ties: first seen).
  std::unordered_map<std::string, std::size_t> raw_index;
  std::vector<std::string> raw_words;
  std::vector<std::uint64_t> raw_counts;
  for (const Sentence& s : corpus)
    for (const std::string& w : s) {
      auto [it, inserted] = raw_index.emplace(w, raw_words.size());
      if (inserted) {
        raw_words.push_back(w);
        raw_counts.push_back(0);
      }
      ++raw_counts[it->second];
    }
  std::vector<std::size_t> kept;
  for (std::size_t i = 0; i < raw_words.size(); ++i)
    if (raw_counts[i] >= static_cast<std::uint64_t>(params_.min_count)) kept.push_back(i);
  if (kept.empty()) {
    throw ArgumentError("no word occurs at least min_count = " + std::to_string(params_.min_count) +
                            " times, so the vocabulary is empty (lower min_count or give a longer text)",
                        "empty_vocabulary", "min_count", {{"value", static_cast<double>(params_.min_count)}});
  }
  std::stable_sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) { return raw_counts[a] > raw_counts[b]; });
  require_within_cap("vector_size", count_of({kept.size(), stride_}), "vocabulary size × vector_size");

  words_.clear();
  counts_.clear();
  index_.clear();
  for (std::size_t i : kept) {
    index_.emplace(raw_words[i], static_cast<std::int32_t>(words_.size()));
    words_.push_back(raw_words[i]);
    counts_.push_back(raw_counts[i]);
  }
  const std::size_t vocab = words_.size();

  // Subsampling as gensim's prepare_vocab: keep a word with probability (sqrt(c/t) + 1)·t/c, t = sample·total.
  const double retained = static_cast<double>(std::accumulate(counts_.begin(), counts_.end(), std::uint64_t{0}));
  const double threshold = params_.sample > 0 ? params_.sample * retained : retained;
  keep_threshold_.assign(vocab, 0xFFFFFFFFu);
  for (std::size_t i = 0; i < vocab; ++i) {
    const double c = static_cast<double>(counts_[i]);
    const double p = std::min(1.0, (std::sqrt(c / threshold) + 1) * (threshold / c));
    keep_threshold_[i] = static_cast<std::uint32_t>(p * 4294967295.0);
  }

  // Noise distribution: cumulative count^0.75 scaled to 2^31 - 1 (gensim's make_cum_table).
  double power_total = 0;
  for (std::uint64_t c : counts_) power_total += std::pow(static_cast<double>(c), 0.75);
  cum_table_.assign(vocab, 0);
  double cumulative = 0;
  for (std::size_t i = 0; i < vocab; ++i) {
    cumulative += std::pow(static_cast<double>(counts_[i]), 0.75);
    cum_table_[i] = static_cast<std::uint32_t>(std::llround(cumulative / power_total * 2147483647.0));
  }
  // A shortcut into the bisection: for every block of 2^15 draws, the first entry the search can return.
  // The search from there gives exactly bisect_left's answer, in a step or two instead of log2(vocab).
  cum_bucket_.assign((std::size_t{1} << 16) + 1, 0);
  for (std::size_t b = 0; b < cum_bucket_.size(); ++b) {
    const auto first_draw = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{b} << 15, 0xFFFFFFFFu));
    cum_bucket_[b] = static_cast<std::uint32_t>(
        std::lower_bound(cum_table_.begin(), cum_table_.end(), first_draw) - cum_table_.begin());
  }

  // The corpus as indices, long sentences cut at 10000 words as gensim does.
  sentences_.clear();
  corpus_words_ = total;
  for (const Sentence& s : corpus) {
    for (std::size_t start = 0; start < s.size(); start += kMaxSentenceLength) {
      std::vector<std::int32_t> ids;
      const std::size_t end = std::min(s.size(), start + kMaxSentenceLength);
      for (std::size_t k = start; k < end; ++k) {
        auto it = index_.find(s[k]);
        ids.push_back(it == index_.end() ? -1 : it->second);
      }
      sentences_.push_back(std::move(ids));
    }
  }

  // Vectors: uniform in [-1, 1) / vector_size (gensim 4's prep_vectors); output weights start at zero.
  const auto seed = static_cast<std::uint64_t>(params_.seed);
  SplitMix64 init{seed * 0x2545F4914F6CDD1Dull + 1};
  syn0_.assign(vocab * stride_, 0.0f);
  syn1neg_.assign(vocab * stride_, 0.0f);
  work_.assign(stride_, 0.0f);
  for (std::size_t i = 0; i < vocab; ++i)
    for (int k = 0; k < params_.vector_size; ++k)
      syn0_[i * stride_ + k] = (init.uniform() * 2.0f - 1.0f) / static_cast<float>(params_.vector_size);
  next_random_ = (seed << 24) ^ 0x5DEECE66Dull;  // 48-bit state of the training generator
  next_random_ &= 0xFFFFFFFFFFFFull;

  epoch_ = 0;
  sentence_ = 0;
  words_done_ = 0;
  effective_words_ = 0;
  job_words_ = 0;
  seconds_ = 0;
  loss_sum_ = 0;
  loss_pairs_ = 0;
  alpha_now_ = static_cast<float>(params_.alpha);
}

}  // namespace poslab
