// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

export const params = {
  // How many tokens the uniform-attention example has.
  tokens: param.int({ min: 2, max: 16, def: 6, argument: 'seq_len', label: 'noPositions.fields.tokens.label' }),
};
