// The lesson's parameters, declared once: kind, range, default, the name errors use, its label.
import { param } from '../../src/state.js';
import { NOTEBOOK_SEED } from '../../src/toy-attention-model.js';

const L = (name) => `whyOrder.fields.${name}.label`;

export const params = {
  // Which sentence: "el gato negro" / "the black cat", or "Juan quiere a María" / "John loves Mary".
  sentence: param.choice({ options: ['cat', 'john'], def: 'cat', argument: 'sentence', label: L('sentence') }),
  // The new order: order[i] is the original position of the word now at position i ("gato el negro" = 1,0,2).
  // Kept with its repeats (0,0,1), so the kernel can name the position used twice.
  order: param.intSequence({ min: 0, max: 3, maxItems: 4, def: [1, 0, 2], argument: 'order', label: L('order') }),
  // Add the sinusoidal positional encoding to the word vectors before attention.
  pe: param.choice({ options: ['off', 'on'], def: 'off', argument: 'pe', label: L('pe') }),
  // Causal mask: each word only looks at itself and the words before it (as in GPT).
  // The seed of torch.Generator().manual_seed(seed) that draws the word vectors and W_q, W_k, W_v.
  seed: param.seed({ def: NOTEBOOK_SEED, argument: 'seed', label: L('seed') }),
  mask: param.choice({ options: ['off', 'on'], def: 'off', argument: 'mask', label: L('mask') }),
};
