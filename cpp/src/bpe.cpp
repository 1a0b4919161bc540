// GPT-2's byte-level BPE: the pre-tokenisation pattern written out by hand over Unicode classes, tiktoken's
// merge rule, a byte-string hash table for the 50 256 ranks and a cache of pieces already merged.
#include "poslab/bpe.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <queue>
#include <string>
#include <utility>

#include "poslab/errors.hpp"

#define POSLAB_NOINLINE __attribute__((noinline))

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

// End of the piece starting at p, following GPT-2's pattern alternative by alternative:
//   's|'t|'re|'ve|'m|'ll|'d   then  ' ?\p{L}+'  ' ?\p{N}+'  ' ?[^\s\p{L}\p{N}]+'  then  '\s+(?!\S)'  '\s+'
std::size_t piece_end(const unsigned char* s, std::size_t n, std::size_t p) {
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

// ---------------------------------------------------------------------------------------------------------
// Hashing byte strings

inline std::uint32_t load32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The first min(n, 8) bytes of p as a little-endian number, zero-padded, without reading past p + n.
inline std::uint64_t load_prefix(const unsigned char* p, std::size_t n) {
  if (n >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (n >= 4) {
    // 64-bit before shifting: for n == 4 the shift is 32, past a 32-bit value's width.
    const std::uint64_t hi = std::uint64_t{load32(p + n - 4)} >> (8 * (8 - n));
    return std::uint64_t{load32(p)} | hi << 32;
  }
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}

inline std::uint32_t hash_bytes(std::uint64_t prefix, const unsigned char* p, std::size_t n) {
  std::uint64_t h = (prefix ^ (n * 0x9E3779B97F4A7C15ull)) * 0xFF51AFD7ED558CCDull;
  for (std::size_t i = 8; i < n; i += 8) {
    h ^= h >> 29;
    h = (h ^ load_prefix(p + i, n - i)) * 0xC4CEB9FE1A85EC53ull;
  }
  h ^= h >> 32;
  return static_cast<std::uint32_t>(h);
}

// Byte-string hash table: each slot keeps the key's first 8 bytes, so a short key (most pieces and tokens)
// is compared without touching the arena where the full keys live; open addressing, linear probing.
class ByteStringMap {
 public:
  static constexpr std::uint32_t kMissing = 0xFFFFFFFFu;

  explicit ByteStringMap(std::size_t expected = 16) { rehash(capacity_for(expected)); }

  std::uint32_t find(const char* key, std::size_t n) const {
    const auto* p = reinterpret_cast<const unsigned char*>(key);
    const std::uint64_t prefix = load_prefix(p, n);
    const std::uint32_t h = hash_bytes(prefix, p, n);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.value == kMissing) return kMissing;
      if (slot.prefix == prefix && slot.length == n &&
          (n <= 8 || std::memcmp(arena_.data() + slot.offset + 8, key + 8, n - 8) == 0)) {
        return slot.value;
      }
    }
  }

  /// Inserts key → value; returns false (and changes nothing) when the key is there already.
  bool insert(const char* key, std::size_t n, std::uint32_t value) {
    if (find(key, n) != kMissing) return false;
    if ((size_ + 1) * 2 > slots_.size()) rehash(slots_.size() * 2);
    const auto* p = reinterpret_cast<const unsigned char*>(key);
    const std::uint64_t prefix = load_prefix(p, n);
    const std::uint32_t h = hash_bytes(prefix, p, n);
    std::size_t i = h & mask_;
    while (slots_[i].value != kMissing) i = (i + 1) & mask_;
    slots_[i] = {prefix, static_cast<std::uint32_t>(arena_.size()), static_cast<std::uint32_t>(n), value, h};
    arena_.append(key, n);
    ++size_;
    return true;
  }

  void clear() {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    arena_.clear();
    size_ = 0;
  }

  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::uint64_t prefix = 0;
    std::uint32_t offset = 0, length = 0, value = kMissing, hash = 0;
  };

  static std::size_t capacity_for(std::size_t n) {
    std::size_t c = 16;
    while (c < n * 2) c *= 2;
    return c;
  }

  void rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    mask_ = capacity - 1;
    for (const Slot& slot : old) {
      if (slot.value == kMissing) continue;
      std::size_t i = slot.hash & mask_;
      while (slots_[i].value != kMissing) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::string arena_;
  std::size_t mask_ = 0, size_ = 0;
};

