// The positional-encoding matrix's parameters, declared once: kind, range, default, the kernel's name for it,
// its label. Everything else (URL hash, storage, the fields, the error messages) reads these declarations.
// Lessons pe-matrix and pe-matrix-digits each take the ones their figures read (pick), and same-token-elsewhere
// borrows the comparison's; the labels are pe-matrix's strings (peMatrix.fields…), which the other two load as
// sharedStrings.
import { param } from '../state.js';

const L = (name) => `peMatrix.fields.${name}.label`;

export const params = {
  maxLen: param.int({ min: 1, max: 2048, def: 100, argument: 'max_len', label: L('maxLen') }),
  dModel: param.int({ min: 2, max: 1024, step: 2, def: 64, argument: 'd_model', label: L('dModel') }),
  variant: param.choice({ options: ['paper', 'literal', 'literal-shifted'], def: 'paper', argument: 'variant', label: L('variant') }),
  // Document 002 draws these six columns.
  dims: param.intList({ min: 0, max: 1023, maxItems: 10, def: [0, 1, 10, 11, 30, 31], argument: 'dims', label: L('dims') }),
  // How many positions the line chart shows: all of them, or the first N (document 003 shows 20).
  shown: param.limit({ min: 1, max: 2048, argument: 'shown', label: L('shown') }),
  // Positions the row inspector prints (documents 001 and 003 print position 1).
  rows: param.intList({ min: 0, max: 2047, maxItems: 4, def: [1], argument: 'rows', label: L('rows') }),
  // Document 001's two figures: the sine columns of these two positions across the dimensions ("black" at 2,
  // "brown" at 10 in its sentence).
  posA: param.int({ min: 0, max: 2047, def: 2, argument: 'pos', label: L('posA') }),
  posB: param.int({ min: 0, max: 2047, def: 10, argument: 'pos', label: L('posB') }),
  // The two sizes compared side by side (E000-3); kept small so both matrices fit on screen as tables.
  cmpLenA: param.int({ min: 1, max: 32, def: 5, argument: 'max_len', label: L('cmpLenA') }),
  cmpDA: param.int({ min: 2, max: 16, step: 2, def: 4, argument: 'd_model', label: L('cmpDA') }),
  cmpLenB: param.int({ min: 1, max: 32, def: 5, argument: 'max_len', label: L('cmpLenB') }),
  cmpDB: param.int({ min: 2, max: 16, step: 2, def: 6, argument: 'd_model', label: L('cmpDB') }),
};

/** The declarations named, in this order: a lesson's own set of the matrix's parameters. */
export function pick(names) {
  return Object.fromEntries(names.map((name) => [name, params[name]]));
}
