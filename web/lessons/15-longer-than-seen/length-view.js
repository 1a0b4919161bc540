// The result of the lesson: held-out accuracy by input length, one line per run (up to six), trained lengths set off
// from the unseen ones; lengths a learned table has no row for are said in the table, not drawn as zeros.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { runLabel } from '../../src/training/setup-view.js';

export function lengthView() {
  const { element, title } = titledPanel('longer-result', 'longer-result-title');
  const figure = chartFigure('longer-by-length');
  const summary = el('p', 'longer-summary');
  element.append(title, figure.element, summary);
  let last = null;

  function draw(result) {
    last = result;
    title.textContent = t('longer.result.title');
    if (!result) {
      figure.update({ title: t('longer.result.chart', { max: '…' }), drawing: el('p', 'chart-empty', t('longer.result.empty')), table: null });
      summary.textContent = '';
      return;
    }
    const { trainMax, runs } = result; // runs: [{id, method, evaluations: [{length, available, tokens}]}]
    const accuracy = (e) => (e.available ? e.tokens.correct / e.tokens.total : null);
    const methods = Object.fromEntries(runs.map((r) => [r.id, r.method]));
    const name = (r) => runLabel(r.id, methods);
    const series = runs.map((r) => {
      const shown = r.evaluations.filter((e) => e.available);
      return { name: name(r), x: shown.map((e) => e.length), y: shown.map(accuracy) };
    }).filter((s) => s.x.length);
    const lengths = runs[0]?.evaluations.map((e) => e.length) ?? [];
    const labels = { x: t('longer.result.x'), y: t('longer.result.y'), aria: t('longer.result.aria', { max: trainMax }), description: t('longer.result.description', { max: trainMax }) };
    const chartTitle = t('longer.result.chart', { max: trainMax });
    figure.update({
      title: chartTitle,
      drawing: seriesChart({
        series, width: figure.width(), labels, yDomain: [0, 1], yZero: true, xInclude: [trainMax + 0.5],
        rules: [{ x: trainMax + 0.5, dash: '4 3' }],
        notes: [
          { x: trainMax + 0.5, text: t('longer.result.seen'), anchor: 'bottom', dx: -4, dy: -6, side: 'end' },
          { x: trainMax + 0.5, text: t('longer.result.unseen'), anchor: 'bottom', dx: 4, dy: -6, side: 'start' },
        ],
      }),
      noteText: t('longer.result.note'),
      table: () => dataTable({
        caption: chartTitle,
        corner: t('longer.result.x'),
        columns: runs.map(name),
        rows: lengths.map((n, i) => ({
          header: String(n),
          label: n > trainMax ? t('longer.result.unseenRow') : '',
          cells: runs.map((r) => {
            const e = r.evaluations[i];
            return e.available ? accuracy(e).toFixed(3) : t('longer.result.noRows', { rows: e.rows });
          }),
        })),
      }),
    });
    const missing = runs.filter((r) => r.evaluations.some((e) => !e.available));
    summary.textContent = missing.length
      ? t('longer.result.missing', { method: t(`train.methods.${missing[0].method}`), rows: missing[0].evaluations.find((e) => !e.available).rows, max: trainMax })
      : '';
  }

  draw(null);
  return { element, draw, relabel: () => draw(last), width: () => figure.width() };
}
