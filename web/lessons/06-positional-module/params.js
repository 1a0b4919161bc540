// The lesson's parameters, declared once (kind, range, default, the kernel's name for it, its label). Their names
// are the ones they had in embedding-to-position, where this module was shown before: an old link keeps its values.
import { param } from '../../src/state.js';

const L = (name) => `positionalModule.fields.${name}.label`;

// E002-4: document 002's module, PositionalEncoding(d_model, max_len=5000, dropout=0.1), on a seeded
// torch.randn(batch, seq, d_model) batch, in training or evaluation mode.
export const params = {
  modSeed: param.seed({ def: '0', argument: 'seed', label: L('modSeed') }),
  modBatch: param.int({ min: 1, max: 8, def: 2, argument: 'batch', label: L('modBatch') }),
  modSeq: param.int({ min: 1, max: 64, def: 5, argument: 'seq_len', label: L('modSeq') }),
  modD: param.int({ min: 2, max: 512, step: 2, def: 16, argument: 'd_model', label: L('modD') }),
  modMaxLen: param.int({ min: 1, max: 5000, def: 5000, argument: 'max_len', label: L('modMaxLen') }),
  modP: param.choice({ options: ['0', '0.1', '0.2', '0.5'], def: '0.1', argument: 'p', label: L('modP') }),
  modMode: param.choice({ options: ['train', 'eval'], def: 'train', argument: 'train', label: L('modMode') }),
  // The table of the forward pass on the screen (the batch, x + pe, the output: one at a time).
  modStep: param.int({ min: 1, max: 3, def: 1, argument: 'step', label: L('modStep') }),
};
