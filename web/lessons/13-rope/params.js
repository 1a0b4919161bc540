// The lesson's parameters, declared once: kind, range, default, the kernel's name for it, its label.
import { param } from '../../src/state.js';

const L = (name) => `rope.fields.${name}.label`;

export const params = {
  // Width of the query and key vectors (even: RoPE turns pairs).
  dim: param.int({ min: 2, max: 64, step: 2, def: 8, argument: 'dim', label: L('dim') }),
  // Which pair (2i, 2i+1) the arrows show.
  pair: param.int({ min: 0, max: 31, def: 0, argument: 'pair', label: L('pair') }),
  // Positions drawn as arrows: 0 … steps − 1.
  steps: param.int({ min: 1, max: 24, def: 8, argument: 'positions', label: L('steps') }),
  // The base of the frequencies: 10000 in the paper and in LLaMA 1–2; LLaMA 3 uses 500000.
  base: param.int({ min: 2, max: 1000000, def: 10000, argument: 'base', label: L('base') }),
  // Positions in the score grids (m, n = 0 … grid − 1).
  grid: param.int({ min: 2, max: 12, def: 8, argument: 'positions', label: L('grid') }),
};

/** The bases of the RoFormer paper and of LLaMA 3, as buttons: the same head, turning at two speeds. */
export const presets = [
  { id: 'paper', values: { dim: 8, base: 10000 } },
  { id: 'llama3', values: { dim: 8, base: 500000 } },
];
