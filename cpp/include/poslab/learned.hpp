// poslab/learned.hpp — document 004's learned absolute positions: a token table and a positional table drawn
// from one seeded generator, a batch of ids looked up, and the positional rows added to every window.
#pragma once

#include <vector>

#include "poslab/encoding.hpp"
#include "poslab/random.hpp"

namespace poslab {

/// What document 004 computes for one batch (rows windows of `length` ids).
struct LearnedPositions {
  MatrixF token_rows;  ///< (rows·length) × dim: embedding_layer(inputs), window after window
  MatrixF positions;   ///< context_length × dim: pos_embedding_layer(torch.arange(context_length))
  MatrixF sum;         ///< (rows·length) × dim: token_rows + positions, broadcast over the windows; empty when
                       ///< the shapes do not broadcast (see `broadcasts`)
  /// tokens (rows, length, dim) + positions (context_length, dim) is PyTorch broadcasting: it works only when
  /// context_length equals length, or is 1 (one row added to every position). Otherwise PyTorch raises
  /// "RuntimeError: The size of tensor a (length) must match the size of tensor b (context_length) at
  /// non-singleton dimension 1", and that failure is the result the lesson shows.
  bool broadcasts = true;
};

/// torch.manual_seed(seed); embedding_layer = nn.Embedding(vocab_size, dim); [iter(dataloader), which draws one
/// int64 from the global generator, when loader_draw]; pos_embedding_layer = nn.Embedding(context_length, dim);
/// then the lookup and the broadcast sum, as the document writes it: `token_embeddings + pos_embeddings` (both
/// tables are always made; the sum only when the shapes broadcast). Throws out_of_range for an id outside the
/// table, and as validate_embedding_shape.
LearnedPositions learned_positions(const std::vector<long long>& ids, long long rows, long long length,
                                   long long vocab_size, long long dim, long long context_length, TorchSeed seed,
                                   bool loader_draw);

}  // namespace poslab
