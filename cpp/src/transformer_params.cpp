// TinyTransformer's configuration checks, its parameters laid out in state_dict order, and their initialisation
// with PyTorch's own draws: nn.Embedding's normal_(0, 1), nn.Linear's kaiming_uniform_(a=√5) and bias uniform_,
// LayerNorm's ones and zeros, from one generator seeded as torch.manual_seed(seed).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "poslab/errors.hpp"
#include "transformer_impl.hpp"
#include "transformer_positions.hpp"

namespace poslab {
namespace {

constexpr const char* kMethodNames[] = {"none", "sinusoidal", "learned", "rope", "alibi", "t5"};

// nn.Linear.reset_parameters in PyTorch 1.13, in Python doubles: kaiming_uniform_(weight, a=math.sqrt(5)) takes
// gain = math.sqrt(2.0 / (1 + a ** 2)), std = gain / math.sqrt(fan_in), bound = math.sqrt(3.0) * std, then
// uniform_(-bound, bound) rounds both ends to float; the bias draws uniform_(-1/math.sqrt(fan_in), …).
void init_linear(TorchGenerator& generator, float* weight, float* bias, int in, int out) {
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1.0 + std::pow(a, 2.0)));
  const double std_dev = gain / std::sqrt(static_cast<double>(in));
  const double bound = std::sqrt(3.0) * std_dev;
  const std::size_t count = static_cast<std::size_t>(in) * static_cast<std::size_t>(out);
  uniform_fill(generator, weight, count, static_cast<float>(-bound), static_cast<float>(bound));
  const double bias_bound = 1.0 / std::sqrt(static_cast<double>(in));
  uniform_fill(generator, bias, static_cast<std::size_t>(out), static_cast<float>(-bias_bound),
               static_cast<float>(bias_bound));
}

}  // namespace

PositionalMethod parse_positional_method(std::string_view name) {
  for (int k = 0; k < 6; ++k)
    if (name == kMethodNames[k]) return static_cast<PositionalMethod>(k);
  throw ArgumentError("positional must be \"none\", \"sinusoidal\", \"learned\", \"rope\", \"alibi\" or \"t5\" (got \"" +
                          std::string(name) + "\")",
                      "unknown_variant", "positional", {{"value", std::string(name)}});
}

std::string_view to_string(PositionalMethod method) {
  const int k = static_cast<int>(method);
  return (k >= 0 && k < 6) ? kMethodNames[k] : "unknown";
}

void validate_transformer_config(const TransformerConfig& c) {
  require_range("vocab_size", c.vocab_size, 2, 1024);
  require_range("d_model", c.d_model, 4, 256);
  require_even("d_model", c.d_model, "the model's width is split into pairs (sinusoids, RoPE)");
  require_range("heads", c.heads, 1, 8);
  if (c.d_model % c.heads != 0) {
    throw ArgumentError("heads must divide d_model (" + std::to_string(c.heads) + " heads, d_model " +
                            std::to_string(c.d_model) + ")",
                        "not_divisible", "heads",
                        {{"value", static_cast<double>(c.heads)}, {"d_model", static_cast<double>(c.d_model)}});
  }
  require_range("layers", c.layers, 1, 6);
  require_range("ffn_size", c.ffn_size, 4, 1024);
  require_range("max_len", c.max_len, 2, 1024);
  const int method = static_cast<int>(c.positional);
  if (method < 0 || method > 5) {
    throw ArgumentError("positional is not one of the six methods", "unknown_variant", "positional",
                        {{"value", static_cast<double>(method)}});
  }
  if (c.positional == PositionalMethod::rope)
    require_even("d_model", c.d_model / c.heads, "with rope, d_model / heads (the head width) turns in pairs");
}

