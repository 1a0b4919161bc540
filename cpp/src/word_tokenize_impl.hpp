// The inside of the word tokenizer (tokenize.hpp), shared by its two sources: word_tokenize.cpp (the Treebank
// word rules) and word_tokenize_text.cpp (strict UTF-8, Punkt sentences, the other entry points). The character
// classes are inline here so every pass compiles them in place, as when both sides were one file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace poslab {
namespace tokenize_detail {

using Text = std::u32string;

// Strict UTF-8 (word_tokenize_text.cpp): decode throws invalid_utf8 naming the byte; encode writes t[begin, end).
Text decode(std::string_view s);
std::string encode(const Text& t, std::size_t begin = 0, std::size_t end = Text::npos);

// The Treebank rules over one sentence, case kept (word_tokenize.cpp).
std::vector<std::string> treebank_words(Text t);

// ---- character classes (Python's \s, \d, \w for the scripts the lab meets) ------------------------------

inline bool is_space(char32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

inline bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// Letters and digits (and _): ASCII, Latin-1 letters, and every code point from U+0100 up except the
// punctuation and symbol blocks. A simplification of Unicode's categories, exact for Latin, Greek, Cyrillic.
inline bool is_word(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
  if (c < 0x100) return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
  if (is_space(c)) return false;
  if (c >= 0x2000 && c <= 0x2BFF) return false;  // general punctuation, symbols, arrows, dingbats
  if (c >= 0x3000 && c <= 0x303F) return false;  // CJK punctuation
  if (c >= 0xFE30 && c <= 0xFE4F) return false;
  if (c >= 0xFF00 && c <= 0xFF0F) return false;
  if (c >= 0x1F000) return false;  // emoji and pictographs
  return true;
}

inline char32_t lower(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c < 0xC0) return c;
  if (c <= 0xDE) return c == 0xD7 ? c : c + 32;
  if (c >= 0x100 && c <= 0x137) return (c % 2 == 0) ? c + 1 : c;
  if (c >= 0x139 && c <= 0x148) return (c % 2 == 1) ? c + 1 : c;
  if (c >= 0x14A && c <= 0x177) return (c % 2 == 0) ? c + 1 : c;
  if (c == 0x178) return 0xFF;
  if (c >= 0x179 && c <= 0x17E) return (c % 2 == 1) ? c + 1 : c;
  if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;
  if (c >= 0x410 && c <= 0x42F) return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  return c;
}

inline bool one_of(char32_t c, std::u32string_view set) { return set.find(c) != std::u32string_view::npos; }

}  // namespace tokenize_detail
}  // namespace poslab
