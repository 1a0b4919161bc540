// ALiBi: each head's slope (the paper's get_slopes), every head's bias matrix as a small heat map, and the penalty
// against the distance far past any sequence length. Every number comes from the kernel (alibiSlopes, alibiBias).
import { t, language } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox, showTable } from '../../src/charts/table.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { el, setText } from '../../src/ui/dom.js';
import { params, presets } from './params.js';
import { smallMaps } from './small-maps.js';

/** Lines in the penalty chart, at most: the two steepest heads and the two gentlest. */
const LINE_HEADS = 4;

export function alibiView({ onValue, onPreset }) {
  const make = fieldMakers({ params, prefix: 'biases.fields', onValue, optionKey: (name, option) => `biases.modes.${option}` });
  // The fields are a panel of their own, which stays in view over the figures below it (lesson-view.js).
  const controls = controlPanel({
    id: 'alibi',
    keys: 'biases.alibi',
    presets: presets.alibi,
    onPreset,
    summary: (v) => t('biases.alibi.presets.summary', { heads: v.heads, length: v.length }),
    fields: { heads: make.slider('heads'), length: make.slider('length'), alibiMode: make.select('alibiMode'), reach: make.text('reach') },
  });
  const element = el('section', 'panel biases-alibi');
  // The slopes are a table already (no chart): the table and its note.
  const slopesHost = el('div', 'alibi-slopes');
  const slopesNote = el('p', 'chart-note');
  // One small map per head, all in one figure (one legend, one table): it stays in place between redraws, since
  // moving a figure out of the page and back between a reader's mousedown and mouseup drops the click on its
  // "show as a table".
  const mapsFigure = chartFigure('alibi-maps');
  const lineFigure = chartFigure('alibi-distance');
  // The slopes and the penalty lines they draw are read together: side by side on a wide screen, the maps under.
  const slopesBlock = el('div', 'alibi-slopes-block');
  slopesBlock.append(slopesHost, slopesNote);
  const pair = el('div', 'figure-pair');
  pair.append(slopesBlock, lineFigure.element);
  element.append(pair, mapsFigure.element);

  /**
   * slopes: Float64Array(heads); biases: [{rows, cols, data}] per head. due(part, element) says whether a part
   * ('slopes', 'lines', 'maps') is to be drawn: while a slider moves, only those on the screen are (lesson-view.js).
   * The penalty lines count as on the screen when their drawing is: on a phone, with the slopes in view, the line
   * figure's title is often at the bottom edge, and the heads slider changes nothing in it (the title says the
   * reach, the note the length; they follow at the pause when only they show).
   */
  function draw({ slopes, biases, length, causal, reach }, width, due) {
    const drawing = { slopes: due('slopes', slopesBlock), maps: due('maps', mapsFigure.element), lines: due('lines', lineFigure.host) };
    if (!drawing.slopes && !drawing.maps && !drawing.lines) return;
    const heads = slopes.length;
    const headNames = Array.from({ length: heads }, (_, h) => t('biases.alibi.head', { head: h + 1 }));
    if (drawing.slopes) drawSlopes(heads, slopes, headNames);
    if (drawing.maps) drawMaps(heads, slopes, biases, length, causal, headNames, language());
    if (drawing.lines) drawLines(heads, slopes, reach, length, headNames, width);
  }

  function drawSlopes(heads, slopes, headNames) {
    const slopesTitle = t('biases.alibi.slopesTitle', { heads, count: heads });
    showTable(slopesHost, dataTable({
      caption: slopesTitle,
      corner: t('biases.alibi.headCorner'),
      columns: [t('biases.alibi.slope'), t('biases.alibi.fraction')],
      rows: headNames.map((header, h) => ({ header, cells: [compact(slopes[h]), fraction(slopes[h])] })),
    }), slopesTitle);
    setText(slopesNote, t('biases.alibi.slopesNote'));
  }

  function drawMaps(heads, slopes, biases, length, causal, headNames, lang) {
    // Every head's map on the scale of the steepest head (head 1, or head 9 of 12: get_slopes does not sort them),
    // from its largest penalty to 0 (a penalty is never positive): the gentlest heads stay pale, which is the point.
    const labels = Array.from({ length }, (_, i) => String(i));
    const steepest = (length - 1) * Math.max(...slopes);
    const mapsTitle = t('biases.alibi.mapsTitle', { heads, length, count: heads });
    mapsFigure.update({
      title: mapsTitle,
      drawing: smallMaps({
        maps: biases.map((matrix, h) => {
          const vars = { head: h + 1, slope: formatNumber(Number(compact(slopes[h])), lang), short: formatNumber(Number(short(slopes[h])), lang) };
          return { lines: [headNames[h], t('biases.alibi.mapSlope', vars)], matrix, aria: t('biases.alibi.aria', vars) };
        }),
        domain: [-steepest, 0],
        legendLabel: t('biases.alibi.legend'),
        width: mapsFigure.width(),
      }),
      noteText: `${t('biases.alibi.mapsNote')}${causal ? ` ${t('biases.alibi.maskedNote')}` : ''}`,
      table: () => dataTable({
        caption: mapsTitle,
        corner: t('biases.alibi.corner'),
        columns: labels,
        rows: biases.flatMap((matrix, h) => labels.map((_, i) => ({
          header: t('biases.alibi.row', { head: h + 1, i }),
          cells: labels.map((__, j) => show(matrix.data[i * length + j])),
        }))),
      }),
      fileKey: `heads${heads}-len${length}`,
    });
  }

  function drawLines(heads, slopes, reach, length, headNames, width) {
    // The penalty −slope·d against the distance d, up to `reach`: it grows without bound and never saturates.
    const distances = Array.from({ length: 65 }, (_, k) => Math.round((k * reach) / 64));
    const bySlope = [...slopes.keys()].sort((a, b) => slopes[b] - slopes[a]);
    const lineHeads = heads <= LINE_HEADS ? bySlope : [...bySlope.slice(0, 2), ...bySlope.slice(-2)];
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
      fileKey: `heads${heads}-to${reach}`,
    });
  }
  return { controls, element, fields: controls.fields, draw, width: lineFigure.width, relabel: controls.relabel };
}

/** A slope with no trailing zeros, to six significant digits: 0.5, 0.0078125, 0.707107. */
const compact = (slope) => String(Number(slope.toPrecision(6)));
/** The same to three significant digits, for the maps' titles: 0.5, 0.00781, 0.707. */
const short = (slope) => String(Number(slope.toPrecision(3)));

const show = (v) => (Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v).toFixed(4) : '−∞');

/** A slope as the power of two it is (1/2, 1/4 … or 2^−x.y for head counts that are not powers of two). */
function fraction(slope) {
  const exponent = -Math.log2(slope);
  return Number.isInteger(Math.round(exponent * 1e9) / 1e9) ? `1/${2 ** Math.round(exponent)}` : `2^−${Number(exponent.toFixed(3))}`;
}
