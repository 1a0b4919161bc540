// GPT-2's byte-level BPE and document 004's sliding windows: the pattern's pieces, tiktoken's merge rule on
// small hand-made vocabularies, the real GPT-2 vocabulary (from @dqbd/tiktoken's gpt2.json) on the story,
// and the document's first 8×4 batch (E004-2).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "golden.hpp"
#include "poslab/bpe.hpp"
#include "poslab/errors.hpp"
#include "poslab/learned.hpp"
#include "reference_merge.hpp"

using poslab::Gpt2Tokenizer;
using poslab::testing::reference_merge;
using Ids = std::vector<std::uint32_t>;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("missing " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kVocabularyPath = std::string(POSLAB_SOURCE_DIR) + "/node_modules/@dqbd/tiktoken/encoders/gpt2.json";
const std::string kStoryPath = std::string(POSLAB_DATA_DIR) + "/the-verdict.txt";

Gpt2Tokenizer& gpt2() {
  static Gpt2Tokenizer tokenizer = Gpt2Tokenizer::from_tiktoken_json(read_file(kVocabularyPath));
  return tokenizer;
}

// 256 single bytes (rank = byte) followed by `merges`.
Gpt2Tokenizer small_vocabulary(const std::vector<std::string>& merges) {
  std::vector<std::string> tokens;
  for (int b = 0; b < 256; ++b) tokens.emplace_back(1, static_cast<char>(b));
  for (const auto& m : merges) tokens.push_back(m);
  return Gpt2Tokenizer(tokens, {{"<|endoftext|>", static_cast<std::uint32_t>(tokens.size())}});
}

std::vector<std::string> pieces(const std::string& text) { return small_vocabulary({}).pieces(text); }

}  // namespace

TEST_CASE("GPT-2's pattern cuts words with their leading space, contractions, numbers and symbol runs") {
  CHECK(pieces("Hello world") == std::vector<std::string>{"Hello", " world"});
  CHECK(pieces("don't we'll") == std::vector<std::string>{"don", "'t", " we", "'ll"});
  CHECK(pieces("I'M") == std::vector<std::string>{"I", "'", "M"});  // the contractions are lower-case only
  CHECK(pieces("!!!'s") == std::vector<std::string>{"!!!'", "s"});
  CHECK(pieces("123456 7 x2") == std::vector<std::string>{"123456", " 7", " x", "2"});
  CHECK(pieces("¿Qué? ¡Sí!") == std::vector<std::string>{"¿", "Qué", "?", " ¡", "Sí", "!"});
  CHECK(pieces("mañana año") == std::vector<std::string>{"mañana", " año"});
  CHECK(pieces("Ⅻ ½ ３") == std::vector<std::string>{"Ⅻ", " ½", " ３"});  // Nl, No, Nd are all \p{N}
}

TEST_CASE("whitespace runs give their last character to the next word, except at the end") {
  CHECK(pieces("  hi") == std::vector<std::string>{" ", " hi"});
  CHECK(pieces("a  \n\nb") == std::vector<std::string>{"a", "  \n", "\n", "b"});
  CHECK(pieces("x   ") == std::vector<std::string>{"x", "   "});
  CHECK(pieces("a\nb") == std::vector<std::string>{"a", "\n", "b"});
  CHECK(pieces("a\u00A0b") == std::vector<std::string>{"a", "\u00A0", "b"});  // NBSP is White_Space
  CHECK(pieces("a \u3000b") == std::vector<std::string>{"a", " ", "\u3000", "b"});
  CHECK(pieces("") == std::vector<std::string>{});
}

TEST_CASE("the class table follows the Unicode Character Database") {
  using poslab::CharClass;
  CHECK(poslab::char_class(U'a') == CharClass::letter);
  CHECK(poslab::char_class(U'ñ') == CharClass::letter);
  CHECK(poslab::char_class(U'語') == CharClass::letter);
  CHECK(poslab::char_class(U'٣') == CharClass::number);
  CHECK(poslab::char_class(U'\u0085') == CharClass::space);  // White_Space, as in Rust's \s (not JavaScript's)
  CHECK(poslab::char_class(U'\uFEFF') == CharClass::other);  // JavaScript's \s has it; White_Space does not
  CHECK(poslab::char_class(U'\u001C') == CharClass::other);
  CHECK(poslab::char_class(U'😀') == CharClass::other);
  CHECK(poslab::char_class(U'¿') == CharClass::other);
  CHECK(std::string(poslab::unicode_version()) == "15.0.0");
}

