// What the lesson reads from a trained SkipGram (vocabulary look-ups, vectors, cosine similarities, nearest
// neighbours, a 2-D PCA view) and document 001's three word+position similarities. Training is word2vec.cpp.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "poslab/errors.hpp"
#include "poslab/word2vec.hpp"
#include "word2vec_impl.hpp"

namespace poslab {

using word2vec_detail::dot;

std::size_t SkipGram::index_of(const std::string& word) const {
  require_prepared();
  const auto it = index_.find(word);
  if (it == index_.end()) {
    throw ArgumentError("\"" + word + "\" is not in the vocabulary", "unknown_word", "word", {{"word", word}});
  }
  return static_cast<std::size_t>(it->second);
}

std::vector<float> SkipGram::vector(const std::string& word) const {
  const float* r = row(syn0_, index_of(word));
  return std::vector<float>(r, r + params_.vector_size);
}

MatrixF SkipGram::vectors() const {
  require_prepared();
  MatrixF out(static_cast<Eigen::Index>(words_.size()), params_.vector_size);
  for (std::size_t i = 0; i < words_.size(); ++i)
    std::copy_n(row(syn0_, i), params_.vector_size, out.row(static_cast<Eigen::Index>(i)).data());
  return out;
}

double SkipGram::similarity(const std::string& a, const std::string& b) const {
  const float* va = row(syn0_, index_of(a));
  const float* vb = row(syn0_, index_of(b));
  const auto n = static_cast<std::size_t>(params_.vector_size);
  return cosine_similarity(va, n, vb, n);
}

std::vector<Neighbour> SkipGram::most_similar(const std::string& word, int k) const {
  require_range("topn", k, 1, kMaxNeighbours);
  const std::size_t target = index_of(word);
  const float* t = row(syn0_, target);
  const double t_norm = std::sqrt(static_cast<double>(dot(t, t, stride_)));
  std::vector<std::pair<float, std::size_t>> scored;
  scored.reserve(words_.size());
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (i == target) continue;
    const float* v = row(syn0_, i);
    const double norm = std::sqrt(static_cast<double>(dot(v, v, stride_))) * t_norm;
    scored.emplace_back(norm > 0 ? static_cast<float>(dot(t, v, stride_) / norm) : 0.0f, i);
  }
  const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(k), scored.size());
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(count), scored.end(),
                    [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
  std::vector<Neighbour> out;
  for (std::size_t i = 0; i < count; ++i) out.emplace_back(words_[scored[i].second], scored[i].first);
  return out;
}

WordProjection SkipGram::projection(int top) const {
  require_range("top", top, 2, kMaxPcaRows);
  const MatrixF all = vectors();
  const auto rows = std::min<Eigen::Index>(all.rows(), static_cast<Eigen::Index>(top));
  require_range("vocabulary", static_cast<long long>(rows), 2, kMaxPcaRows);
  const MatrixF head = all.topRows(rows);
  return {std::vector<std::string>(words_.begin(), words_.begin() + rows),
          principal_components({head.data(), static_cast<std::size_t>(rows), static_cast<std::size_t>(head.cols())}, 2)};
}

namespace {

void require_pca_shape(long long rows, long long dim) {
  require_range("rows", rows, 2, kMaxPcaRows);
  require_range("dim", dim, 1, kMaxPcaDim);
}

}  // namespace

MatrixF principal_components(MatrixView x, int components) {
  require_pca_shape(static_cast<long long>(x.rows), static_cast<long long>(x.dim));
  require_range("components", components, 1, static_cast<long long>(std::min(x.rows, x.dim)));
  require_finite("x", x.data, x.rows * x.dim);
  using MatrixD = Eigen::MatrixXd;
  const auto n = static_cast<Eigen::Index>(x.rows), d = static_cast<Eigen::Index>(x.dim);
  MatrixD centred = Eigen::Map<const MatrixF>(x.data, n, d).cast<double>();
  centred.rowwise() -= centred.colwise().mean();
  MatrixD projected(n, components);
  if (n <= d) {  // through the n × n Gram matrix: X Xᵀ = U Σ² Uᵀ, projection = U Σ
    Eigen::SelfAdjointEigenSolver<MatrixD> solver(centred * centred.transpose());
    for (int c = 0; c < components; ++c) {
      const Eigen::Index k = n - 1 - c;  // eigenvalues ascend
      projected.col(c) = solver.eigenvectors().col(k) * std::sqrt(std::max(0.0, solver.eigenvalues()(k)));
    }
  } else {  // through the d × d scatter matrix: projection = X V
    Eigen::SelfAdjointEigenSolver<MatrixD> solver(centred.transpose() * centred);
    for (int c = 0; c < components; ++c) projected.col(c) = centred * solver.eigenvectors().col(d - 1 - c);
  }
  for (int c = 0; c < components; ++c) {
    Eigen::Index at;
    projected.col(c).cwiseAbs().maxCoeff(&at);
    if (projected(at, c) < 0) projected.col(c) *= -1;
  }
  return projected.cast<float>();
}

MatrixF principal_components(const float* x, std::size_t size, int rows, int dim, int components) {
  require_pca_shape(rows, dim);  // before rows × dim is formed
  require_size("x", size, count_of({static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(dim)}), "rows × dim");
  return principal_components(MatrixView{x, static_cast<std::size_t>(rows), static_cast<std::size_t>(dim)}, components);
}

WordPositionSimilarities word_position_similarities(const float* a, const float* b, std::size_t d, int pos_a,
                                                    int pos_b, SinusoidVariant variant) {
  require_range("pos_a", pos_a, 0, kMaxWordPosition);
  require_range("pos_b", pos_b, 0, kMaxWordPosition);
  require_range("d_model", static_cast<long long>(d), 2, kMaxModelWidth);
  require_even("d_model", static_cast<long long>(d), "every sine column has its cosine partner");
  require_finite("a", a, d);
  require_finite("b", b, d);
  const int dm = static_cast<int>(d);
  const MatrixF pe_a = positional_encoding(pos_a + 1, dm, variant), pe_b = positional_encoding(pos_b + 1, dm, variant);
  const float* ra = pe_a.row(pos_a).data();
  const float* rb = pe_b.row(pos_b).data();
  // Document 001: paa[i] = paa[i]·sqrt(d_model) + pe1[i], computed in double and stored in a float32 array.
  std::vector<float> ca(d), cb(d);
  const double scale = std::sqrt(static_cast<double>(d));
  for (std::size_t i = 0; i < d; ++i) {
    ca[i] = static_cast<float>(static_cast<double>(a[i]) * scale + static_cast<double>(ra[i]));
    cb[i] = static_cast<float>(static_cast<double>(b[i]) * scale + static_cast<double>(rb[i]));
  }
  return {cosine_similarity(a, d, b, d), cosine_similarity(ra, d, rb, d), cosine_similarity(ca.data(), d, cb.data(), d)};
}

}  // namespace poslab
