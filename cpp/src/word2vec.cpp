// Skip-gram with negative sampling, following word2vec.c and gensim 4's word2vec_inner.pyx step by step:
// the vocabulary and its subsampling thresholds, the unigram^0.75 cumulative table searched by bisection,
// the 48-bit linear congruential generator, the reduced ("dynamic") window, the sigmoid table with its
// ±6 cut-off and the learning rate falling linearly over all epochs. The two inner loops (dot product and
// y += a·x over one vector) are the 128-bit vectors of simd.hpp.
#include "poslab/word2vec.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <numeric>
#include <string>

#include "poslab/errors.hpp"
#include "simd.hpp"

namespace poslab {
namespace {

constexpr int kExpTableSize = 1000;
constexpr float kMaxExp = 6.0f;
constexpr std::size_t kMaxSentenceLength = 10000;  // gensim's MAX_WORDS_IN_BATCH: longer sentences are cut
constexpr std::size_t kMaxCorpusWords = std::size_t{1} << 27;

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
  static int index(float x) { return static_cast<int>((x + kMaxExp) * (kExpTableSize / kMaxExp / 2)); }
};

const SigmoidTable& sigmoid_table() {
  static const SigmoidTable table;
  return table;
}

void require_real_range(const char* argument, double value, double min, double max, bool min_open = false) {
  const bool ok = std::isfinite(value) && (min_open ? value > min : value >= min) && value <= max;
  if (ok) return;
  throw ArgumentError(std::string(argument) + " must be " + (min_open ? "above " : "between ") +
                          std::to_string(min) + (min_open ? " and at most " : " and ") + std::to_string(max) +
                          " (got " + std::to_string(value) + ")",
                      "out_of_range", argument, {{"value", value}, {"min", min}, {"max", max}});
}

// ---- the two SIMD inner loops (stride is a multiple of 4) --------------------------------------------------

inline float dot(const float* a, const float* b, std::size_t n) {
  simd::f32x4 s0 = {0, 0, 0, 0}, s1 = {0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    s0 += simd::load(a + i) * simd::load(b + i);
    s1 += simd::load(a + i + 4) * simd::load(b + i + 4);
  }
  if (i < n) s0 += simd::load(a + i) * simd::load(b + i);
  return simd::sum_lanes(s0 + s1);
}

// y += alpha · x
inline void axpy(float alpha, const float* x, float* y, std::size_t n) {
  const simd::f32x4 a = {alpha, alpha, alpha, alpha};
  for (std::size_t i = 0; i < n; i += 4) simd::store(y + i, simd::load(y + i) + a * simd::load(x + i));
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
  require_within_cap("vector_size", kept.size() * stride_, "vocabulary size × vector_size");

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

std::size_t SkipGram::index_of(const std::string& word) const {
  require_prepared();
  const auto it = index_.find(word);
  if (it == index_.end()) {
    throw ArgumentError("\"" + word + "\" is not in the vocabulary", "unknown_word", "word", {{"word", word}});
  }
  return static_cast<std::size_t>(it->second);
}

std::vector<float> SkipGram::vector(const std::string& word) const {
  const float* r = row(syn0_, index_of(word));
  return std::vector<float>(r, r + params_.vector_size);
}

MatrixF SkipGram::vectors() const {
  require_prepared();
  MatrixF out(static_cast<Eigen::Index>(words_.size()), params_.vector_size);
  for (std::size_t i = 0; i < words_.size(); ++i)
    std::copy_n(row(syn0_, i), params_.vector_size, out.row(static_cast<Eigen::Index>(i)).data());
  return out;
}

double SkipGram::similarity(const std::string& a, const std::string& b) const {
  const float* va = row(syn0_, index_of(a));
  const float* vb = row(syn0_, index_of(b));
  const auto n = static_cast<std::size_t>(params_.vector_size);
  return cosine_similarity(va, n, vb, n);
}

std::vector<Neighbour> SkipGram::most_similar(const std::string& word, int k) const {
  require_range("topn", k, 1, kMaxNeighbours);
  const std::size_t target = index_of(word);
  const float* t = row(syn0_, target);
  const double t_norm = std::sqrt(static_cast<double>(dot(t, t, stride_)));
  std::vector<std::pair<float, std::size_t>> scored;
  scored.reserve(words_.size());
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (i == target) continue;
    const float* v = row(syn0_, i);
    const double norm = std::sqrt(static_cast<double>(dot(v, v, stride_))) * t_norm;
    scored.emplace_back(norm > 0 ? static_cast<float>(dot(t, v, stride_) / norm) : 0.0f, i);
  }
  const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(k), scored.size());
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(count), scored.end(),
                    [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
  std::vector<Neighbour> out;
  for (std::size_t i = 0; i < count; ++i) out.emplace_back(words_[scored[i].second], scored[i].first);
  return out;
}

WordProjection SkipGram::projection(int top) const {
  require_range("top", top, 2, kMaxPcaRows);
  const MatrixF all = vectors();
  const auto rows = std::min<Eigen::Index>(all.rows(), static_cast<Eigen::Index>(top));
  require_range("vocabulary", static_cast<long long>(rows), 2, kMaxPcaRows);
  const MatrixF head = all.topRows(rows);
  return {std::vector<std::string>(words_.begin(), words_.begin() + rows),
          principal_components({head.data(), static_cast<std::size_t>(rows), static_cast<std::size_t>(head.cols())}, 2)};
}

namespace {

void require_pca_shape(long long rows, long long dim) {
  require_range("rows", rows, 2, kMaxPcaRows);
  require_range("dim", dim, 1, kMaxPcaDim);
}

}  // namespace

MatrixF principal_components(MatrixView x, int components) {
  require_pca_shape(static_cast<long long>(x.rows), static_cast<long long>(x.dim));
  require_range("components", components, 1, static_cast<long long>(std::min(x.rows, x.dim)));
  require_finite("x", x.data, x.rows * x.dim);
  using MatrixD = Eigen::MatrixXd;
  const auto n = static_cast<Eigen::Index>(x.rows), d = static_cast<Eigen::Index>(x.dim);
  MatrixD centred = Eigen::Map<const MatrixF>(x.data, n, d).cast<double>();
  centred.rowwise() -= centred.colwise().mean();
  MatrixD projected(n, components);
  if (n <= d) {  // through the n × n Gram matrix: X Xᵀ = U Σ² Uᵀ, projection = U Σ
    Eigen::SelfAdjointEigenSolver<MatrixD> solver(centred * centred.transpose());
    for (int c = 0; c < components; ++c) {
      const Eigen::Index k = n - 1 - c;  // eigenvalues ascend
      projected.col(c) = solver.eigenvectors().col(k) * std::sqrt(std::max(0.0, solver.eigenvalues()(k)));
    }
  } else {  // through the d × d scatter matrix: projection = X V
    Eigen::SelfAdjointEigenSolver<MatrixD> solver(centred.transpose() * centred);
    for (int c = 0; c < components; ++c) projected.col(c) = centred * solver.eigenvectors().col(d - 1 - c);
  }
  for (int c = 0; c < components; ++c) {
    Eigen::Index at;
    projected.col(c).cwiseAbs().maxCoeff(&at);
    if (projected(at, c) < 0) projected.col(c) *= -1;
  }
  return projected.cast<float>();
}

MatrixF principal_components(const float* x, std::size_t size, int rows, int dim, int components) {
  require_pca_shape(rows, dim);  // before rows × dim is formed
  require_size("x", size, static_cast<std::size_t>(rows) * static_cast<std::size_t>(dim), "rows × dim");
  return principal_components(MatrixView{x, static_cast<std::size_t>(rows), static_cast<std::size_t>(dim)}, components);
}

WordPositionSimilarities word_position_similarities(const float* a, const float* b, std::size_t d, int pos_a,
                                                    int pos_b, SinusoidVariant variant) {
  require_range("pos_a", pos_a, 0, kMaxWordPosition);
  require_range("pos_b", pos_b, 0, kMaxWordPosition);
  require_range("d_model", static_cast<long long>(d), 2, kMaxModelWidth);
  require_even("d_model", static_cast<long long>(d), "every sine column has its cosine partner");
  require_finite("a", a, d);
  require_finite("b", b, d);
  const int dm = static_cast<int>(d);
  const MatrixF pe_a = positional_encoding(pos_a + 1, dm, variant), pe_b = positional_encoding(pos_b + 1, dm, variant);
  const float* ra = pe_a.row(pos_a).data();
  const float* rb = pe_b.row(pos_b).data();
  // Document 001: paa[i] = paa[i]·sqrt(d_model) + pe1[i], computed in double and stored in a float32 array.
  std::vector<float> ca(d), cb(d);
  const double scale = std::sqrt(static_cast<double>(d));
  for (std::size_t i = 0; i < d; ++i) {
    ca[i] = static_cast<float>(static_cast<double>(a[i]) * scale + static_cast<double>(ra[i]));
    cb[i] = static_cast<float>(static_cast<double>(b[i]) * scale + static_cast<double>(rb[i]));
  }
  return {cosine_similarity(a, d, b, d), cosine_similarity(ra, d, rb, d), cosine_similarity(ca.data(), d, cb.data(), d)};
}

}  // namespace poslab
