// PyTorch's CPU generator for the one use poslab has for it: torch.manual_seed(seed) followed by
// nn.Embedding(V, D), whose initialisation is weight.normal_(0, 1). Sources followed (PyTorch 1.13, the
// version Debian ships): aten/src/ATen/core/MT19937RNGEngine.h (engine and seeding),
// aten/src/ATen/CPUGeneratorImpl.cpp (random, random64, the normal cache), aten/src/ATen/core/
// TransformationHelper.h + DistributionsHelper.h (uniforms, the double Box-Muller) and
// aten/src/ATen/native/cpu/DistributionTemplates.h + avx_mathfun.h (the float Box-Muller of normal_).
//
// Bit for bit: the AVX2 kernel that x86-64 PyTorch runs evaluates log and sincos with avx_mathfun's Cephes
// polynomials (not SLEEF). GCC compiled that file with -mfma and contraction on, so most multiply-then-add
// pairs became single-rounding fused multiply-adds; which ones was read off the disassembly of the same code
// built by the same GCC 12.2 (matching PyTorch on 100% of 14 million values). The same operations, in the same
// order, are written below on 4-lane vectors (SSE natively, WebAssembly SIMD with -msimd128, scalar lanes in
// the scalar build), each fused one emulated exactly in double (neither SSE2 nor WebAssembly SIMD has an FMA).
// IEEE arithmetic gives the same bits on all three builds; the other multiplies and adds stay separate (the
// compilers have no fused instruction to contract them into at these targets).
#include "poslab/random.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "poslab/errors.hpp"
#include "simd.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

// Multiplies and adds written apart must stay apart even when the target has an FMA (-march=native):
// contracting them would change the bits.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace poslab {
namespace {

using simd::f32x4;
typedef std::int32_t i32x4 __attribute__((vector_size(16)));
typedef std::uint32_t u32x4 __attribute__((vector_size(16)));

inline u32x4 bits(f32x4 v) { return reinterpret_cast<u32x4>(v); }
inline f32x4 floats(u32x4 v) { return reinterpret_cast<f32x4>(v); }
inline u32x4 mask_of(i32x4 comparison) { return reinterpret_cast<u32x4>(comparison); }
inline f32x4 splat(float v) { return f32x4{v, v, v, v}; }
inline u32x4 splat_bits(std::uint32_t v) { return u32x4{v, v, v, v}; }

// Correctly rounded square root, 4 lanes (every path gives the same bits).
inline f32x4 sqrt4(f32x4 v) {
#if defined(__wasm_simd128__)
  return reinterpret_cast<f32x4>(wasm_f32x4_sqrt(reinterpret_cast<v128_t>(v)));
#elif defined(__SSE2__)
  return reinterpret_cast<f32x4>(_mm_sqrt_ps(reinterpret_cast<__m128>(v)));
#else
  return f32x4{std::sqrt(v[0]), std::sqrt(v[1]), std::sqrt(v[2]), std::sqrt(v[3])};
#endif
}

typedef double f64x2 __attribute__((vector_size(16)));
typedef std::int64_t i64x2 __attribute__((vector_size(16)));

inline void widen(f32x4 v, f64x2& low, f64x2& high) {
#if defined(__wasm_simd128__)
  const v128_t w = reinterpret_cast<v128_t>(v);
  low = reinterpret_cast<f64x2>(wasm_f64x2_promote_low_f32x4(w));
  high = reinterpret_cast<f64x2>(wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(w, w, 1, 0)));
#elif defined(__SSE2__)
  const __m128 w = reinterpret_cast<__m128>(v);
  low = reinterpret_cast<f64x2>(_mm_cvtps_pd(w));
  high = reinterpret_cast<f64x2>(_mm_cvtps_pd(_mm_movehl_ps(w, w)));
#else
  low = f64x2{v[0], v[1]};
  high = f64x2{v[2], v[3]};
#endif
}

inline f32x4 narrow(f64x2 low, f64x2 high) {
#if defined(__wasm_simd128__)
  const v128_t l = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(low));
  const v128_t h = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(high));
  return reinterpret_cast<f32x4>(wasm_i64x2_shuffle(l, h, 0, 2));
