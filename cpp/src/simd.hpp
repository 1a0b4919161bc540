// 128-bit float vectors in GCC/clang vector-extension form: SSE in the native build, WebAssembly SIMD in
// the -msimd128 build, and plain scalar code in the scalar WebAssembly build (clang splits the lanes).
// One spelling for all three keeps the native-versus-WebAssembly comparison of the benchmark fair.
#pragma once

#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>  // clang's own header (not Emscripten's): WebAssembly SIMD intrinsics
#endif

namespace poslab::simd {

typedef float f32x4 __attribute__((vector_size(16)));
typedef double f64x4 __attribute__((vector_size(32)));  // two 128-bit registers; rounds to one f32x4

inline f64x4 load(const double* p) {
  f64x4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store(float* p, f32x4 v) { std::memcpy(p, &v, sizeof v); }

/// Four doubles rounded to four floats. clang 14 splits __builtin_convertvector into lanes for
/// WebAssembly, so there it is spelt with f32x4.demote_f64x2_zero.
inline f32x4 round_to_floats(f64x4 v) {
#if defined(__wasm_simd128__)
  typedef double f64x2 __attribute__((vector_size(16)));
  const f64x2 low = __builtin_shufflevector(v, v, 0, 1), high = __builtin_shufflevector(v, v, 2, 3);
  const v128_t l = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(low));
  const v128_t h = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(high));
  return reinterpret_cast<f32x4>(wasm_i64x2_shuffle(l, h, 0, 2));
#else
  return __builtin_convertvector(v, f32x4);
#endif
}

inline f32x4 load(const float* p) {
  f32x4 v;
  std::memcpy(&v, p, sizeof v);  // an unaligned load (movups / v128.load)
  return v;
}

inline float sum_lanes(f32x4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }

}  // namespace poslab::simd
