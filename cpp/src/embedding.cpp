// Embedding tables: PyTorch's seeded initialisation (random.cpp does the drawing), the lookup of token ids and
// document 000's forward pass. The positional rows come from encoding.cpp's one formula; nothing here
// recomputes them.
#include "poslab/embedding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "poslab/errors.hpp"

namespace poslab {

void validate_embedding_shape(long long vocab_size, long long dim) {
  require_range("vocab_size", vocab_size, 1, kMaxVocabularySize);
  require_range("dim", dim, 1, kMaxModelWidth);
  require_within_cap("vocab_size", count_of({static_cast<std::uint64_t>(vocab_size), static_cast<std::uint64_t>(dim)}),
                     "vocab_size × dim");
}

void torch_embedding_into(float* out, long long vocab_size, long long dim, TorchSeed seed) {
  validate_embedding_shape(vocab_size, dim);
  TorchGenerator generator(seed);  // torch.manual_seed(seed)
  // nn.Embedding.__init__ draws nothing before reset_parameters(), which is init.normal_(weight) = normal_(0, 1).
  normal_fill(generator, out, static_cast<std::size_t>(vocab_size) * static_cast<std::size_t>(dim));
}

MatrixF torch_embedding(long long vocab_size, long long dim, TorchSeed seed) {
  validate_embedding_shape(vocab_size, dim);
  MatrixF table(vocab_size, dim);
  torch_embedding_into(table.data(), vocab_size, dim, seed);
  return table;
}

MatrixF embedding_lookup(const MatrixF& table, const std::vector<long long>& ids) {
  require_not_empty("ids", ids.size());
  require_within_cap("ids", count_of({ids.size(), static_cast<std::uint64_t>(table.cols())}), "ids × dim");
  const long long vocab_size = table.rows();
  MatrixF rows(static_cast<Eigen::Index>(ids.size()), table.cols());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const long long id = ids[i];
    if (id < 0 || id >= vocab_size) {
      throw ArgumentError("ids[" + std::to_string(i) + "] = " + std::to_string(id) +
                              " is not a row of the table: token ids go from 0 to " + std::to_string(vocab_size - 1),
                          "out_of_range", "ids",
                          {{"index", static_cast<double>(i)},
                           {"value", static_cast<double>(id)},
                           {"min", 0.0},
                           {"max", static_cast<double>(vocab_size - 1)}});
    }
    rows.row(static_cast<Eigen::Index>(i)) = table.row(id);
  }
  return rows;
}

EmbeddingSteps embedding_steps(const MatrixF& table, const std::vector<long long>& ids, SinusoidVariant variant,
                               bool scale) {
  EmbeddingSteps steps;
  steps.embedded = embedding_lookup(table, ids);
  const int rows = static_cast<int>(steps.embedded.rows());
  const int d_model = static_cast<int>(steps.embedded.cols());
  validate_encoding_shape(rows, d_model);
  // encoding.cpp holds the forward pass (x·√d in float, as torch, then + PE) and its factor; nothing is redone here.
  steps.encoded = add_positional_encoding(steps.embedded, variant, scale);
  steps.positional = positional_encoding(rows, d_model, variant);
  steps.scaled = (steps.embedded * embedding_scale_factor(d_model, scale)).eval();
  steps.shift = steps.encoded - steps.embedded;
  steps.shift_scaled = steps.encoded - steps.scaled;
  // shift_scaled = fl(fl(s + p) − s) is p up to two roundings: half a unit in the last place of encoded (the
  // sum) plus half a unit of shift_scaled (the difference, often exact by Sterbenz' lemma).
  const auto half_ulp = [](float x) {
    const float a = std::fabs(x);
    return 0.5 * static_cast<double>(std::nextafter(a, std::numeric_limits<float>::infinity()) - a);
  };
  for (Eigen::Index i = 0; i < steps.encoded.size(); ++i) {
    const float difference = steps.shift_scaled.data()[i];
    steps.rounding_bound = std::max(steps.rounding_bound, half_ulp(steps.encoded.data()[i]) + half_ulp(difference));
    steps.max_deviation = std::max(steps.max_deviation, std::fabs(static_cast<double>(difference) -
                                                                  static_cast<double>(steps.positional.data()[i])));
  }
  steps.largest_shift = steps.shift.cwiseAbs().maxCoeff();
  steps.largest_shift_scaled = steps.shift_scaled.cwiseAbs().maxCoeff();
  return steps;
}

MatrixF add_position_index(const MatrixF& embeddings, bool scale) {
  require_not_empty("embeddings", static_cast<std::size_t>(embeddings.size()));
  require_finite("embeddings", embeddings.data(), static_cast<std::size_t>(embeddings.size()));
  const float factor = embedding_scale_factor(static_cast<int>(embeddings.cols()), scale);
  MatrixF out = embeddings * factor;
  for (Eigen::Index i = 0; i < out.rows(); ++i) out.row(i).array() += static_cast<float>(i);
  require_result_finite("embeddings", out.data(), static_cast<std::size_t>(out.size()),
                        scale ? "embeddings × √dim + position" : "embeddings + position");
  return out;
}

}  // namespace poslab