#elif defined(__SSE2__)
  // The intrinsics, not element casts: GCC 12's SLP vectoriser folded the casts' float -> double -> float
  // round trip away (keeping double precision between two multiply-adds), which changed the results.
  return _mm_movelh_ps(_mm_cvtpd_ps(reinterpret_cast<__m128d>(low)), _mm_cvtpd_ps(reinterpret_cast<__m128d>(high)));
#else
  return f32x4{static_cast<float>(low[0]), static_cast<float>(low[1]), static_cast<float>(high[0]),
               static_cast<float>(high[1])};
#endif
}

// p + c in double, rounded to odd: when the sum is inexact and its last bit is even, step one unit towards the
// exact value. Rounding that to float then equals rounding the exact p + c to float (no double rounding).
inline f64x2 add_round_to_odd(f64x2 p, f64x2 c) {
  const f64x2 s = p + c;
  const f64x2 b = s - p;
  const f64x2 error = (p - (s - b)) + (c - b);  // Knuth's two-sum: p + c = s + error exactly
  const i64x2 s_bits = reinterpret_cast<i64x2>(s);
  // 1 where the sum is inexact and its last bit even (only double comparisons and bit operations: GCC 12's
  // SLP vectoriser mishandled 64-bit integer comparisons here)
  const i64x2 step = ((s_bits & 1) ^ 1) & (error != 0.0);
  const i64x2 outward = ~((error > 0.0) ^ (s > 0.0));  // the exact value is farther from zero than s
  return reinterpret_cast<f64x2>(s_bits + ((step & outward) | (-step & ~outward)));
}

// a·b + c rounded once to float, as the fused multiply-adds that GCC made of avx_mathfun's separate
// _mm256_mul_ps/_mm256_add_ps when it compiled PyTorch's AVX2 kernel (-mfma, contraction on by default).
// The product of two floats is exact in double; the sum is rounded to odd, then to float.
inline f32x4 fused_multiply_add(f32x4 a, f32x4 b, f32x4 c) {
  f64x2 a0, a1, b0, b1, c0, c1;
  widen(a, a0, a1);
  widen(b, b0, b1);
  widen(c, c0, c1);
  const f64x2 p0 = a0 * b0, p1 = a1 * b1;
  const f64x2 s0 = p0 + c0, s1 = p1 + c1;
  // Rounding the double sum to float already rounds p + c correctly unless the sum landed exactly halfway
  // between two floats (its 29 low significand bits 1000…0); only then does its own rounding error decide,
  // and the rare slow path works it out.
  const u32x4 w0 = reinterpret_cast<u32x4>(s0), w1 = reinterpret_cast<u32x4>(s1);
  constexpr std::uint32_t kLow29 = 0x1fffffffu, kHalf = 0x10000000u;
  const bool halfway = ((w0[0] & kLow29) == kHalf) | ((w0[2] & kLow29) == kHalf) | ((w1[0] & kLow29) == kHalf) |
                       ((w1[2] & kLow29) == kHalf);
  if (halfway) return narrow(add_round_to_odd(p0, c0), add_round_to_odd(p1, c1));
  return narrow(s0, s1);
}

// avx_mathfun.h's constants, rounded to float exactly as its _PS256_CONST initialisers round them.
constexpr float kSqrtHalf = static_cast<float>(0.707106781186547524);
constexpr float kLogP[9] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                            -1.2420140846E-1f, +1.4249322787E-1f, -1.6668057665E-1f,
                            +2.0000714765E-1f, -2.4999993993E-1f, +3.3333331174E-1f};
constexpr float kLogQ1 = -2.12194440e-4f;
constexpr float kLogQ2 = 0.693359375f;
constexpr float kMinusDP1 = -0.78515625f;
constexpr float kMinusDP2 = -2.4187564849853515625e-4f;
constexpr float kMinusDP3 = -3.77489497744594108e-8f;
constexpr float kSinP0 = -1.9515295891E-4f, kSinP1 = 8.3321608736E-3f, kSinP2 = -1.6666654611E-1f;
constexpr float kCosP0 = 2.443315711809948E-005f, kCosP1 = -1.388731625493765E-003f,
                kCosP2 = 4.166664568298827E-002f;
