// The lesson's parameters, declared once: kind, range, default, the name errors use, the label's key.
import { param } from '../../src/state.js';
import { TASKS } from '../../src/training/tasks.js';
import { METHODS } from '../../src/training/methods.js';

const L = (name) => `longer.fields.${name}.label`;

/** Up to six runs, one per positional method by default; every run but the first may be off. */
export const RUN_IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const run = (id, def) => param.choice({ options: id === 'a' ? METHODS : [...METHODS, 'off'], def, argument: 'positional', label: L(id) });

export const params = {
  task: param.choice({ options: TASKS, def: 'copy', argument: 'task', label: L('task') }),
  ...Object.fromEntries(RUN_IDS.map((id, i) => [id, run(id, METHODS[i])])),
  // Training lengths are 2 … trainMax; the test goes on to 2·trainMax.
  trainMax: param.int({ min: 3, max: 12, def: 8, argument: 'train_max', label: L('trainMax') }),
  size: param.choice({ options: ['small', 'large'], def: 'small', argument: 'size', label: L('size') }),
  steps: param.int({ min: 10, max: 5000, def: 600, argument: 'steps', label: L('steps') }),
  seed: param.int({ min: 0, max: 999999, def: 0, argument: 'seed', label: L('seed') }),
};

export const trainingParams = Object.keys(params);

const ALL_SIX = Object.fromEntries(RUN_IDS.map((id, i) => [id, METHODS[i]]));

/**
 * The measured set-ups: every method on the copy task, trained on 2 to 8 digits and tested up to 16; small
 * (d_model 32, 600 steps) and, for the patient, the larger model (d_model 64, 4 heads, 2 layers, 1,500 steps).
 * The preset texts say how long they took on a 2-core machine; the page measures the reader's own.
 */
export const presets = [
  { id: 'small', values: { task: 'copy', ...ALL_SIX, trainMax: 8, size: 'small', steps: 600, seed: 0 } },
  { id: 'patient', values: { task: 'copy', ...ALL_SIX, trainMax: 8, size: 'large', steps: 1500, seed: 0 } },
];
