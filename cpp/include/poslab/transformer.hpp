// poslab/transformer.hpp — a small pre-LN transformer language model whose parameters are, bit for bit, the
// ones PyTorch 1.13 initialises after torch.manual_seed(seed), with a hand-written backward pass and torch's Adam.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "poslab/random.hpp"

namespace poslab {

/// How the model learns where each token is.
enum class PositionalMethod {
  none,        ///< nothing: attention sees a bag of tokens (only the causal mask, if any, breaks the symmetry)
  sinusoidal,  ///< the paper's fixed table added to the token embeddings (encoding.hpp, variant paper)
  learned,     ///< nn.Embedding(max_len, d_model) added to the token embeddings
  rope,        ///< queries and keys of each head turned per pair (2i, 2i+1), base 10000 (rope.hpp)
  alibi,       ///< −slope_h·|i − j| added to the scores (position_bias.hpp)
  t5,          ///< a learned bias per T5 bucket of j − i and head, shared by all layers (position_bias.hpp)
};

/// "none", "sinusoidal", "learned", "rope", "alibi" or "t5"; anything else throws unknown_variant (positional).
PositionalMethod parse_positional_method(std::string_view name);
std::string_view to_string(PositionalMethod method);

/// T5's bucket table of the model: 32 buckets, distances up to 128, bidirectional unless causal.
inline constexpr int kTransformerT5Buckets = 32;
inline constexpr int kTransformerT5MaxDistance = 128;

/// Working values (floats) one forward + backward pass may keep: 2^27 (512 MiB). A larger batch × length is
/// refused with too_large (batch) before anything is allocated.
inline constexpr std::size_t kMaxWorkspaceValues = std::size_t{1} << 27;

/// The model's shape. The error arguments are these names.
struct TransformerConfig {
  int vocab_size = 11;    ///< 2 … 1024
  int d_model = 8;        ///< 4 … 256, even
  int heads = 2;          ///< 1 … 8, divides d_model; d_model / heads even for rope
  int layers = 2;         ///< 1 … 6
  int ffn_size = 16;      ///< 4 … 1024
  int max_len = 12;       ///< 2 … 1024: the longest sequence (and position.weight's rows, for learned)
  PositionalMethod positional = PositionalMethod::none;
  bool causal = true;     ///< mask j > i (a language model); false: every position sees every other
  TorchSeed seed = 0;     ///< torch.manual_seed(seed) before the modules are created
};

/// Throws ArgumentError (out_of_range, odd_width, not_divisible, unknown_variant) naming the first bad field.
void validate_transformer_config(const TransformerConfig& config);

/// torch.optim.Adam's hyper-parameters (its defaults), plus torch.nn.utils.clip_grad_norm_'s max_norm before
/// the step (0 = no clipping).
struct AdamOptions {
  double lr = 1e-3;            ///< finite, ≥ 0
  double beta1 = 0.9;          ///< [0, 1)
  double beta2 = 0.999;        ///< [0, 1)
  double eps = 1e-8;           ///< finite, ≥ 0
  double weight_decay = 0.0;   ///< L2 (added to the gradient, not AdamW), finite, ≥ 0
  double clip_norm = 0.0;      ///< finite, ≥ 0
};

/// One parameter tensor of the model, as its state_dict() holds it.
struct ParameterInfo {
  std::string name;          ///< state_dict key: "token.weight", "layers.0.q.bias", …
  std::vector<int> shape;    ///< PyTorch's: Linear weight {out, in}, bias and LayerNorm {n}, Embedding {rows, d}
  std::size_t offset = 0;    ///< first value in the flat parameter vector (state_dict order)
  std::size_t size = 0;      ///< number of values
};

/// The module, as the reference notebook writes it in PyTorch (created in this order after manual_seed):
///   token = nn.Embedding(vocab_size, d_model)
///   position = nn.Embedding(max_len, d_model)            (learned only)
///   relative_bias = nn.Embedding(32, heads)              (t5 only)
///   layers[l] = {ln1 = LayerNorm(d), q, k, v, o = Linear(d, d), ln2 = LayerNorm(d), ff1 = Linear(d, ffn),
///                ff2 = Linear(ffn, d)}
///   ln_f = LayerNorm(d), out = Linear(d, vocab_size)
/// Forward (pre-LN, eps 1e-5): h = token(ids) [+ sinusoid table | + position.weight[:n]]; per layer
/// h += o(attention(ln1(h))), h += ff2(gelu(ff1(ln2(h)))) with the exact erf GELU; logits = out(ln_f(h)).
/// Attention per head (d_head = d_model / heads): scores = q·kᵀ/√d_head [+ ALiBi | + T5 bias], q and k turned
/// first for rope; causal masks j > i; softmax over j.
/// Every call that takes ids checks them: 1 ≤ batch ≤ 4096, 1 ≤ length ≤ max_len, the working memory within
/// kMaxWorkspaceValues (too_large), ids.size() == batch·length, every id in [0, vocab_size). Working memory is kept
/// between calls of the same shape.
class TinyTransformer {
 public:
  explicit TinyTransformer(const TransformerConfig& config);
  ~TinyTransformer();
  TinyTransformer(TinyTransformer&&) noexcept;
  TinyTransformer& operator=(TinyTransformer&&) noexcept;
  TinyTransformer(const TinyTransformer&) = delete;
  TinyTransformer& operator=(const TinyTransformer&) = delete;

