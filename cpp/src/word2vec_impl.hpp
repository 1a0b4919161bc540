// The inside of SkipGram, shared by its three sources: word2vec_prepare.cpp (parameters, vocabulary,
// subsampling, noise table, initial vectors), word2vec.cpp (training) and word2vec_queries.cpp (what the lesson
// reads from a trained model). The two SIMD inner loops are inline here so each caller compiles them in place.
#pragma once

#include <cstddef>

#include "simd.hpp"

namespace poslab {
namespace word2vec_detail {

constexpr std::size_t kMaxSentenceLength = 10000;  // gensim's MAX_WORDS_IN_BATCH: longer sentences are cut

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

}  // namespace word2vec_detail
}  // namespace poslab
