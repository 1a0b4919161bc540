// Chosen dimensions across positions, one row each (the course notes' six lines, the blog post's first 20
// positions), with its fields under it.
import { t } from '../../src/i18n.js';
import { formatValue } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { lines } from '../../src/charts/lines.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { textField } from '../../src/ui/fields.js';
import { fieldsUnder } from '../../src/ui/control-panel.js';
import { params } from '../../src/pe-matrix/params.js';

const TABLE_ROWS = 100;
const key = (name) => `peMatrix.fields.${name}`;

export function linesView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel lines';
  const fields = {
    dims: textField({ name: 'dims', decl: params.dims, labelKey: `${key('dims')}.label`, hintKey: `${key('dims')}.hint`, onValue: (v) => onValue('dims', v), inputMode: 'text', width: 18 }),
    shown: textField({ name: 'shown', decl: params.shown, labelKey: `${key('shown')}.label`, hintKey: `${key('shown')}.hint`, placeholderKey: `${key('shown')}.placeholder`, onValue: (v) => onValue('shown', v) }),
  };
  const figure = chartFigure('lines');
  fieldsUnder(figure, fields);
  element.append(figure.element);

  function draw(matrix, view, width) {
    // Columns that do not exist at this width are left out and named in a note (moving d_model down must
    // not turn the dims field into an error).
    const dims = view.dims.filter((d) => d < matrix.cols);
    const missing = view.dims.filter((d) => d >= matrix.cols);
    const count = view.shown === 'all' ? matrix.rows : Math.min(view.shown, matrix.rows);
    const dimName = (d) => t('peMatrix.lines.dim', { d });

    const notes = [];
    if (missing.length) notes.push(t('peMatrix.lines.missing', { list: missing.join(', '), dModel: matrix.cols, last: matrix.cols - 1 }));
    if (count < matrix.rows) notes.push(t('peMatrix.lines.firstPositions', { count, maxLen: matrix.rows }));
    // Dimension 0 turns once every 2π positions in every variant (its frequency is 1): over many positions its
    // samples zigzag, which is the matrix, not a drawing fault.
    if (dims.includes(0) && count > 40) notes.push(t('peMatrix.lines.sampled'));

    const vars = { count, list: dims.map(dimName).join(', ') };
    /** The first `rows` positions drawn, as a table. */
    const numbers = (rows) => {
      const body = [];
      for (let p = 0; p < rows; p++) {
        body.push({ header: String(p), cells: dims.map((d) => formatValue(matrix.data[p * matrix.cols + d])) });
      }
      const caption = t('peMatrix.lines.caption', vars);
      return scrollBox(dataTable({ caption, corner: t('peMatrix.lines.corner'), columns: dims.map(dimName), rows: body }), caption);
    };
    figure.update({
      title: t('peMatrix.lines.title'),
      drawing: dims.length
        ? lines({
            matrix,
            dims,
            count,
            width,
            labels: {
              x: t('peMatrix.lines.x'),
              y: t('peMatrix.lines.y'),
              aria: t('peMatrix.lines.aria', vars),
              description: t('peMatrix.lines.description'),
              dim: dimName,
            },
          })
        : emptyMessage(t('peMatrix.lines.none')),
      noteText: notes.join(' '),
      table: () => {
        const rows = Math.min(count, TABLE_ROWS);
        const box = document.createElement('div');
        if (rows < count) {
          const note = document.createElement('p');
          note.className = 'table-note';
          note.textContent = t('peMatrix.lines.tableWindow', { rows, count });
          box.append(note);
        }
        box.append(numbers(rows));
        return box;
      },
      csv: () => numbers(count),
      fileKey: `${count}x${dims.length}-${view.variant}`,
    });
  }

  const relabel = () => {
    for (const field of Object.values(fields)) field.relabel();
  };
  return { element, fields, width: figure.width, draw, relabel };
}

function emptyMessage(text) {
  const p = document.createElement('p');
  p.className = 'chart-empty';
  p.textContent = text;
  return p;
}
