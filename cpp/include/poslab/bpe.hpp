// poslab/bpe.hpp — GPT-2's byte-level BPE, giving the same ids as tiktoken's `gpt2` encoding, and the sliding
// windows of document 004 (inputs/targets as its GPTDatasetV1 builds them, batches as its DataLoader yields them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace poslab {

/// Largest text one encode call takes: 2^25 bytes (32 MiB) of UTF-8.
inline constexpr std::size_t kMaxTextBytes = std::size_t{1} << 25;

/// GPT-2's pre-tokenisation pattern, as tiktoken's gpt2.json spells it. The tokenizer implements exactly this
/// pattern by hand (no regex engine) and refuses a vocabulary file that declares another one.
inline constexpr std::string_view kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

/// The four classes the pattern sees: \p{L}, \p{N}, \s (the White_Space property, as in tiktoken's Rust regex)
/// and everything else. From the Unicode Character Database (see scripts/gen-unicode-classes.py).
enum class CharClass : std::uint8_t { other = 0, letter = 1, number = 2, space = 3 };
CharClass char_class(char32_t code_point);
/// The Unicode version the class table was generated from ("15.0.0").
const char* unicode_version();

/// Decodes bytes as UTF-8 the way browsers do (WHATWG): each maximal invalid subsequence becomes U+FFFD.
/// Valid input comes back unchanged. This is what tiktoken sees when JavaScript hands it a decoded file.
std::string to_valid_utf8(std::string_view bytes);

/// GPT-2's bytes_to_unicode(): each byte as the printable character GPT-2's vocab.json writes for it
/// (a space is "Ġ", a newline "Ċ"), so a token's bytes read as the familiar "Ġthe".
std::string gpt2_symbol(std::string_view token_bytes);

/// What encode does with a special token's text ("<|endoftext|>") found in its input.
enum class SpecialTokens {
  refuse,  ///< tiktoken's default (disallowed_special="all"): an error (code special_token)
  allow,   ///< allowed_special="all": the text becomes the special token's id (50256)
};

/// Byte-level BPE with tiktoken's merge rule: inside each pre-tokenised piece, repeatedly merge the adjacent
/// pair whose concatenation has the lowest rank (the leftmost one on ties) until no pair is a token.
/// encode keeps a cache of pieces it has merged, so it is not thread-safe.
class Gpt2Tokenizer {
 public:
  /// Reads tiktoken's gpt2.json (as shipped by @dqbd/tiktoken): pattern, special tokens and the ranks in
  /// tiktoken's compact format (lines "<x> <first rank> <base64 token> <base64 token> …"). Throws
  /// invalid_vocabulary when the file is not such a file.
  static Gpt2Tokenizer from_tiktoken_json(std::string_view json);

  /// A vocabulary given directly: tokens[rank] holds the bytes of token `rank`; every single byte must be a
  /// token and no token may repeat. Special tokens take ids after the last rank or any unused id; each is
  /// non-empty, valid UTF-8 text (else invalid_vocabulary).
  Gpt2Tokenizer(std::vector<std::string> tokens, std::vector<std::pair<std::string, std::uint32_t>> special);

  Gpt2Tokenizer(Gpt2Tokenizer&&) noexcept;
  Gpt2Tokenizer& operator=(Gpt2Tokenizer&&) noexcept;
  ~Gpt2Tokenizer();

  /// The ids of `text` (UTF-8; invalid bytes are first replaced as to_valid_utf8 does). Throws too_large past
  /// kMaxTextBytes and special_token when `text` holds a special token's text and `special` is refuse.
  std::vector<std::uint32_t> encode(std::string_view text, SpecialTokens special = SpecialTokens::refuse);

  /// The bytes of the ids, concatenated (a cut through a character leaves invalid UTF-8; the caller decides
  /// how to show it). Throws out_of_range for an id outside the vocabulary.
  std::string decode(const std::uint32_t* ids, std::size_t count) const;

  /// The pieces GPT-2's pattern cuts `text` into (step 1 of encode), as UTF-8 strings.
  std::vector<std::string> pieces(std::string_view text) const;

  /// The bytes of one token (ordinary or special). Throws out_of_range for an unknown id.
  std::string_view token_bytes(std::uint32_t id) const;

  /// Number of ids: ordinary tokens plus special tokens (50257 for GPT-2).
  std::size_t vocabulary_size() const;

  /// Pieces currently held by the merge cache (for tests and benchmarks).
  std::size_t cached_pieces() const;

 private:
  struct Impl;
  explicit Gpt2Tokenizer(Impl* impl);
  Impl* impl_;
};

/// The windows document 004's GPTDatasetV1 cuts from a list of ids:
///   for i in range(0, len(ids) - max_length, stride): inputs ids[i:i+max_length], targets ids[i+1:i+max_length+1]
/// `inputs` and `targets` are count × max_length, row-major.
struct TokenWindows {
  std::size_t count = 0;
  std::size_t max_length = 0;
  std::vector<std::uint32_t> inputs, targets;
};

/// Throws out_of_range for max_length outside 1 … len(ids) − 1 (no window would exist) and for stride < 1
/// (Python's range refuses a zero step), too_large past kMaxMatrixValues ids in the windows.
TokenWindows sliding_windows(const std::uint32_t* ids, std::size_t size, long long max_length, long long stride);

/// One batch of a DataLoader(dataset, batch_size, shuffle=False, drop_last=True) over those windows:
/// windows index·batch_size … (index+1)·batch_size − 1. batch_count = ⌊windows / batch_size⌋.
struct TokenBatch {
  std::size_t rows = 0, cols = 0;           ///< batch_size × max_length
  std::size_t window_count = 0, batch_count = 0;
  std::vector<std::uint32_t> inputs, targets;
};

/// Throws as sliding_windows, and out_of_range for batch_size outside 1 … windows (drop_last would leave no
/// batch) and for index outside 0 … batch_count − 1.
TokenBatch loader_batch(const std::uint32_t* ids, std::size_t size, long long max_length, long long stride,
                        long long batch_size, long long index);

}  // namespace poslab
