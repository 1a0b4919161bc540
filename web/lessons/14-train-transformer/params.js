// The lesson's parameters, declared once: kind, range, default, the name errors use, the label's key.
import { param } from '../../src/state.js';
import { TASKS } from '../../src/training/tasks.js';
import { METHODS } from '../../src/training/methods.js';

const L = (name) => `train.fields.${name}.label`;

export const params = {
  task: param.choice({ options: TASKS, def: 'reverse', argument: 'task', label: L('task') }),
  mode: param.choice({ options: ['bidirectional', 'causal'], def: 'bidirectional', argument: 'causal', label: L('mode') }),
  // Up to three runs side by side, one positional method each (the third may be off).
  a: param.choice({ options: METHODS, def: 'none', argument: 'positional', label: L('a') }),
  b: param.choice({ options: METHODS, def: 'sinusoidal', argument: 'positional', label: L('b') }),
  c: param.choice({ options: [...METHODS, 'off'], def: 'learned', argument: 'positional', label: L('c') }),
  length: param.int({ min: 2, max: 12, def: 6, argument: 'input_length', label: L('length') }),
  shift: param.int({ min: 1, max: 11, def: 1, argument: 'shift', label: L('shift') }),
  size: param.choice({ options: ['small', 'large'], def: 'small', argument: 'size', label: L('size') }),
  steps: param.int({ min: 10, max: 5000, def: 400, argument: 'steps', label: L('steps') }),
  seed: param.int({ min: 0, max: 999999, def: 0, argument: 'seed', label: L('seed') }),
  // The student's own sequence, digits without spaces; empty: the lesson's example.
  input: param.word({ maxLength: 12, argument: 'sequence', label: L('input') }),
  // Which run's attention maps are drawn.
  show: param.choice({ options: ['a', 'b', 'c'], def: 'b', argument: 'run', label: L('show') }),
};

/** The parameters that change what is trained (the others only change what is asked of the trained runs). */
export const trainingParams = ['task', 'mode', 'a', 'b', 'c', 'length', 'shift', 'size', 'steps', 'seed'];

/**
 * The lesson's four experiments, one per question of its text, on the measured set-up (reversal of six
 * digits, d_model 32, 4 heads, 2 layers, 400 steps, seed 0); the page opens on the first. Their outcomes are in
 * the text's "What we found" and held against the page in tests/browser/train-transformer.test.mjs.
 */
const REVERSAL = { task: 'reverse', mode: 'bidirectional', length: 6, shift: 1, size: 'small', steps: 400, seed: 0 };
export const presets = [
  { id: 'absolute', values: { ...REVERSAL, a: 'none', b: 'sinusoidal', c: 'learned' } },
  { id: 'relative', values: { ...REVERSAL, a: 'rope', b: 'alibi', c: 't5' } },
  { id: 'causal', values: { ...REVERSAL, mode: 'causal', a: 'rope', b: 'alibi', c: 't5' } },
  { id: 'control', values: { ...REVERSAL, task: 'count-total', a: 'none', b: 'sinusoidal', c: 'learned' } },
];
