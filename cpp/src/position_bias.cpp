// ALiBi slopes and biases, T5 relative buckets and biases: the two ways of putting positions into the attention
// scores themselves. Each follows its reference code operation by operation (see position_bias.hpp).
#include "poslab/position_bias.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

#include "poslab/errors.hpp"

namespace poslab {
namespace {

// get_slopes_power_of_2(n): start = 2**(-2**-(math.log2(n)-3)); [start*ratio**i for i in range(n)], ratio = start.
// Python's float ** is C's pow, so these are the same doubles.
void slopes_power_of_2(int n, std::vector<double>& out) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3.0)));
  const double ratio = start;
  for (int i = 0; i < n; ++i) out.push_back(start * std::pow(ratio, static_cast<double>(i)));
}

std::vector<double> get_slopes(int n) {
  std::vector<double> slopes;
  const double exponent = std::log2(static_cast<double>(n));
  if (exponent == std::floor(exponent)) {
    slopes_power_of_2(n, slopes);
    return slopes;
  }
  const int closest = 1 << static_cast<int>(std::floor(exponent));
  slopes_power_of_2(closest, slopes);
  const std::vector<double> doubled = get_slopes(2 * closest);
  for (int i = 0; i < n - closest; ++i) slopes.push_back(doubled[static_cast<std::size_t>(2 * i)]);  // [0::2][:n-c]
  return slopes;
}

void validate_t5(bool bidirectional, int num_buckets, int max_distance) {
  require_range("num_buckets", num_buckets, bidirectional ? 4 : 2, 1024);
  if (bidirectional) require_even("num_buckets", num_buckets, "a bidirectional T5 bias splits its buckets in two halves");
  const int max_exact = (bidirectional ? num_buckets / 2 : num_buckets) / 2;
  require_range("max_distance", max_distance, max_exact + 1, 1 << 20);
}

void validate_grid(int heads, int length) {
  require_range("heads", heads, 1, kMaxBiasHeads);
  require_range("length", length, 1, kMaxBiasLength);
  require_within_cap("length",
                     count_of({static_cast<std::uint64_t>(heads), static_cast<std::uint64_t>(length),
                               static_cast<std::uint64_t>(length)}),
                     "heads × length × length");
}

}  // namespace

std::vector<double> alibi_slopes(int heads) {
  require_range("heads", heads, 1, kMaxBiasHeads);
  return get_slopes(heads);
}

std::vector<float> alibi_bias(int heads, int length, bool causal) {
  validate_grid(heads, length);
  const std::vector<double> slopes = alibi_slopes(heads);
  const std::size_t n = static_cast<std::size_t>(length);
  std::vector<float> bias(static_cast<std::size_t>(heads) * n * n);
  for (int h = 0; h < heads; ++h) {
    const float slope = static_cast<float>(slopes[static_cast<std::size_t>(h)]);
    float* grid = bias.data() + static_cast<std::size_t>(h) * n * n;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        const float distance = static_cast<float>(i > j ? i - j : j - i);
        grid[i * n + j] = (causal && j > i) ? -std::numeric_limits<float>::infinity() : -(slope * distance);
      }
    }
  }
  return bias;
}

int t5_relative_bucket(long long relative_position, bool bidirectional, int num_buckets, int max_distance) {
  validate_t5(bidirectional, num_buckets, max_distance);
  constexpr long long kLimit = 1LL << 40;
  if (relative_position < -kLimit || relative_position > kLimit) {
    throw ArgumentError("relative_position must be between -2^40 and 2^40 (got " + std::to_string(relative_position) +
                            ")",
                        "out_of_range", "relative_position",
                        {{"value", static_cast<double>(relative_position)},
                         {"min", -static_cast<double>(kLimit)},
                         {"max", static_cast<double>(kLimit)}});
  }
  long long position = relative_position;
  long long buckets = 0;
  int count = num_buckets;
  if (bidirectional) {
    count /= 2;
    if (position > 0) buckets += count;
    position = position < 0 ? -position : position;
  } else {
    position = -std::min(position, 0LL);
  }
  const int max_exact = count / 2;
  if (position < max_exact) return static_cast<int>(buckets + position);
  // The large branch in float32, operation by operation: relative_position.float() / max_exact, torch.log,
  // / math.log(max_distance / max_exact) (a Python double, rounded to float by the tensor op),
  // * (num_buckets - max_exact), .to(torch.long) (truncation), then min(…, num_buckets - 1).
  const float ratio = static_cast<float>(position) / static_cast<float>(max_exact);
  const float log_ratio = std::log(ratio);
  const float log_range = static_cast<float>(std::log(static_cast<double>(max_distance) / max_exact));
  const float scaled = log_ratio / log_range * static_cast<float>(count - max_exact);
  const long long large = std::min<long long>(max_exact + static_cast<long long>(scaled), count - 1);
  return static_cast<int>(buckets + large);
}

std::vector<int> t5_bucket_grid(int length, bool bidirectional, int num_buckets, int max_distance) {
  validate_t5(bidirectional, num_buckets, max_distance);
  validate_grid(1, length);
  // The bucket depends only on j − i: one per offset, then spread over the grid.
  std::vector<int> by_offset(static_cast<std::size_t>(2 * length - 1));
  for (int offset = -(length - 1); offset <= length - 1; ++offset)
    by_offset[static_cast<std::size_t>(offset + length - 1)] =
        t5_relative_bucket(offset, bidirectional, num_buckets, max_distance);
  const std::size_t n = static_cast<std::size_t>(length);
  std::vector<int> grid(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) grid[i * n + j] = by_offset[j + n - 1 - i];
  return grid;
}

std::vector<float> t5_bias(const std::vector<float>& table, int num_buckets, int heads, int length, bool bidirectional,
                           int max_distance) {
  validate_t5(bidirectional, num_buckets, max_distance);
  validate_grid(heads, length);
  require_size("table", table.size(), count_of({static_cast<std::uint64_t>(num_buckets), static_cast<std::uint64_t>(heads)}),
               "num_buckets × heads");
  require_finite("table", table.data(), table.size());
  const std::vector<int> buckets = t5_bucket_grid(length, bidirectional, num_buckets, max_distance);
  const std::size_t n = static_cast<std::size_t>(length), cells = n * n;
  std::vector<float> bias(static_cast<std::size_t>(heads) * cells);
  for (int h = 0; h < heads; ++h)
    for (std::size_t c = 0; c < cells; ++c)
      bias[static_cast<std::size_t>(h) * cells + c] =
          table[static_cast<std::size_t>(buckets[c]) * static_cast<std::size_t>(heads) + static_cast<std::size_t>(h)];
  return bias;
}

}  // namespace poslab
