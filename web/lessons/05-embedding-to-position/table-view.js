// The seeded table itself, its first rows printed as PyTorch prints the weight tensor, so the digits can be
// compared with torch.manual_seed(seed); nn.Embedding(V, D).weight in any notebook.
import { t } from '../../src/i18n.js';
import { matrixTable } from '../../src/charts/matrix-table.js';
import { showTable } from '../../src/charts/table.js';
import { printedAs } from './printed-as.js';

const ROWS = 6;

export function tableView() {
  const element = document.createElement('section');
  element.className = 'panel embedding-table';
  const code = document.createElement('pre');
  code.className = 'code-line';
  code.tabIndex = 0; // it scrolls sideways on a phone: reachable from the keyboard
  const host = document.createElement('div');
  const note = document.createElement('p');
  note.className = 'table-note';
  // The two lines of PyTorch and the note on how to check them beside the rows they print, when both fit the column.
  const side = document.createElement('div');
  side.className = 'embedding-table-side';
  side.append(code, note);
  const row = document.createElement('div');
  row.className = 'embedding-table-row';
  row.append(side, host);
  element.append(row);

  function draw(table, view) {
    code.textContent = `torch.manual_seed(${view.seed})\ntorch.nn.Embedding(${table.rows}, ${table.cols}).weight[:${Math.min(ROWS, table.rows)}]`;
    const caption = t('embeddingToPosition.table.caption', { vocabSize: table.rows, dModel: table.cols, seed: view.seed, rows: Math.min(ROWS, table.rows) });
    const shown = matrixTable({ matrix: table, caption, corner: t('embeddingToPosition.table.corner'), rowLimit: ROWS, colLimit: 8, makeFormat: printedAs('tensor'), printed: true });
    showTable(host, shown.table, caption);
    note.textContent = [t('embeddingToPosition.table.note'), shown.windowed && table.cols > 8 ? t('embeddingToPosition.table.window', { dModel: table.cols }) : ''].join(' ');
  }
  return { element, draw, relabel() {} };
}
