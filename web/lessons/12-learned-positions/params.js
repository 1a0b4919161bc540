// The lesson's parameters, declared once (see web/src/state.js): the width of both tables, the positional
// table's length, the seed, whether the DataLoader's draw sits between the two tables, the window shown and
// a position to look up.
import { param } from '../../src/state.js';

const L = (name) => `learnedPositions.fields.${name}.label`;

export const params = {
  dModel: param.int({ min: 2, max: 512, step: 2, def: 256, argument: 'dim', label: L('dModel') }),
  contextLength: param.int({ min: 1, max: 16, def: 4, argument: 'context_length', label: L('contextLength') }),
  seed: param.seed({ def: '123', argument: 'seed', label: L('seed') }),
  loaderDraw: param.choice({ options: ['yes', 'no'], def: 'yes', argument: 'loader_draw', label: L('loaderDraw') }),
  window: param.int({ min: 0, max: 7, def: 0, argument: 'window', label: L('window') }),
  position: param.int({ min: 0, max: 64, def: 6, argument: 'position', label: L('position') }),
};
