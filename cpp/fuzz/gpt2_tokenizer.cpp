// cpp/fuzz/gpt2_tokenizer.cpp — GPT-2's tokenizer with the real vocabulary (tiktoken's gpt2.json), bytes in:
// encode, decode and pieces on any bytes, well-formed UTF-8 or not.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

#include "fuzz_check.hpp"
#include "poslab/bpe.hpp"

using poslab::Gpt2Tokenizer;
using poslab::SpecialTokens;
using Ids = std::vector<std::uint32_t>;

namespace {

constexpr std::string_view kEndOfText = "<|endoftext|>";
constexpr std::uint32_t kEndOfTextId = 50256;
// Pieces up to this length are also merged by the plain rule, which is quadratic (longer pieces, and the
// heap-based merge the tokenizer uses from 256 bytes on, are compared with it by the vocabulary driver).
constexpr std::size_t kReferenceMaxPiece = 64;

Gpt2Tokenizer* tokenizer = nullptr;
std::unordered_map<std::string, std::uint32_t> ranks;  // ordinary token bytes → id

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* path = std::getenv("POSLAB_GPT2_JSON");
  const std::string json = poslab_fuzz::read_file_or_die(path ? path : POSLAB_GPT2_JSON_DEFAULT,
                                                         "set POSLAB_GPT2_JSON, or run npm ci");
  tokenizer = new Gpt2Tokenizer(Gpt2Tokenizer::from_tiktoken_json(json));
  FUZZ_CHECK(tokenizer->vocabulary_size() == 50257);
  for (std::uint32_t id = 0; id < kEndOfTextId; ++id) ranks.emplace(tokenizer->token_bytes(id), id);
  FUZZ_CHECK(ranks.size() == kEndOfTextId);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Gpt2Tokenizer& t = *tokenizer;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  // What encode reads: invalid UTF-8 replaced as browsers decode it; valid text is left exactly as it is,
  // and the result is valid (checked against the word tokenizer's strict decoder) and stays put.
  const std::string text = poslab::to_valid_utf8(bytes);
  FUZZ_CHECK(poslab_fuzz::is_utf8(bytes) == (text == bytes));
  FUZZ_CHECK(poslab_fuzz::is_utf8(text));
  FUZZ_CHECK(poslab::to_valid_utf8(text) == text);

  // GPT-2's printable symbols: one code point per byte (bytes_to_unicode is a bijection onto 256 characters).
  const std::string symbols = poslab::gpt2_symbol(bytes);
  std::size_t code_points = 0;
  for (char c : symbols) code_points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  FUZZ_CHECK(code_points == size && poslab_fuzz::is_utf8(symbols));

  // The pattern cuts the text into non-empty pieces that join back to it, byte for byte.
  const std::vector<std::string> pieces = t.pieces(bytes);
  std::string joined;
  for (const std::string& p : pieces) {
    FUZZ_CHECK(!p.empty());
    joined += p;
  }
  FUZZ_CHECK(joined == text);

  // Byte-level BPE loses nothing: every id is in the vocabulary and decode gives the text back (an allowed
  // "<|endoftext|>" becomes 50256, whose bytes are that text).
  const Ids ids = t.encode(bytes, SpecialTokens::allow);
  for (std::uint32_t id : ids) FUZZ_CHECK(id < t.vocabulary_size());
  FUZZ_CHECK(t.decode(ids.data(), ids.size()) == text);
  // The raw and the repaired bytes are the same text to encode (and this second call meets the merge cache).
  FUZZ_CHECK(t.encode(text, SpecialTokens::allow) == ids);
  // An id past the vocabulary is out_of_range, never a read past the table.
  const Ids bad = {static_cast<std::uint32_t>(t.vocabulary_size() + (size ? data[0] : 0))};
  FUZZ_CHECK(poslab_fuzz::error_code([&] { t.decode(bad.data(), 1); }) == "out_of_range");

  // tiktoken's default refuses the special token's text, and only that.
  const bool has_special = text.find(kEndOfText) != std::string::npos;
  const std::string code = poslab_fuzz::error_code([&] { FUZZ_CHECK(t.encode(bytes) == ids); });
  FUZZ_CHECK(code == (has_special ? "special_token" : ""));
  if (has_special) return 0;

  // Without a special token, encode is BPE piece by piece: each piece gives the plain merge's ids (long
  // pieces, where the plain rule is too slow, give their own encoding: a piece cut alone is itself).
  Ids expected;
  for (const std::string& p : pieces) {
    const Ids part = p.size() <= kReferenceMaxPiece ? poslab_fuzz::reference_merge(ranks, p) : t.encode(p);
    expected.insert(expected.end(), part.begin(), part.end());
  }
  FUZZ_CHECK(ids == expected);
  return 0;
}
