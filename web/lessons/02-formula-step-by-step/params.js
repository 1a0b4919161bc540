// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

const L = (name) => `formulaSteps.fields.${name}.label`;

export const params = {
  // Document 003's d = 2 example: the position of «El», whose embedding is [0.5, 0.8].
  pos2: param.int({ min: 0, max: 100, def: 0, argument: 'pos', label: L('pos2') }),
  // Document 003's step-by-step matrix: 100 × 512.
  maxLen: param.int({ min: 1, max: 2048, def: 100, argument: 'max_len', label: L('maxLen') }),
  dModel: param.int({ min: 2, max: 1024, step: 2, def: 512, argument: 'd_model', label: L('dModel') }),
  // The row whose intermediate values are printed (the blog prints row 1).
  row: param.int({ min: 0, max: 2047, def: 1, argument: 'row', label: L('row') }),
  // The step card on the screen (the cards are shown one at a time).
  step: param.int({ min: 1, max: 5, def: 1, argument: 'step', label: L('step') }),
  // PE(pos + k) = M(k)·PE(pos): the position and the offset.
  pos: param.int({ min: 0, max: 10000, def: 5, argument: 'pos', label: L('pos') }),
  k: param.int({ min: -10000, max: 10000, def: 7, argument: 'k', label: L('k') }),
};
