// Reading tiktoken's encoder file (gpt2.json as @dqbd/tiktoken ships it): a small JSON reader, enough for that
// file's objects, strings and numbers, and the ranks in tiktoken's compact format ("<x> <first rank> <base64
// token> …"), base64 included. Its own file because it is about that file's format only: the tables the merge
// loop uses are built from the ranks it reads by bpe_vocabulary.cpp.
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bpe_impl.hpp"
#include "poslab/bpe.hpp"
#include "poslab/errors.hpp"

namespace poslab {
namespace bpe_detail {

// For the reader's \u escapes and for gpt2_symbol (bpe_vocabulary.cpp).
void append_utf8(std::string& out, char32_t cp) {
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

}  // namespace bpe_detail

using bpe_detail::append_utf8;
using bpe_detail::bad_vocabulary;

namespace {

// Small JSON reader: objects, strings and numbers; any other value is skipped. Every error is invalid_vocabulary.
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

}  // namespace

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

}  // namespace poslab
