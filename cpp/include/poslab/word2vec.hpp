// poslab/word2vec.hpp — skip-gram with negative sampling, as word2vec.c and gensim 4 train it, plus what
// the lesson reads from a trained model: similarities, neighbours, a 2-D PCA view, word+position similarity.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "poslab/encoding.hpp"
#include "poslab/similarity.hpp"
#include "poslab/tokenize.hpp"

namespace poslab {

/// Longest neighbour list most_similar returns (topn 1 … 1000): the list is meant to be read (the lesson shows
/// 8), and the cap keeps what one call builds and hands to JavaScript small whatever the vocabulary's size.
inline constexpr int kMaxNeighbours = 1000;
/// Most rows principal_components takes, and so most words SkipGram::projection projects. PCA works in doubles on
/// the centred rows × dim matrix and an n × n or dim × dim one (the smaller side), so with kMaxPcaDim this bounds
/// one call's memory (5000 × 4096 + 4096² doubles, about 300 MB of the module's 2 GB) and its cubic time; the
/// lesson projects 40 words.
inline constexpr int kMaxPcaRows = 5000;
/// Widest rows principal_components takes: four times the largest vector_size (1024), for vectors made elsewhere.
inline constexpr int kMaxPcaDim = 4096;
/// Largest position word_position_similarities takes (positions 0 … 4095): it builds the encoding's rows
/// 0 … pos for each word, so this bounds that table; the lesson's position fields stop there too.
inline constexpr int kMaxWordPosition = 4095;

/// gensim's Word2Vec parameters (sg=1, hs=0) with gensim's defaults.
struct SkipGramParams {
  int vector_size = 100;     ///< 1…1024
  int window = 5;            ///< 1…100: the largest distance between a word and a context word
  int min_count = 5;         ///< 1…10^9: rarer words are left out of the vocabulary
  double sample = 1e-3;      ///< 0…1: frequent-word subsampling threshold (0 = off)
  int negative = 5;          ///< 1…100: noise words per (word, context) pair
  double alpha = 0.025;      ///< (0, 1]: learning rate at the start…
  double min_alpha = 0.0001; ///< [0, alpha]: …falling linearly to this at the end (in steps of 10000 words)
  int epochs = 5;            ///< 1…1000
  double seed = 1;           ///< 0…2^32-1: same seed, same corpus → same vectors (one thread)
};

/// Throws out_of_range (or not_integer) naming the first bad parameter.
void validate(const SkipGramParams& params);

/// A snapshot for a progress bar.
struct TrainingProgress {
  double progress = 0;          ///< 0…1 over all epochs
  double words_per_second = 0;  ///< corpus words (before subsampling) per second of training
  double loss = 0;              ///< mean −log σ over the (word, context) pairs since the last snapshot
  double alpha = 0;             ///< current learning rate
  int epoch = 0;                ///< 0-based epoch being trained
  std::size_t words_done = 0;   ///< corpus words processed over all epochs so far
  std::size_t total_words = 0;  ///< corpus words × epochs
  std::size_t effective_words = 0;  ///< words trained on so far, after subsampling (gensim's "effective words")
  bool finished = false;
};

/// Return false to cancel training.
using ProgressCallback = std::function<bool(const TrainingProgress&)>;

/// One (word, score) pair of a neighbour list.
using Neighbour = std::pair<std::string, float>;

/// The most frequent words on their first two principal components (SkipGram::projection).
struct WordProjection {
  std::vector<std::string> words;  ///< most frequent first
  MatrixF points;                  ///< words.size() × 2
};

class SkipGram {
 public:
  explicit SkipGram(const SkipGramParams& params = {});

  const SkipGramParams& params() const { return params_; }

  /// Builds the vocabulary (min_count, sorted by falling frequency), the subsampling thresholds and the
  /// unigram^0.75 noise table, and resets the vectors (uniform in ±1/vector_size, gensim 4's init). Throws
  /// empty (argument "text") for a corpus without words and empty_vocabulary (argument "min_count", value)
  /// when no word reaches min_count; too_large above the memory cap.
  void prepare(const std::vector<Sentence>& corpus);

  /// Trains on up to `max_words` more corpus words (whole sentences), continuing where the last call
  /// stopped; returns where training is. Call prepare() first.
  TrainingProgress train_some(std::size_t max_words);

  /// prepare() then train to the end, calling `on_progress` about 200 times; returns false if cancelled.
  bool train(const std::vector<Sentence>& corpus, const ProgressCallback& on_progress = {});

