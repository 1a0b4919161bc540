// How TinyTransformer knows where each token is: each positional method in one place. A method may own
// parameter tensors, add something to the embeddings, turn the queries and keys, or bias the attention scores,
// and it gives the gradients of whatever it does. The model calls these hooks and nothing else about positions:
// a seventh method is one more class in transformer_positions.cpp, one line in make_positions() and its name in
// transformer_params.cpp.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "poslab/random.hpp"
#include "poslab/transformer.hpp"

namespace poslab {

/// A tensor a method adds to the model, as its state_dict holds it.
struct PositionalTensor {
  std::string name;
  std::vector<int> shape;
};

class Positions {
 public:
  virtual ~Positions() = default;

  /// Tensors the method owns, placed right after token.weight in creation (and state_dict) order.
  virtual std::vector<PositionalTensor> tensors() const { return {}; }
  /// PyTorch's draws for those tensors, right after token.weight's; `first` is the first tensor's first value.
  virtual void initialise(TorchGenerator& /*generator*/, float* /*first*/) const {}
  /// Where the method's first tensor starts in the model's flat parameters (set by the model).
  void place(std::size_t offset) { offset_ = offset; }

  /// Tables for positions 0 … n − 1 (called when a longer sequence comes; shorter ones reuse them).
  virtual void prepare(std::size_t /*n*/) {}

  /// x (rows × d_model) += what the method adds; row r is at position first + r % n.
  virtual void add_to_embeddings(float* /*x*/, std::size_t /*rows*/, std::size_t /*n*/, std::size_t /*first*/,
                                 const float* /*parameters*/) const {}
  /// The share of dx (rows × d_model, positions as above) that belongs to the method's own tensors.
  virtual void embeddings_backward(const float* /*dx*/, std::size_t /*rows*/, std::size_t /*n*/, float* /*grads*/) const {}

  /// Whether turn() changes anything (the model skips it otherwise).
  virtual bool turns_queries_and_keys() const { return false; }
  /// count blocks of n rows of d_head (q or k of one head and sequence), row i at position first + i, turned in
  /// place; inverse turns the gradient back.
  virtual void turn(float* /*x*/, std::size_t /*count*/, std::size_t /*n*/, std::size_t /*first*/, bool /*inverse*/) const {}

  /// One row of a head's scores (the query at `position` against keys 0 … keys − 1), after 1/√d_head: row[j] +=
  /// the method's bias.
  virtual void bias_row(float* /*row*/, std::size_t /*head*/, std::size_t /*position*/, std::size_t /*keys*/,
                        const float* /*parameters*/) const {}
  /// ∂loss/∂scores of one head (n × n, queries and keys at positions 0 … n − 1) added to the bias's tensors.
  virtual void bias_backward(const float* /*dscores*/, std::size_t /*head*/, std::size_t /*n*/, float* /*grads*/) const {}

 protected:
  std::size_t offset_ = 0;
};

/// The method `config.positional` names, for this configuration.
std::unique_ptr<Positions> make_positions(const TransformerConfig& config);

}  // namespace poslab
