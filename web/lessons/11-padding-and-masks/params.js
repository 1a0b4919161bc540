// The lesson's parameters, declared once: three sentences of the toy model's words, the batch's max_len, and
// which sentence the rows and attention panels look at. An empty sentence means "the example in your language".
import { param } from '../../src/state.js';
import { WORDS } from '../../src/toy-attention-model.js';

const L = (name) => `padding.fields.${name}.label`;
const sentence = (name) => param.sentence({ vocabulary: WORDS, maxItems: 12, argument: name, label: L(name) });

export const SENTENCES = ['first', 'second', 'third'];

export const params = {
  first: sentence('first'),
  second: sentence('second'),
  third: sentence('third'),
  // Document 000: every sentence of a batch is padded (or cut) to max_len tokens.
  maxLen: param.int({ min: 1, max: 12, def: 6, argument: 'max_len', label: L('maxLen') }),
  // Which sentence of the batch the rows and attention panels show.
  shown: param.choice({ options: SENTENCES, def: 'third', label: L('shown') }),
  // What the rows table shows: the word's embedding, the position code, or their sum (what the model reads).
  part: param.choice({ options: ['sum', 'embedding', 'position'], def: 'sum', label: L('part') }),
};

/** The lesson's example batch in each language (notebook 002 stores both as the padding golden). */
export const EXAMPLES = {
  es: [['el', 'gato', 'negro'], ['Juan', 'quiere', 'a', 'María'], ['el', 'gato']],
  en: [['the', 'black', 'cat'], ['John', 'loves', 'Mary'], ['the', 'cat']],
};
