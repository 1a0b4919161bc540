// cpp/fuzz/word_tokenizer.cpp — the word tokenizer (tokenize.hpp) on any bytes: sentences, Treebank words,
// lower case and document 001's whole preparation.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "poslab/bpe.hpp"
#include "poslab/tokenize.hpp"

namespace {

// Code points of text already known to be well-formed UTF-8.
std::u32string code_points(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? b : b & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out += cp;
    i += len;
  }
  return out;
}

// Python's str.isspace(), the white space NLTK splits words on (Unicode categories Zs, and bidi B, S, WS).
bool is_python_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// The characters a tokenizer must keep: everything but white space and quotes (the Treebank rules only pad
// with spaces, and rewrite " as `` or '').
std::u32string kept_characters(std::string_view s) {
  std::u32string out;
  for (char32_t c : code_points(s))
    if (!is_python_space(c) && c != U'"' && c != U'\'' && c != U'`') out += c;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // Malformed UTF-8 is refused with invalid_utf8 at the byte where it starts: the bytes before it are valid,
  // and the GPT-2 tokenizer's lenient decoder puts its first U+FFFD at that same byte.
  std::size_t invalid_at = SIZE_MAX;
  try {
    poslab::to_lower(text);
  } catch (const poslab::ArgumentError& e) {
    FUZZ_CHECK(e.code() == "invalid_utf8" && e.fields().size() == 1 && e.fields()[0].first == "index");
    invalid_at = static_cast<std::size_t>(std::get<double>(e.fields()[0].second));
  }
  if (invalid_at != SIZE_MAX) {
    FUZZ_CHECK(invalid_at < size && poslab_fuzz::is_utf8(text.substr(0, invalid_at)));
    FUZZ_CHECK(poslab::to_valid_utf8(text).compare(0, invalid_at + 3, std::string(text.substr(0, invalid_at)) + "\uFFFD") == 0);
    // Every entry point refuses the same text the same way.
    FUZZ_CHECK(poslab_fuzz::error_code([&] { poslab::split_sentences(text); }) == "invalid_utf8");
    FUZZ_CHECK(poslab_fuzz::error_code([&] { poslab::word_tokenize(text); }) == "invalid_utf8");
    FUZZ_CHECK(poslab_fuzz::error_code([&] { poslab::tokenize_corpus(text); }) == "invalid_utf8");
    return 0;
  }
  FUZZ_CHECK(poslab::to_valid_utf8(text) == text);  // both decoders agree the text is well-formed

  // Sentences are the text's own slices, in order, trimmed, and cover it: only white space lies around them.
  // (A sentence starts with a non-space, so its first occurrence from `at` on is the one after the gap.)
  const std::vector<std::string> sentences = poslab::split_sentences(text);
  auto all_space = [](std::string_view s) {
    const std::u32string cps = code_points(s);
    return std::all_of(cps.begin(), cps.end(), is_python_space);
  };
  std::size_t at = 0;
  for (const std::string& s : sentences) {
    const std::u32string cps = code_points(s);
    FUZZ_CHECK(!cps.empty() && !is_python_space(cps.front()) && !is_python_space(cps.back()));
    const std::size_t found = text.find(s, at);
    FUZZ_CHECK(found != std::string_view::npos && all_space(text.substr(at, found - at)));
    at = found + s.size();
  }
  FUZZ_CHECK(all_space(text.substr(at)));

  // Words hold no white space and keep every other character in order; only quotes may be rewritten.
  const std::vector<std::string> words = poslab::word_tokenize(text);
  std::string joined;
  for (const std::string& w : words) {
    const std::u32string cps = code_points(w);
    FUZZ_CHECK(!cps.empty() && std::none_of(cps.begin(), cps.end(), is_python_space));
    joined += w;
  }
  FUZZ_CHECK(kept_characters(joined) == kept_characters(text));

  // Lower case changes letters only, each within its own byte length, and a second pass changes nothing.
  const std::string lower = poslab::to_lower(text);
  FUZZ_CHECK(lower.size() == text.size() && poslab::to_lower(lower) == lower);
  for (std::size_t i = 0; i < size; ++i) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) < 0x80) FUZZ_CHECK(lower[i] == (c >= 'A' && c <= 'Z' ? c + 32 : c));
  }

  // Document 001's preparation is exactly what tokenize.hpp says: newlines → spaces, sentences, words, lower
  // case, sentences without words dropped.
  std::string flat(text);
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  std::vector<poslab::Sentence> expected;
  for (const std::string& s : poslab::split_sentences(flat)) {
    poslab::Sentence ws = poslab::word_tokenize(s);
    for (std::string& w : ws) w = poslab::to_lower(w);
    if (!ws.empty()) expected.push_back(std::move(ws));
  }
  FUZZ_CHECK(poslab::tokenize_corpus(text) == expected);
  return 0;
}