constexpr float kFourOverPi = static_cast<float>(1.27323954473516);
constexpr std::uint32_t kMinNormPos = 0x00800000u, kExponentMask = 0x7f800000u, kSignMask = 0x80000000u;

// log256_ps, four lanes: x = m·2^e with m in [0.5, 1), then Cephes' degree-8 polynomial in (m - 1).
f32x4 log4(f32x4 x) {
  const f32x4 one = splat(1.0f);
  const u32x4 invalid = mask_of(x <= splat(0.0f));
  const f32x4 min_norm = floats(splat_bits(kMinNormPos));
  const u32x4 tiny = mask_of(x < min_norm);
  x = floats((tiny & bits(min_norm)) | (~tiny & bits(x)));  // max(x, min_norm): no denormals
  i32x4 exponent = reinterpret_cast<i32x4>(bits(x) >> 23);
  x = floats((bits(x) & ~splat_bits(kExponentMask)) | bits(splat(0.5f)));  // keep the mantissa, in [0.5, 1)
  exponent = exponent - 0x7f;
  f32x4 e = __builtin_convertvector(exponent, f32x4);
  e = e + one;
  const u32x4 below = mask_of(x < splat(kSqrtHalf));  // if m < sqrt(1/2): e -= 1, x = 2m - 1; else x = m - 1
  f32x4 tmp = floats(bits(x) & below);
  x = x - one;
  e = e - floats(bits(one) & below);
  x = x + tmp;

  // The multiply-adds PyTorch's binary fuses are fused here; the others stay two roundings.
  const f32x4 z = x * x;
  f32x4 y = splat(kLogP[0]);
  for (int k = 1; k < 9; ++k) y = fused_multiply_add(y, x, splat(kLogP[k]));
  y = y * x;
  y = fused_multiply_add(y, z, e * kLogQ1);
  y = y - z * 0.5f;  // fused in PyTorch too, but z·0.5 is exact
  x = x + y;
  x = x + e * kLogQ2;  // likewise: e is a small integer and kLogQ2 has 9 bits, so e·kLogQ2 is exact
  return floats(bits(x) | invalid);  // log of x <= 0 is NaN
}

// sincos256_ps, four lanes: reduce by multiples of pi/4 in three parts, then one of two polynomials per lane.
void sincos4(f32x4 x, f32x4& sine, f32x4& cosine) {
  u32x4 sign_sin = bits(x) & kSignMask;
  x = floats(bits(x) & ~splat_bits(kSignMask));
  f32x4 y = x * kFourOverPi;
  u32x4 j = reinterpret_cast<u32x4>(__builtin_convertvector(y, i32x4));  // truncation, as cvttps
  j = (j + 1u) & ~1u;  // j = (j + 1) & ~1, as Cephes
  y = __builtin_convertvector(reinterpret_cast<i32x4>(j), f32x4);
  const u32x4 swap_sign_sin = (j & 4u) << 29;
  const u32x4 poly_mask = mask_of(reinterpret_cast<i32x4>(j & 2u) == 0);
  const u32x4 sign_cos = (~(j - 2u) & 4u) << 29;

  // x = ((x - y·DP1) - y·DP2) - y·DP3: y ≤ 8 and DP1, DP2 are short, so only the last product is inexact.
  x = x + y * kMinusDP1;
  x = x + y * kMinusDP2;
  x = fused_multiply_add(y, splat(kMinusDP3), x);
  sign_sin = sign_sin ^ swap_sign_sin;

  const f32x4 z = x * x;
  const f32x4 half_z = z * 0.5f;
  f32x4 yc = fused_multiply_add(splat(kCosP0), z, splat(kCosP1));  // cosine polynomial, for |x| <= pi/4
  yc = fused_multiply_add(yc, z, splat(kCosP2));
  yc = yc * z;
  yc = fused_multiply_add(yc, z, -half_z);
  yc = yc + 1.0f;

  f32x4 ys = fused_multiply_add(splat(kSinP0), z, splat(kSinP1));  // sine polynomial
  ys = fused_multiply_add(ys, z, splat(kSinP2));
  ys = ys * z;
  ys = fused_multiply_add(ys, x, x);

  const f32x4 sin_from_s = floats(poly_mask & bits(ys));
  const f32x4 sin_from_c = floats(~poly_mask & bits(yc));
  ys = ys - sin_from_s;
  yc = yc - sin_from_c;
  const f32x4 s = sin_from_c + sin_from_s;
  const f32x4 c = yc + ys;
  sine = floats(bits(s) ^ sign_sin);
  cosine = floats(bits(c) ^ sign_cos);
}

