// Scaled dot-product self-attention. The two products that cost n²·d, Q·Kᵀ and weights·V, both go through
// row_dots() (SIMD, cache-blocked); the projections X·W are Eigen products and the softmax a plain loop.
#include "poslab/attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "poslab/errors.hpp"
#include "row_dots.hpp"

namespace poslab {
namespace {

void check_input(const MatrixF& x) {
  require_range("seq_len", x.rows(), 1, kMaxAttentionLength);
  require_range("dim", x.cols(), 1, kMaxModelWidth);
  require_within_cap("seq_len", static_cast<std::size_t>(x.size()), "seq_len × dim");
  require_finite("x", x.data(), static_cast<std::size_t>(x.size()));
}

void check_projection(const char* name, const MatrixF& w, Eigen::Index dim) {
  require_size(name, static_cast<std::size_t>(w.rows()), static_cast<std::size_t>(dim), "dim (its rows)");
  require_range(name, w.cols(), 1, kMaxModelWidth);
  require_within_cap(name, static_cast<std::size_t>(w.size()), std::string(name) + " rows × columns");
  require_finite(name, w.data(), static_cast<std::size_t>(w.size()));
}

// Row-wise softmax in place, after scaling by `scale`; masked entries (j > i when causal, j >= keys for
// padding keys) become exactly 0. keys >= 1, so every row sees at least key 0.
void softmax_rows(MatrixF& scores, float scale, bool causal, Eigen::Index keys) {
  const Eigen::Index n = scores.rows(), m = scores.cols();
  for (Eigen::Index i = 0; i < n; ++i) {
    float* row = scores.row(i).data();
    const Eigen::Index seen = std::min<Eigen::Index>(causal ? std::min<Eigen::Index>(i + 1, m) : m, keys);
    float top = -std::numeric_limits<float>::infinity();
    for (Eigen::Index j = 0; j < seen; ++j) top = std::max(top, row[j] * scale);
    double sum = 0.0;
    for (Eigen::Index j = 0; j < seen; ++j) {
      const double e = std::exp(static_cast<double>(row[j] * scale - top));
      row[j] = static_cast<float>(e);
      sum += e;
    }
    for (Eigen::Index j = 0; j < seen; ++j) row[j] = static_cast<float>(row[j] / sum);
    for (Eigen::Index j = seen; j < m; ++j) row[j] = 0.0f;
  }
}

// 0 means "no padding": every key is real. Otherwise 1..seq_len, so no row is ever fully masked.
Eigen::Index real_keys(long long key_length, Eigen::Index n) {
  if (key_length == 0) return n;
  require_range("key_length", key_length, 1, static_cast<long long>(n));
  return static_cast<Eigen::Index>(key_length);
}

AttentionResult attend(const MatrixF& q, const MatrixF& k, const MatrixF& v, bool causal, Eigen::Index keys) {
  const std::size_t n = static_cast<std::size_t>(q.rows());
  AttentionResult result;
  result.weights.resize(q.rows(), q.rows());
  row_dots(q.data(), n, k.data(), n, static_cast<std::size_t>(q.cols()), result.weights.data());
  softmax_rows(result.weights, 1.0f / std::sqrt(static_cast<float>(q.cols())), causal, keys);
  const MatrixF vt = v.transpose();  // row_dots wants the columns of V as contiguous rows
  result.output.resize(q.rows(), v.cols());
  row_dots(result.weights.data(), n, vt.data(), static_cast<std::size_t>(vt.rows()), n, result.output.data());
  return result;
}

}  // namespace

AttentionResult self_attention(const MatrixF& x, const MatrixF& wq, const MatrixF& wk, const MatrixF& wv,
                               bool causal, long long key_length) {
  check_input(x);
  const Eigen::Index keys = real_keys(key_length, x.rows());
  check_projection("wq", wq, x.cols());
  check_projection("wk", wk, x.cols());
  check_projection("wv", wv, x.cols());
  require_size("wk", static_cast<std::size_t>(wk.cols()), static_cast<std::size_t>(wq.cols()),
               "the columns of wq (queries and keys need the same width)");
  require_within_cap("seq_len", count_of({static_cast<std::uint64_t>(x.rows()), static_cast<std::uint64_t>(x.rows())}),
                     "seq_len × seq_len");
  const MatrixF q = x * wq, k = x * wk, v = x * wv;
  return attend(q, k, v, causal, keys);
}

AttentionResult self_attention(const MatrixF& x, bool causal, long long key_length) {
  check_input(x);
  return attend(x, x, x, causal, real_keys(key_length, x.rows()));
}

void validate_permutation(const std::vector<int>& order, std::size_t n) {
  require_size("order", order.size(), n, "the number of rows");
  // Where each row number was first used, so a repeat can name both places (0,0,1: "0 at 0 and at 1").
  std::vector<long long> first(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    const int r = order[i];
    if (r < 0 || static_cast<std::size_t>(r) >= n) {
      throw ArgumentError("order must hold each row number from 0 to " + std::to_string(n - 1) +
                              " exactly once (position " + std::to_string(i) + " holds " + std::to_string(r) + ")",
                          "not_permutation", "order",
                          {{"index", static_cast<double>(i)}, {"value", static_cast<double>(r)},
                           {"max", static_cast<double>(n - 1)}});
    }
    const std::size_t row = static_cast<std::size_t>(r);
    if (first[row] >= 0) {
      throw ArgumentError("order must hold each row number once, but " + std::to_string(r) + " is at position " +
                              std::to_string(first[row]) + " and again at " + std::to_string(i),
                          "repeated_position", "order",
                          {{"index", static_cast<double>(i)}, {"value", static_cast<double>(r)},
                           {"first", static_cast<double>(first[row])}, {"max", static_cast<double>(n - 1)}});
    }
    first[row] = static_cast<long long>(i);
  }
}

std::vector<double> permutation_row_gaps(const MatrixF& original, const MatrixF& reordered, const std::vector<int>& order) {
  require_size("reordered", static_cast<std::size_t>(reordered.rows()), static_cast<std::size_t>(original.rows()),
               "the rows of original");
  require_size("reordered", static_cast<std::size_t>(reordered.cols()), static_cast<std::size_t>(original.cols()),
               "the columns of original");
  validate_permutation(order, static_cast<std::size_t>(original.rows()));
  require_finite("original", original.data(), static_cast<std::size_t>(original.size()));
  require_finite("reordered", reordered.data(), static_cast<std::size_t>(reordered.size()));
  std::vector<double> gaps(static_cast<std::size_t>(reordered.rows()));
  for (Eigen::Index i = 0; i < reordered.rows(); ++i) {
    gaps[i] = static_cast<double>((reordered.row(i) - original.row(order[i])).cwiseAbs().maxCoeff());
  }
  return gaps;
}

double permutation_gap(const MatrixF& original, const MatrixF& reordered, const std::vector<int>& order) {
  const std::vector<double> gaps = permutation_row_gaps(original, reordered, order);
  return *std::max_element(gaps.begin(), gaps.end());
}

}  // namespace poslab
