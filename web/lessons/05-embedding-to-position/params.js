// The lesson's parameters, declared once (kind, range, default, the kernel's name for it, its label).
import { param } from '../../src/state.js';

const L = (name) => `embeddingToPosition.fields.${name}.label`;

export const params = {
  vocabSize: param.int({ min: 1, max: 1000, def: 100, argument: 'vocab_size', label: L('vocabSize') }),
  dModel: param.int({ min: 2, max: 1024, step: 2, def: 4, argument: 'd_model', label: L('dModel') }),
  seed: param.seed({ def: '0', argument: 'seed', label: L('seed') }),
  // Document 000's sentence: the token ids of cell In [26]. Order matters and ids may repeat.
  ids: param.intSequence({ min: 0, max: 999, maxItems: 16, def: [0, 1, 80, 32, 6], argument: 'ids', label: L('ids') }),
  scale: param.choice({ options: ['on', 'off'], def: 'on', argument: 'scale', label: L('scale') }),
  // How the step tables print: as PyTorch prints a tensor (4 decimals) or as NumPy prints a float32 array.
  digits: param.choice({ options: ['tensor', 'numpy'], def: 'tensor', argument: 'digits', label: L('digits') }),
  variant: param.choice({ options: ['literal-shifted', 'paper', 'literal'], def: 'literal-shifted', argument: 'variant', label: L('variant') }),
  // E000-4: the token that visits every position of the sentence, and the two dimensions the chart shows.
  token: param.int({ min: 0, max: 999, def: 21, argument: 'token', label: L('token') }),
  dimX: param.int({ min: 0, max: 1023, def: 0, argument: 'dim_x', label: L('dimX') }),
  dimY: param.int({ min: 0, max: 1023, def: 1, argument: 'dim_y', label: L('dimY') }),
  // The step tables and the attention tables are shown a step at a time (ui/stepper.js): the step on the screen.
  step: param.int({ min: 1, max: 3, def: 1, argument: 'step', label: L('step') }),
  attentionStep: param.int({ min: 1, max: 2, def: 1, argument: 'attention_step', label: L('attentionStep') }),
};

// E000-2 / E000-4 as the document ran them, with the seed the lab adds (the document had none).
export const presets = [
  { id: 'doc000', values: { vocabSize: 100, dModel: 4, seed: '0', ids: [0, 1, 80, 32, 6], scale: 'on', variant: 'literal-shifted', token: 21, dimX: 0, dimY: 1 } },
  { id: 'wide', values: { vocabSize: 100, dModel: 512, seed: '0', ids: [0, 1, 80, 32, 6], scale: 'on', variant: 'literal-shifted', token: 21, dimX: 0, dimY: 1 } },
  { id: 'unscaled', values: { vocabSize: 100, dModel: 512, seed: '0', ids: [0, 1, 80, 32, 6], scale: 'off', variant: 'literal-shifted', token: 21, dimX: 0, dimY: 1 } },
];
