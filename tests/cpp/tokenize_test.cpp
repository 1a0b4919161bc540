// The word tokenizer against hand-checked NLTK outputs (sent_tokenize + word_tokenize, Treebank rules), in
// English and Spanish. NLTK's own doctest examples are marked as such.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "poslab/errors.hpp"
#include "poslab/tokenize.hpp"

using Words = std::vector<std::string>;

TEST_CASE("word_tokenize follows NLTK's Treebank rules (NLTK's own docstring example)") {
  // NLTKWordTokenizer().tokenize(s) in nltk/tokenize/destructive.py: only the final period is split off.
  const std::string s = "Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.  Please buy me\ntwo of them.\nThanks.";
  CHECK(poslab::word_tokenize(s) == Words{"Good", "muffins", "cost", "$", "3.88", "(", "roughly", "3,36", "euros",
                                          ")", "in", "New", "York.", "Please", "buy", "me", "two", "of", "them.",
                                          "Thanks", "."});
}

TEST_CASE("sentences then words, as nltk.word_tokenize does (NLTK's documented example)") {
  const std::string s = "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\n\nThanks.";
  std::vector<std::string> words;
  for (const auto& sentence : poslab::split_sentences(s))
    for (auto& w : poslab::word_tokenize(sentence)) words.push_back(w);
  CHECK(words == Words{"Good", "muffins", "cost", "$", "3.88", "in", "New", "York", ".", "Please", "buy", "me",
                       "two", "of", "them", ".", "Thanks", "."});
}

TEST_CASE("document 001's sentence becomes 16 lower-cased tokens: black is token 2, brown token 10") {
  const auto corpus = poslab::tokenize_corpus("The black cat sat on the couch and the brown dog slept on the rug.");
  REQUIRE(corpus.size() == 1);
  CHECK(corpus[0] == Words{"the", "black", "cat", "sat", "on", "the", "couch", "and", "the", "brown", "dog",
                           "slept", "on", "the", "rug", "."});
  CHECK(corpus[0][1] == "black");  // pos = 2 counting from 1, as the document does
  CHECK(corpus[0][9] == "brown");
}

TEST_CASE("a period glued to the next word is no sentence end (document 001's text.txt: \"rug.The\")") {
  const auto corpus = poslab::tokenize_corpus("The dog sat on the rug.The cat did not cross the street.\nThe end.");
  REQUIRE(corpus.size() == 2);
  CHECK(corpus[0] == Words{"the", "dog", "sat", "on", "the", "rug.the", "cat", "did", "not", "cross", "the", "street", "."});
  CHECK(corpus[1] == Words{"the", "end", "."});
}

TEST_CASE("clitics, quotes, commas and dashes as in the Treebank tokenizer") {
  CHECK(poslab::word_tokenize("They'll save and invest more.") == Words{"They", "'ll", "save", "and", "invest", "more", "."});
  CHECK(poslab::word_tokenize("hi, my name can't hello,") == Words{"hi", ",", "my", "name", "ca", "n't", "hello", ","});
  CHECK(poslab::word_tokenize("He said \"hello\" to me.") == Words{"He", "said", "``", "hello", "''", "to", "me", "."});
  CHECK(poslab::word_tokenize("I cannot wait--really: 1,000 dogs; it's John's!") ==
        Words{"I", "can", "not", "wait", "--", "really", ":", "1,000", "dogs", ";", "it", "'s", "John", "'s", "!"});
  CHECK(poslab::word_tokenize("Wait... what?") == Words{"Wait", "...", "what", "?"});
  CHECK(poslab::word_tokenize("\"Go,\" she said.") == Words{"``", "Go", ",", "''", "she", "said", "."});
}

TEST_CASE("Spanish: accents, ñ, ¿ and ¡ (split off: NLTK would glue them to the next word)") {
  const auto corpus = poslab::tokenize_corpus("¿Dónde está el Niño? ¡Allí, junto a la señora Núñez! «Ya voy», dijo.");
  REQUIRE(corpus.size() == 3);
  CHECK(corpus[0] == Words{"¿", "dónde", "está", "el", "niño", "?"});
  CHECK(corpus[1] == Words{"¡", "allí", ",", "junto", "a", "la", "señora", "núñez", "!"});
  CHECK(corpus[2] == Words{"«", "ya", "voy", "»", ",", "dijo", "."});
}

TEST_CASE("sentence ends: abbreviations, initials and numbers do not split") {
  CHECK(poslab::split_sentences("Mr. Smith arrived. He sat down.") ==
        std::vector<std::string>{"Mr. Smith arrived.", "He sat down."});
  CHECK(poslab::split_sentences("J. R. R. Tolkien wrote it. Then he slept!  Really?") ==
        std::vector<std::string>{"J. R. R. Tolkien wrote it.", "Then he slept!", "Really?"});
  CHECK(poslab::split_sentences("La Sra. Pérez llegó. Se sentó.") ==
        std::vector<std::string>{"La Sra. Pérez llegó.", "Se sentó."});
  CHECK(poslab::split_sentences("He said \"stop.\" Then he left.") ==
        std::vector<std::string>{"He said \"stop.\"", "Then he left."});
}

TEST_CASE("to_lower handles Latin-1, Latin Extended-A, Greek and Cyrillic") {
  CHECK(poslab::to_lower("ÁÉÍÓÚÑÜ ÇÀŁŒ ΑΩ ДЖ Ÿ") == "áéíóúñü çàłœ αω дж ÿ");
}

TEST_CASE("invalid UTF-8 is refused with its byte offset") {
  for (const std::string bad : {std::string("ok \xff"), std::string("ok \xc3"), std::string("\xc0\xaf"),
                                std::string("\xed\xa0\x80")}) {
    try {
      poslab::tokenize_corpus(bad);
      FAIL("no error for invalid UTF-8");
    } catch (const poslab::ArgumentError& e) {
      CHECK(e.code() == "invalid_utf8");
      CHECK(e.argument() == "text");
    }
  }
}

TEST_CASE("document 001's corpus: text.txt in sentences split at the line ends") {
  std::ifstream in(std::string(POSLAB_DATA_DIR) + "/text.txt");
  REQUIRE_MESSAGE(in, "text.txt not found in " POSLAB_DATA_DIR " (set POSLAB_DATA)");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const auto corpus = poslab::tokenize_corpus(buffer.str());
  CHECK(corpus.size() > 50);
  bool seen_glued = false;
  for (const auto& s : corpus)
    for (const auto& w : s) seen_glued = seen_glued || w == "rug.the";
  CHECK(seen_glued);
}
