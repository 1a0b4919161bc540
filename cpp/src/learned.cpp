// Document 004's learned absolute positions: one generator, two tables, a lookup and a broadcast sum.
#include "poslab/learned.hpp"

#include <string>

#include "poslab/embedding.hpp"
#include "poslab/errors.hpp"

namespace poslab {

LearnedPositions learned_positions(const std::vector<long long>& ids, long long rows, long long length,
                                   long long vocab_size, long long dim, long long context_length, TorchSeed seed,
                                   bool loader_draw) {
  validate_embedding_shape(vocab_size, dim);
  validate_embedding_shape(context_length, dim);
  require_range("rows", rows, 1, kMaxVocabularySize);
  require_range("length", length, 1, kMaxVocabularySize);
  require_within_cap("length", count_of({static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(length)}), "rows × length");
  require_size("ids", ids.size(), count_of({static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(length)}), "rows × length");
  require_within_cap("ids", count_of({ids.size(), static_cast<std::uint64_t>(dim)}), "ids × dim");

  TorchGenerator generator(seed);  // torch.manual_seed(seed)
  MatrixF table(vocab_size, dim);
  normal_fill(generator, table.data(), static_cast<std::size_t>(vocab_size * dim));  // nn.Embedding(V, D)
  if (loader_draw) generator.random64();  // _BaseDataLoaderIter: torch.empty((), dtype=int64).random_()
  LearnedPositions out;
  out.positions = MatrixF(context_length, dim);
  normal_fill(generator, out.positions.data(), static_cast<std::size_t>(context_length * dim));
  out.token_rows = embedding_lookup(table, ids);
  // (rows, length, dim) + (context_length, dim): equal sizes, or a table of one row repeated at every position.
  out.broadcasts = context_length == length || context_length == 1;
  if (!out.broadcasts) return out;
  out.sum = out.token_rows;
  for (Eigen::Index r = 0; r < out.sum.rows(); ++r) out.sum.row(r) += out.positions.row(context_length == 1 ? 0 : r % length);
  return out;
}

}  // namespace poslab
