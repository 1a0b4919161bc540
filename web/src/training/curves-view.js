// training/curves-view.js — the learning curves of the training lessons (12 and 13): held-out token accuracy
// and loss against the step, one line per run (up to six), each chart with its table of numbers. No maths here:
// the points are what the runs reported.
import { t } from '../i18n.js';
import { chartFigure } from '../charts/figure.js';
import { seriesChart } from '../charts/series.js';
import { dataTable } from '../charts/table.js';
import { el, titledPanel } from '../ui/dom.js';
import { runLabel } from './setup-view.js';

export function curvesView() {
  const { element, title } = titledPanel('train-curves', 'train-curves-title');
  const figures = { accuracy: chartFigure('train-accuracy'), loss: chartFigure('train-loss') };
  element.append(title, figures.accuracy.element, figures.loss.element);
  let runs = []; // [{id, method, points: [{step, loss, tokens, sequences}]}]

  function drawOne(name, pick, digits) {
    const figure = figures[name];
    const shown = runs.map((r) => ({ ...r, points: r.points.filter((p) => pick(p) !== null) }));
    const methods = Object.fromEntries(runs.map((r) => [r.id, r.method]));
    const runName = (r) => runLabel(r.id, methods);
    const series = shown.filter((r) => r.points.length).map((r) => ({ name: runName(r), x: r.points.map((p) => p.step), y: r.points.map(pick) }));
    const labels = { x: t('train.curves.x'), y: t(`train.curves.${name}.y`), aria: t(`train.curves.${name}.aria`), description: t(`train.curves.${name}.description`) };
    const steps = [...new Set(shown.flatMap((r) => r.points.map((p) => p.step)))].sort((a, b) => a - b);
    figure.update({
      title: t(`train.curves.${name}.title`),
      drawing: series.length
        ? seriesChart({ series, width: figure.width(), labels, yDomain: name === 'accuracy' ? [0, 1] : undefined, yZero: true })
        : el('p', 'chart-empty', t('train.curves.empty')),
      noteText: name === 'accuracy' ? t('train.curves.accuracy.note') : '',
      table: !series.length ? null : () => dataTable({
        caption: t(`train.curves.${name}.title`),
        corner: t('train.curves.x'),
        columns: shown.map(runName),
        rows: steps.map((step) => ({
          header: String(step),
          cells: shown.map((r) => {
            const p = r.points.find((q) => q.step === step);
            return p && pick(p) !== null ? pick(p).toFixed(digits) : '—';
          }),
        })),
      }),
    });
  }

  function draw() {
    drawOne('accuracy', (p) => p.tokens, 3);
    drawOne('loss', (p) => p.loss, 4);
  }

  const relabel = () => {
    title.textContent = t('train.curves.title');
    draw();
  };
  relabel();
  return {
    element,
    relabel,
    width: () => figures.accuracy.width(),
    /** runs: [{id, method, points}] — the page redraws at most once a frame. */
    draw(next) {
      runs = next;
      draw();
    },
  };
}
