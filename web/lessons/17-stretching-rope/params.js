// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

const L = (name) => `stretch.fields.${name}.label`;
export const METHODS = ['extrapolation', 'linear', 'ntk', 'dynamic', 'yarn'];

export const params = {
  // A LLaMA head: 128 dimensions (64 pairs), base 10000, trained on 2048 positions.
  dim: param.int({ min: 4, max: 256, step: 2, def: 128, argument: 'dim', label: L('dim') }),
  base: param.int({ min: 2, max: 10000000, def: 10000, argument: 'base', label: L('base') }),
  original: param.int({ min: 16, max: 131072, def: 2048, argument: 'original_length', label: L('original') }),
  // The papers stretch by factors that are not whole too (YaRN's and PI's tables use 2.5): the slider steps by a
  // quarter, a typed value may be any number from 1 to 64.
  factor: param.number({ min: 1, max: 64, step: 0.25, def: 2, argument: 'factor', label: L('factor') }),
  method: param.choice({ options: METHODS, def: 'yarn', argument: 'method', label: L('method') }),
  // The pair followed position by position (0 … dim/2 − 1); 48 of LLaMA's 64 never turned fully in 2048 positions.
  pair: param.int({ min: 0, max: 127, def: 48, argument: 'pair', label: L('pair') }),
};

/** The settings of published models and papers, as buttons. */
export const presets = [
  { id: 'llama', values: { dim: 128, base: 10000, original: 2048, factor: 2 } },
  { id: 'llama2', values: { dim: 128, base: 10000, original: 4096, factor: 8 } },
  { id: 'llama3', values: { dim: 128, base: 500000, original: 8192, factor: 4 } },
];
