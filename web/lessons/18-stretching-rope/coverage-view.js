// Which pairs meet angles training never showed, for each method, up to the stretched length, and the angle each
// pair reaches against the largest it saw in training. From kernel.angleCoverage.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { METHODS } from './params.js';

export function coverageView() {
  // The chart is a panel of its own, which the lesson sets beside the wavelengths (both go pair by pair); the
  // table of unseen pairs per method is another, under the text that reads it.
  const element = el('section', 'panel stretch-coverage');
  const table = el('section', 'panel stretch-unseen');
  const tableHost = el('div');
  const figure = chartFigure('stretch-angles');
  table.append(tableHost);
  element.append(figure.element);

  function draw({ coverage, last: lastPosition, method, pairs }, width) {
    const count = (n) => formatCount(n, language());
    const last = count(lastPosition);
    const caption = t('stretch.coverage.caption', { last });
    showTable(tableHost, dataTable({
      caption,
      corner: t('stretch.coverage.method'),
      columns: [t('stretch.coverage.unseen'), t('stretch.coverage.first')],
      rows: METHODS.map((m) => {
        const c = coverage[m];
        const firsts = [...c.firstUnseenPosition].filter((p) => p >= 0);
        return {
          header: t(`stretch.methods.${m}`),
          className: m === method ? 'same' : '',
          cells: [t('stretch.coverage.count', { count: [...c.unseen].filter(Boolean).length, pairs }), firsts.length ? count(Math.min(...firsts)) : '—'],
        };
      }),
    }), caption);
    // Only pairs that never turned fully in training can meet a new angle: the others are left out.
    const open = Array.from({ length: pairs }, (_, i) => i).filter((i) => !coverage.extrapolation.fullTurnInTraining[i]);
    const ratio = (m, i) => coverage[m].maxAngle[i] / coverage[m].trainedMaxAngle[i];
    const series = METHODS.map((m) => ({ name: t(`stretch.methods.${m}`), x: open, y: open.map((i) => ratio(m, i)) }));
    const title = t('stretch.coverage.title', { last });
    const labels = { x: t('stretch.wavelength.x'), y: t('stretch.coverage.y'), aria: t('stretch.coverage.aria', { last }), description: t('stretch.coverage.description') };
    figure.update({
      title,
      drawing: open.length
        ? seriesChart({ series, width, labels, yZero: true, yInclude: [1], rules: [{ y: 1, dash: '4 3' }] })
        : el('p', 'chart-empty', t('stretch.coverage.allTurned')),
      noteText: t('stretch.coverage.note'),
      table: open.length ? () => dataTable({
        caption: title,
        corner: t('stretch.wavelength.x'),
        columns: series.map((x) => x.name),
        rows: open.map((i) => ({ header: String(i), cells: METHODS.map((m) => ratio(m, i).toFixed(4)) })),
      }) : null,
      fileKey: `to${lastPosition}`,
    });
  }
  return { element, table, draw, width: figure.width, relabel: () => {} };
}
