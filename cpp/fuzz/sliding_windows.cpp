// cpp/fuzz/sliding_windows.cpp — document 004's sliding windows and DataLoader batches (bpe.hpp) for any
// length, max_length, stride, batch size and index, valid or not, against Python's range() counted by hand.
#include <fuzzer/FuzzedDataProvider.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "poslab/bpe.hpp"

namespace {

// Mostly small numbers around the edges that matter (0, 1, len − 1, len), sometimes any 64-bit value.
long long pick(FuzzedDataProvider& in, long long around) {
  return in.ConsumeBool() ? in.ConsumeIntegralInRange<long long>(-2, around + 2) : in.ConsumeIntegral<long long>();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const auto n = in.ConsumeIntegralInRange<std::size_t>(0, 400);
  const long long max_length = pick(in, static_cast<long long>(n));
  const long long stride = pick(in, static_cast<long long>(n));
  const long long batch_size = pick(in, static_cast<long long>(n));
  const long long index = pick(in, static_cast<long long>(n));
  // Distinct ids, so a window copied from the wrong place cannot look right.
  const auto salt = in.ConsumeIntegral<std::uint32_t>();
  std::vector<std::uint32_t> ids(n);
  for (std::size_t i = 0; i < n; ++i) ids[i] = static_cast<std::uint32_t>(i) * 2654435761u ^ salt;
  const auto len = static_cast<long long>(n);

  // The documented refusals, in the order the arguments are checked (stride is capped at 2^31 − 1).
  std::string refusal;
  if (len < 2) refusal = "too_few_tokens ids";
  else if (max_length < 1 || max_length > len - 1) refusal = "out_of_range max_length";
  else if (stride < 1 || stride > INT_MAX) refusal = "out_of_range stride";
  poslab::TokenWindows w;
  FUZZ_CHECK(poslab_fuzz::error_and_argument([&] { w = poslab::sliding_windows(ids.data(), n, max_length, stride); }) ==
             refusal);
  if (!refusal.empty()) return 0;

  // GPTDatasetV1: for i in range(0, len(ids) − max_length, stride): ids[i:i+max_length], ids[i+1:i+max_length+1].
  std::vector<long long> starts;
  for (long long i = 0; i < len - max_length; i += stride) starts.push_back(i);
  const auto m = static_cast<std::size_t>(max_length);
  FUZZ_CHECK(w.count == starts.size() && w.max_length == m);
  FUZZ_CHECK(w.inputs.size() == w.count * m && w.targets.size() == w.count * m);
  for (std::size_t k = 0; k < w.count; ++k)
    for (std::size_t j = 0; j < m; ++j) {
      FUZZ_CHECK(w.inputs[k * m + j] == ids[static_cast<std::size_t>(starts[k]) + j]);
      FUZZ_CHECK(w.targets[k * m + j] == ids[static_cast<std::size_t>(starts[k]) + j + 1]);
    }

  // DataLoader(shuffle=False, drop_last=True): ⌊windows / batch_size⌋ batches, batch `index` holds windows
  // index·batch_size … (index+1)·batch_size − 1; no batch_size or index outside that is accepted.
  const long long windows = static_cast<long long>(w.count);
  if (batch_size < 1 || batch_size > windows) refusal = "out_of_range batch_size";
  else if (index < 0 || index > windows / batch_size - 1) refusal = "out_of_range index";
  poslab::TokenBatch b;
  FUZZ_CHECK(poslab_fuzz::error_and_argument([&] {
               b = poslab::loader_batch(ids.data(), n, max_length, stride, batch_size, index);
             }) == refusal);
  if (!refusal.empty()) return 0;
  const auto rows = static_cast<std::size_t>(batch_size);
  FUZZ_CHECK(b.rows == rows && b.cols == m && b.window_count == w.count);
  FUZZ_CHECK(b.batch_count == w.count / rows);
  FUZZ_CHECK(b.inputs.size() == rows * m && b.targets.size() == rows * m);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t window = static_cast<std::size_t>(index) * rows + r;
      FUZZ_CHECK(b.inputs[r * m + j] == w.inputs[window * m + j]);
      FUZZ_CHECK(b.targets[r * m + j] == w.targets[window * m + j]);
    }
  return 0;
}
