// A·Bᵀ for row-major A and B: each output is the dot product of two contiguous rows, so the kernel walks
// both rows together with 4-lane vectors. A tile of outputs (2 or 3 rows of A × 4 rows of B) shares its
// loads, and B is taken in panels small enough to stay in cache while all of A streams past.
#include "row_dots.hpp"

#include <algorithm>

#include "simd.hpp"

namespace poslab {
namespace {

using simd::f32x4;

// Measured on 2000×512 (shapes 2×2, 2×4, 3×3, 3×4, 4×2, 4×4, and outer-product kernels over a packed B):
// in WebAssembly, where V8 allocates the registers, 2×4 was best by 20–40%; natively (g++, SSE2) 3×4 was
// best (12 accumulators + 4 loads fill the 16 XMM registers exactly), about 12% ahead of 2×4.
#if defined(__wasm__)
constexpr std::size_t kTileA = 2;
#else
constexpr std::size_t kTileA = 3;
#endif
constexpr std::size_t kTileB = 4;
constexpr std::size_t kPanelBytes = 128 * 1024;  // B panel kept in L2 while A streams

// Dot products of RA consecutive rows of A with RB consecutive rows of B (rows are dim floats apart);
// the dim % 4 tail runs as scalars.
template <std::size_t RA, std::size_t RB>
void tile(const float* a, const float* b, std::size_t dim, float* out, std::size_t out_stride) {
  f32x4 acc[RA][RB] = {};
  std::size_t k = 0;
  for (; k + 4 <= dim; k += 4) {
    f32x4 va[RA], vb[RB];
    for (std::size_t i = 0; i < RA; ++i) va[i] = simd::load(a + i * dim + k);
    for (std::size_t j = 0; j < RB; ++j) vb[j] = simd::load(b + j * dim + k);
    for (std::size_t i = 0; i < RA; ++i)
      for (std::size_t j = 0; j < RB; ++j) acc[i][j] += va[i] * vb[j];
  }
  for (std::size_t i = 0; i < RA; ++i) {
    for (std::size_t j = 0; j < RB; ++j) {
      float sum = simd::sum_lanes(acc[i][j]);
      for (std::size_t t = k; t < dim; ++t) sum += a[i * dim + t] * b[j * dim + t];
      out[i * out_stride + j] = sum;
    }
  }
}

// A tile of RA rows of A against rows [j, end) of B: full 4-row groups, then the 1–3 rows left.
template <std::size_t RA>
void tile_row(const float* a, const float* b, std::size_t j, std::size_t end, std::size_t dim, float* out,
              std::size_t stride) {
  for (; j + kTileB <= end; j += kTileB) tile<RA, kTileB>(a, b + j * dim, dim, out + j, stride);
  for (; j < end; ++j) tile<RA, 1>(a, b + j * dim, dim, out + j, stride);
}

}  // namespace

void row_dots(const float* a, std::size_t rows_a, const float* b, std::size_t rows_b, std::size_t dim, float* out) {
  const std::size_t panel = std::max<std::size_t>(kTileB, (kPanelBytes / (dim * sizeof(float))) / kTileB * kTileB);
  for (std::size_t b0 = 0; b0 < rows_b; b0 += panel) {
    const std::size_t b_end = std::min(rows_b, b0 + panel);
    std::size_t i = 0;
    for (; i + kTileA <= rows_a; i += kTileA)
      tile_row<kTileA>(a + i * dim, b, b0, b_end, dim, out + i * rows_b, rows_b);
    for (; i < rows_a; ++i) tile_row<1>(a + i * dim, b, b0, b_end, dim, out + i * rows_b, rows_b);  // 1–2 left
  }
}

}  // namespace poslab