  bool prepared() const { return !words_.empty(); }
  bool finished() const { return prepared() && epoch_ >= params_.epochs; }
  TrainingProgress progress() const;

  /// Vocabulary, most frequent first, and the counts.
  const std::vector<std::string>& words() const { return words_; }
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  std::size_t corpus_words() const { return corpus_words_; }
  /// Index of `word` in words(); throws unknown_word (argument "word", field word).
  std::size_t index_of(const std::string& word) const;
  bool contains(const std::string& word) const { return index_.count(word) != 0; }

  /// The learned (input) vector of a word: vector_size floats.
  std::vector<float> vector(const std::string& word) const;
  /// All vectors, words() order, row-major.
  MatrixF vectors() const;
  /// Cosine of the two words' vectors.
  double similarity(const std::string& a, const std::string& b) const;
  /// The k words closest to `word` by cosine (the word itself excluded), closest first. Throws out_of_range
  /// (argument "topn") unless 1 <= k <= kMaxNeighbours, checked before the word.
  std::vector<Neighbour> most_similar(const std::string& word, int k) const;
  /// The min(top, vocabulary size) most frequent words on the first two principal components of their vectors.
  /// Throws out_of_range (argument "top") unless 2 <= top <= kMaxPcaRows, not_trained, and out_of_range
  /// (argument "vocabulary") when the vocabulary has a single word.
  WordProjection projection(int top) const;

 private:
  void require_prepared() const;
  void train_sentence(const std::vector<std::int32_t>& sentence, float alpha);
  void train_pair(std::size_t word, std::size_t context, float alpha);
  std::uint32_t random_int32();
  const float* row(const std::vector<float>& m, std::size_t i) const { return m.data() + i * stride_; }

  SkipGramParams params_;
  std::size_t stride_ = 0;  // vector_size rounded up to 4 floats (the padding stays 0)
  std::vector<std::string> words_;
  std::vector<std::uint64_t> counts_;
  std::unordered_map<std::string, std::int32_t> index_;
  std::vector<std::uint32_t> keep_threshold_;  // subsampling: keep when threshold >= random_int32()
  std::vector<std::uint32_t> cum_table_;       // unigram^0.75, cumulative, scaled to 2^31-1
  std::vector<std::uint32_t> cum_bucket_;      // where the bisection of cum_table_ starts, per draw >> 15
  std::vector<std::vector<std::int32_t>> sentences_;  // vocabulary indices, -1 for words left out
  std::size_t corpus_words_ = 0;
  std::vector<float> syn0_, syn1neg_, work_;
  std::uint64_t next_random_ = 1;
  // Where training is.
  int epoch_ = 0;
  std::size_t sentence_ = 0, words_done_ = 0, effective_words_ = 0;
  std::size_t job_words_ = 0;  // corpus words in the current gensim "job" (the learning rate is fixed within one)
  double seconds_ = 0, loss_sum_ = 0;
  std::size_t loss_pairs_ = 0;
  float alpha_now_ = 0;
};

/// The principal components of the rows of `x` (centred; as sklearn's PCA, signs fixed so the largest
/// absolute value of each component column is positive): rows × components. Throws out_of_range unless
/// 2 <= rows <= kMaxPcaRows, 1 <= dim <= kMaxPcaDim and 1 <= components <= min(rows, dim); not_finite.
MatrixF principal_components(MatrixView x, int components);
/// The same for `size` floats read as rows × dim, row-major: rows and dim are checked first, then size
/// (size_mismatch, argument "x"), then components.
MatrixF principal_components(const float* x, std::size_t size, int rows, int dim, int components);

/// Document 001's three similarities for word vectors a (at position pos_a) and b (at pos_b):
/// word = cos(a, b); position = cos(PE(pos_a), PE(pos_b)); combined = cos(a·√d + PE(pos_a), b·√d + PE(pos_b)),
/// with the PE of the given variant, d = the vectors' length (even), the sums rounded to float as numpy stored
/// them. Throws out_of_range for a position outside 0 … kMaxWordPosition (pos_a, then pos_b, checked first),
/// then for d (d_model), odd_width and not_finite.
struct WordPositionSimilarities {
  double word, position, combined;
};
WordPositionSimilarities word_position_similarities(const float* a, const float* b, std::size_t d, int pos_a,
                                                    int pos_b, SinusoidVariant variant);

}  // namespace poslab
