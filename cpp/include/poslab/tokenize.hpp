// poslab/tokenize.hpp — word tokenizer: sentences and words the way document 001 prepared its corpus
// (NLTK's sent_tokenize + word_tokenize, lower-cased), for English and Spanish UTF-8 text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace poslab {

/// One sentence as a list of lower-cased words.
using Sentence = std::vector<std::string>;

/// Sentences of `text`, close to NLTK's sent_tokenize (Punkt with its English parameters): a sentence ends
/// at `.`, `?` or `!` (plus closing quotes/brackets) followed by white space, except after a known
/// abbreviation (Mr., Dr., Sra., etc.), an initial ("J. Smith") or a number followed by a lower-case word.
/// Differences from Punkt: the abbreviation list is fixed and short, and no statistics are learned.
/// Throws invalid_utf8 (argument "text", field index = byte offset) on malformed UTF-8.
std::vector<std::string> split_sentences(std::string_view text);

/// Words of one sentence, close to NLTK's word_tokenize (its Treebank-style regular expressions: quotes,
/// final period, commas and colons not inside numbers, ellipses, ?!;@#$%&*, dashes, brackets, clitics
/// 's 're n't…, cannot/gonna/wanna…), with the case kept. Difference: `¿` and `¡` are split off as
/// tokens of their own (NLTK leaves them glued to the next word: "¿dónde"). Throws invalid_utf8.
std::vector<std::string> word_tokenize(std::string_view sentence);

/// Lower case for Latin (ASCII, Latin-1, Latin Extended-A), Greek and Cyrillic letters, as Python's
/// str.lower() does for them; every other character is kept. Throws invalid_utf8.
std::string to_lower(std::string_view text);

/// Document 001's preparation: newlines become spaces, then split_sentences, word_tokenize and to_lower.
/// Sentences with no words are dropped.
std::vector<Sentence> tokenize_corpus(std::string_view text);

}  // namespace poslab