  const TransformerConfig& config() const;

  /// state_dict() keys in order, and each tensor's shape/offset.
  const std::vector<std::string>& parameter_names() const;
  const std::vector<ParameterInfo>& parameters() const;
  const ParameterInfo& parameter_info(const std::string& name) const;  ///< unknown name: unknown_parameter (name)
  std::size_t parameter_count() const;                                 ///< values in all tensors together

  /// A tensor's values, row-major (a copy).
  std::vector<float> parameter(const std::string& name) const;
  /// Overwrites a tensor (size must match: size_mismatch; values finite: not_finite). Adam's moments are kept.
  void set_parameter(const std::string& name, const std::vector<float>& values);
  /// The gradient of the last loss_and_gradients (after clipping, if an adam_step clipped it); zeros before.
  std::vector<float> gradient(const std::string& name) const;
  /// Every parameter / gradient, flat in state_dict order (parameters()[k].offset).
  const std::vector<float>& flat_parameters() const;
  const std::vector<float>& flat_gradients() const;

  /// batch × length × vocab_size logits for ids (batch × length, row-major).
  std::vector<float> logits(const std::vector<int>& ids, int batch, int length);

  /// Mean cross-entropy over the positions whose target is not −100 (F.cross_entropy's ignore_index), and every
  /// gradient (overwritten, not accumulated). targets: batch × length, each −100 or a token id; at least one not
  /// −100 (empty otherwise).
  double loss_and_gradients(const std::vector<int>& ids, const std::vector<int>& targets, int batch, int length);

  /// One torch.optim.Adam step (PyTorch 1.13, single-tensor) on the current gradients, after
  /// clip_grad_norm_(max_norm = clip_norm) when clip_norm > 0. Before any loss_and_gradients: not_ready
  /// (gradients). NaN or out-of-range options: not_finite / out_of_range naming the option.
  void adam_step(const AdamOptions& options);
  /// Adam steps taken so far (its `step`), and the total gradient 2-norm the last step saw before clipping.
  int adam_steps() const;
  double last_gradient_norm() const;

  /// Softmax weights of every layer and head for one sequence: layers × heads × length × length floats.
  std::vector<float> attention_weights(const std::vector<int>& ids, int length);

  /// Incremental decoding, for a causal model (a bidirectional one: not_causal): every layer's keys and values
  /// are kept, so each new token costs one row through the model instead of the whole sequence, with the logits
  /// logits() gives at that position (to float rounding). begin_sequence() forgets the tokens so far; next(id)
  /// reads the token at position sequence_length() and returns its vocab_size logits. A sequence holds at most
  /// max_len tokens (out_of_range, argument position); an id outside the vocabulary is out_of_range (id). A
  /// change of the parameters (adam_step, set_parameter) forgets the sequence: the next token starts a new one.
  void begin_sequence();
  std::vector<float> next(int id);
  int sequence_length() const;

  /// −log p(targets[t] | ids[0 … t]) at every position t of one sequence (1 … max_len tokens; targets are token
  /// ids, not −100), computed through next(): one row per layer in memory, never a length × length attention.
  /// The perplexity of the sequence is exp(mean). Leaves the decoding state at the end of the sequence.
  std::vector<double> token_losses(const std::vector<int>& ids, const std::vector<int>& targets);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace poslab