TinyTransformer::Impl::Impl(const TransformerConfig& c) : config(c) {
  validate_transformer_config(c);
  const int d = c.d_model;
  std::size_t offset = 0;
  auto add = [&](const std::string& name, std::vector<int> shape) {
    ParameterInfo info;
    info.name = name;
    info.size = 1;
    for (int s : shape) info.size *= static_cast<std::size_t>(s);
    info.shape = std::move(shape);
    info.offset = offset;
    offset += info.size;
    infos.push_back(info);
    names.push_back(name);
    return info.offset;
  };
  token_w = add("token.weight", {c.vocab_size, d});
  positions = make_positions(c);
  const std::vector<PositionalTensor> positional_tensors = positions->tensors();
  for (std::size_t t = 0; t < positional_tensors.size(); ++t) {
    const std::size_t at = add(positional_tensors[t].name, positional_tensors[t].shape);
    if (t == 0) positions->place(at);
  }
  for (int l = 0; l < c.layers; ++l) {
    const std::string prefix = "layers." + std::to_string(l) + ".";
    BlockOffsets b{};
    b.ln1_w = add(prefix + "ln1.weight", {d});
    b.ln1_b = add(prefix + "ln1.bias", {d});
    b.q_w = add(prefix + "q.weight", {d, d});
    b.q_b = add(prefix + "q.bias", {d});
    b.k_w = add(prefix + "k.weight", {d, d});
    b.k_b = add(prefix + "k.bias", {d});
    b.v_w = add(prefix + "v.weight", {d, d});
    b.v_b = add(prefix + "v.bias", {d});
    b.o_w = add(prefix + "o.weight", {d, d});
    b.o_b = add(prefix + "o.bias", {d});
    b.ln2_w = add(prefix + "ln2.weight", {d});
    b.ln2_b = add(prefix + "ln2.bias", {d});
    b.ff1_w = add(prefix + "ff1.weight", {c.ffn_size, d});
    b.ff1_b = add(prefix + "ff1.bias", {c.ffn_size});
    b.ff2_w = add(prefix + "ff2.weight", {d, c.ffn_size});
    b.ff2_b = add(prefix + "ff2.bias", {d});
    blocks.push_back(b);
  }
  lnf_w = add("ln_f.weight", {d});
  lnf_b = add("ln_f.bias", {d});
  out_w = add("out.weight", {c.vocab_size, d});
  out_b = add("out.bias", {c.vocab_size});

  params.assign(offset, 0.0f);
  grads.assign(offset, 0.0f);
  adam_m.assign(offset, 0.0f);
  adam_v.assign(offset, 0.0f);

  // The draws, in the order the modules are created (state_dict order is creation order too).
  TorchGenerator generator(c.seed);
  normal_fill(generator, p(token_w), infos[0].size);
  if (!positional_tensors.empty()) positions->initialise(generator, p(infos[1].offset));
  auto ones = [&](std::size_t at) { std::fill(p(at), p(at) + d, 1.0f); };
  for (const BlockOffsets& b : blocks) {
    ones(b.ln1_w);
    init_linear(generator, p(b.q_w), p(b.q_b), d, d);
    init_linear(generator, p(b.k_w), p(b.k_b), d, d);
    init_linear(generator, p(b.v_w), p(b.v_b), d, d);
    init_linear(generator, p(b.o_w), p(b.o_b), d, d);
    ones(b.ln2_w);
    init_linear(generator, p(b.ff1_w), p(b.ff1_b), d, c.ffn_size);
    init_linear(generator, p(b.ff2_w), p(b.ff2_b), c.ffn_size, d);
  }
  ones(lnf_w);
  init_linear(generator, p(out_w), p(out_b), d, c.vocab_size);
}

