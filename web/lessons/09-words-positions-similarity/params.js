// The lesson's parameters, declared once: kind, range, default (document 001's settings), the kernel's name.
import { param } from '../../src/state.js';

const L = (name) => `w2v.fields.${name}.label`;

export const params = {
  corpus: param.choice({ options: ['lab', 'document', 'own'], def: 'lab', argument: 'corpus', label: L('corpus') }),
  // Even sizes only: the positional encoding added to a word vector pairs every sine with a cosine.
  vectorSize: param.int({ min: 2, max: 512, step: 2, def: 512, argument: 'vector_size', label: L('vectorSize') }),
  window: param.int({ min: 1, max: 20, def: 5, argument: 'window', label: L('window') }),
  negative: param.int({ min: 1, max: 20, def: 5, argument: 'negative', label: L('negative') }),
  epochs: param.int({ min: 1, max: 100, def: 5, argument: 'epochs', label: L('epochs') }),
  minCount: param.int({ min: 1, max: 100, def: 1, argument: 'min_count', label: L('minCount') }),
  seed: param.int({ min: 0, max: 999999, def: 1, argument: 'seed', label: L('seed') }),
  // An empty word means "the pair the corpus suggests" (black/brown, negra/marrón).
  word1: param.word({ argument: 'word1', label: L('word1') }),
  // Positions are counted from 1, as document 001 counts them ("1-The 2-black …"), so 0 is not a place a word
  // can have here (the formula's row 0 is never given to a word in that counting).
  pos1: param.int({ min: 1, max: 4095, def: 2, argument: 'pos_a', label: L('pos1') }),
  word2: param.word({ argument: 'word2', label: L('word2') }),
  pos2: param.int({ min: 1, max: 4095, def: 10, argument: 'pos_b', label: L('pos2') }),
  variant: param.choice({ options: ['literal', 'paper'], def: 'literal', argument: 'variant', label: L('variant') }),
};

/** The parameters that change the trained model (the others only change what is asked of it). */
export const trainingParams = ['corpus', 'vectorSize', 'window', 'negative', 'epochs', 'minCount', 'seed'];
