// charts/export.js without a browser: the downloads' names (what a teacher's folder of slides will hold) and the
// CSV text of a table given as data (the whole matrices too large for the page's own tables).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportName, gridCsv, NAME_LIMIT } from '../../web/src/charts/export.js';

test('a name is poslab-<lesson>-<figure>-<key>.<ext>, lower-case ASCII, whatever the key is written with', () => {
  assert.equal(exportName({ figure: 'heatmap', key: '100x64-paper', extension: 'csv', hash: '#/pe-matrix?lang=es&maxLen=100' }), 'poslab-pe-matrix-heatmap-100x64-paper.csv');
  assert.equal(exportName({ figure: 'padding-map-masked', key: 'Frase 3, sí', extension: 'png', hash: '#/padding-and-masks' }), 'poslab-padding-and-masks-padding-map-masked-frase-3-si.png');
  assert.equal(exportName({ figure: 'w2v-loss', extension: 'svg', hash: '#/words-positions-similarity?lang=en' }), 'poslab-words-positions-similarity-w2v-loss.svg');
});

test(`a key too long for ${NAME_LIMIT} characters loses its last words, never the lesson or the figure`, () => {
  const name = exportName({ figure: 'stretch-positions', key: 'pair48-to4094-yarn-extra', extension: 'png', hash: '#/stretching-rope' });
  assert.equal(name, 'poslab-stretching-rope-stretch-positions-pair48-to4094.png');
  assert.ok(name.length <= NAME_LIMIT);
  // One long word that cannot be cut at a hyphen goes whole.
  assert.equal(exportName({ figure: 'similarity-chart', key: 'x'.repeat(40), extension: 'csv', hash: '#/same-token-elsewhere' }), 'poslab-same-token-elsewhere-similarity-chart.csv');
  for (const key of ['2048x1024-literal-shifted', 'pos2047-2047-d1024-literal-shifted', 'sinusoidal-l2-h4']) {
    for (const [lesson, figure] of [['pe-matrix', 'across-chart'], ['words-positions-similarity', 'w2v-projection'], ['train-transformer', 'train-map']]) {
      const made = exportName({ figure, key, extension: 'csv', hash: `#/${lesson}` });
      assert.ok(made.length <= NAME_LIMIT, made);
      assert.match(made, new RegExp(`^poslab-${lesson}-${figure}(-[a-z0-9]+)*\\.csv$`));
    }
  }
});

test('gridCsv: the note, the header and every row, quoted where a cell needs it, with a BOM and CRLF', () => {
  const text = gridCsv({ corner: 'pos \\ dim', columns: ['0', '1'], rows: [{ header: '0', cells: ['0', '1.0000'] }, { header: '1, "b"', cells: ['0.84147', '0.54030'] }] }, 'Matrix, 2 × 2 (decimal point: .)');
  assert.equal(text, '\uFEFF"Matrix, 2 × 2 (decimal point: .)"\r\npos \\ dim,0,1\r\n0,0,1.0000\r\n"1, ""b""",0.84147,0.54030\r\n');
});
