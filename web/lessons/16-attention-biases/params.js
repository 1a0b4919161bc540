// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

const L = (name) => `biases.fields.${name}.label`;
const MODES = ['causal', 'bidirectional'];

export const params = {
  // ALiBi: heads (BLOOM uses 16 per layer in its smaller models, MPT-7B 32), sequence length, mask.
  heads: param.int({ min: 1, max: 16, def: 8, argument: 'heads', label: L('heads') }),
  length: param.int({ min: 2, max: 16, def: 8, argument: 'seq_len', label: L('length') }),
  alibiMode: param.choice({ options: MODES, def: 'causal', argument: 'causal', label: L('alibiMode') }),
  // How far the "distance" chart goes: past any trained length, the penalty keeps growing.
  reach: param.int({ min: 8, max: 4096, def: 64, argument: 'max_distance', label: L('reach') }),
  // T5: buckets and the distance after which everything shares the last bucket (T5's defaults: 32, 128).
  buckets: param.int({ min: 4, max: 128, step: 2, def: 32, argument: 'num_buckets', label: L('buckets') }),
  maxDistance: param.int({ min: 2, max: 1024, def: 128, argument: 'max_distance', label: L('maxDistance') }),
  t5Mode: param.choice({ options: MODES, def: 'bidirectional', argument: 'bidirectional', label: L('t5Mode') }),
  // T5's bias: the table nn.Embedding(num_buckets, heads) as PyTorch starts it (T5-small has 8 heads), and the
  // positions its maps (and the bucket grid) cover.
  t5Heads: param.int({ min: 1, max: 16, def: 8, argument: 'heads', label: L('t5Heads') }),
  seed: param.seed({ def: '0', argument: 'seed', label: L('seed') }),
  t5Length: param.int({ min: 2, max: 32, def: 16, argument: 'seq_len', label: L('t5Length') }),
  // T5's figure on the screen (its three steps are shown one at a time).
  t5Step: param.int({ min: 1, max: 3, def: 1, argument: 'step', label: L('t5Step') }),
  // No positions: how many tokens the uniform-attention example has.
  tokens: param.int({ min: 2, max: 16, def: 6, argument: 'seq_len', label: L('tokens') }),
};

/** Published settings, as buttons: ALiBi's paper and BLOOM's smaller models; T5-small's encoder and decoder. */
export const presets = {
  alibi: [
    { id: 'paper', values: { heads: 8, length: 8, alibiMode: 'causal' } },
    { id: 'bloom', values: { heads: 16, length: 8, alibiMode: 'causal' } },
  ],
  t5: [
    { id: 'encoder', values: { buckets: 32, maxDistance: 128, t5Mode: 'bidirectional', t5Heads: 8 } },
    { id: 'decoder', values: { buckets: 32, maxDistance: 128, t5Mode: 'causal', t5Heads: 8 } },
  ],
};