// ---------------------------------------------------------------------------------------------------------
// Small JSON reader: enough for tiktoken's encoder files (objects, strings, numbers).

struct JsonReader {
  std::string_view text;
  std::size_t pos = 0;

  [[noreturn]] void fail(const std::string& why) const {
    throw ArgumentError("vocabulary is not a tiktoken encoder file: " + why + " (at byte " + std::to_string(pos) + ")",
                        "invalid_vocabulary", "vocabulary");
  }
  void skip_space() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t')) {
      ++pos;
    }
  }
  void expect(char c) {
    skip_space();
    if (pos >= text.size() || text[pos] != c) fail(std::string("expected '") + c + "'");
    ++pos;
  }
  bool peek(char c) {
    skip_space();
    return pos < text.size() && text[pos] == c;
  }
  static void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  char32_t hex4() {
    if (pos + 4 > text.size()) fail("truncated \\u escape");
    char32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text[pos++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<char32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<char32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<char32_t>(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (true) {
      if (pos >= text.size()) fail("unterminated string");
      const char c = text[pos++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size()) fail("unterminated string");
      const char e = text[pos++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          char32_t cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && text.substr(pos, 2) == "\\u") {
            pos += 2;
            const char32_t low = hex4();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }
  double number() {
    skip_space();
    const std::size_t start = pos;
    while (pos < text.size() && (std::isdigit(static_cast<unsigned char>(text[pos])) || text[pos] == '-' ||
                                 text[pos] == '+' || text[pos] == '.' || text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
    }
    if (start == pos) fail("expected a number");
    // strtod, not stod: a malformed number ("-", "1e999") is the vocabulary's fault, reported as such.
    const std::string token(text.substr(start, pos - start));
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || !std::isfinite(value)) fail("bad number");
    return value;
  }
  // Skips any value (for keys the tokenizer does not use).
  void skip_value() {
    skip_space();
    if (pos >= text.size()) fail("unexpected end");
    const char c = text[pos];
    if (c == '"') {
      string();
    } else if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++pos;
      if (peek(close)) {
        ++pos;
        return;
      }
      while (true) {
        if (close == '}') {
          string();
          expect(':');
        }
        skip_value();
        if (peek(',')) {
          ++pos;
          continue;
        }
        expect(close);
        return;
      }
    } else if (text.substr(pos, 4) == "true" || text.substr(pos, 4) == "null") {
      pos += 4;
    } else if (text.substr(pos, 5) == "false") {
      pos += 5;
    } else {
      number();
    }
  }
};

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool base64_decode(std::string_view in, std::string& out) {
  out.clear();
  unsigned buffer = 0;
  int bits = 0;
  std::size_t i = 0;
  for (; i < in.size() && in[i] != '='; ++i) {
    const int v = base64_value(in[i]);
    if (v < 0) return false;
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  for (; i < in.size(); ++i) {
    if (in[i] != '=') return false;
  }
  return !out.empty();
}

[[noreturn]] void bad_vocabulary(const std::string& why) {
  throw ArgumentError("vocabulary: " + why, "invalid_vocabulary", "vocabulary");
}

/**
 * What a lead byte b ≥ 0x80 announces (Unicode table 3-7): the sequence's length and the range of its second
 * byte (the later ones are 0x80–0xBF); length 0 when b cannot start a sequence.
 */
struct Utf8Lead {
  std::size_t len;
  unsigned lo, hi;
};
Utf8Lead utf8_lead(unsigned char b) {
  if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF};
  if (b >= 0xE0 && b <= 0xEF) return {3, b == 0xE0 ? 0xA0u : 0x80u, b == 0xED ? 0x9Fu : 0xBFu};
  if (b >= 0xF0 && b <= 0xF4) return {4, b == 0xF0 ? 0x90u : 0x80u, b == 0xF4 ? 0x8Fu : 0xBFu};
  return {0, 0x80, 0xBF};
}

std::size_t utf8_valid_prefix(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    // ASCII in blocks of 8.
    while (i + 8 <= n) {
      std::uint64_t v;
      std::memcpy(&v, p + i, 8);
      if (v & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= n) break;
    const unsigned char b = p[i];
    if (b < 0x80) {
      ++i;
      continue;
    }
    const auto [len, lo, hi] = utf8_lead(b);
    if (len == 0) return i;
    if (i + len > n) return i;
    if (p[i + 1] < lo || p[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return n;
}

}  // namespace

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
  for (const char c : token_bytes) JsonReader::append_utf8(out, table[static_cast<unsigned char>(c)]);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The tokenizer

struct Gpt2Tokenizer::Impl {
  ByteStringMap ranks;
  std::vector<std::uint32_t> pair_ranks;   // rank of every two-byte token, indexed by its bytes (65 536)
  std::string token_arena;                 // bytes of every id, back to back
  std::vector<std::uint32_t> token_start;  // id → offset in token_arena; size = ids + 1
  std::vector<std::pair<std::string, std::uint32_t>> special;
  std::size_t ordinary_count = 0;

  // Pieces merged before: piece bytes → offset into cache_ids (count stored first).
  ByteStringMap cache{4096};
  std::vector<std::uint32_t> cache_ids;
  static constexpr std::size_t kMaxCachedPieceBytes = 128;
  static constexpr std::size_t kMaxCachedPieces = std::size_t{1} << 18;

  // Scratch for the merges.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> parts;  // (start, rank of the pair starting here)
  std::vector<std::uint32_t> out_ids;

  std::uint32_t rank_of(const char* p, std::size_t n) const { return ranks.find(p, n); }
  std::uint32_t rank_of_pair(const char* p) const {
    return pair_ranks[static_cast<unsigned char>(p[0]) << 8 | static_cast<unsigned char>(p[1])];
  }

  void build(std::vector<std::string> tokens, std::vector<std::pair<std::string, std::uint32_t>> specials) {
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
      if (text.empty() || used[id]) bad_vocabulary("special token " + text + " has an id already taken");
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

  // tiktoken's byte_pair_merge for short pieces: parts[i] = (start, rank of bytes from start to the start of
  // parts[i + 2]); merge the lowest rank, leftmost first, until no pair is a token.
  void merge_small(const char* piece, std::size_t n) {
    constexpr std::uint32_t kNone = ByteStringMap::kMissing;
    parts.clear();
    std::pair<std::uint32_t, std::size_t> best{kNone, 0};
    for (std::size_t i = 0; i + 1 < n; ++i) {
      const std::uint32_t r = rank_of_pair(piece + i);
      if (r < best.first) best = {r, i};
      parts.emplace_back(static_cast<std::uint32_t>(i), r);
    }
    parts.emplace_back(static_cast<std::uint32_t>(n - 1), kNone);
    parts.emplace_back(static_cast<std::uint32_t>(n), kNone);
    auto pair_rank = [&](std::size_t i) {
      if (i + 3 < parts.size()) return rank_of(piece + parts[i].first, parts[i + 3].first - parts[i].first);
      return kNone;
    };
    while (best.first != kNone) {
      const std::size_t i = best.second;
      if (i > 0) parts[i - 1].second = pair_rank(i - 1);
      parts[i].second = pair_rank(i);
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      best = {kNone, 0};
      for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
        if (parts[k].second < best.first) best = {parts[k].second, k};
      }
    }
    for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
      out_ids.push_back(rank_of(piece + parts[k].first, parts[k + 1].first - parts[k].first));
    }
  }

  // The same rule for long pieces (a page of digits or spaces is one piece): a linked list of parts and a
  // heap of (rank, start) with stale entries skipped, O(n log n) instead of O(n²). Ties go to the smaller
  // start, i.e. the leftmost pair, exactly as the linear scan does.
  void merge_large(const char* piece, std::size_t n) {
    constexpr std::uint32_t kNone = ByteStringMap::kMissing;
    std::vector<std::uint32_t> next(n), prev(n), pair(n, kNone);
    for (std::size_t i = 0; i < n; ++i) {
      next[i] = static_cast<std::uint32_t>(i + 1);
      prev[i] = static_cast<std::uint32_t>(i == 0 ? kNone : i - 1);
    }
    auto end_of = [&](std::uint32_t i) -> std::uint32_t { return next[i]; };  // start of the following part
    auto compute = [&](std::uint32_t i) -> std::uint32_t {
      const std::uint32_t j = next[i];
      if (j >= n) return kNone;
      const std::uint32_t stop = end_of(j);
      return rank_of(piece + i, stop - i);
    };
    using Entry = std::pair<std::uint32_t, std::uint32_t>;  // (rank, start)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (std::uint32_t i = 0; i + 1 < n; ++i) {
      pair[i] = rank_of_pair(piece + i);
      if (pair[i] != kNone) heap.emplace(pair[i], i);
    }
    std::vector<bool> alive(n, true);
    while (!heap.empty()) {
      const auto [r, i] = heap.top();
      heap.pop();
      if (!alive[i] || pair[i] != r) continue;
      const std::uint32_t j = next[i];
      alive[j] = false;
      next[i] = next[j];
      if (next[j] < n) prev[next[j]] = i;
      pair[i] = compute(i);
      if (pair[i] != kNone) heap.emplace(pair[i], i);
      if (prev[i] != kNone) {
        const std::uint32_t h = prev[i];
        pair[h] = compute(h);
        if (pair[h] != kNone) heap.emplace(pair[h], h);
      }
    }
    for (std::uint32_t i = 0; i < n; i = next[i]) out_ids.push_back(rank_of(piece + i, next[i] - i));
  }

  POSLAB_NOINLINE void encode_piece(const char* piece, std::size_t n, std::vector<std::uint32_t>& out) {
    const std::uint32_t whole = rank_of(piece, n);
    if (whole != ByteStringMap::kMissing) {
      out.push_back(whole);
      return;
    }
    const bool cacheable = n <= kMaxCachedPieceBytes;
    if (cacheable) {
      const std::uint32_t at = cache.find(piece, n);
      if (at != ByteStringMap::kMissing) {
        const std::uint32_t count = cache_ids[at];
        out.insert(out.end(), cache_ids.begin() + at + 1, cache_ids.begin() + at + 1 + count);
        return;
      }
    }
    out_ids.clear();
    if (n < 256) merge_small(piece, n);
    else merge_large(piece, n);
    out.insert(out.end(), out_ids.begin(), out_ids.end());
    if (cacheable) {
      if (cache.size() >= kMaxCachedPieces) {
        cache.clear();
        cache_ids.clear();
      }
      cache.insert(piece, n, static_cast<std::uint32_t>(cache_ids.size()));
      cache_ids.push_back(static_cast<std::uint32_t>(out_ids.size()));
      cache_ids.insert(cache_ids.end(), out_ids.begin(), out_ids.end());
    }
  }

  // Kept out of line, with no local that needs a destructor: built with Emscripten's JavaScript exceptions,
  // a call made from a frame that has cleanups goes through a JavaScript trampoline (invoke_*), and this
  // loop makes one call per piece.
  POSLAB_NOINLINE void encode_ordinary(std::string_view text, std::vector<std::uint32_t>& out) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t p = 0; p < n;) {
      const std::size_t e = piece_end(s, n, p);
      encode_piece(text.data() + p, e - p, out);
      p = e;
    }
  }
};

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

