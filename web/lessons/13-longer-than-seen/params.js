// The lesson's parameters, declared once: kind, range, default, the name errors use, the label's key.
import { param } from '../../src/state.js';
import { TASKS } from '../../src/training/tasks.js';
import { METHODS } from '../12-train-transformer/params.js';

const L = (name) => `longer.fields.${name}.label`;

export const params = {
  task: param.choice({ options: TASKS, def: 'copy', argument: 'task', label: L('task') }),
  a: param.choice({ options: METHODS, def: 'sinusoidal', argument: 'positional', label: L('a') }),
  b: param.choice({ options: METHODS, def: 'alibi', argument: 'positional', label: L('b') }),
  c: param.choice({ options: [...METHODS, 'off'], def: 'learned', argument: 'positional', label: L('c') }),
  // Training lengths are 2 … trainMax; the test goes on to 2·trainMax.
  trainMax: param.int({ min: 3, max: 12, def: 8, argument: 'train_max', label: L('trainMax') }),
  size: param.choice({ options: ['small', 'large'], def: 'small', argument: 'size', label: L('size') }),
  steps: param.int({ min: 10, max: 5000, def: 600, argument: 'steps', label: L('steps') }),
  seed: param.int({ min: 0, max: 999999, def: 0, argument: 'seed', label: L('seed') }),
};

export const trainingParams = Object.keys(params);
