// The lesson's parameters, declared once. cmpLenA … cmpDB keep lesson 03's names and ranges because the
// comparison panel (E000-3) is lesson 03's own widget, reused as it is.
import { param } from '../../src/state.js';
import { params as peMatrix } from '../../src/pe-matrix/params.js';

const L = (name) => `sameToken.fields.${name}.label`;

export const params = {
  dModel: param.int({ min: 2, max: 1024, step: 2, def: 512, argument: 'd_model', label: L('dModel') }),
  seed: param.seed({ def: '0', argument: 'seed', label: L('seed') }),
  vocabSize: param.int({ min: 1, max: 1000, def: 100, argument: 'vocab_size', label: L('vocabSize') }),
  token: param.int({ min: 0, max: 999, def: 21, argument: 'token', label: L('token') }),
  count: param.int({ min: 2, max: 64, def: 5, argument: 'count', label: L('count') }),
  scale: param.choice({ options: ['on', 'off'], def: 'on', argument: 'scale', label: L('scale') }),
  variant: param.choice({ options: ['literal-shifted', 'paper', 'literal'], def: 'literal-shifted', argument: 'variant', label: L('variant') }),
  cmpLenA: { ...peMatrix.cmpLenA, default: 10 },
  cmpDA: peMatrix.cmpDA,
  cmpLenB: peMatrix.cmpLenB,
  cmpDB: { ...peMatrix.cmpDB, default: 4 },  // E000-3's first pair: (10, 4) next to (5, 4)
};

export const presets = [
  // E000-5: token 21 five times, d_model = 512, the document's cell In [63] (plus a seed).
  { id: 'doc000', values: { dModel: 512, seed: '0', vocabSize: 100, token: 21, count: 5, scale: 'on', variant: 'literal-shifted' } },
  { id: 'unscaled', values: { dModel: 512, seed: '0', vocabSize: 100, token: 21, count: 5, scale: 'off', variant: 'literal-shifted' } },
  { id: 'long', values: { dModel: 64, seed: '0', vocabSize: 100, token: 21, count: 64, scale: 'on', variant: 'paper' } },
];
