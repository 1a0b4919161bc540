// Sentences and words the way document 001 prepared its corpus (NLTK sent_tokenize + word_tokenize).
// The text is decoded to code points; each Treebank rule is one small pass that pads a match with spaces,
// in NLTK's order, so a rule here can be read next to its regular expression in nltk/tokenize/destructive.py.
#include "poslab/tokenize.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "poslab/errors.hpp"

namespace poslab {
namespace {

using Text = std::u32string;

// ---- UTF-8 --------------------------------------------------------------------------------------------

[[noreturn]] void throw_invalid_utf8(std::size_t index) {
  throw ArgumentError("text is not valid UTF-8 (byte " + std::to_string(index) + ")", "invalid_utf8", "text",
                      {{"index", static_cast<double>(index)}});
}

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

std::string encode(const Text& t, std::size_t begin = 0, std::size_t end = Text::npos) {
  std::string out;
  end = std::min(end, t.size());
  for (std::size_t i = begin; i < end; ++i) append_utf8(out, t[i]);
  return out;
}

// ---- character classes (Python's \s, \d, \w for the scripts the lab meets) ------------------------------

bool is_space(char32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// Letters and digits (and _): ASCII, Latin-1 letters, and every code point from U+0100 up except the
// punctuation and symbol blocks. A simplification of Unicode's categories, exact for Latin, Greek, Cyrillic.
bool is_word(char32_t c) {
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

char32_t lower(char32_t c) {
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

// ---- the Treebank passes ---------------------------------------------------------------------------------

bool one_of(char32_t c, std::u32string_view set) { return set.find(c) != std::u32string_view::npos; }

// Every character for which `pred` holds gets a space on each side.
template <class Pred>
Text pad_each(const Text& t, Pred pred) {
  Text out;
  out.reserve(t.size() + 16);
  for (char32_t c : t) {
    if (pred(c)) {
      out += U' ';
      out += c;
      out += U' ';
    } else {
      out += c;
    }
  }
  return out;
}

// Every maximal run of characters satisfying `pred` and at least `min_run` long gets padded as a whole.
template <class Pred>
Text pad_runs(const Text& t, Pred pred, std::size_t min_run) {
  Text out;
  out.reserve(t.size() + 16);
  std::size_t i = 0;
  while (i < t.size()) {
    std::size_t j = i;
    while (j < t.size() && pred(t[j])) ++j;
    if (j - i >= min_run) {
      out += U' ';
      out.append(t, i, j - i);
      out += U' ';
      i = j;
    } else if (j > i) {
      out.append(t, i, j - i);
      i = j;
    } else {
      out += t[i++];
    }
  }
  return out;
}

// Non-overlapping occurrences of `needle`, left to right, replaced by `replacement`.
Text replace_all(const Text& t, std::u32string_view needle, std::u32string_view replacement) {
  Text out;
  std::size_t i = 0;
  while (i < t.size()) {
    if (t.compare(i, needle.size(), needle.data(), needle.size()) == 0) {
      out += replacement;
      i += needle.size();
    } else {
      out += t[i++];
    }
  }
  return out;
}

// ([^\.])(\.)(closers*)\s*$  ->  "\1 \2" + gap + "\3 ": the sentence's final period, before closing quotes.
Text final_period(const Text& t, std::u32string_view closers, std::u32string_view gap) {
  const std::size_t dot = t.rfind(U'.');
  if (dot == Text::npos || dot == 0 || t[dot - 1] == U'.') return t;
  std::size_t k = dot + 1;
  while (k < t.size() && one_of(t[k], closers)) ++k;
  const std::size_t closers_end = k;
  while (k < t.size() && is_space(t[k])) ++k;
  if (k != t.size()) return t;
  Text out = t.substr(0, dot);
  out += U' ';
  out += U'.';
  out += gap;
  out.append(t, dot + 1, closers_end - dot - 1);
  out += U' ';
  return out;
}

// ([:,])([^\d]) -> " \1 \2"   and   ([:,])$ -> " \1 "
Text commas_and_colons(const Text& t) {
  Text out;
  std::size_t i = 0;
  while (i < t.size()) {
    const char32_t c = t[i];
    if ((c == U',' || c == U':') && i + 1 < t.size() && !is_digit(t[i + 1])) {
      out += U' ';
      out += c;
      out += U' ';
      out += t[i + 1];
      i += 2;
    } else {
      out += c;
      ++i;
    }
  }
  if (!out.empty() && (out.back() == U',' || out.back() == U':')) {
    const char32_t c = out.back();
    out.pop_back();
    out += U' ';
    out += c;
    out += U' ';
  }
  return out;
}

// ([ \(\[{<])(\"|\'{2}) -> "\1 `` "
Text opening_double_quotes(const Text& t) {
  Text out;
  std::size_t i = 0;
  while (i < t.size()) {
    out += t[i];
    if (one_of(t[i], U" ([{<") && i + 1 < t.size()) {
      if (t[i + 1] == U'"') {
        out += U" `` ";
        i += 2;
        continue;
      }
      if (i + 2 < t.size() && t[i + 1] == U'\'' && t[i + 2] == U'\'') {
        out += U" `` ";
        i += 3;
        continue;
      }
    }
    ++i;
  }
  return out;
}

bool lower_ascii_equals(const Text& t, std::size_t at, std::u32string_view word) {
  if (at + word.size() > t.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k)
    if (lower(t[at + k]) != word[k]) return false;
  return true;
}

bool word_at(const Text& t, std::size_t i) { return i < t.size() && is_word(t[i]); }

// (?i)(?<!\w)(\')(?!(?:re|ve|ll|m|t|s|d|n)\b)(?=\w) -> "\1 ": an opening single quote before a word.
Text opening_single_quotes(const Text& t) {
  static constexpr std::array<std::u32string_view, 8> kClitics{U"re", U"ve", U"ll", U"m", U"t", U"s", U"d", U"n"};
  Text out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    out += t[i];
    if (t[i] != U'\'' || (i > 0 && is_word(t[i - 1])) || !word_at(t, i + 1)) continue;
    bool clitic = false;
    for (auto c : kClitics)
      if (lower_ascii_equals(t, i + 1, c) && !word_at(t, i + 1 + c.size())) clitic = true;
    if (!clitic) out += U' ';
  }
  return out;
}

// ([^'])' -> "\1 ' "
Text closing_single_quotes(const Text& t) {
  Text out;
  std::size_t i = 0;
  while (i < t.size()) {
    if (t[i] != U'\'' && i + 2 < t.size() && t[i + 1] == U'\'' && t[i + 2] == U' ') {
      out += t[i];
      out += U" ' ";
      i += 3;
    } else {
      out += t[i++];
    }
  }
  return out;
}

Text collapse_spaces(const Text& t) {
  Text out;
  for (char32_t c : t) {
    if (is_space(c)) {
      if (out.empty() || out.back() != U' ') out += U' ';
    } else {
      out += c;
    }
  }
  return out;
}

// ([^' ])(clitic) -> "\1 \2 " for each clitic followed by a space: 's 'm 'd ', then 'll 're 've n't.
Text split_clitics(const Text& t, std::initializer_list<std::u32string_view> clitics) {
  Text out;
  std::size_t i = 0;
  while (i < t.size()) {
    const char32_t c = t[i];
    bool matched = false;
    if (c != U'\'' && c != U' ') {
      for (auto clitic : clitics) {
        const std::size_t end = i + 1 + clitic.size();
        if (end < t.size() && t.compare(i + 1, clitic.size(), clitic.data(), clitic.size()) == 0 && t[end] == U' ') {
          out += c;
          out += U' ';
          out += clitic;
          out += U' ';
          i = end + 1;
          matched = true;
          break;
        }
      }
    }
    if (!matched) out += t[i++];
  }
  return out;
}

// (?i)\b(first)(second)\b -> " \1 \2 " (cannot, gonna, ...); `then_space` is wanna's (?=\s).
Text split_compound(const Text& t, std::u32string_view first, std::u32string_view second, bool then_space = false) {
  Text out;
  std::size_t i = 0;
  const std::size_t n = first.size() + second.size();
  while (i < t.size()) {
    const bool boundary_before = i == 0 || !is_word(t[i - 1]);
    const bool after_ok = then_space ? (i + n < t.size() && is_space(t[i + n])) : !word_at(t, i + n);
    if (boundary_before && lower_ascii_equals(t, i, first) && lower_ascii_equals(t, i + first.size(), second) &&
        after_ok) {
      out += U' ';
      out.append(t, i, first.size());
      out += U' ';
      out.append(t, i + first.size(), second.size());
      out += U' ';
      i += n;
    } else {
      out += t[i++];
    }
  }
  return out;
}

std::vector<std::string> split_on_spaces(const Text& t) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && is_space(t[i])) ++i;
    const std::size_t start = i;
    while (i < t.size() && !is_space(t[i])) ++i;
    if (i > start) words.push_back(encode(t, start, i));
  }
  return words;
}

std::vector<std::string> treebank_words(Text t) {
  // Starting quotes.
  t = pad_runs(t, [](char32_t c) { return c == U'`'; }, 1);
  t = pad_each(t, [](char32_t c) { return one_of(c, U"«“‘„"); });
  if (!t.empty() && t[0] == U'"') t.replace(0, 1, U"``");
  t = replace_all(t, U"``", U" `` ");
  t = opening_double_quotes(t);
  t = opening_single_quotes(t);
  // Punctuation.
  t = final_period(t, U"])}>\"'»”’ ", U" ");
  t = commas_and_colons(t);
  t = pad_runs(t, [](char32_t c) { return c == U'.'; }, 2);
  t = pad_each(t, [](char32_t c) { return one_of(c, U";@#$%&") || (c >= 0x2012 && c <= 0x2015); });
  t = final_period(t, U"])}>\"'", U"");
  t = pad_each(t, [](char32_t c) { return c == U'?' || c == U'!' || c == U'¿' || c == U'¡'; });  // ¿ ¡: poslab's
  t = closing_single_quotes(t);
  t = pad_each(t, [](char32_t c) { return c == U'*'; });
  // Brackets and double dashes.
  t = pad_each(t, [](char32_t c) { return one_of(c, U"[](){}<>"); });
  t = replace_all(t, U"--", U" -- ");
  t = U" " + t + U" ";
  // Ending quotes and clitics.
  t = pad_each(t, [](char32_t c) { return one_of(c, U"»”’"); });
  t = replace_all(t, U"''", U" '' ");
  t = replace_all(t, U"\"", U" '' ");
  t = collapse_spaces(t);
  t = split_clitics(t, {U"'s", U"'S", U"'m", U"'M", U"'d", U"'D", U"'"});
  t = split_clitics(t, {U"'ll", U"'LL", U"'re", U"'RE", U"'ve", U"'VE", U"n't", U"N'T"});
  t = split_compound(t, U"can", U"not");
  t = split_compound(t, U"d", U"'ye");
  t = split_compound(t, U"gim", U"me");
  t = split_compound(t, U"gon", U"na");
  t = split_compound(t, U"got", U"ta");
  t = split_compound(t, U"lem", U"me");
  t = split_compound(t, U"more", U"'n");
  t = split_compound(t, U"wan", U"na", true);
  t = replace_all(t, U" 'tis", U" 't is ");
  t = replace_all(t, U" 'twas", U" 't was ");
  return split_on_spaces(t);
}

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

std::vector<std::string> split_sentences(std::string_view text) { return sentences_of(decode(text)); }

std::vector<std::string> word_tokenize(std::string_view sentence) { return treebank_words(decode(sentence)); }

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
