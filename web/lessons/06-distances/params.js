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
};
