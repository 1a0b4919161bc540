// E000-4: one token placed at every position of the sentence in turn. Its embedding does not move; its
// encoding does, inside a box of ±1 around the scaled embedding (PE values are sines and cosines).
// Drawn as a 2-D slice of the space (two chosen dimensions), with the numbers in a table.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { xyChart } from '../../src/charts/xy.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { textField } from '../../src/ui/fields.js';
import { fieldsUnder } from '../../src/ui/control-panel.js';
import { float32Repr } from '../../src/format-torch.js';
import { params } from './params.js';

const key = (name) => `embeddingToPosition.fields.${name}`;
const SHOWN_COLUMNS = 4;

export function journeyView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel journey';
  const text = (name) => textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v), width: 6 });
  const fields = { token: text('token'), dimX: text('dimX'), dimY: text('dimY') };
  // The token and the two dimensions change only this chart: they sit under it, in view with what they change.
  const figure = chartFigure('journey-chart');
  element.append(figure.element);
  fieldsUnder(figure, fields);

  /**
   * visits: one entry per position p: {sentence (ids), embedded, scaled, encoded} rows of the token at p.
   * Rows are Float32Array slices the kernel computed; nothing is computed here.
   */
  function draw(visits, view, width) {
    const d = visits[0].encoded.length;
    const dimX = Math.min(view.dimX, d - 1);
    const dimY = Math.min(view.dimY, d - 1);
    const clamped = dimX !== view.dimX || dimY !== view.dimY;
    const home = visits[0].scaled;
    const scaledName = view.scale === 'on' ? t('embeddingToPosition.journey.home') : t('embeddingToPosition.journey.homeUnscaled');
    const encodedName = t('embeddingToPosition.journey.encoded');
    const drawing = xyChart({
      width,
      equalAxes: true,
      boxes: [{ x1: home[dimX] - 1, x2: home[dimX] + 1, y1: home[dimY] - 1, y2: home[dimY] + 1 }],
      series: [
        { name: scaledName, x: [home[dimX]], y: [home[dimY]], symbol: 'square' },
        {
          name: encodedName,
          x: visits.map((v) => v.encoded[dimX]),
          y: visits.map((v) => v.encoded[dimY]),
          labels: visits.map((_, p) => String(p)),
          connect: true,
        },
      ],
      labels: {
        x: t('embeddingToPosition.journey.axis', { dim: dimX }),
        y: t('embeddingToPosition.journey.axis', { dim: dimY }),
        aria: t('embeddingToPosition.journey.aria', { token: view.token, count: visits.length, dimX, dimY }),
        description: t('embeddingToPosition.journey.description'),
      },
    });
    const notes = [t('embeddingToPosition.journey.box')];
    if (clamped) notes.push(t('embeddingToPosition.journey.clamped', { dModel: d, last: d - 1 }));
    figure.update({
      title: t('embeddingToPosition.journey.title', { token: view.token, count: visits.length }),
      drawing,
      noteText: notes.join(' '),
      table: () => {
        const cols = Math.min(SHOWN_COLUMNS, d);
        const show = (row) => Array.from(row.slice(0, cols), float32Repr).join('  ') + (d > cols ? '  …' : '');
        const caption = t('embeddingToPosition.journey.caption', { token: view.token });
        const table = dataTable({
          caption,
          corner: t('embeddingToPosition.journey.corner'),
          columns: [t('embeddingToPosition.journey.sentence'), t('embeddingToPosition.journey.embedding'), t('embeddingToPosition.journey.encoding')],
          rows: visits.map((v, p) => ({ header: String(p), cells: [`[${v.sentence.join(', ')}]`, show(v.embedded), show(v.encoded)] })),
        });
        table.classList.add('matrix-numbers');
        return scrollBox(table, caption);
      },
      // The table shows the first values of each vector; the CSV has them all, one number per cell.
      csv: () => {
        const dims = Array.from({ length: d }, (_, dim) => dim);
        return {
          caption: t('embeddingToPosition.journey.caption', { token: view.token }),
          corner: t('embeddingToPosition.journey.corner'),
          columns: [t('embeddingToPosition.journey.sentence'), ...dims.map((dim) => t('embeddingToPosition.journey.embeddingAt', { dim })), ...dims.map((dim) => t('embeddingToPosition.journey.encodingAt', { dim }))],
          rows: visits.map((v, p) => ({ header: String(p), cells: [`[${v.sentence.join(', ')}]`, ...Array.from(v.embedded, float32Repr), ...Array.from(v.encoded, float32Repr)] })),
        };
      },
      fileKey: `token${view.token}-d${d}`,
    });
  }

  const relabel = () => {
    for (const field of Object.values(fields)) field.relabel();
  };
  return { element, fields, width: figure.width, draw, relabel };
}