TEST_CASE("merges take the lowest rank first and the leftmost pair on ties") {
  Gpt2Tokenizer t = small_vocabulary({"ab", "cd", "abcd", "aa"});
  CHECK(t.encode("abcd") == Ids{258});          // the whole piece is a token
  CHECK(t.encode("abcdx") == Ids{258, 'x'});    // ab, then cd, then abcd
  CHECK(t.encode("aaa") == Ids{259, 'a'});      // leftmost "aa" first
  CHECK(t.encode("bcd") == Ids{'b', 257});
  CHECK(t.decode(Ids{258, 'x', 259}.data(), 3) == "abcdxaa");
}

TEST_CASE("the fast merges (short and long pieces) equal the plain rule on random vocabularies") {
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> letter(0, 2);
  std::vector<std::string> merges;
  std::map<std::string, std::uint32_t> ranks;
  for (int b = 0; b < 256; ++b) ranks[std::string(1, static_cast<char>(b))] = static_cast<std::uint32_t>(b);
  // Random merges built from earlier tokens, as BPE training would produce them.
  std::vector<std::string> pool = {"a", "b", "c"};
  while (merges.size() < 120) {
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    const std::string m = pool[pick(gen)] + pool[pick(gen)];
    if (m.size() > 12 || ranks.count(m)) continue;
    ranks[m] = static_cast<std::uint32_t>(256 + merges.size());
    merges.push_back(m);
    pool.push_back(m);
  }
  Gpt2Tokenizer t = small_vocabulary(merges);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t length = trial < 100 ? 2 + trial : 250 + 7 * trial;  // both sides of the 256-byte switch
    std::string piece;
    for (std::size_t i = 0; i < length; ++i) piece += static_cast<char>('a' + letter(gen));
    CHECK(t.encode(piece) == reference_merge(ranks, piece));
    CHECK(t.encode(piece) == reference_merge(ranks, piece));  // second time through the cache
  }
}

TEST_CASE("a vocabulary without every byte, or with a repeated token, is refused") {
  CHECK_THROWS_AS(Gpt2Tokenizer({"a", "b"}, {}), poslab::ArgumentError);
  CHECK_THROWS_AS(small_vocabulary({"ab", "ab"}), poslab::ArgumentError);
  CHECK_THROWS_AS(Gpt2Tokenizer::from_tiktoken_json("{\"pat_str\": \"\\\\s+\", \"bpe_ranks\": \"\"}"),
                  poslab::ArgumentError);
  CHECK_THROWS_AS(Gpt2Tokenizer::from_tiktoken_json("not json"), poslab::ArgumentError);
  try {
    Gpt2Tokenizer::from_tiktoken_json("{}");
    FAIL("an empty object was accepted as a vocabulary");
  } catch (const poslab::ArgumentError& e) {
    CHECK(e.code() == "invalid_vocabulary");
  }
}

TEST_CASE("a special token must be non-empty UTF-8 text: a lone byte would match inside U+FFFD (a fuzz finding)") {
  std::vector<std::string> bytes;
  for (int b = 0; b < 256; ++b) bytes.emplace_back(1, static_cast<char>(b));
  for (const char* bad : {"\xBD", "", "a\xE2\x82"}) {
    CAPTURE(bad);
    try {
      Gpt2Tokenizer(bytes, {{bad, 256}});
      FAIL("a special token that is not UTF-8 text was accepted");
    } catch (const poslab::ArgumentError& e) {
      CHECK(e.code() == "invalid_vocabulary");
    }
  }
  // Valid UTF-8 cannot start inside another character, so a text special token only matches whole characters:
  // the invalid byte 0x8C reads as U+FFFD (EF BF BD), and the special token "½" (C2 BD) is not found in it.
  Gpt2Tokenizer t(bytes, {{"\xC2\xBD", 256}});
  const std::string text = "x\x8Cy";
  const std::vector<std::uint32_t> ids = t.encode(text, poslab::SpecialTokens::allow);
  CHECK(t.decode(ids.data(), ids.size()) == poslab::to_valid_utf8(text));
}

TEST_CASE("a malformed number in the vocabulary is invalid_vocabulary, never a crash") {
  for (const char* bad : {"{\"x\": -}", "{\"x\": 1e999}", "{\"x\": 1.2.3}", "{\"x\": +}"}) {
    CAPTURE(bad);
    try {
      Gpt2Tokenizer::from_tiktoken_json(bad);
      FAIL("a malformed vocabulary was accepted");
    } catch (const poslab::ArgumentError& e) {
      CHECK(e.code() == "invalid_vocabulary");
    }
  }
}

