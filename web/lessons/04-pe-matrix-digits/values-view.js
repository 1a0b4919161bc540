// "The exact numbers": every value when the matrix is small, and a row inspector that prints a position's
// first and last three values the way documents 001 and 003 printed them (whole row, sine columns 0::2,
// cosine columns 1::2).
import { t, language } from '../../src/i18n.js';
import { formatValue, formatCount } from '../../src/format.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { textField } from '../../src/ui/fields.js';
import { params } from '../../src/pe-matrix/params.js';
import { matrixTable } from '../../src/charts/matrix-table.js';

// Up to this many values the whole matrix is a table (10 × 4 of document 000, 20 × 64, …).
const FULL_TABLE_LIMIT = 2000;
const key = (name) => `peMatrix.fields.${name}`;

/** Column indices start, start+step, … below cols; at most 3 first and 3 last, with "…" between. */
function ends(cols, start, step) {
  const all = [];
  for (let j = start; j < cols; j += step) all.push(j);
  return all.length <= 6 ? { head: all, tail: [] } : { head: all.slice(0, 3), tail: all.slice(-3) };
}

function joinEnds({ head, tail }, show) {
  const first = head.map(show).join(', ');
  return tail.length ? `${first} … ${tail.map(show).join(', ')}` : first;
}

/** The values as the documents printed them, with the column numbers they come from underneath. */
function valuesCell(values, columns) {
  const cell = document.createDocumentFragment();
  const line = document.createElement('span');
  line.className = 'inspector-values';
  line.textContent = values;
  const sub = document.createElement('span');
  sub.className = 'inspector-columns';
  sub.textContent = columns;
  cell.append(line, sub);
  return cell;
}

export function valuesView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel values';
  const fullHost = document.createElement('div');
  const inspectorTitle = document.createElement('h3');
  inspectorTitle.className = 'panel-subtitle';
  const field = textField({ name: 'rows', decl: params.rows, labelKey: `${key('rows')}.label`, hintKey: `${key('rows')}.hint`, onValue: (v) => onValue('rows', v), inputMode: 'text', width: 12 });
  const inspectorHost = document.createElement('div');
  inspectorHost.className = 'inspector';
  element.append(fullHost, inspectorTitle, field.element, inspectorHost);

  function drawFull(matrix, vars) {
    const count = matrix.rows * matrix.cols;
    if (count > FULL_TABLE_LIMIT) {
      const note = document.createElement('p');
      note.className = 'table-note';
      note.textContent = t('peMatrix.values.tooBig', { count: formatCount(count, language()), limit: formatCount(FULL_TABLE_LIMIT, language()) });
      fullHost.replaceChildren(note);
      return;
    }
    const caption = t('peMatrix.values.caption', vars);
    fullHost.replaceChildren(matrixTable({ corner: t('peMatrix.table.corner'), matrix, caption }).element);
  }

  function drawInspector(matrix, view) {
    const parts = [];
    for (const pos of view.rows) {
      if (pos >= matrix.rows) {
        const note = document.createElement('p');
        note.className = 'table-note';
        note.textContent = t('peMatrix.inspector.missing', { pos, maxLen: matrix.rows, last: matrix.rows - 1 });
        parts.push(note);
        continue;
      }
      const value = (j) => formatValue(matrix.data[pos * matrix.cols + j]);
      const selections = [
        ['whole', ends(matrix.cols, 0, 1)],
        ['sines', ends(matrix.cols, 0, 2)],
        ['cosines', ends(matrix.cols, 1, 2)],
      ];
      const caption = t('peMatrix.inspector.caption', { pos });
      const table = dataTable({
        caption,
        corner: t('peMatrix.inspector.which'),
        columns: [t('peMatrix.inspector.values')],
        rows: selections.map(([name, picked]) => ({
          header: t(`peMatrix.inspector.${name}`),
          cells: [valuesCell(joinEnds(picked, value), t('peMatrix.inspector.columnList', { list: joinEnds(picked, String) }))],
        })),
      });
      table.classList.add('inspector-table');
      parts.push(scrollBox(table, caption));
    }
    inspectorHost.replaceChildren(...parts);
  }

  function draw(matrix, view) {
    const vars = { maxLen: matrix.rows, dModel: matrix.cols, variant: t(`peMatrix.variantShort.${view.variant}`) };
    drawFull(matrix, vars);
    inspectorTitle.textContent = t('peMatrix.inspector.title');
    drawInspector(matrix, view);
  }

  return { element, fields: { rows: field }, draw, relabel: field.relabel };
}