void TinyTransformer::Impl::check_ids(const std::vector<int>& ids, int batch_size, int len) const {
  require_range("batch", batch_size, 1, 4096);
  require_range("length", len, 1, config.max_len);
  // Everything one forward + backward pass keeps (transformer_impl.hpp's buffers), at most kMaxWorkspaceValues.
  // Counted in 64 bits like every other size (errors.hpp, count_of): in WebAssembly size_t is 32 bits, and
  // batch 4096 × length 411 would wrap round to a few million values and let the allocation run past the heap.
  using U = std::uint64_t;
  const U T = count_of({static_cast<U>(batch_size), static_cast<U>(len)});
  const U d = static_cast<U>(config.d_model), F = static_cast<U>(config.ffn_size), V = static_cast<U>(config.vocab_size);
  const U grid = count_of({static_cast<U>(config.heads), static_cast<U>(len), static_cast<U>(len)});
  // Each factor is bounded by validate_transformer_config and the two ranges above, so these sums and products
  // stay far below 2^64 (at most about 10^11).
  const U per_block = T * (10 * d + 2 * F + 2) + static_cast<U>(batch_size) * grid;
  const U workspace = static_cast<U>(config.layers) * per_block + T * (10 * d + 2 * V + F + 1) + grid;
  if (workspace > kMaxWorkspaceValues) {
    throw SizeError("batch × length needs " + std::to_string(workspace) + " working values for this model, above the " +
                        std::to_string(kMaxWorkspaceValues) + " (512 MiB) one model may keep: use a smaller batch",
                    "batch",
                    {{"value", static_cast<double>(workspace)}, {"max", static_cast<double>(kMaxWorkspaceValues)}});
  }
  require_size("ids", ids.size(), count_of({static_cast<std::uint64_t>(batch_size), static_cast<std::uint64_t>(len)}),
               "batch × length");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= config.vocab_size) {
      throw ArgumentError("ids[" + std::to_string(i) + "] = " + std::to_string(ids[i]) +
                              " is not a token: ids go from 0 to " + std::to_string(config.vocab_size - 1),
                          "out_of_range", "ids",
                          {{"index", static_cast<double>(i)},
                           {"value", static_cast<double>(ids[i])},
                           {"min", 0.0},
                           {"max", static_cast<double>(config.vocab_size - 1)}});
    }
  }
}

// ---- the public class: thin forwarding to Impl ----

TinyTransformer::TinyTransformer(const TransformerConfig& config) : impl_(std::make_unique<Impl>(config)) {}
TinyTransformer::~TinyTransformer() = default;
TinyTransformer::TinyTransformer(TinyTransformer&&) noexcept = default;
TinyTransformer& TinyTransformer::operator=(TinyTransformer&&) noexcept = default;

const TransformerConfig& TinyTransformer::config() const { return impl_->config; }
const std::vector<std::string>& TinyTransformer::parameter_names() const { return impl_->names; }
const std::vector<ParameterInfo>& TinyTransformer::parameters() const { return impl_->infos; }
std::size_t TinyTransformer::parameter_count() const { return impl_->params.size(); }
const std::vector<float>& TinyTransformer::flat_parameters() const { return impl_->params; }
const std::vector<float>& TinyTransformer::flat_gradients() const { return impl_->grads; }
int TinyTransformer::adam_steps() const { return impl_->steps; }
double TinyTransformer::last_gradient_norm() const { return impl_->last_norm; }

const ParameterInfo& TinyTransformer::parameter_info(const std::string& name) const {
  for (const ParameterInfo& info : impl_->infos)
    if (info.name == name) return info;
  throw ArgumentError("the model has no parameter \"" + name + "\" (see parameter_names())", "unknown_parameter", "name",
                      {{"value", name}});
}

std::vector<float> TinyTransformer::parameter(const std::string& name) const {
  const ParameterInfo& info = parameter_info(name);
  const auto first = impl_->params.begin() + static_cast<std::ptrdiff_t>(info.offset);
  return std::vector<float>(first, first + static_cast<std::ptrdiff_t>(info.size));
}

std::vector<float> TinyTransformer::gradient(const std::string& name) const {
  const ParameterInfo& info = parameter_info(name);
  const auto first = impl_->grads.begin() + static_cast<std::ptrdiff_t>(info.offset);
  return std::vector<float>(first, first + static_cast<std::ptrdiff_t>(info.size));
}

void TinyTransformer::set_parameter(const std::string& name, const std::vector<float>& values) {
  const ParameterInfo& info = parameter_info(name);
  require_size("values", values.size(), info.size, name + "'s size");
  require_finite("values", values.data(), values.size());
  std::copy(values.begin(), values.end(), impl_->params.begin() + static_cast<std::ptrdiff_t>(info.offset));
  impl_->decoder.keys.clear();  // the cached keys and values came from the old parameters
  impl_->decoder.position = 0;
}

}  // namespace poslab
