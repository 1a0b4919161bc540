// The merge loop: encode cuts the text at special tokens, GPT-2's pattern cuts each stretch into pieces
// (bpe_pretokenize.cpp), and each piece is merged by tiktoken's rule (lowest-ranked adjacent pair first, the
// leftmost on ties), looked up in a cache of pieces merged before. Its own file because it is the hot path: the
// hash lookups it makes (bpe_impl.hpp) are inline here, and which of its functions are inlined is decided in
// bpe_impl.hpp, as it was when they were defined inside the class.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bpe_impl.hpp"
#include "poslab/bpe.hpp"
#include "poslab/errors.hpp"

namespace poslab {

using bpe_detail::ByteStringMap;
using bpe_detail::piece_end;
using bpe_detail::utf8_valid_prefix;

// tiktoken's byte_pair_merge for short pieces: parts[i] = (start, rank of bytes from start to the start of
// parts[i + 2]); merge the lowest rank, leftmost first, until no pair is a token.
void Gpt2Tokenizer::Impl::merge_small(const char* piece, std::size_t n) {
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
void Gpt2Tokenizer::Impl::merge_large(const char* piece, std::size_t n) {
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

void Gpt2Tokenizer::Impl::encode_piece(const char* piece, std::size_t n, std::vector<std::uint32_t>& out) {
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

// Kept out of line (noinline in bpe_impl.hpp), with no local that needs a destructor: built with Emscripten's
// JavaScript exceptions, a call made from a frame that has cleanups goes through a JavaScript trampoline
// (invoke_*), and this loop makes one call per piece.
void Gpt2Tokenizer::Impl::encode_ordinary(std::string_view text, std::vector<std::uint32_t>& out) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t p = 0; p < n;) {
    const std::size_t e = piece_end(s, n, p);
    encode_piece(text.data() + p, e - p, out);
    p = e;
  }
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

std::size_t Gpt2Tokenizer::cached_pieces() const { return impl_->cache.size(); }

}  // namespace poslab
