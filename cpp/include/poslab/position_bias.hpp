// poslab/position_bias.hpp — positions as biases added to attention scores instead of to the embeddings:
// ALiBi (Press et al. 2022: a straight line per head) and T5's learned relative buckets (Raffel et al. 2020).
#pragma once

#include <vector>

namespace poslab {

/// Heads ALiBi slopes are computed for: 1 … 1024.
inline constexpr int kMaxBiasHeads = 1024;
/// Longest sequence a bias matrix is built for (heads × length × length values).
inline constexpr int kMaxBiasLength = 4096;

/// ALiBi's head slopes, exactly as the paper's reference code get_slopes(n) (ofirpress/attention_with_linear_
/// biases) computes them in double: for a power of two n, start = 2^(−2^−(log2 n − 3)) and slope_h = start·start^h
/// (8 heads: 1/2, 1/4, …, 1/256); otherwise the slopes of the closest lower power of two c, followed by every
/// other slope of 2c, the first n − c of them. heads in [1, kMaxBiasHeads] (out_of_range otherwise).
std::vector<double> alibi_slopes(int heads);

/// ALiBi's bias, heads × length × length floats (row-major): bias[h][i][j] = −slope_h·|i − j| with the slope
/// rounded to float first and the product rounded to float (as a float32 tensor computes it). causal = true puts
/// −infinity above the diagonal (j > i), the mask a causal model adds to the same scores.
std::vector<float> alibi_bias(int heads, int length, bool causal);

/// HF transformers' T5Attention._relative_position_bucket for one relative position (key − query, j − i):
/// bidirectional halves the buckets, the upper half for positive offsets; of the buckets left, the first half
/// holds exact distances 0 … max_exact−1 and the rest log-spaced ones up to max_distance, computed as T5 does in
/// float32: max_exact + trunc(log(float(d) / max_exact) / float(log(max_distance / max_exact)) · (buckets −
/// max_exact)), capped at the last bucket. Causal (bidirectional = false) maps every positive offset (the
/// future) to bucket 0. num_buckets in [2, 1024], max_distance in [1, 2^20] and above the exact range,
/// relative_position within ±2^40. Deliberately stricter than HF: an odd bucket count is refused when
/// bidirectional (odd_width). HF takes num_buckets // 2 per side, so the last row of an odd table would never be
/// read: a table that trains a row it never uses is a mistake worth naming, and T5 itself always uses 32.
int t5_relative_bucket(long long relative_position, bool bidirectional, int num_buckets = 32,
                       int max_distance = 128);

/// T5's bias from a learned table (num_buckets × heads floats, row-major: nn.Embedding(num_buckets, heads).weight):
/// heads × length × length floats with bias[h][i][j] = table[t5_relative_bucket(j − i, bidirectional, …)][h].
/// The table's size must be num_buckets × heads (size_mismatch) and finite (not_finite).
std::vector<float> t5_bias(const std::vector<float>& table, int num_buckets, int heads, int length, bool bidirectional,
                           int max_distance = 128);

/// The bucket of every offset j − i of a length × length grid (row-major), as t5_bias reads the table.
std::vector<int> t5_bucket_grid(int length, bool bidirectional, int num_buckets = 32, int max_distance = 128);

}  // namespace poslab
