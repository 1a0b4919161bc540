// Text in and out of the word tokenizer: strict UTF-8 to code points and back, sentences the way document 001
// split its corpus (NLTK's sent_tokenize, a fixed-parameter reading of Punkt), lower case, and the corpus
// preparation that chains them with the Treebank words of word_tokenize.cpp.
#include <algorithm>
#include <array>
#include <string>

#include "poslab/errors.hpp"
#include "poslab/tokenize.hpp"
#include "word_tokenize_impl.hpp"

namespace poslab {
namespace tokenize_detail {
namespace {

// ---- UTF-8 --------------------------------------------------------------------------------------------

[[noreturn]] void throw_invalid_utf8(std::size_t index) {
  throw ArgumentError("text is not valid UTF-8 (byte " + std::to_string(index) + ")", "invalid_utf8", "text",
                      {{"index", static_cast<double>(index)}});
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

// Strict decoding: no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequences.
Text decode(std::string_view s) {
  Text out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      out.push_back(b);
      ++i;
      continue;
    }
    int extra;
    char32_t cp, min;
    if (b >= 0xC2 && b <= 0xDF) {
      extra = 1, cp = b & 0x1F, min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      extra = 2, cp = b & 0x0F, min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
      extra = 3, cp = b & 0x07, min = 0x10000;
    } else {
      throw_invalid_utf8(i);
    }
    if (i + extra >= s.size()) throw_invalid_utf8(i);
    for (int k = 1; k <= extra; ++k) {
      const unsigned char c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) throw_invalid_utf8(i);
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) throw_invalid_utf8(i);
    out.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

std::string encode(const Text& t, std::size_t begin, std::size_t end) {
  std::string out;
  end = std::min(end, t.size());
  for (std::size_t i = begin; i < end; ++i) append_utf8(out, t[i]);
  return out;
}

namespace {

// ---- sentences (a fixed-parameter reading of Punkt) -------------------------------------------------------

bool is_abbreviation(const Text& type) {
  static const std::array<std::u32string_view, 24> kAbbreviations{
      U"mr", U"mrs", U"ms", U"dr", U"prof", U"st", U"jr", U"sr", U"vs", U"inc", U"ltd", U"corp",
      U"co", U"sra", U"srta", U"dra", U"ud", U"uds", U"etc", U"fig", U"pág", U"núm", U"approx", U"dept"};
  if (std::find(kAbbreviations.begin(), kAbbreviations.end(), type) != kAbbreviations.end()) return true;
  // Letter-period sequences such as e.g, i.e, u.s.a: letters with inner periods only.
  if (type.find(U'.') == Text::npos) return false;
  return std::all_of(type.begin(), type.end(), [](char32_t c) { return c == U'.' || (is_word(c) && !is_digit(c)); });
}

bool is_number(const Text& type) {
  return !type.empty() && std::any_of(type.begin(), type.end(), is_digit) &&
         std::all_of(type.begin(), type.end(),
                     [](char32_t c) { return is_digit(c) || c == U'.' || c == U',' || c == U'-'; });
}

bool starts_lower(const Text& t, std::size_t at) {
  while (at < t.size() && !is_word(t[at]) && !is_space(t[at])) ++at;  // skip opening quotes, ¿, (
  return at < t.size() && is_word(t[at]) && lower(t[at]) == t[at] && !is_digit(t[at]) &&
         (t[at] < 'A' || t[at] > 'Z');
}

std::vector<std::string> sentences_of(const Text& t) {
  std::vector<std::string> out;
  auto emit = [&](std::size_t begin, std::size_t end) {
    while (begin < end && is_space(t[begin])) ++begin;
    while (end > begin && is_space(t[end - 1])) --end;
    if (end > begin) out.push_back(encode(t, begin, end));
  };
  std::size_t start = 0, i = 0;
  while (i < t.size()) {
    const char32_t c = t[i];
    if (c != U'.' && c != U'?' && c != U'!') {
      ++i;
      continue;
    }
    // The ending: a run of .?! then closing quotes or brackets, then white space and a next token.
    std::size_t end = i;
    while (end < t.size() && one_of(t[end], U".?!")) ++end;
    const std::size_t marks_end = end;
    while (end < t.size() && one_of(t[end], U"\"')]}»”’")) ++end;
    std::size_t next = end;
    while (next < t.size() && is_space(t[next])) ++next;
    if (next == end || next == t.size()) {  // no white space after it, or the end of the text
      i = marks_end;
      continue;
    }
    bool sentence_break = true;
    if (t[marks_end - 1] == U'.' && marks_end - i == 1) {
      // The word the period belongs to, lower-cased, without the period and any opening punctuation.
      std::size_t w = i;
      while (w > start && !is_space(t[w - 1])) --w;
      while (w < i && !is_word(t[w])) ++w;
      Text type;
      for (std::size_t k = w; k < i; ++k) type += lower(t[k]);
      const bool initial = type.size() == 1 && is_word(type[0]) && !is_digit(type[0]);
      if (initial || is_abbreviation(type)) sentence_break = false;
      if (is_number(type) && starts_lower(t, next)) sentence_break = false;
    } else if (t[marks_end - 1] == U'.' && marks_end - i > 1) {
      sentence_break = !starts_lower(t, next);  // an ellipsis ends a sentence only before a capital
    }
    if (sentence_break) {
      emit(start, end);
      start = next;
    }
    i = next;
  }
  emit(start, t.size());
  return out;
}

}  // namespace
}  // namespace tokenize_detail

using tokenize_detail::decode;
using tokenize_detail::encode;
using tokenize_detail::lower;
using tokenize_detail::sentences_of;
using tokenize_detail::Text;
using tokenize_detail::treebank_words;

std::vector<std::string> split_sentences(std::string_view text) { return sentences_of(decode(text)); }

std::string to_lower(std::string_view text) {
  Text t = decode(text);
  for (char32_t& c : t) c = lower(c);
  return encode(t);
}

std::vector<Sentence> tokenize_corpus(std::string_view text) {
  Text t = decode(text);
  for (char32_t& c : t)
    if (c == U'\n') c = U' ';
  std::vector<Sentence> corpus;
  for (const std::string& sentence : sentences_of(t)) {
    Sentence words = treebank_words(decode(sentence));
    for (std::string& w : words) w = to_lower(w);
    if (!words.empty()) corpus.push_back(std::move(words));
  }
  return corpus;
}

}  // namespace poslab
