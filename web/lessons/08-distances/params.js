// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

const L = (name) => `distances.fields.${name}.label`;

export const params = {
  dModel: param.int({ min: 2, max: 1024, step: 2, def: 64, argument: 'd_model', label: L('dModel') }),
  // Document 002's two pairs: positions 5 and 6, positions 5 and 50.
  a1: param.int({ min: 0, max: 10000, def: 5, argument: 'pos', label: L('a1') }),
  a2: param.int({ min: 0, max: 10000, def: 6, argument: 'pos', label: L('a2') }),
  b1: param.int({ min: 0, max: 10000, def: 5, argument: 'pos', label: L('b1') }),
  b2: param.int({ min: 0, max: 10000, def: 50, argument: 'pos', label: L('b2') }),
  // Positions in the similarity heatmap (and in the checks of the requirements).
  maxLen: param.int({ min: 2, max: 512, def: 100, argument: 'max_len', label: L('maxLen') }),
  // The learned column: torch.manual_seed(seed); nn.Embedding(maxLen, dModel), as initialised, untrained.
  seed: param.seed({ def: '0', argument: 'seed', label: L('seed') }),
  // Very far (E003-6): one position up to 2^31, and document 003's width.
  farPos: param.int({ min: 0, max: 2147483647, def: 10000000, argument: 'positions', label: L('farPos') }),
  farD: param.int({ min: 2, max: 4096, step: 2, def: 512, argument: 'd_model', label: L('farD') }),
};
