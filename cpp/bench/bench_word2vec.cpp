// Native skip-gram training speed for scripts/bench.mjs: corpus words × epochs per second of training
// (tokenizing and building the vocabulary are not timed), printed as JSON.
// Usage: poslab_bench_word2vec <text file> <repeats> <vector_size>...
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "poslab/tokenize.hpp"
#include "poslab/word2vec.hpp"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s <text file> <repeats> <vector_size>...\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text;
  for (int i = 0; i < std::atoi(argv[2]); ++i) text += buffer.str() + "\n";
  const auto corpus = poslab::tokenize_corpus(text);
  std::printf("[\n");
  for (int k = 3; k < argc; ++k) {
    poslab::SkipGramParams params;
    params.vector_size = std::atoi(argv[k]);
    poslab::SkipGram model(params);
    model.prepare(corpus);
    const auto start = std::chrono::steady_clock::now();
    poslab::TrainingProgress p;
    while (!model.finished()) p = model.train_some(100000);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("  {\"case\": \"word2vec %d\", \"words_per_second\": %.1f, \"words\": %zu}%s\n", params.vector_size,
                static_cast<double>(p.words_done) / seconds, p.words_done, k + 1 < argc ? "," : "");
  }
  std::printf("]\n");
}
