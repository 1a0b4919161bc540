// The inside of Gpt2Tokenizer, shared by its source files: bpe_pretokenize.cpp (GPT-2's pattern over Unicode
// classes, UTF-8 repair), bpe_merge.cpp (tiktoken's merge rule and the piece cache), bpe_vocabulary.cpp (the
// tables built from the ranks, decoding) and bpe_tiktoken_file.cpp (reading tiktoken's encoder file). What more
// than one of them needs lives here; the hot helpers stay inline so every caller compiles them in place.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "poslab/bpe.hpp"

namespace poslab {
namespace bpe_detail {

// ---------------------------------------------------------------------------------------------------------
// Hashing byte strings

inline std::uint32_t load32(const unsigned char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The first min(n, 8) bytes of p as a little-endian number, zero-padded, without reading past p + n.
inline std::uint64_t load_prefix(const unsigned char* p, std::size_t n) noexcept {
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

inline std::uint32_t hash_bytes(std::uint64_t prefix, const unsigned char* p, std::size_t n) noexcept {
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

  // noexcept and pure say what clang inferred by itself while the table was private to one file, and cannot for
  // an inline function of a header: without noexcept, merge_large's calls (a frame with cleanups) would go
  // through Emscripten's JavaScript exception trampoline; without pure, merge_small reloads its vectors after
  // each call. With both, the merge loop compiles to the same WebAssembly as before the split.
  [[gnu::pure]] std::uint32_t find(const char* key, std::size_t n) const noexcept {
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

  std::size_t size() const noexcept { return size_; }

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
// UTF-8 (encode and pieces check their input with utf8_valid_prefix before anything else)

/**
 * What a lead byte b ≥ 0x80 announces (Unicode table 3-7): the sequence's length and the range of its second
 * byte (the later ones are 0x80–0xBF); length 0 when b cannot start a sequence.
 */
struct Utf8Lead {
  std::size_t len;
  unsigned lo, hi;
};
inline Utf8Lead utf8_lead(unsigned char b) noexcept {
  if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF};
  if (b >= 0xE0 && b <= 0xEF) return {3, b == 0xE0 ? 0xA0u : 0x80u, b == 0xED ? 0x9Fu : 0xBFu};
  if (b >= 0xF0 && b <= 0xF4) return {4, b == 0xF0 ? 0x90u : 0x80u, b == 0xF4 ? 0x8Fu : 0xBFu};
  return {0, 0x80, 0xBF};
}

/// Length of the longest valid UTF-8 prefix of s (s.size() when all of s is valid).
inline std::size_t utf8_valid_prefix(std::string_view s) noexcept {
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

/// Appends the code point's UTF-8 bytes (bpe_tiktoken_file.cpp).
void append_utf8(std::string& out, char32_t cp);

// ---------------------------------------------------------------------------------------------------------
// The pattern (bpe_pretokenize.cpp) and the vocabulary's error (bpe_vocabulary.cpp)

/// End of the piece of valid UTF-8 s[0, n) that starts at p < n, following GPT-2's pattern. noexcept for the
/// reason ByteStringMap::find is: once in another file, the compiler can no longer see that it never throws.
std::size_t piece_end(const unsigned char* s, std::size_t n, std::size_t p) noexcept;

/// Throws invalid_vocabulary (argument "vocabulary") with the message "vocabulary: <why>".
[[noreturn]] void bad_vocabulary(const std::string& why);

}  // namespace bpe_detail

// ---------------------------------------------------------------------------------------------------------
// The tokenizer's state: the vocabulary's tables (built by bpe_vocabulary.cpp) and the merge loop's cache and
// scratch (bpe_merge.cpp, which defines the merge functions).

struct Gpt2Tokenizer::Impl {
  using ByteStringMap = bpe_detail::ByteStringMap;

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

  std::uint32_t rank_of(const char* p, std::size_t n) const noexcept { return ranks.find(p, n); }
  std::uint32_t rank_of_pair(const char* p) const noexcept {
    return pair_ranks[static_cast<unsigned char>(p[0]) << 8 | static_cast<unsigned char>(p[1])];
  }

  /// The tables from the ranks' bytes (bpe_vocabulary.cpp); throws invalid_vocabulary.
  void build(std::vector<std::string> tokens, std::vector<std::pair<std::string, std::uint32_t>> specials);

  // The merge loop, defined in bpe_merge.cpp, the one file that calls it. Declared inline, as member functions
  // defined inside the class are: the compilers then weigh inlining merge_small into encode_piece as before the
  // split (g++ does inline it; without the keyword it stops). The two per-piece calls stay out of line (see
  // encode_ordinary in bpe_merge.cpp).
  inline void merge_small(const char* piece, std::size_t n);
  inline void merge_large(const char* piece, std::size_t n);
  __attribute__((noinline)) inline void encode_piece(const char* piece, std::size_t n, std::vector<std::uint32_t>& out);
  __attribute__((noinline)) inline void encode_ordinary(std::string_view text, std::vector<std::uint32_t>& out);
};

}  // namespace poslab
