// The lab's toy attention model, shown by lessons 01 (why-order) and 09 (padding-and-masks): one vector of 8
// numbers per word and the three 8×8 projection matrices of one attention head. Data, not maths: the kernel draws them from a seed
// (kernel.attentionExample), exactly as notebooks/doc002_positional_encoding.ipynb does (E002-1): a seeded
// torch.randn rounded to two decimals. Here only the words, in the notebook's row order, and the seed it used.

export const DIM = 8;

/** The notebook's seed: with it the lesson shows the numbers stored in tests/golden/doc002.json. */
export const NOTEBOOK_SEED = '2017';

/** Row i of the seeded table is the vector of WORDS[i] (the notebook's LAB_WORDS). */
export const WORDS = ['el', 'gato', 'negro', 'Juan', 'quiere', 'a', 'María', 'the', 'black', 'cat', 'John', 'loves', 'Mary'];

/**
 * The lesson's sentences in each language, and the reordering each one starts with (order[i] = the
 * original position of the word now at position i): "gato el negro", "María quiere a Juan"…
 */
export const sentences = {
  cat: { words: { es: ['el', 'gato', 'negro'], en: ['the', 'black', 'cat'] }, reorder: { es: [1, 0, 2], en: [1, 0, 2] } },
  john: { words: { es: ['Juan', 'quiere', 'a', 'María'], en: ['John', 'loves', 'Mary'] }, reorder: { es: [3, 1, 2, 0], en: [2, 1, 0] } },
};
