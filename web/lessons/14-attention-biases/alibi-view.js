// ALiBi: each head's slope (the paper's get_slopes), its bias matrix as a heat map, and the penalty against the
// distance far past any sequence length. Every number comes from the kernel (alibiSlopes, alibiBias).
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { fieldMakers } from '../../src/ui/control-panel.js';
import { el } from '../../src/ui/dom.js';
import { params } from './params.js';

/** Heat maps drawn, at most: the first heads show the steepest slopes, the last the gentlest. */
const SHOWN_HEADS = 4;

export function alibiView({ onValue }) {
  const element = el('section', 'panel controls biases-alibi');
  const make = fieldMakers({ params, prefix: 'biases.fields', onValue, optionKey: (name, option) => `biases.modes.${option}` });
  const fields = { heads: make.slider('heads'), length: make.slider('length'), alibiMode: make.select('alibiMode'), reach: make.text('reach') };
  const grid = el('div', 'field-grid');
  grid.append(...Object.values(fields).map((f) => f.element));
  // The slopes are a table already (no chart): the table and its note.
  const slopesHost = el('div', 'alibi-slopes');
  const slopesNote = el('p', 'chart-note');
  const maps = el('div', 'biases-maps');
  const lineFigure = chartFigure('alibi-distance');
  element.append(grid, slopesHost, slopesNote, maps, lineFigure.element);
  let mapFigures = [];
  // The heading and grid stay in place: moving a figure out of the page and back between a reader's
  // mousedown and mouseup (a redraw) makes the browser drop the click on its "show as a table".
  const mapsHeading = el('p', 'biases-maps-note');
  const mapsGrid = el('div', 'biases-map-grid');
  maps.append(mapsHeading, mapsGrid);

  /** slopes: Float64Array(heads); biases: [{rows, cols, data}] per head; line: {distances, heads} */
  function draw({ slopes, biases, length, causal, reach }, width) {
    const heads = slopes.length;
    const headNames = Array.from({ length: heads }, (_, h) => t('biases.alibi.head', { head: h + 1 }));
    const slopesTitle = t('biases.alibi.slopesTitle', { heads });
    slopesHost.replaceChildren(scrollBox(dataTable({
      caption: slopesTitle,
      corner: t('biases.alibi.headCorner'),
      columns: [t('biases.alibi.slope'), t('biases.alibi.fraction')],
      rows: headNames.map((header, h) => ({ header, cells: [compact(slopes[h]), fraction(slopes[h])] })),
    }), slopesTitle));
    slopesNote.textContent = t('biases.alibi.slopesNote');
    const shown = Math.min(SHOWN_HEADS, heads);
    const picks = shown === heads ? [...Array(heads).keys()] : [0, 1, heads - 2, heads - 1].slice(0, shown);
    if (mapFigures.length !== picks.length) {
      mapFigures = picks.map(() => chartFigure('alibi-map'));
      mapsGrid.replaceChildren(...mapFigures.map((f) => f.element));
    }
    const labels = Array.from({ length }, (_, i) => String(i));
    const cellWidth = Math.max(260, Math.min(420, width / 2 - 12));
    picks.forEach((h, k) => {
      const vars = { head: h + 1, slope: compact(slopes[h]) };
      const title = t('biases.alibi.mapTitle', vars);
      const matrix = biases[h];
      mapFigures[k].update({
        title,
        drawing: labelledHeatmap({
          matrix,
          rowLabels: labels, colLabels: labels, width: cellWidth, digits: 2,
          labels: { x: t('biases.alibi.x'), y: t('biases.alibi.y'), legend: t('biases.alibi.legend'), aria: t('biases.alibi.aria', vars), description: t('biases.alibi.description') },
          domain: [-(length - 1) * slopes[0], (length - 1) * slopes[0]],
        }),
        noteText: causal ? t('biases.alibi.maskedNote') : '',
        table: () => scrollBox(dataTable({
          caption: title,
          corner: t('biases.alibi.corner'),
          columns: labels,
          rows: labels.map((header, i) => ({ header, cells: labels.map((_, j) => show(matrix.data[i * length + j])) })),
        }), title),
      });
    });
    mapsHeading.textContent = t(picks.length < heads ? 'biases.alibi.someHeads' : 'biases.alibi.allHeads', { shown: picks.length, heads });

    // The penalty −slope·d against the distance d, up to `reach`: it grows without bound and never saturates.
    const distances = Array.from({ length: 65 }, (_, k) => Math.round((k * reach) / 64));
    const lineHeads = picks;
    const series = lineHeads.map((h) => ({ name: headNames[h], x: distances, y: distances.map((d) => -slopes[h] * d) }));
    const reachText = formatCount(reach, language());
    const lineTitle = t('biases.alibi.lineTitle', { reach: reachText });
    const lineLabels = { x: t('biases.alibi.distance'), y: t('biases.alibi.penalty'), aria: t('biases.alibi.lineAria', { reach: reachText }), description: t('biases.alibi.lineDescription') };
    lineFigure.update({
      title: lineTitle,
      drawing: seriesChart({ series, width, labels: lineLabels }),
      noteText: t('biases.alibi.lineNote', { length }),
      table: () => scrollBox(dataTable({
        caption: lineTitle,
        corner: t('biases.alibi.distance'),
        columns: lineHeads.map((h) => headNames[h]),
        rows: distances.map((d, k) => ({ header: String(d), cells: series.map((s) => show(s.y[k])) })),
      }), lineTitle),
    });
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, width: lineFigure.width, relabel };
}

/** A slope with no trailing zeros, to six significant digits: 0.5, 0.0078125, 0.707107. */
const compact = (slope) => String(Number(slope.toPrecision(6)));

const show = (v) => (Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v).toFixed(4) : '−∞');

/** A slope as the power of two it is (1/2, 1/4 … or 2^−x.y for head counts that are not powers of two). */
function fraction(slope) {
  const exponent = -Math.log2(slope);
  return Number.isInteger(Math.round(exponent * 1e9) / 1e9) ? `1/${2 ** Math.round(exponent)}` : `2^−${Number(exponent.toFixed(3))}`;
}
