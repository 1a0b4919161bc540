// The six positional methods of TinyTransformer, one class each (see transformer_positions.hpp), in the order
// of PositionalMethod: none, sinusoidal, learned, rope, alibi, t5.
#include "transformer_positions.hpp"

#include <algorithm>
#include <cmath>

#include "poslab/encoding.hpp"
#include "poslab/position_bias.hpp"
#include "poslab/rope.hpp"

namespace poslab {
namespace {

/// No positions: attention sees a bag of tokens; only a causal mask, if any, breaks the symmetry.
class NoPositions final : public Positions {};

/// The paper's fixed table (encoding.hpp, variant paper) added to the token embeddings.
class Sinusoidal final : public Positions {
 public:
  explicit Sinusoidal(std::size_t d) : d_(d) {}

  void prepare(std::size_t n) override {
    if (n <= rows_) return;
    table_.resize(n * d_);
    positional_encoding_into(table_.data(), static_cast<int>(n), static_cast<int>(d_), SinusoidVariant::paper);
    rows_ = n;
  }

  void add_to_embeddings(float* x, std::size_t rows, std::size_t n, std::size_t first, const float*) const override {
    for (std::size_t r = 0; r < rows; ++r) {
      const float* pe = table_.data() + (first + r % n) * d_;
      for (std::size_t j = 0; j < d_; ++j) x[r * d_ + j] += pe[j];
    }
  }

 private:
  std::size_t d_, rows_ = 0;
  std::vector<float> table_;  // rows_ × d: PE(pos, j)
};

/// nn.Embedding(max_len, d_model), "position.weight", added to the token embeddings.
class Learned final : public Positions {
 public:
  Learned(std::size_t max_len, std::size_t d) : max_len_(max_len), d_(d) {}

  std::vector<PositionalTensor> tensors() const override {
    return {{"position.weight", {static_cast<int>(max_len_), static_cast<int>(d_)}}};
  }
  void initialise(TorchGenerator& generator, float* first) const override { normal_fill(generator, first, max_len_ * d_); }

  void add_to_embeddings(float* x, std::size_t rows, std::size_t n, std::size_t first, const float* parameters) const override {
    const float* table = parameters + offset_;
    for (std::size_t r = 0; r < rows; ++r) {
      const float* row = table + (first + r % n) * d_;
      for (std::size_t j = 0; j < d_; ++j) x[r * d_ + j] += row[j];
    }
  }

  // Each position's row gets the gradient of every token that read it.
  void embeddings_backward(const float* dx, std::size_t rows, std::size_t n, float* grads) const override {
    float* table = grads + offset_;
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t j = 0; j < d_; ++j) table[(r % n) * d_ + j] += dx[r * d_ + j];
  }

 private:
  std::size_t max_len_, d_;
};

/// Queries and keys of every head turned per pair (2i, 2i+1) by position × θ_i, base 10000 (rope.hpp): the
/// lessons' own turn. Its gradient turns back by −θ.
class Rope final : public Positions {
 public:
  explicit Rope(std::size_t d_head) : dh_(d_head) {}

  void prepare(std::size_t n) override {
    if (n <= rows_) return;
    table_.resize(n * dh_);
    sinusoid_table_into(table_.data(), static_cast<int>(n), static_cast<int>(dh_), SinusoidVariant::paper, kDefaultBase);
    rows_ = n;
  }

  bool turns_queries_and_keys() const override { return true; }

  void turn(float* x, std::size_t count, std::size_t n, std::size_t first, bool inverse) const override {
    for (std::size_t s = 0; s < count; ++s) rope_rotate_rows(x + s * n * dh_, n, dh_, table_.data() + first * dh_, inverse);
  }

 private:
  std::size_t dh_, rows_ = 0;
  std::vector<float> table_;  // rows_ × d_head: [sin θ0, cos θ0, sin θ1, cos θ1, …] per position
};

/// ALiBi: −slope_h·|i − j| added to head h's scores, the slopes of the paper's get_slopes (position_bias.hpp),
/// rounded to float as alibi_bias does.
class Alibi final : public Positions {
 public:
  explicit Alibi(int heads) {
    for (double s : alibi_slopes(heads)) slopes_.push_back(static_cast<float>(s));
  }

  void bias_row(float* row, std::size_t head, std::size_t position, std::size_t keys, const float*) const override {
    const float slope = slopes_[head];
    for (std::size_t j = 0; j < keys; ++j) {
      const float distance = static_cast<float>(position > j ? position - j : j - position);
      row[j] += -(slope * distance);
    }
  }

 private:
  std::vector<float> slopes_;
};

/// T5: a learned bias per bucket of j − i and head, nn.Embedding(32, heads) "relative_bias.weight", shared by
/// every layer; bidirectional buckets unless the model is causal (position_bias.hpp's _relative_position_bucket).
class T5 final : public Positions {
 public:
  T5(int heads, bool causal) : heads_(static_cast<std::size_t>(heads)), bidirectional_(!causal) {}

  std::vector<PositionalTensor> tensors() const override {
    return {{"relative_bias.weight", {kTransformerT5Buckets, static_cast<int>(heads_)}}};
  }
  void initialise(TorchGenerator& generator, float* first) const override {
    normal_fill(generator, first, static_cast<std::size_t>(kTransformerT5Buckets) * heads_);
  }

  // The bucket depends only on j − i: one per offset −(n − 1) … n − 1.
  void prepare(std::size_t n) override {
    if (n <= rows_) return;
    by_offset_.resize(2 * n - 1);
    const long long span = static_cast<long long>(n) - 1;
    for (long long offset = -span; offset <= span; ++offset)
      by_offset_[static_cast<std::size_t>(offset + span)] =
          t5_relative_bucket(offset, bidirectional_, kTransformerT5Buckets, kTransformerT5MaxDistance);
    rows_ = n;
  }

  void bias_row(float* row, std::size_t head, std::size_t position, std::size_t keys, const float* parameters) const override {
    const float* table = parameters + offset_;
    for (std::size_t j = 0; j < keys; ++j) row[j] += table[bucket(position, j) * heads_ + head];
  }

  void bias_backward(const float* dscores, std::size_t head, std::size_t n, float* grads) const override {
    float* table = grads + offset_;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) table[bucket(i, j) * heads_ + head] += dscores[i * n + j];
  }

 private:
  std::size_t bucket(std::size_t i, std::size_t j) const {
    return static_cast<std::size_t>(by_offset_[j + rows_ - 1 - i]);
  }

  std::size_t heads_, rows_ = 0;
  bool bidirectional_;
  std::vector<int> by_offset_;  // bucket of j − i at index (j − i) + rows_ − 1
};

}  // namespace

std::unique_ptr<Positions> make_positions(const TransformerConfig& c) {
  const auto d = static_cast<std::size_t>(c.d_model);
  switch (c.positional) {
    case PositionalMethod::none: return std::make_unique<NoPositions>();
    case PositionalMethod::sinusoidal: return std::make_unique<Sinusoidal>(d);
    case PositionalMethod::learned: return std::make_unique<Learned>(static_cast<std::size_t>(c.max_len), d);
    case PositionalMethod::rope: return std::make_unique<Rope>(static_cast<std::size_t>(c.d_model / c.heads));
    case PositionalMethod::alibi: return std::make_unique<Alibi>(c.heads);
    case PositionalMethod::t5: return std::make_unique<T5>(c.heads, c.causal);
  }
  return std::make_unique<NoPositions>();  // validate_transformer_config refuses any other value first
}

}  // namespace poslab