Gpt2Tokenizer Gpt2Tokenizer::from_tiktoken_json(std::string_view json) {
  JsonReader in{json};
  std::string pattern, compact;
  bool has_pattern = false, has_ranks = false;
  double explicit_n_vocab = -1;
  std::vector<std::pair<std::string, std::uint32_t>> special;
  in.expect('{');
  while (!in.peek('}')) {
    const std::string key = in.string();
    in.expect(':');
    if (key == "pat_str") {
      pattern = in.string();
      has_pattern = true;
    } else if (key == "bpe_ranks") {
      compact = in.string();
      has_ranks = true;
    } else if (key == "explicit_n_vocab") {
      explicit_n_vocab = in.number();
    } else if (key == "special_tokens") {
      in.expect('{');
      while (!in.peek('}')) {
        std::string name = in.string();
        in.expect(':');
        const double id = in.number();
        if (!(id >= 0 && id < 1e7) || id != static_cast<double>(static_cast<std::uint32_t>(id))) {
          in.fail("special token id out of range");
        }
        special.emplace_back(std::move(name), static_cast<std::uint32_t>(id));
        if (in.peek(',')) ++in.pos;
      }
      in.expect('}');
    } else {
      in.skip_value();
    }
    if (in.peek(',')) ++in.pos;
  }
  in.expect('}');
  if (!has_pattern || !has_ranks) bad_vocabulary("the file has no pat_str or no bpe_ranks");
  if (pattern != kGpt2Pattern) {
    bad_vocabulary("its pattern is not GPT-2's; this tokenizer implements GPT-2's pattern only");
  }

  std::vector<std::string> tokens;
  std::string bytes;
  std::size_t line_start = 0;
  while (line_start < compact.size()) {
    std::size_t line_end = compact.find('\n', line_start);
    if (line_end == std::string::npos) line_end = compact.size();
    const std::string_view line(compact.data() + line_start, line_end - line_start);
    line_start = line_end + 1;
    if (line.empty()) continue;
    // "<x> <first rank> <token> <token> …"
    std::size_t a = line.find(' ');
    if (a == std::string_view::npos) bad_vocabulary("a line of bpe_ranks has no rank");
    std::size_t b = line.find(' ', a + 1);
    if (b == std::string_view::npos) b = line.size();
    std::size_t first = 0;
    for (std::size_t k = a + 1; k < b; ++k) {
      if (line[k] < '0' || line[k] > '9' || first > 10'000'000) bad_vocabulary("a rank in bpe_ranks is not a number");
      first = first * 10 + static_cast<std::size_t>(line[k] - '0');
    }
    std::size_t rank = first;
    for (std::size_t k = b; k < line.size();) {
      const std::size_t t = k + 1;
      std::size_t u = line.find(' ', t);
      if (u == std::string_view::npos) u = line.size();
      if (!base64_decode(line.substr(t, u - t), bytes)) bad_vocabulary("a token of bpe_ranks is not base64");
      if (rank >= tokens.size()) tokens.resize(rank + 1);
      if (!tokens[rank].empty()) bad_vocabulary("rank " + std::to_string(rank) + " appears twice");
      tokens[rank] = bytes;
      ++rank;
      k = u;
    }
  }
  if (explicit_n_vocab >= 0 && explicit_n_vocab != static_cast<double>(tokens.size() + special.size())) {
    bad_vocabulary("explicit_n_vocab does not match the number of tokens");
  }
  return Gpt2Tokenizer(std::move(tokens), std::move(special));
}

