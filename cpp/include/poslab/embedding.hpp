// poslab/embedding.hpp — embedding tables with PyTorch's seeded initialisation (torch.manual_seed(seed);
// nn.Embedding(V, D)), the lookup of a sentence's token ids, and document 000's steps x·√d + PE.
#pragma once

#include <cstddef>
#include <vector>

#include "poslab/encoding.hpp"
#include "poslab/random.hpp"

namespace poslab {

inline constexpr long long kMaxVocabularySize = 1LL << 25;  // GPT-2's 50257 rows fit many times over

/// vocab_size in [1, 2^25], dim in [1, 65536], vocab_size × dim within kMaxMatrixValues.
void validate_embedding_shape(long long vocab_size, long long dim);

/// torch.manual_seed(seed); nn.Embedding(vocab_size, dim).weight, row-major: weight.normal_(0, 1) on a fresh
/// generator (see random.hpp). Bit for bit what PyTorch 1.13 gives on x86-64.
MatrixF torch_embedding(long long vocab_size, long long dim, TorchSeed seed);

/// The same, written into `out` (vocab_size × dim floats).
void torch_embedding_into(float* out, long long vocab_size, long long dim, TorchSeed seed);

/// nn.Embedding's forward: row ids[i] of the table for each i. An id outside [0, vocab_size) throws
/// out_of_range naming its position (`index`) in the sequence; an empty sequence throws empty.
MatrixF embedding_lookup(const MatrixF& table, const std::vector<long long>& ids);

/// Every intermediate of document 000's forward pass for one sentence, as PyTorch computes it in float32.
struct EmbeddingSteps {
  MatrixF embedded;     ///< the looked-up rows
  MatrixF scaled;       ///< embedded · √d_model (or embedded itself when scaling is off)
  MatrixF positional;   ///< the encoding's rows 0 … n-1
  MatrixF encoded;      ///< scaled + positional
  MatrixF shift;        ///< encoded − embedded: what the layer did to each embedding
  MatrixF shift_scaled; ///< encoded − scaled: the positional rows again, up to float rounding
  /// Largest |shift_scaled − positional|, and the largest rounding it may come from: half a unit in the last
  /// place of `encoded` (the sum) plus half a unit of `shift_scaled` (the difference), over the matrix.
  double max_deviation = 0.0;
  double rounding_bound = 0.0;
  /// Largest |value| of shift and of shift_scaled: the document's "some values leave [-1, 1]" and "none do".
  double largest_shift = 0.0;
  double largest_shift_scaled = 0.0;
};

/// Lookup, then x·√d (scale = true) + PE of the given variant. d_model = the table's width, which must be even.
EmbeddingSteps embedding_steps(const MatrixF& table, const std::vector<long long>& ids, SinusoidVariant variant,
                               bool scale);

/// The idea document 000 rejects: add the raw position index instead of PE, x·√d + pos in every dimension
/// (x + pos when scale is false). Row i of `embeddings` is position i.
MatrixF add_position_index(const MatrixF& embeddings, bool scale);

}  // namespace poslab
