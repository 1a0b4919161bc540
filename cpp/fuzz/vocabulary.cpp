// cpp/fuzz/vocabulary.cpp — the vocabulary loaders of bpe.hpp: Gpt2Tokenizer::from_tiktoken_json on any bytes
// that start with '{', and the token-list constructor on the others; whatever loads must then tokenize right.
//   token-list input: line 1 is a text to encode; every further line is a merge token (rank 256, 257, …),
//   or, when it starts with '!', a special token (the rest of the line) with the next free id.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "fuzz_check.hpp"
#include "poslab/bpe.hpp"

using poslab::Gpt2Tokenizer;
using poslab::SpecialTokens;
using Ids = std::vector<std::uint32_t>;

namespace {

// The plain merge is quadratic; 320 bytes reach past the 256 where the tokenizer switches to its heap-based merge.
constexpr std::size_t kReferenceMaxPiece = 320;

std::vector<std::string> lines_of(std::string_view s) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = s.find('\n', start)) != std::string_view::npos; start = end + 1)
    lines.emplace_back(s.substr(start, end - start));
  lines.emplace_back(s.substr(start));
  return lines;
}

// What every tokenizer must do with any text, whatever its vocabulary: ids inside the vocabulary, decode
// gives the (repaired) text back, and the default refuses exactly the texts holding a special token.
void check_round_trip(Gpt2Tokenizer& t, std::string_view bytes, const std::vector<std::string>& special_names) {
  const std::string text = poslab::to_valid_utf8(bytes);
  const Ids ids = t.encode(bytes, SpecialTokens::allow);
  for (std::uint32_t id : ids) FUZZ_CHECK(id < t.vocabulary_size());
  FUZZ_CHECK(t.decode(ids.data(), ids.size()) == text);
  bool has_special = false;
  for (const std::string& name : special_names) has_special |= text.find(name) != std::string::npos;
  FUZZ_CHECK(poslab_fuzz::error_code([&] { t.encode(bytes); }) == (has_special ? "special_token" : ""));
}

// The JSON loader: a file it accepts gives a tokenizer with every byte as a token; anything else is
// invalid_vocabulary (never a crash or another error). The file's own bytes are the text to round-trip.
void fuzz_json(std::string_view json) {
  std::optional<Gpt2Tokenizer> t;
  const std::string code = poslab_fuzz::error_code([&] { t.emplace(Gpt2Tokenizer::from_tiktoken_json(json)); });
  if (!code.empty()) {
    FUZZ_CHECK(code == "invalid_vocabulary");
    return;
  }
  FUZZ_CHECK(t->vocabulary_size() >= 256);
  const Ids ids = t->encode(json, SpecialTokens::allow);
  for (std::uint32_t id : ids) FUZZ_CHECK(id < t->vocabulary_size());
  FUZZ_CHECK(t->decode(ids.data(), ids.size()) == poslab::to_valid_utf8(json));
  // The file does not tell which names are special, but refusing them changes nothing else: either the
  // text holds one (special_token) or the ids are the same.
  Ids refused_ids;
  const std::string refused = poslab_fuzz::error_code([&] { refused_ids = t->encode(json); });
  FUZZ_CHECK(refused == "special_token" || (refused.empty() && refused_ids == ids));
}

// The token-list constructor: refused exactly when the list breaks its documented rules (an empty or
// repeated token, a special token empty or not valid UTF-8); otherwise its ids equal the plain merge rule
// piece by piece.
void fuzz_token_list(std::string_view input) {
  const std::vector<std::string> lines = lines_of(input);
  std::vector<std::string> tokens;
  for (int b = 0; b < 256; ++b) tokens.emplace_back(1, static_cast<char>(b));
  std::vector<std::string> special_lines;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!lines[i].empty() && lines[i][0] == '!') special_lines.push_back(lines[i].substr(1));
    else tokens.push_back(lines[i]);
  }
  std::vector<std::pair<std::string, std::uint32_t>> special;
  for (const std::string& name : special_lines)
    special.emplace_back(name, static_cast<std::uint32_t>(tokens.size() + special.size()));

  bool valid = true;
  std::unordered_set<std::string> seen;
  for (const std::string& token : tokens) valid &= !token.empty() && seen.insert(token).second;
  for (const std::string& name : special_lines) valid &= !name.empty() && poslab::to_valid_utf8(name) == name;

  std::unordered_map<std::string, std::uint32_t> ranks;
  for (std::size_t r = 0; r < tokens.size(); ++r) ranks.emplace(tokens[r], static_cast<std::uint32_t>(r));
  std::optional<Gpt2Tokenizer> built;
  const std::string code = poslab_fuzz::error_code([&] { built.emplace(tokens, special); });
  FUZZ_CHECK(code == (valid ? "" : "invalid_vocabulary"));
  if (!valid) return;
  Gpt2Tokenizer& t = *built;
  FUZZ_CHECK(t.vocabulary_size() == tokens.size() + special.size());
  for (std::size_t id = 0; id < t.vocabulary_size(); ++id) {
    const std::string& expected = id < tokens.size() ? tokens[id] : special[id - tokens.size()].first;
    FUZZ_CHECK(t.token_bytes(static_cast<std::uint32_t>(id)) == expected);
  }

  const std::string& text = lines[0];
  check_round_trip(t, text, special_lines);
  // With no special token in the text, the ids are the plain merge of each piece.
  const std::string repaired = poslab::to_valid_utf8(text);
  for (const std::string& name : special_lines)
    if (repaired.find(name) != std::string::npos) return;
  Ids expected;
  for (const std::string& p : t.pieces(text)) {
    const Ids part = p.size() <= kReferenceMaxPiece ? poslab_fuzz::reference_merge(ranks, p) : t.encode(p);
    expected.insert(expected.end(), part.begin(), part.end());
  }
  FUZZ_CHECK(t.encode(text) == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (!input.empty() && input[0] == '{') fuzz_json(input);
  else fuzz_token_list(input);
  return 0;
}