// normal_fill_16_AVX2 on 16 uniforms in place: lanes j and j+8 are one Box-Muller pair (cosine, sine).
void box_muller_16(float* data, float mean, float std) {
  const f32x4 one = splat(1.0f), minus_two = splat(-2.0f);
  const f32x4 two_pi = splat(static_cast<float>(2.0 * 3.14159265358979323846));  // _mm256_set1_ps(2π)
  const bool unit = mean == 0.0f && std == 1.0f;
  for (int half = 0; half < 8; half += 4) {
    const f32x4 u1 = one - simd::load(data + half);
    const f32x4 u2 = simd::load(data + 8 + half);
    const f32x4 radius = sqrt4(minus_two * log4(u1));
    const f32x4 theta = two_pi * u2;
    f32x4 s, c;
    sincos4(theta, s, c);
    f32x4 n1 = radius * c, n2 = radius * s;
    if (unit) {  // fmadd(n, 1, 0) is n + 0 exactly (which turns -0 into +0, as the fused form does)
      n1 = n1 + 0.0f;
      n2 = n2 + 0.0f;
    } else {
      for (int k = 0; k < 4; ++k) {
        n1[k] = std::fma(n1[k], std, mean);
        n2[k] = std::fma(n2[k], std, mean);
      }
    }
    simd::store(data + half, n1);
    simd::store(data + 8 + half, n2);
  }
}

// normal_fill_16<double> (ATen/native/cpu/DistributionTemplates.h): the scalar template, in double throughout.
void box_muller_16(double* data, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1.0 - data[j];  // [0, 1) -> (0, 1] for the log
    const double u2 = data[j + 8];
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double theta = 2.0 * 3.14159265358979323846 * u2;
    data[j] = radius * std::cos(theta) * std + mean;
    data[j + 8] = radius * std::sin(theta) * std + mean;
  }
}

// PyTorch's normal_fill for 16 values or more: every value drawn uniform (uniform()), then transformed 16 at a
// time; when count is not a multiple of 16, the last 16 values are drawn again and transformed again.
template <class T, class Uniform>
void by_sixteen(T* out, std::size_t count, T mean, T std, Uniform uniform) {
  for (std::size_t i = 0; i < count; ++i) out[i] = uniform();
  for (std::size_t i = 0; i + 16 <= count; i += 16) box_muller_16(out + i, mean, std);
  if (count % 16 != 0) {  // the tail
    T* tail = out + count - 16;
    for (int i = 0; i < 16; ++i) tail[i] = uniform();
    box_muller_16(tail, mean, std);
  }
}

}  // namespace

TorchSeed parse_torch_seed(std::string_view text) {
  const std::string shown(text.substr(0, 40));
  if (text.empty()) throw ArgumentError("seed must be a whole number (got an empty text)", "not_integer", "seed");
  if (text[0] == '-' && text.size() > 1 && text.find_first_not_of("0123456789", 1) == std::string_view::npos) {
    throw ArgumentError("seed must be between 0 and 18446744073709551615 (got " + shown + ")", "out_of_range",
                        "seed", {{"value", shown}, {"min", 0.0}, {"max", std::string("18446744073709551615")}});
  }
  if (text.find_first_not_of("0123456789") != std::string_view::npos) {
    throw ArgumentError("seed must be a whole number written with digits only (got \"" + shown + "\")",
                        "not_integer", "seed", {{"value", shown}});
  }
  const std::size_t first = std::min(text.find_first_not_of('0'), text.size() - 1);  // leading zeros are fine
  const std::string_view digits = text.substr(first);
  constexpr std::string_view kMax = "18446744073709551615";
  if (digits.size() > kMax.size() || (digits.size() == kMax.size() && digits > kMax)) {
    throw ArgumentError("seed must be between 0 and 18446744073709551615 (got " + shown + ")", "out_of_range",
                        "seed", {{"value", shown}, {"min", 0.0}, {"max", std::string(kMax)}});
  }
  TorchSeed seed = 0;
  for (const char c : digits) seed = seed * 10 + static_cast<TorchSeed>(c - '0');
  return seed;
}

