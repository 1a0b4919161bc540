// The vocabulary: the tables the merge loop looks ranks up in (bpe_impl.hpp), built from the ranks' bytes and
// checked (every byte a token, no token twice, special ids free), and the way back from ids to bytes (decode,
// token_bytes, gpt2_symbol). Its own file because it runs once per vocabulary, or per decoded list, not per
// piece; reading the ranks from tiktoken's file is bpe_tiktoken_file.cpp.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bpe_impl.hpp"
#include "poslab/bpe.hpp"
#include "poslab/errors.hpp"

namespace poslab {
namespace bpe_detail {

void bad_vocabulary(const std::string& why) {
  throw ArgumentError("vocabulary: " + why, "invalid_vocabulary", "vocabulary");
}

}  // namespace bpe_detail

using bpe_detail::bad_vocabulary;

std::string gpt2_symbol(std::string_view token_bytes) {
  // bytes_to_unicode(): printable Latin-1 bytes stand for themselves; the other 68 bytes map, in order, to
  // U+0100, U+0101, … so that no byte is a space or a control character.
  static const auto table = [] {
    std::vector<char32_t> map(256);
    char32_t next = 256;
    for (int b = 0; b < 256; ++b) {
      const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
      map[b] = printable ? static_cast<char32_t>(b) : next++;
    }
    return map;
  }();
  std::string out;
  for (const char c : token_bytes) bpe_detail::append_utf8(out, table[static_cast<unsigned char>(c)]);
  return out;
}

void Gpt2Tokenizer::Impl::build(std::vector<std::string> tokens,
                                std::vector<std::pair<std::string, std::uint32_t>> specials) {
  ordinary_count = tokens.size();
  ranks = ByteStringMap(tokens.size());
  std::size_t ids = tokens.size();
  for (const auto& [text, id] : specials) ids = std::max<std::size_t>(ids, std::size_t{id} + 1);
  std::vector<std::string> by_id(ids);
  std::vector<bool> used(ids, false);
  for (std::size_t r = 0; r < tokens.size(); ++r) {
    if (tokens[r].empty()) bad_vocabulary("token " + std::to_string(r) + " is missing or empty");
    if (!ranks.insert(tokens[r].data(), tokens[r].size(), static_cast<std::uint32_t>(r))) {
      bad_vocabulary("token " + std::to_string(r) + " repeats an earlier token");
    }
    by_id[r] = std::move(tokens[r]);
    used[r] = true;
  }
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    if (ranks.find(&c, 1) == ByteStringMap::kMissing) {
      bad_vocabulary("byte " + std::to_string(b) + " is not a token; byte-level BPE needs all 256");
    }
  }
  for (const auto& [text, id] : specials) {
    // A special token is text: were it not valid UTF-8 (a lone byte 0xBD), encode could find it inside a
    // character of the input (U+FFFD is EF BF BD), and decode(encode(text)) would not give the text back.
    if (text.empty() || bpe_detail::utf8_valid_prefix(text) != text.size()) {
      bad_vocabulary("special token " + std::to_string(id) + " is empty or not valid UTF-8");
    }
    if (used[id]) bad_vocabulary("special token " + text + " has an id already taken");
    by_id[id] = text;
    used[id] = true;
  }
  pair_ranks.assign(65536, ByteStringMap::kMissing);
  for (std::size_t r = 0; r < ordinary_count; ++r) {
    if (by_id[r].size() == 2) pair_ranks[static_cast<unsigned char>(by_id[r][0]) << 8 | static_cast<unsigned char>(by_id[r][1])] = static_cast<std::uint32_t>(r);
  }
  special = std::move(specials);
  token_start.assign(ids + 1, 0);
  for (std::size_t i = 0; i < ids; ++i) {
    token_start[i] = static_cast<std::uint32_t>(token_arena.size());
    token_arena += by_id[i];
  }
  token_start[ids] = static_cast<std::uint32_t>(token_arena.size());
}

Gpt2Tokenizer::Gpt2Tokenizer(Impl* impl) : impl_(impl) {}

Gpt2Tokenizer::Gpt2Tokenizer(std::vector<std::string> tokens,
                             std::vector<std::pair<std::string, std::uint32_t>> special)
    : impl_(new Impl) {
  try {
    impl_->build(std::move(tokens), std::move(special));
  } catch (...) {
    delete impl_;
    throw;
  }
}

Gpt2Tokenizer::Gpt2Tokenizer(Gpt2Tokenizer&& other) noexcept : impl_(other.impl_) { other.impl_ = nullptr; }

Gpt2Tokenizer& Gpt2Tokenizer::operator=(Gpt2Tokenizer&& other) noexcept {
  std::swap(impl_, other.impl_);
  return *this;
}

Gpt2Tokenizer::~Gpt2Tokenizer() { delete impl_; }

std::string Gpt2Tokenizer::decode(const std::uint32_t* ids, std::size_t count) const {
  const std::size_t vocabulary = impl_->token_start.size() - 1;
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (ids[i] >= vocabulary || impl_->token_start[ids[i] + 1] == impl_->token_start[ids[i]]) {
      throw ArgumentError("ids[" + std::to_string(i) + "] = " + std::to_string(ids[i]) +
                              " is not a token id (ids go from 0 to " + std::to_string(vocabulary - 1) + ")",
                          "out_of_range", "ids",
                          {{"value", static_cast<double>(ids[i])},
                           {"min", 0.0},
                           {"max", static_cast<double>(vocabulary - 1)},
                           {"index", static_cast<double>(i)}});
    }
    total += impl_->token_start[ids[i] + 1] - impl_->token_start[ids[i]];
  }
  std::string out;
  out.reserve(total);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t a = impl_->token_start[ids[i]], b = impl_->token_start[ids[i] + 1];
    out.append(impl_->token_arena, a, b - a);
  }
  return out;
}

std::string_view Gpt2Tokenizer::token_bytes(std::uint32_t id) const {
  const std::uint32_t one = id;
  decode(&one, 1);  // throws for an unknown id
  const std::uint32_t a = impl_->token_start[id], b = impl_->token_start[id + 1];
  return std::string_view(impl_->token_arena).substr(a, b - a);
}

std::size_t Gpt2Tokenizer::vocabulary_size() const { return impl_->token_start.size() - 1; }

}  // namespace poslab
