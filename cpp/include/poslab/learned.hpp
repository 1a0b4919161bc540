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
  MatrixF sum;         ///< (rows·length) × dim: token_rows + positions, broadcast over the windows
};

/// torch.manual_seed(seed); embedding_layer = nn.Embedding(vocab_size, dim); [iter(dataloader), which draws one
/// int64 from the global generator, when loader_draw]; pos_embedding_layer = nn.Embedding(context_length, dim);
/// then the lookup and the broadcast sum. Throws out_of_range for an id outside the table, for length above
/// context_length (position `length − 1` has no row: PyTorch's IndexError), and as validate_embedding_shape.
LearnedPositions learned_positions(const std::vector<long long>& ids, long long rows, long long length,
                                   long long vocab_size, long long dim, long long context_length, TorchSeed seed,
                                   bool loader_draw);

}  // namespace poslab
