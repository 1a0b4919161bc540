// poslab/random.hpp — PyTorch's CPU random generator, reproduced: mt19937 seeded as torch.manual_seed does,
// its float/double uniforms, and the normal fill of tensor.normal_() that nn.Embedding's initialisation uses.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace poslab {

/// torch.manual_seed's range: any unsigned 64-bit integer (the engine itself keeps only the low 32 bits).
using TorchSeed = std::uint64_t;

/// The seed a fresh torch CPU generator starts from (default_rng_seed_val in ATen).
inline constexpr TorchSeed kTorchDefaultSeed = 67280421310721ULL;

/// A decimal seed as text ("0" … "18446744073709551615"): digits only, no sign, no spaces, at most 2^64-1.
/// Throws not_integer for anything else that is not a whole number, out_of_range above 2^64-1 or below 0.
TorchSeed parse_torch_seed(std::string_view text);

/// ATen's CPUGeneratorImpl: at::mt19937 plus the cached second value of the double Box-Muller.
class TorchGenerator {
 public:
  explicit TorchGenerator(TorchSeed seed = kTorchDefaultSeed) { manual_seed(seed); }

  /// torch.manual_seed(seed): re-seeds the engine and forgets the cached normal value.
  void manual_seed(TorchSeed seed);
  TorchSeed initial_seed() const { return seed_; }

  /// The next 32-bit output of mt19937 (CPUGeneratorImpl::random).
  std::uint32_t random();
  /// Two outputs, the first in the high half (CPUGeneratorImpl::random64).
  std::uint64_t random64();

  /// at::uniform_real_distribution<float>(0, 1): the low 24 bits of random() times 2^-24.
  float uniform_float();
  /// at::uniform_real_distribution<double>(0, 1): the low 53 bits of random64() times 2^-53.
  double uniform_double();
  /// at::normal_distribution<double>(0, 1): Box-Muller in double, the sine half kept for the next call.
  double normal_double();

 private:
  void twist_state();

  static constexpr int kStateSize = 624;
  std::array<std::uint32_t, kStateSize> state_{};
  int left_ = 1;
  int next_ = 0;
  TorchSeed seed_ = 0;
  std::optional<double> next_normal_;
};

/// tensor.normal_(mean, std) on a contiguous float32 tensor of `count` values, as PyTorch's CPU kernel fills it:
/// count >= 16: every value drawn as a float uniform first, then Box-Muller on blocks of 16 (value j pairs with
///   j+8) with avx_mathfun's float log and sincos (the AVX2 kernel PyTorch runs on x86-64); when count is not a
///   multiple of 16, the last 16 values are drawn afresh and transformed again;
/// count < 16: one at::normal_distribution<double> draw per value, rounded to float.
void normal_fill(TorchGenerator& generator, float* out, std::size_t count, float mean = 0.0f, float std = 1.0f);

/// tensor.normal_(mean, std) on a contiguous float64 tensor (torch.randn(..., dtype=torch.float64)), as PyTorch's
/// generic CPU kernel fills it: count >= 16: every value drawn as a double uniform first, then Box-Muller in
/// double (std::log, std::cos, std::sin) on blocks of 16 (value j pairs with j+8), the last 16 drawn afresh when
/// count is not a multiple of 16; count < 16: one at::normal_distribution<double> draw per value.
void normal_fill(TorchGenerator& generator, double* out, std::size_t count, double mean = 0.0, double std = 1.0);

/// tensor.uniform_(from, to) on float32: uniform_float() · (to − from) + from, with one rounding (PyTorch's build
/// fuses the multiply-add).
void uniform_fill(TorchGenerator& generator, float* out, std::size_t count, float from = 0.0f, float to = 1.0f);

/// The float natural logarithm and sine/cosine of avx_mathfun.h (Cephes polynomials), lane by lane, exposed so
/// the tests can check them against the C library. Valid for x > 0 (log) and |x| < 8192 (sincos).
float cephes_log(float x);
/// a·b + c rounded once to float, as the vector code computes it (no fused instruction needed): for the tests.
float fused_multiply_add(float a, float b, float c);
void cephes_sincos(float x, float& sine, float& cosine);

}  // namespace poslab
