// cpp/fuzz/fuzz_check.hpp — what the fuzz drivers share: a property check that aborts (libFuzzer then saves
// the input as a crash), a way to run a call that may throw one of poslab's documented errors, and the plain
// BPE merge rule the tokenizer drivers compare against.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "poslab/errors.hpp"
#include "poslab/tokenize.hpp"
#include "reference_merge.hpp"

// A property that must hold for every input; NDEBUG does not remove it (assert would vanish in RelWithDebInfo).
#define FUZZ_CHECK(condition)                                                                           \
  do {                                                                                                  \
    if (!(condition)) {                                                                                 \
      std::fprintf(stderr, "fuzz property failed: %s\n  at %s:%d\n", #condition, __FILE__, __LINE__); \
      std::abort();                                                                                     \
    }                                                                                                   \
  } while (0)

namespace poslab_fuzz {

// Runs f(); returns "" when it returns normally, or the code of the poslab error it threw (ArgumentError and
// SizeError both carry an ErrorInfo). Any other exception escapes the driver, which libFuzzer reports as a crash.
template <class F>
std::string error_code(F&& f) {
  try {
    f();
    return "";
  } catch (const poslab::ErrorInfo& e) {
    FUZZ_CHECK(!e.code().empty());
    return e.code();
  }
}

// The same, as "code argument" (which argument the error blames), or "" when f() returns normally.
template <class F>
std::string error_and_argument(F&& f) {
  try {
    f();
    return "";
  } catch (const poslab::ErrorInfo& e) {
    return e.code() + " " + e.argument();
  }
}

// Whether `bytes` is well-formed UTF-8, asked of the word tokenizer's strict decoder (to_lower throws
// invalid_utf8 exactly then); the word-tokenizer driver checks that this agrees with bpe's to_valid_utf8.
inline bool is_utf8(std::string_view bytes) {
  const std::string code = error_code([&] { poslab::to_lower(bytes); });
  FUZZ_CHECK(code.empty() || code == "invalid_utf8");
  return code.empty();
}

// Reads a whole file (the GPT-2 vocabulary); exits with the path and a hint when it cannot.
inline std::string read_file_or_die(const std::string& path, const char* hint) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz: cannot read %s (%s)\n", path.c_str(), hint);
    std::exit(2);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// tiktoken's plain merge rule (tests/cpp/reference_merge.hpp; the fuzz targets have tests/cpp on their include path).
using poslab::testing::reference_merge;

}  // namespace poslab_fuzz