std::vector<std::uint32_t> Gpt2Tokenizer::encode(std::string_view text, SpecialTokens policy) {
  if (text.size() > kMaxTextBytes) {
    throw SizeError("text has " + std::to_string(text.size()) + " bytes, above the limit of " +
                        std::to_string(kMaxTextBytes) + " bytes (32 MiB) for one call",
                    "text", {{"value", static_cast<double>(text.size())}, {"max", static_cast<double>(kMaxTextBytes)}});
  }
  std::string repaired;
  if (utf8_valid_prefix(text) != text.size()) {
    repaired = to_valid_utf8(text);
    text = repaired;
  }
  std::vector<std::uint32_t> out;
  out.reserve(text.size() / 3 + 16);
  std::size_t start = 0;
  while (true) {
    // The earliest special token's text at or after `start`.
    std::size_t found = std::string_view::npos;
    std::uint32_t found_id = 0;
    std::size_t found_length = 0;
    for (const auto& [name, id] : impl_->special) {
      const std::size_t at = text.find(name, start);
      if (at < found) {
        found = at;
        found_id = id;
        found_length = name.size();
      }
    }
    if (found != std::string_view::npos && policy == SpecialTokens::refuse) {
      const std::string name(text.substr(found, found_length));
      throw ArgumentError("text contains the special token " + name +
                              "; like tiktoken's encode, this is refused unless special tokens are allowed",
                          "special_token", "text", {{"value", name}});
    }
    const std::size_t end = found == std::string_view::npos ? text.size() : found;
    impl_->encode_ordinary(text.substr(start, end - start), out);
    if (found == std::string_view::npos) break;
    out.push_back(found_id);
    start = found + found_length;
  }
  return out;
}

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

std::string_view Gpt2Tokenizer::token_bytes(std::uint32_t id) const {
  const std::uint32_t one = id;
  decode(&one, 1);  // throws for an unknown id
  const std::uint32_t a = impl_->token_start[id], b = impl_->token_start[id + 1];
  return std::string_view(impl_->token_arena).substr(a, b - a);
}

std::size_t Gpt2Tokenizer::vocabulary_size() const { return impl_->token_start.size() - 1; }

std::size_t Gpt2Tokenizer::cached_pieces() const { return impl_->cache.size(); }

}  // namespace poslab
