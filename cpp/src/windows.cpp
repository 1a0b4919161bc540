// Document 004's sliding windows: GPTDatasetV1 cuts inputs and next-token targets from the ids, and its
// DataLoader (shuffle=False, drop_last=True) hands them out batch by batch.
#include <string>

#include "poslab/bpe.hpp"
#include "poslab/errors.hpp"

namespace poslab {
namespace {
constexpr long long kMaxStride = 2147483647;
}  // namespace

TokenWindows sliding_windows(const std::uint32_t* ids, std::size_t size, long long max_length, long long stride) {
  const auto n = static_cast<long long>(size);
  if (n < 2) {
    throw ArgumentError("ids has " + std::to_string(n) +
                            " token(s); a window needs max_length + 1 tokens, so at least 2",
                        "too_few_tokens", "ids", {{"value", static_cast<double>(n)}, {"min", 2.0}});
  }
  // range(0, len(ids) - max_length, stride) is empty unless max_length < len(ids).
  require_range("max_length", max_length, 1, n - 1);
  // Python's range refuses a zero step; a negative one would walk backwards and give no window. A step
  // longer than the text is fine: one window.
  require_range("stride", stride, 1, kMaxStride);
  TokenWindows w;
  w.max_length = static_cast<std::size_t>(max_length);
  w.count = static_cast<std::size_t>((n - max_length + stride - 1) / stride);
  require_within_cap("max_length", count_of({w.count, w.max_length}), "windows × max_length");
  w.inputs.resize(w.count * w.max_length);
  w.targets.resize(w.count * w.max_length);
  for (std::size_t k = 0; k < w.count; ++k) {
    const std::size_t i = k * static_cast<std::size_t>(stride);
    for (std::size_t j = 0; j < w.max_length; ++j) {
      w.inputs[k * w.max_length + j] = ids[i + j];
      w.targets[k * w.max_length + j] = ids[i + j + 1];
    }
  }
  return w;
}

TokenBatch loader_batch(const std::uint32_t* ids, std::size_t size, long long max_length, long long stride,
                        long long batch_size, long long index) {
  const auto n = static_cast<long long>(size);
  if (n < 2) sliding_windows(ids, size, max_length, stride);  // throws the explanation
  require_range("max_length", max_length, 1, n - 1);
  require_range("stride", stride, 1, kMaxStride);
  const long long windows = (n - max_length + stride - 1) / stride;
  // drop_last=True: fewer windows than batch_size leave no batch at all.
  require_range("batch_size", batch_size, 1, windows);
  const long long batches = windows / batch_size;
  require_range("index", index, 0, batches - 1);
  require_within_cap("batch_size",
                     count_of({static_cast<std::uint64_t>(batch_size), static_cast<std::uint64_t>(max_length)}),
                     "batch_size × max_length");
  TokenBatch b;
  b.rows = static_cast<std::size_t>(batch_size);
  b.cols = static_cast<std::size_t>(max_length);
  b.window_count = static_cast<std::size_t>(windows);
  b.batch_count = static_cast<std::size_t>(batches);
  b.inputs.resize(b.rows * b.cols);
  b.targets.resize(b.rows * b.cols);
  for (std::size_t r = 0; r < b.rows; ++r) {
    const std::size_t i = (static_cast<std::size_t>(index) * b.rows + r) * static_cast<std::size_t>(stride);
    for (std::size_t j = 0; j < b.cols; ++j) {
      b.inputs[r * b.cols + j] = ids[i + j];
      b.targets[r * b.cols + j] = ids[i + j + 1];
    }
  }
  return b;
}

}  // namespace poslab