TEST_CASE("invalid UTF-8 is replaced by U+FFFD the way browsers decode it") {
  CHECK(poslab::to_valid_utf8("abc") == "abc");
  CHECK(poslab::to_valid_utf8("a\xFF" "b") == "a\uFFFD" "b");
  CHECK(poslab::to_valid_utf8("\xE2\x82") == "\uFFFD");           // truncated € is one maximal subpart
  CHECK(poslab::to_valid_utf8("\xE2\x82x") == "\uFFFDx");
  CHECK(poslab::to_valid_utf8("\xED\xA0\x80") == "\uFFFD\uFFFD\uFFFD");  // a UTF-8-encoded surrogate
  CHECK(poslab::to_valid_utf8("\xC0\xAF") == "\uFFFD\uFFFD");     // overlong
  CHECK(poslab::to_valid_utf8("\xF0\x9F\x98") == "\uFFFD");        // three bytes of an emoji
}

TEST_CASE("GPT-2's byte-to-unicode symbols: a space reads Ġ, a newline Ċ") {
  CHECK(poslab::gpt2_symbol(" the") == "Ġthe");
  CHECK(poslab::gpt2_symbol("\n") == "Ċ");
  CHECK(poslab::gpt2_symbol("é") == "Ã©");
}

TEST_CASE("the real GPT-2 vocabulary: 50257 ids and tiktoken's ids for familiar text") {
  Gpt2Tokenizer& t = gpt2();
  CHECK(t.vocabulary_size() == 50257);
  CHECK(t.encode("Hello, world!") == Ids{15496, 11, 995, 0});
  CHECK(t.token_bytes(50256) == "<|endoftext|>");
  CHECK(t.token_bytes(464) == "The");
  CHECK_THROWS_AS(t.token_bytes(50257), poslab::ArgumentError);
  CHECK(t.encode("a<|endoftext|>b", poslab::SpecialTokens::allow) == Ids{64, 50256, 65});
  try {
    t.encode("a<|endoftext|>b");
    FAIL("a special token must be refused by default");
  } catch (const poslab::ArgumentError& e) {
    CHECK(e.code() == "special_token");
  }
  const Ids spaces = t.encode(std::string(3000, ' ') + "x");  // one long piece: the heap path
  CHECK(t.decode(spaces.data(), spaces.size()) == std::string(3000, ' ') + "x");
  const std::string digits(5000, '7');
  const Ids d = t.encode(digits);
  CHECK(t.decode(d.data(), d.size()) == digits);
}

TEST_CASE("the story: decode(encode(x)) == x and document 004's first batch (E004-2)") {
  Gpt2Tokenizer& t = gpt2();
  const std::string story = read_file(kStoryPath);
  const Ids ids = t.encode(story);
  CHECK(ids.size() == 5145);
  CHECK(t.decode(ids.data(), ids.size()) == story);
  const poslab::TokenBatch batch = poslab::loader_batch(ids.data(), ids.size(), 4, 4, 8, 0);
  const Ids expected = {40,   367,  2885, 1464, 1807, 3619, 402,  271,  10899, 2138, 257,
                        7026, 15632, 438, 2016, 257,  922,  5891, 1576, 438,   568,  340,
                        373,  645,  1049, 5975, 284,  502,  284,  3285, 326,   11};
  CHECK(batch.rows == 8);
  CHECK(batch.cols == 4);
  CHECK(batch.inputs == expected);
  CHECK(batch.targets[0] == 367);  // targets are the inputs shifted by one
  CHECK(batch.targets[3] == ids[4]);
  CHECK(batch.window_count == 1286);
  CHECK(batch.batch_count == 160);
}

TEST_CASE("sliding windows: GPTDatasetV1's range(0, len - max_length, stride)") {
  const Ids ids = {10, 11, 12, 13, 14, 15, 16};
  const poslab::TokenWindows w = poslab::sliding_windows(ids.data(), ids.size(), 3, 2);
  CHECK(w.count == 2);  // i = 0, 2 (range(0, 4, 2))
  CHECK(w.inputs == Ids{10, 11, 12, 12, 13, 14});
  CHECK(w.targets == Ids{11, 12, 13, 13, 14, 15});
  CHECK(poslab::sliding_windows(ids.data(), ids.size(), 6, 1).count == 1);
  CHECK(poslab::sliding_windows(ids.data(), ids.size(), 1, 1).count == 6);
  CHECK(poslab::sliding_windows(ids.data(), ids.size(), 3, 100).count == 1);  // a step past the end: one window
  CHECK_THROWS_AS(poslab::sliding_windows(ids.data(), ids.size(), 3, 0), poslab::ArgumentError);  // stride 0
  CHECK_THROWS_AS(poslab::sliding_windows(ids.data(), ids.size(), 7, 1), poslab::ArgumentError);  // too long
  CHECK_THROWS_AS(poslab::sliding_windows(ids.data(), 1, 1, 1), poslab::ArgumentError);
  CHECK_THROWS_AS(poslab::loader_batch(ids.data(), ids.size(), 3, 2, 3, 0), poslab::ArgumentError);  // drop_last
  const poslab::TokenBatch b = poslab::loader_batch(ids.data(), ids.size(), 2, 1, 2, 1);
  CHECK(b.batch_count == 2);  // 5 windows in batches of 2: drop_last drops the fifth
  CHECK(b.inputs == Ids{12, 13, 13, 14});
  CHECK(b.targets == Ids{13, 14, 14, 15});
  CHECK_THROWS_AS(poslab::loader_batch(ids.data(), ids.size(), 2, 1, 2, 2), poslab::ArgumentError);
}

