// The documents' experiments as parameter sets (settings only: every number shown is computed by the kernel).
// A preset sets the main view, each lesson the values it has (controls.js); the comparison panel (E000-3) has its
// own pairs (web/src/ui/pe-compare-panel.js).

export const presets = [
  // E000-1: the notebook class prints its 10 × 4 matrix, rows 1 and 9 quoted in the lesson.
  { id: 'doc000', values: { variant: 'literal-shifted', maxLen: 10, dModel: 4, dims: [0, 1, 2, 3], shown: 'all', rows: [1, 9] } },
  // E001-5: the vectorised code (the paper's formula), max_len 20, d 512; row 1 split in sines and cosines.
  { id: 'doc001', values: { variant: 'paper', maxLen: 20, dModel: 512, dims: [0, 1, 2, 3], shown: 'all', rows: [1] } },
  // E001-2: the "literal" loop, for the positions of "black" (2) and "brown" (10).
  { id: 'doc001literal', values: { variant: 'literal', maxLen: 20, dModel: 512, dims: [0, 1, 2, 3], shown: 'all', rows: [2, 10] } },
  // E002-5: the heatmap and the six lines of document 002.
  { id: 'doc002', values: { variant: 'paper', maxLen: 100, dModel: 64, dims: [0, 1, 10, 11, 30, 31], shown: 'all', rows: [1] } },
  // E003-3 and E003-5: 100 × 512, the first 20 positions (the post does not say which columns it drew).
  { id: 'doc003', values: { variant: 'paper', maxLen: 100, dModel: 512, dims: [4, 5, 6, 7], shown: 20, rows: [1] } },
];
