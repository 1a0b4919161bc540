// The lesson's parameters, declared once: kind, range, default, the name errors use, the label's key.
import { param } from '../../src/state.js';
import { METHODS, PRESETS } from '../../src/training/language.js';

const L = (name) => `lm.fields.${name}.label`;

export const RUN_IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const run = (id, def) => param.choice({ options: id === 'a' ? METHODS : [...METHODS, 'off'], def, argument: 'positional', label: L(id) });

/**
 * Model sizes: `small` is language.js's calibrated model (the reference notebook's); `tiny` a model small enough
 * to train in seconds, for a first try (and the tests), too small to say much.
 */
export const SIZES = {
  small: { dModel: PRESETS.small.dModel, heads: PRESETS.small.heads, layers: PRESETS.small.layers, ffnSize: PRESETS.small.ffnSize, batch: PRESETS.small.batch },
  tiny: { dModel: 16, heads: 2, layers: 1, ffnSize: 32, batch: 8 },
};

export const params = {
  ...Object.fromEntries(RUN_IDS.map((id, i) => [id, run(id, METHODS[i])])),
  // The models read up to 8L characters, and the module's longest is 1024.
  trainLength: param.int({ min: 4, max: 128, def: PRESETS.small.trainLength, argument: 'train_length', label: L('trainLength') }),
  model: param.choice({ options: Object.keys(SIZES), def: 'small', argument: 'model', label: L('model') }),
  steps: param.int({ min: 10, max: 5000, def: PRESETS.small.steps, argument: 'steps', label: L('steps') }),
  seed: param.int({ min: 0, max: 999999, def: 0, argument: 'seed', label: L('seed') }),
  decoding: param.choice({ options: ['sample', 'greedy'], def: 'sample', argument: 'decoding', label: L('decoding') }),
  temperature: param.number({ min: 0.1, max: 2, step: 0.1, def: 0.8, argument: 'temperature', label: L('temperature') }),
  topK: param.int({ min: 0, max: 100, def: 10, argument: 'top_k', label: L('topK') }),
  count: param.int({ min: 1, max: 1024, def: 200, argument: 'write_count', label: L('count') }),
  drawSeed: param.int({ min: 0, max: 999999, def: 0, argument: 'seed', label: L('drawSeed') }),
};

export const trainingParams = ['a', 'b', 'c', 'd', 'e', 'f', 'trainLength', 'model', 'steps', 'seed'];

const ALL_SIX = Object.fromEntries(RUN_IDS.map((id, i) => [id, METHODS[i]]));

/**
 * The measured set-ups, both language.js's (the reference notebook trains the same): 600 steps on windows of
 * 32 characters, and for the patient on windows of 64 (read up to 512).
 */
export const presets = [
  { id: 'small', values: { ...ALL_SIX, model: 'small', trainLength: PRESETS.small.trainLength, steps: PRESETS.small.steps, seed: 0 } },
  { id: 'patient', values: { ...ALL_SIX, model: 'small', trainLength: PRESETS.patient.trainLength, steps: PRESETS.patient.steps, seed: 0 } },
];