TEST_CASE("tiktoken's ids recorded by notebook 004 (Spanish, emoji, scripts, runs, whitespace, special)") {
  const auto golden = poslab::testing::load_golden("doc004.json");
  Gpt2Tokenizer& t = gpt2();
  for (const auto& [name, entry] : golden["peer_ids"].items()) {
    const std::string text = entry["text"].get<std::string>();
    const auto policy = name == "special" ? poslab::SpecialTokens::allow : poslab::SpecialTokens::refuse;
    CHECK_MESSAGE(t.encode(text, policy) == entry["ids"].get<Ids>(), name);
  }
  const auto& e = golden["E004-2"];
  const std::string story = read_file(kStoryPath);
  const Ids ids = t.encode(story);
  CHECK(ids.size() == e["story_tokens"].get<std::size_t>());
  CHECK(Ids(ids.begin(), ids.begin() + 64) == e["story_first_ids"].get<Ids>());
  const poslab::TokenBatch batch = poslab::loader_batch(ids.data(), ids.size(), 4, 4, 8, 0);
  Ids inputs, targets;
  for (const auto& row : e["inputs"]) for (const auto& v : row) inputs.push_back(v.get<std::uint32_t>());
  for (const auto& row : e["targets"]) for (const auto& v : row) targets.push_back(v.get<std::uint32_t>());
  CHECK(batch.inputs == inputs);
  CHECK(batch.targets == targets);
  CHECK(batch.window_count == e["windows"].get<std::size_t>());
  CHECK(batch.batch_count == e["batches"].get<std::size_t>());
}

TEST_CASE("learned positions: both tables from one generator, as notebook 004 recorded them (seed 123)") {
  const auto golden = poslab::testing::load_golden("doc004.json");
  const auto& seeded = golden["seeded"];
  const auto& e = golden["E004-2"];
  std::vector<long long> ids;
  for (const auto& row : e["inputs"]) for (const auto& v : row) ids.push_back(v.get<long long>());
  for (const bool loader_draw : {false, true}) {
    const poslab::LearnedPositions p = poslab::learned_positions(ids, 8, 4, 50257, 256, 4, 123, loader_draw);
    const auto& pos = seeded[loader_draw ? "pos_after_loader_first8" : "pos_direct_first8"];
    for (int r = 0; r < 4; ++r)
      for (int j = 0; j < 8; ++j) CHECK(p.positions(r, j) == pos[r][j].get<float>());
    for (int j = 0; j < 8; ++j) CHECK(p.token_rows(0, j) == seeded["token_rows_first8"]["40"][j].get<float>());
    if (loader_draw) {
      for (int j = 0; j < 8; ++j) CHECK(p.sum(0, j) == seeded["input_embeddings_0_0_first8"][j].get<float>());
    }
    CHECK(p.sum.rows() == 32);
    CHECK(p.sum(5, 3) == p.token_rows(5, 3) + p.positions(1, 3));  // window 1, position 1
  }
  // A table whose rows are not the windows' positions: both tables are made, the sum is not (PyTorch's
  // RuntimeError); a table of one row broadcasts over every position.
  for (const long long context_length : {3LL, 16LL}) {
    const poslab::LearnedPositions bad = poslab::learned_positions(ids, 8, 4, 50257, 8, context_length, 123, true);
    CHECK_FALSE(bad.broadcasts);
    CHECK(bad.sum.size() == 0);
    CHECK(bad.positions.rows() == context_length);
    CHECK(bad.token_rows.rows() == 32);
  }
  const poslab::LearnedPositions one = poslab::learned_positions(ids, 8, 4, 50257, 8, 1, 123, true);
  CHECK(one.broadcasts);
  CHECK(one.sum(6, 2) == one.token_rows(6, 2) + one.positions(0, 2));
}
