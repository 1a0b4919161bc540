// T5's relative buckets: the bucket of every offset j − i (exact near 0, logarithmic further out, one shared
// bucket past max_distance), the grid of buckets a sentence's attention reads, and the bias that grid makes of a
// table nn.Embedding(num_buckets, heads), one small map per head. Every number comes from the kernel
// (t5RelativeBucket, t5BucketGrid, torchEmbedding, t5Bias).
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { el } from '../../src/ui/dom.js';
import { stepper } from '../../src/ui/stepper.js';
import { params, presets } from './params.js';
import { smallMaps } from './small-maps.js';
import { layoutWidth } from '../../src/ui/layout-width.js';

export function t5View({ onValue, onPreset }) {
  const make = fieldMakers({ params, prefix: 'biases.fields', onValue, optionKey: (name, option) => `biases.modes.${option}` });
  // The buckets, then the positions of the grid and of the bias maps and the table the bias is read from: one
  // panel, which stays in view over the figures below it (lesson-view.js).
  const controls = controlPanel({
    id: 't5',
    keys: 'biases.t5',
    presets: presets.t5,
    onPreset,
    summary: (v) => t('biases.t5.presets.summary', { buckets: v.buckets, max: v.maxDistance, heads: v.t5Heads }),
    fields: {
      buckets: make.slider('buckets'), maxDistance: make.text('maxDistance'), t5Mode: make.select('t5Mode'),
      t5Length: make.slider('t5Length'), t5Heads: make.slider('t5Heads'), seed: make.text('seed', { width: 22 }),
    },
  });
  const element = el('section', 'panel biases-t5');
  const curve = chartFigure('t5-buckets');
  const gridFigure = chartFigure('t5-grid');
  const biasFigure = chartFigure('t5-bias');
  const summary = el('p', 't5-summary');
  // Three steps, one on the screen at a time (ui/stepper.js): the bucket of each offset, the grid of buckets a
  // sentence reads, the bias each head makes of it. The step shown is the lesson's `t5Step`, kept in the link.
  const offsetStep = el('div', 't5-step');
  offsetStep.append(curve.element, summary);
  const steps = stepper({
    panels: [offsetStep, gridFigure.element, biasFigure.element],
    tabKey: (i) => `biases.t5.steps.${i + 1}`,
    onSelect: (i) => onValue('t5Step', i + 1),
  });
  element.append(steps.element);
  const fields = { ...controls.fields, t5Step: steps.field };

  /** offsets, buckets: the bucket of each offset; exact: how many distances get a bucket of their own; grid. */
  function draw({ offsets, buckets, exact, last, maxDistance, bidirectional, grid: g, bucketCount, table, bias, seed }, width) {
    const vars = { buckets: bucketCount, max: maxDistance, exact, last, count: exact };
    const labels = { x: t('biases.t5.x'), y: t('biases.t5.y'), aria: t('biases.t5.aria', vars), description: t('biases.t5.description') };
    const title = t('biases.t5.title', vars);
    curve.update({
      title,
      drawing: seriesChart({ series: [{ name: t('biases.t5.y'), x: offsets, y: buckets }], width, labels }),
      noteText: t(bidirectional ? 'biases.t5.noteBidirectional' : 'biases.t5.noteCausal', vars),
      table: () => scrollBox(dataTable({
        caption: title,
        corner: t('biases.t5.x'),
        columns: [t('biases.t5.y')],
        rows: offsets.map((o, k) => ({ header: String(o), cells: [String(buckets[k])] })),
      }), title),
      fileKey: `buckets${bucketCount}-max${maxDistance}`,
    });
    summary.textContent = t('biases.t5.summary', vars);
    const n = g.rows;
    const positions = Array.from({ length: n }, (_, i) => String(i));
    const gridTitle = t('biases.t5.gridTitle', { length: n });
    gridFigure.update({
      title: gridTitle,
      drawing: labelledHeatmap({
        matrix: g, rowLabels: positions, colLabels: positions, width: Math.min(width, 520), scale: 'weights', domain: [0, bucketCount - 1], digits: 0,
        labels: { x: t('biases.t5.key'), y: t('biases.t5.query'), legend: t('biases.t5.y'), aria: t('biases.t5.gridAria', { length: n }), description: t('biases.t5.gridDescription') },
      }),
      noteText: t('biases.t5.gridNote'),
      table: () => scrollBox(dataTable({
        caption: gridTitle,
        corner: t('biases.t5.corner'),
        columns: positions,
        rows: positions.map((header, i) => ({ header, cells: positions.map((_, j) => String(g.data[i * n + j])) })),
      }), gridTitle),
      fileKey: `len${n}-buckets${bucketCount}`,
    });

    // The bias: head h's map holds column h of the table, each entry where its bucket sits in the grid above.
    const heads = table.cols;
    const bound = Math.max(...table.data.map(Math.abs)) || 1;
    const biasVars = { buckets: bucketCount, heads, seed, length: n };
    const biasTitle = t('biases.t5.biasTitle', biasVars);
    biasFigure.update({
      title: biasTitle,
      drawing: smallMaps({
        maps: bias.map((matrix, h) => ({ lines: [t('biases.alibi.head', { head: h + 1 })], matrix, aria: t('biases.t5.biasAria', { head: h + 1, length: n }) })),
        domain: [-bound, bound],
        legendLabel: t('biases.alibi.legend'),
        width: biasFigure.width(),
      }),
      noteText: t('biases.t5.biasNote', biasVars),
      table: () => {
        const both = el('div', 't5-bias-tables');
        const tableTitle = t('biases.t5.tableTitle', biasVars);
        both.append(
          scrollBox(dataTable({
            caption: biasTitle,
            corner: t('biases.alibi.corner'),
            columns: positions,
            rows: bias.flatMap((matrix, h) => positions.map((_, i) => ({
              header: t('biases.alibi.row', { head: h + 1, i }),
              cells: positions.map((__, j) => matrix.data[i * n + j].toFixed(4)),
            }))),
          }), biasTitle),
          scrollBox(dataTable({
            caption: tableTitle,
            corner: t('biases.t5.tableCorner'),
            columns: Array.from({ length: heads }, (_, h) => t('biases.alibi.head', { head: h + 1 })),
            rows: Array.from({ length: bucketCount }, (_, b) => ({ header: String(b), cells: Array.from({ length: heads }, (__, h) => table.data[b * heads + h].toFixed(4)) })),
          }), tableTitle),
        );
        return both;
      },
      fileKey: `len${n}-seed${seed}`,
    });
  }
  // Every step is drawn, shown or not, at the width of the step shown (a hidden figure has none of its own).
  const width = () => layoutWidth(steps.element) || 600;
  const relabel = () => {
    controls.relabel();
    steps.relabel();
  };
  return { controls, element, fields, draw, width, relabel };
}
