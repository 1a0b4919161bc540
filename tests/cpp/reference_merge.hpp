// tiktoken's byte_pair_merge written as plainly as possible: the reference the fast merge must equal, shared by
// tests/cpp/bpe_test.cpp and the libFuzzer drivers of cpp/fuzz/ (through fuzz_check.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace poslab::testing {

// The whole piece if it is a token, else merge the adjacent pair of lowest rank, leftmost on ties, until no pair
// is a token. `Ranks` maps token bytes to rank (std::map or std::unordered_map). Quadratic: for pieces of a few
// hundred bytes at most.
template <class Ranks>
std::vector<std::uint32_t> reference_merge(const Ranks& ranks, const std::string& piece) {
  if (auto it = ranks.find(piece); it != ranks.end()) return {it->second};
  std::vector<std::string> parts;
  for (char c : piece) parts.emplace_back(1, c);
  while (parts.size() > 1) {
    std::uint32_t best = UINT32_MAX;
    std::size_t at = 0;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
      auto it = ranks.find(parts[i] + parts[i + 1]);
      if (it != ranks.end() && it->second < best) {
        best = it->second;
        at = i;
      }
    }
    if (best == UINT32_MAX) break;
    parts[at] += parts[at + 1];
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(at) + 1);
  }
  std::vector<std::uint32_t> ids;
  for (const auto& p : parts) ids.push_back(ranks.at(p));
  return ids;
}

}  // namespace poslab::testing
