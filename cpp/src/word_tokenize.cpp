// Words the way document 001 prepared its corpus (NLTK's word_tokenize: the Treebank rules). Each rule is one
// small pass over code points that pads a match with spaces, in NLTK's order, so a rule here can be read next to
// its regular expression in nltk/tokenize/destructive.py. Sentences and UTF-8 are word_tokenize_text.cpp.
#include <array>
#include <initializer_list>
#include <string>

#include "poslab/tokenize.hpp"
#include "word_tokenize_impl.hpp"

namespace poslab {
namespace tokenize_detail {
namespace {

// ---- the Treebank passes ---------------------------------------------------------------------------------

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

}  // namespace

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

}  // namespace tokenize_detail

std::vector<std::string> word_tokenize(std::string_view sentence) {
  return tokenize_detail::treebank_words(tokenize_detail::decode(sentence));
}

}  // namespace poslab
