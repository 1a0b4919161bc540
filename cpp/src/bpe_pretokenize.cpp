// GPT-2's pre-tokenizer: its pattern ('s|'t|…| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+) written out by
// hand as a small state machine (piece_end) over a two-stage table of four Unicode classes, and the WHATWG
// repair of invalid UTF-8 that runs before it. Its own file because it is the one part that knows Unicode: the
// merge loop (bpe_merge.cpp) only calls piece_end, piece by piece.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "bpe_impl.hpp"
#include "poslab/bpe.hpp"

namespace poslab {
namespace {

#include "unicode_classes.inc"

// ---------------------------------------------------------------------------------------------------------
// Character classes

struct AsciiClasses {
  CharClass table[128];
  AsciiClasses() {
    for (char32_t c = 0; c < 128; ++c) {
      const unsigned bits = kClassBits[kClassBlock[0] * (kClassBlockSize / 4) + c / 4];
      table[c] = static_cast<CharClass>((bits >> (2 * (c % 4))) & 3u);
    }
  }
};
const AsciiClasses kAscii;

CharClass table_class(char32_t cp) {
  const unsigned block = kClassBlock[cp / kClassBlockSize];
  const unsigned offset = cp % kClassBlockSize;
  const unsigned bits = kClassBits[block * (kClassBlockSize / 4) + offset / 4];
  return static_cast<CharClass>((bits >> (2 * (offset % 4))) & 3u);
}

// Class and byte length of the character at s[p] (valid UTF-8, p < n).
inline CharClass class_at(const unsigned char* s, std::size_t p, unsigned& length) {
  const unsigned char b = s[p];
  if (b < 0x80) {
    length = 1;
    return kAscii.table[b];
  }
  char32_t cp;
  if (b < 0xE0) {
    length = 2;
    cp = (char32_t{b} & 0x1Fu) << 6 | (s[p + 1] & 0x3Fu);
  } else if (b < 0xF0) {
    length = 3;
    cp = (char32_t{b} & 0x0Fu) << 12 | (s[p + 1] & 0x3Fu) << 6 | (s[p + 2] & 0x3Fu);
  } else {
    length = 4;
    cp = (char32_t{b} & 0x07u) << 18 | (s[p + 1] & 0x3Fu) << 12 | (s[p + 2] & 0x3Fu) << 6 | (s[p + 3] & 0x3Fu);
  }
  return table_class(cp);
}

// End of the run of characters of class `cls` (or, for `other`, of characters that are neither letters,
// numbers nor whitespace) starting at p.
inline std::size_t run_end(const unsigned char* s, std::size_t n, std::size_t p, CharClass cls) {
  while (p < n) {
    const unsigned char b = s[p];
    if (b < 0x80) {
      if (kAscii.table[b] != cls) return p;
      ++p;
      continue;
    }
    unsigned length;
    if (class_at(s, p, length) != cls) return p;
    p += length;
  }
  return p;
}

}  // namespace

namespace bpe_detail {

// End of the piece starting at p, following GPT-2's pattern alternative by alternative:
//   's|'t|'re|'ve|'m|'ll|'d   then  ' ?\p{L}+'  ' ?\p{N}+'  ' ?[^\s\p{L}\p{N}]+'  then  '\s+(?!\S)'  '\s+'
std::size_t piece_end(const unsigned char* s, std::size_t n, std::size_t p) noexcept {
  const unsigned char c = s[p];
  if (c == '\'' && p + 1 < n) {
    const unsigned char c1 = s[p + 1];
    if (c1 == 's' || c1 == 't' || c1 == 'm' || c1 == 'd') return p + 2;
    if (p + 2 < n) {
      const unsigned char c2 = s[p + 2];
      if ((c1 == 'r' && c2 == 'e') || (c1 == 'v' && c2 == 'e') || (c1 == 'l' && c2 == 'l')) return p + 3;
    }
  }
  unsigned length;
  CharClass cls = class_at(s, p, length);
  std::size_t start = p;
  if (c == ' ' && p + 1 < n) {
    // ' ?X+': the optional space belongs to a following letter, number or symbol run.
    unsigned next_length;
    const CharClass next = class_at(s, p + 1, next_length);
    if (next != CharClass::space) {
      cls = next;
      start = p + 1;
    }
  }
  if (cls != CharClass::space) return run_end(s, n, start, cls);
  // Whitespace: '\s+(?!\S)' keeps the whole run at the end of the text, and otherwise gives the last
  // whitespace character back to what follows (when the run has more than one); '\s+' takes a lone one.
  std::size_t q = p, last = p;
  while (q < n) {
    unsigned l;
    if (class_at(s, q, l) != CharClass::space) break;
    last = q;
    q += l;
  }
  if (q == n) return n;
  return last > p ? last : q;
}

}  // namespace bpe_detail

using bpe_detail::piece_end;
using bpe_detail::utf8_lead;
using bpe_detail::utf8_valid_prefix;

CharClass char_class(char32_t code_point) {
  if (code_point >= 0x110000) return CharClass::other;
  return table_class(code_point);
}

const char* unicode_version() { return kUnicodeVersion; }

std::string to_valid_utf8(std::string_view bytes) {
  std::size_t valid = utf8_valid_prefix(bytes);
  if (valid == bytes.size()) return std::string(bytes);
  static constexpr char kReplacement[] = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(bytes.size() + 16);
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t i = 0;
  while (i < bytes.size()) {
    valid = i + utf8_valid_prefix(bytes.substr(i));
    out.append(bytes.data() + i, valid - i);
    i = valid;
    if (i >= bytes.size()) break;
    // WHATWG: the maximal subpart of an ill-formed sequence (a valid start with as many valid continuation
    // bytes as fit) becomes one U+FFFD; a byte that cannot start a sequence becomes one U+FFFD by itself.
    const unsigned char b = p[i];
    const auto [len, lo, hi] = utf8_lead(b);
    std::size_t consumed = 1;
    if (len > 0) {
      for (std::size_t k = 1; k < len && i + k < bytes.size(); ++k) {
        const unsigned char c = p[i + k];
        const unsigned l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (c < l || c > h) break;
        consumed = k + 1;
      }
    }
    out.append(kReplacement, 3);
    i += consumed;
  }
  return out;
}

std::vector<std::string> Gpt2Tokenizer::pieces(std::string_view text) const {
  std::string repaired;
  if (utf8_valid_prefix(text) != text.size()) {
    repaired = to_valid_utf8(text);
    text = repaired;
  }
  std::vector<std::string> out;
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t p = 0; p < text.size();) {
    const std::size_t e = piece_end(s, text.size(), p);
    out.emplace_back(text.substr(p, e - p));
    p = e;
  }
  return out;
}

}  // namespace poslab
