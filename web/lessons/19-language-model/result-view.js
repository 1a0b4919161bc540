// The lesson's result, the ALiBi paper's Figure 1 at classroom scale: validation perplexity against the length
// the models read (log scale, one line per run, the training length L marked), and the loss at each position of
// the longest segments, which shows where each method starts to fail. A learned table has no row past L: its
// table cells say so, as a result. No maths here: the numbers are what the workers' models measured.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { runLabel } from '../../src/training/setup-view.js';

/** The dashed rule at the training length, with its label. */
const trainingMark = (x) => ({
  rules: [{ x, dash: '4 3' }],
  notes: [{ x, text: t('lm.result.trained'), anchor: 'top', dx: 4, dy: 6, side: 'start' }],
});

export function resultView() {
  const { element, title } = titledPanel('lm-result', 'lm-result-title');
  const byLength = chartFigure('lm-by-length');
  const byPosition = chartFigure('lm-by-position');
  const summary = el('p', 'lm-summary');
  // The two figures are read together (where the perplexity rises, and at which positions): side by side.
  const pair = el('div', 'figure-pair');
  pair.append(byLength.element, byPosition.element);
  element.append(title, pair, summary);
  let last = null;

  function draw(result) {
    last = result;
    title.textContent = t('lm.result.title');
    if (!result) {
      for (const [figure, key] of [[byLength, 'byLength'], [byPosition, 'byPosition']]) {
        figure.update({ title: t(`lm.result.${key}.chart`, { L: '…', longest: '…' }), drawing: el('p', 'chart-empty', t('lm.result.empty')), table: null });
      }
      summary.textContent = '';
      return;
    }
    // runs: [{id, method, evaluations: [{length, available, perplexity, meanLoss, positionLoss, rows}]}]
    const { trainLength: L, runs } = result;
    const methods = Object.fromEntries(runs.map((r) => [r.id, r.method]));
    const name = (r) => runLabel(r.id, methods);
    const lengths = runs[0].evaluations.map((e) => e.length);
    const longest = lengths.at(-1);
    const count = (n) => formatCount(n, language());

    const lengthTitle = t('lm.result.byLength.chart', { L });
    byLength.update({
      title: lengthTitle,
      drawing: seriesChart({
        series: runs.map((r) => {
          const shown = r.evaluations.filter((e) => e.available);
          return { name: name(r), x: shown.map((e) => e.length), y: shown.map((e) => e.perplexity) };
        }).filter((s) => s.x.length),
        width: byLength.width(),
        logX: true,
        logY: true,
        labels: { x: t('lm.result.byLength.x'), y: t('lm.result.byLength.y'), aria: t('lm.result.byLength.aria', { L }), description: t('lm.result.byLength.description', { L }) },
        xInclude: [L],
        ...trainingMark(L),
      }),
      noteText: t('lm.result.byLength.note', { segments: runs[0].evaluations.map((e) => count(e.segments)).join(' · ') }),
      fileKey: `L${L}`,
      table: () => dataTable({
        caption: lengthTitle,
        corner: t('lm.result.byLength.x'),
        columns: runs.map(name),
        rows: lengths.map((n, i) => ({
          header: String(n),
          label: n === L ? t('lm.result.trainedRow') : '',
          cells: runs.map((r) => {
            const e = r.evaluations[i];
            return e.available ? e.perplexity.toFixed(2) : t('lm.result.noRows', { rows: e.rows });
          }),
        })),
      }),
    });
    const missing = runs.find((r) => r.evaluations.some((e) => !e.available));
    summary.textContent = missing ? t('lm.result.missing', { rows: L }) : '';

    // Position by position inside the longest segments (8L): the runs that can read them.
    const readers = runs.filter((r) => r.evaluations.at(-1).available);
    const positionTitle = t('lm.result.byPosition.chart', { L: count(L), longest: count(longest) });
    byPosition.update({
      title: positionTitle,
      drawing: readers.length
        ? seriesChart({
          // Every run, those without rows as empty series, so each method keeps its colour from the figure above.
          series: runs.map((r) => (readers.includes(r)
            ? { name: name(r), x: Array.from({ length: longest }, (_, i) => i), y: Array.from(r.evaluations.at(-1).positionLoss) }
            : { name: name(r), x: [], y: [] })),
          width: byPosition.width(),
          labels: { x: t('lm.result.byPosition.x'), y: t('lm.result.byPosition.y'), aria: t('lm.result.byPosition.aria', { L: count(L), longest: count(longest) }), description: t('lm.result.byPosition.description', { L }) },
          xInclude: [L],
          ...trainingMark(L),
        })
        : el('p', 'chart-empty', t('lm.result.empty')),
      noteText: t('lm.result.byPosition.note', { segments: count(runs[0].evaluations.at(-1).segments), longest: count(longest) }),
      fileKey: `L${L}`,
      table: readers.length ? () => dataTable({
        caption: positionTitle,
        corner: t('lm.result.byPosition.x'),
        columns: readers.map(name),
        rows: Array.from({ length: longest }, (_, i) => ({ header: String(i), cells: readers.map((r) => r.evaluations.at(-1).positionLoss[i].toFixed(3)) })),
      }) : null,
    });
  }

  draw(null);
  return { element, draw, relabel: () => draw(last) };
}