void TorchGenerator::manual_seed(TorchSeed seed) {
  seed_ = seed;
  next_normal_.reset();
  state_[0] = static_cast<std::uint32_t>(seed & 0xffffffffu);  // init_with_uint32: the high half is dropped
  for (int j = 1; j < kStateSize; ++j) {
    state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + static_cast<std::uint32_t>(j);
  }
  left_ = 1;
  next_ = 0;
}

void TorchGenerator::twist_state() {
  constexpr int kShift = 397;
  constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
  auto twist = [](std::uint32_t u, std::uint32_t v) {
    const std::uint32_t mixed = (u & 0x80000000u) | (v & 0x7fffffffu);
    return (mixed >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
  };
  int k = 0;
  for (; k < kStateSize - kShift; ++k) state_[k] = state_[k + kShift] ^ twist(state_[k], state_[k + 1]);
  for (; k < kStateSize - 1; ++k) state_[k] = state_[k + kShift - kStateSize] ^ twist(state_[k], state_[k + 1]);
  state_[k] = state_[k + kShift - kStateSize] ^ twist(state_[k], state_[0]);
  left_ = kStateSize;
  next_ = 0;
}

std::uint32_t TorchGenerator::random() {
  if (--left_ == 0) twist_state();
  std::uint32_t y = state_[next_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

std::uint64_t TorchGenerator::random64() {
  const std::uint32_t high = random();
  const std::uint32_t low = random();
  return (static_cast<std::uint64_t>(high) << 32) | low;
}

float TorchGenerator::uniform_float() {
  return static_cast<float>(random() & 0xffffffu) * (1.0f / 16777216.0f);
}

double TorchGenerator::uniform_double() {
  return static_cast<double>(random64() & ((std::uint64_t{1} << 53) - 1)) * (1.0 / 9007199254740992.0);
}

double TorchGenerator::normal_double() {
  if (next_normal_) {
    const double cached = *next_normal_;
    next_normal_.reset();
    return cached;
  }
  const double u1 = uniform_double();
  const double u2 = uniform_double();
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * 3.14159265358979323846 * u1;
  next_normal_ = r * std::sin(theta);
  return r * std::cos(theta);
}

void normal_fill(TorchGenerator& generator, float* out, std::size_t count, float mean, float std) {
  if (count < 16) {  // the scalar kernel: one double draw per value, transformed in double, rounded to float
    for (std::size_t i = 0; i < count; ++i) {
      out[i] = static_cast<float>(generator.normal_double() * static_cast<double>(std) + static_cast<double>(mean));
    }
    return;
  }
  by_sixteen(out, count, mean, std, [&generator] { return generator.uniform_float(); });
}


void normal_fill(TorchGenerator& generator, double* out, std::size_t count, double mean, double std) {
  if (count < 16) {  // the serial kernel: one at::normal_distribution<double> draw per value
    for (std::size_t i = 0; i < count; ++i) out[i] = generator.normal_double() * std + mean;
    return;
  }
  by_sixteen(out, count, mean, std, [&generator] { return generator.uniform_double(); });
}

void uniform_fill(TorchGenerator& generator, float* out, std::size_t count, float from, float to) {
  // x·(to − from) + from, which GCC fused into one multiply-add in PyTorch's build (as in normal_fill)
  const f32x4 width = splat(to - from), start = splat(from);
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    f32x4 x;
    for (int k = 0; k < 4; ++k) x[k] = generator.uniform_float();
    simd::store(out + i, fused_multiply_add(x, width, start));
  }
  for (; i < count; ++i) out[i] = fused_multiply_add(splat(generator.uniform_float()), width, start)[0];
}

float cephes_log(float x) { return log4(splat(x))[0]; }

float fused_multiply_add(float a, float b, float c) { return fused_multiply_add(splat(a), splat(b), splat(c))[0]; }

void cephes_sincos(float x, float& sine, float& cosine) {
  f32x4 s, c;
  sincos4(splat(x), s, c);
  sine = s[0];
  cosine = c[0];
}

}  // namespace poslab
