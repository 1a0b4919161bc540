// A·Bᵀ for row-major A and B: each output is the dot product of two contiguous rows, so the kernel walks
// both rows together with 4-lane vectors. A 3×4 tile of outputs shares its loads (7 vector loads feed 12
// multiply-adds), and B is taken in panels small enough to stay in cache while all of A streams past.
#include "row_dots.hpp"

#include <algorithm>

#include "simd.hpp"

namespace poslab {
namespace {

using simd::f32x4;

// 3 rows of A × 4 rows of B: 12 accumulators + 7 loaded vectors fit the 16 vector registers of x86-64
// best of the shapes measured (2×2, 2×4, 4×2, 3×4, 4×4) both natively and in WebAssembly.
constexpr std::size_t kTileA = 3, kTileB = 4;
constexpr std::size_t kPanelBytes = 128 * 1024;  // B panel kept in L2 while A streams

// Dot products of RA rows of A with RB rows of B; the dim % 4 tail runs as scalars.
template <std::size_t RA, std::size_t RB>
void tile(const float* const* a, const float* const* b, std::size_t dim, float* out, std::size_t out_stride) {
  f32x4 acc[RA][RB] = {};
  std::size_t k = 0;
  for (; k + 4 <= dim; k += 4) {
    f32x4 va[RA], vb[RB];
    for (std::size_t i = 0; i < RA; ++i) va[i] = simd::load(a[i] + k);
    for (std::size_t j = 0; j < RB; ++j) vb[j] = simd::load(b[j] + k);
    for (std::size_t i = 0; i < RA; ++i)
      for (std::size_t j = 0; j < RB; ++j) acc[i][j] += va[i] * vb[j];
  }
  for (std::size_t i = 0; i < RA; ++i) {
    for (std::size_t j = 0; j < RB; ++j) {
      float sum = simd::sum_lanes(acc[i][j]);
      for (std::size_t t = k; t < dim; ++t) sum += a[i][t] * b[j][t];
      out[i * out_stride + j] = sum;
    }
  }
}

// Dispatch a (ra × rb) tile to its fixed-size instance; the full 3×4 case is the hot one, the others
// cover the edges.
template <std::size_t RA>
void tile_rows(std::size_t rb, const float* const* a, const float* const* b, std::size_t dim, float* out,
               std::size_t stride) {
  switch (rb) {
    case 4: tile<RA, 4>(a, b, dim, out, stride); break;
    case 3: tile<RA, 3>(a, b, dim, out, stride); break;
    case 2: tile<RA, 2>(a, b, dim, out, stride); break;
    default: tile<RA, 1>(a, b, dim, out, stride); break;
  }
}

void any_tile(std::size_t ra, std::size_t rb, const float* const* a, const float* const* b, std::size_t dim,
              float* out, std::size_t stride) {
  switch (ra) {
    case 3: tile_rows<3>(rb, a, b, dim, out, stride); break;
    case 2: tile_rows<2>(rb, a, b, dim, out, stride); break;
    default: tile_rows<1>(rb, a, b, dim, out, stride); break;
  }
}

}  // namespace

void row_dots(const float* a, std::size_t rows_a, const float* b, std::size_t rows_b, std::size_t dim, float* out) {
  const std::size_t panel = std::max<std::size_t>(kTileB, (kPanelBytes / (dim * sizeof(float))) / kTileB * kTileB);
  for (std::size_t b0 = 0; b0 < rows_b; b0 += panel) {
    const std::size_t b_end = std::min(rows_b, b0 + panel);
    for (std::size_t i = 0; i < rows_a; i += kTileA) {
      const std::size_t ra = std::min(kTileA, rows_a - i);
      const float* rows_of_a[kTileA];
      for (std::size_t t = 0; t < ra; ++t) rows_of_a[t] = a + (i + t) * dim;
      for (std::size_t j = b0; j < b_end; j += kTileB) {
        const std::size_t rb = std::min(kTileB, b_end - j);
        const float* rows_of_b[kTileB];
        for (std::size_t t = 0; t < rb; ++t) rows_of_b[t] = b + (j + t) * dim;
        any_tile(ra, rb, rows_of_a, rows_of_b, dim, out + i * rows_b + j, rows_b);
      }
    }
  }
}

}  // namespace poslab
