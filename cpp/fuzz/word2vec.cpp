// cpp/fuzz/word2vec.cpp — skip-gram training (word2vec.hpp) on corpora generated from the fuzz bytes, with
// any parameters in their documented ranges (and now and then one outside them). Small on purpose: at most
// 16 distinct words, 160 words, 12 dimensions and 3 epochs, so one input trains in well under a millisecond.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "poslab/word2vec.hpp"

namespace {

constexpr std::size_t kMaxWords = 160;

poslab::SkipGramParams pick_params(FuzzedDataProvider& in) {
  poslab::SkipGramParams p;
  p.vector_size = in.ConsumeIntegralInRange(1, 12);
  p.window = in.ConsumeIntegralInRange(1, 5);
  p.min_count = in.ConsumeIntegralInRange(1, 4);
  const double samples[] = {0, 1e-3, 0.05, 1};
  p.sample = samples[in.ConsumeIntegralInRange(0, 3)];
  p.negative = in.ConsumeIntegralInRange(1, 5);
  // (0, 1]: ConsumeProbability can return 1 exactly, and a rate of 0 is refused (check_refused_params).
  p.alpha = in.ConsumeBool() ? 0.025 : std::max(1e-6, 1 - in.ConsumeProbability<double>());
  p.min_alpha = p.alpha * in.ConsumeProbability<double>();
  p.epochs = in.ConsumeIntegralInRange(1, 3);
  p.seed = in.ConsumeIntegral<std::uint32_t>();
  return p;
}

// One parameter set outside its documented range: the constructor must name it (out_of_range, or not_integer
// for a fractional seed).
void check_refused_params(FuzzedDataProvider& in, poslab::SkipGramParams p) {
  std::string expected;
  switch (in.ConsumeIntegralInRange(0, 6)) {
    case 0: p.vector_size = in.ConsumeBool() ? 0 : 1025, expected = "out_of_range vector_size"; break;
    case 1: p.window = in.ConsumeBool() ? 0 : 101, expected = "out_of_range window"; break;
    case 2: p.sample = in.ConsumeBool() ? -1e-9 : NAN, expected = "out_of_range sample"; break;
    case 3: p.alpha = in.ConsumeBool() ? 0 : 1.5, p.min_alpha = 0, expected = "out_of_range alpha"; break;
    case 4: p.min_alpha = p.alpha * 2, expected = "out_of_range min_alpha"; break;
    case 5: p.epochs = 1001, expected = "out_of_range epochs"; break;
    default: p.seed = in.ConsumeBool() ? 0.5 : 4294967296.0, expected = p.seed == 0.5 ? "not_integer seed" : "out_of_range seed";
  }
  FUZZ_CHECK(poslab_fuzz::error_and_argument([&] { poslab::SkipGram model(p); }) == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const poslab::SkipGramParams params = pick_params(in);
  if (in.ConsumeIntegralInRange(0, 15) == 0) {
    check_refused_params(in, params);
    return 0;
  }

  // The corpus: each byte is a word (its low 4 bits pick one of 16), its top bit ends the sentence.
  std::vector<poslab::Sentence> corpus(1);
  std::size_t total = 0;
  for (std::uint8_t b : in.ConsumeRemainingBytes<std::uint8_t>()) {
    if (total == kMaxWords) break;
    corpus.back().push_back("w" + std::to_string(b & 15));
    ++total;
    if (b & 0x80) corpus.emplace_back();
  }

  // The vocabulary by hand: counts, words reaching min_count, most frequent first, ties in order of appearance.
  std::map<std::string, std::size_t> count, first_seen;
  for (const auto& s : corpus)
    for (const auto& w : s) first_seen.emplace(w, first_seen.size()), ++count[w];
  std::vector<std::string> vocabulary;
  for (const auto& [w, c] : count)
    if (c >= static_cast<std::size_t>(params.min_count)) vocabulary.push_back(w);
  std::sort(vocabulary.begin(), vocabulary.end(), [&](const std::string& a, const std::string& b) {
    return count[a] != count[b] ? count[a] > count[b] : first_seen[a] < first_seen[b];
  });

  poslab::SkipGram model(params);
  const std::string refusal = total == 0 ? "empty text" : vocabulary.empty() ? "empty_vocabulary min_count" : "";
  FUZZ_CHECK(poslab_fuzz::error_and_argument([&] { model.prepare(corpus); }) == refusal);
  if (!refusal.empty()) {
    FUZZ_CHECK(poslab_fuzz::error_code([&] { model.vector("w0"); }) == "not_trained");
    return 0;
  }
  FUZZ_CHECK(model.words() == vocabulary && model.corpus_words() == total);
  for (std::size_t i = 0; i < vocabulary.size(); ++i) FUZZ_CHECK(model.counts()[i] == count[vocabulary[i]]);

  // Training in slices of any size ends where one train() call ends, bit for bit: the rate depends only on
  // the position in the corpus, and the one generator runs in the same order (and the seed fixes everything).
  while (!model.finished()) {
    const poslab::TrainingProgress p = model.train_some(in.ConsumeIntegralInRange<std::size_t>(0, 40));
    FUZZ_CHECK(p.progress >= 0 && p.progress <= 1 && std::isfinite(p.loss) && p.loss >= 0);
  }
  const poslab::TrainingProgress end = model.progress();
  FUZZ_CHECK(end.finished && end.progress == 1 && end.words_done == total * static_cast<std::size_t>(params.epochs));
  FUZZ_CHECK(end.effective_words <= end.words_done);
  poslab::SkipGram again(params);
  FUZZ_CHECK(again.train(corpus) && again.finished());
  const poslab::MatrixF vectors = model.vectors();
  FUZZ_CHECK(vectors.rows() == static_cast<Eigen::Index>(vocabulary.size()) && vectors.cols() == params.vector_size);
  FUZZ_CHECK(vectors.allFinite());
  FUZZ_CHECK((vectors.array() == again.vectors().array()).all());

  // What the lesson reads: cosines in [−1, 1], a word's own cosine 1 (or 0 for a zero vector), neighbours
  // closest first without the word itself; a word outside the vocabulary is unknown_word.
  const std::string& word = vocabulary[in.ConsumeIntegralInRange<std::size_t>(0, vocabulary.size() - 1)];
  const double self = model.similarity(word, word);
  FUZZ_CHECK(std::abs(self - 1) < 1e-5 || self == 0);
  const int k = in.ConsumeIntegralInRange(1, 20);
  const std::vector<poslab::Neighbour> near = model.most_similar(word, k);
  FUZZ_CHECK(near.size() == std::min<std::size_t>(static_cast<std::size_t>(k), vocabulary.size() - 1));
  for (std::size_t i = 0; i < near.size(); ++i) {
    FUZZ_CHECK(near[i].first != word && std::abs(near[i].second) <= 1 + 1e-5);
    FUZZ_CHECK(std::abs(model.similarity(word, near[i].first) - near[i].second) < 1e-4);
    if (i > 0) FUZZ_CHECK(near[i - 1].second >= near[i].second);
  }
  FUZZ_CHECK(poslab_fuzz::error_code([&] { model.vector("not a word"); }) == "unknown_word");
  return 0;
}
