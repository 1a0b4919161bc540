// poslab/encoding.hpp — sinusoidal positional encodings: the paper's formula and the two readings of it
// that documents 001 and 000 printed, plus adding the encoding to an embedding matrix.
#pragma once

#include <Eigen/Core>
#include <string_view>
#include <vector>

namespace poslab {

/// Row-major float matrix: the layout that crosses the WebAssembly boundary unchanged.
using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// The three sinusoidal variants. They differ only in frequency_exponent().
enum class SinusoidVariant {
  paper,            ///< Vaswani et al.: the pair (2k, 2k+1) uses 10000^(2k/d).
  literal,          ///< Document 001: `10000 ** ((2*i)/d)` with i = 0, 2, 4, … for both columns of the pair.
  literal_shifted,  ///< Document 000: like literal, but the cosine column uses 2*(i+1).
};

/// "paper", "literal" or "literal-shifted"; anything else throws unknown_variant.
SinusoidVariant parse_sinusoid_variant(std::string_view name);
std::string_view to_string(SinusoidVariant variant);

/// Column j of row pos holds sin (j even) or cos (j odd) of pos / 10000^(e/d_model), e = frequency_exponent(j).
int frequency_exponent(SinusoidVariant variant, int column);

inline constexpr int kMaxSequenceLength = 65536;
/// The 10000 of the paper's formula; RoPE takes its base as a parameter (rope.hpp), the sinusoids use this.
inline constexpr double kDefaultBase = 10000.0;
/// Bases a caller may choose: (1, 10^9] (LLaMA 3 uses 500000).
inline constexpr double kMaxBase = 1e9;
inline constexpr int kMaxModelWidth = 65536;

/// Checks max_len in [1, 65536], d_model in [2, 65536] and even (every sine column has its cosine partner:
/// the documents' code indexes column i+1 and the vectorised code fills 0::2 and 1::2 with equal counts),
/// and max_len × d_model within kMaxMatrixValues.
void validate_encoding_shape(long long max_len, long long d_model);

/// The max_len × d_model encoding matrix. Exact to float precision at every position (see encoding.cpp).
MatrixF positional_encoding(int max_len, int d_model, SinusoidVariant variant);

/// Same, written into `out` (max_len*d_model floats, row-major) — the allocation-free form the bindings use.
void positional_encoding_into(float* out, int max_len, int d_model, SinusoidVariant variant);

/// The factor document 000's forward pass multiplies embeddings by: √d_model rounded to float (torch multiplies a
/// float32 tensor by the Python float math.sqrt(d) in float32), or 1 when scale is false.
float embedding_scale_factor(int d_model, bool scale);
/// Throws out_of_range unless base is finite and 1 < base <= kMaxBase.
void validate_base(double base);

/// ω_j = base^(−e_j / d_model) for every column j (e_j = frequency_exponent): the value at (pos, j) is
/// sin or cos of pos·ω_j. For the paper's variant this is PyTorch's div_term, each value repeated for the
/// sine and the cosine column of its pair. Evaluated in double.
std::vector<double> angular_frequencies(int d_model, SinusoidVariant variant, double base = kDefaultBase);

/// positional_encoding_into with another base than 10000 (RoPE's cos/sin table is this, variant paper).
void sinusoid_table_into(float* out, int max_len, int d_model, SinusoidVariant variant, double base);

/// Document 000's forward pass: embeddings * sqrt(d_model) (when scale is true) + PE rows 0..rows-1.
/// The embedding rows are the sequence; its width is d_model.
MatrixF add_positional_encoding(const MatrixF& embeddings, SinusoidVariant variant, bool scale);

}  // namespace poslab
