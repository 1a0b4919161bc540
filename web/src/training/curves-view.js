// training/curves-view.js — the learning curves of the training lessons (12 and 13): held-out token accuracy
// and loss against the step, one line per run (up to six), each chart with its table of numbers. No maths here:
// the points are what the runs reported.
import { t } from '../i18n.js';
import { chartFigure } from '../charts/figure.js';
import { seriesChart } from '../charts/series.js';
import { dataTable } from '../charts/table.js';
import { el, titledPanel } from '../ui/dom.js';
import { runLabel } from './setup-view.js';

// While runs train, new points arrive many times a second and the workers take every core: a chart waits at
// least PACE times as long as drawing the last one took, so drawing the curves takes at most about a fifth of
// the page's time, one chart per frame, and the page stays quick to scroll and to answer a click.
const PACE = 4;

/**
 * charts: which of 'accuracy' and 'loss' to draw (a language model has no held-out accuracy: lesson 18 draws the
 * loss only); progress: what goes above them (the runs' progress rows, setupView).
 */
export function curvesView({ charts = ['accuracy', 'loss'], progress = null } = {}) {
  const { element, title } = titledPanel('train-curves', 'train-curves-title');
  const figures = Object.fromEntries(charts.map((name) => [name, chartFigure(`train-${name}`)]));
  element.append(title, ...(progress ? [progress] : []), ...charts.map((name) => figures[name].element));
  let runs = []; // [{id, method, points: [{step, loss, tokens, sequences}]}]
  const picks = { accuracy: [(p) => p.tokens, 3], loss: [(p) => p.loss, 4] };

  /** What one chart shows: every run's points that have its number, its series and the runs' names. */
  function shownOf(name) {
    const [pick] = picks[name];
    const shown = runs.map((r) => ({ ...r, points: r.points.filter((p) => pick(p) !== null) }));
    const methods = Object.fromEntries(runs.map((r) => [r.id, r.method]));
    const runName = (r) => runLabel(r.id, methods);
    const series = shown.filter((r) => r.points.length).map((r) => ({ name: runName(r), x: r.points.map((p) => p.step), y: r.points.map(pick) }));
    return { shown, runName, series };
  }

  /** The chart's table, from the runs' points as they are when it is built (the drawing may be a frame behind). */
  function tableOf(name) {
    const [pick, digits] = picks[name];
    const { shown, runName } = shownOf(name);
    const steps = [...new Set(shown.flatMap((r) => r.points.map((p) => p.step)))].sort((a, b) => a - b);
    return dataTable({
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
    });
  }

  function drawOne(name) {
    const figure = figures[name];
    const { series } = shownOf(name);
    const labels = { x: t('train.curves.x'), y: t(`train.curves.${name}.y`), aria: t(`train.curves.${name}.aria`), description: t(`train.curves.${name}.description`) };
    figure.update({
      title: t(`train.curves.${name}.title`),
      drawing: series.length
        ? seriesChart({ series, width: figure.width(), labels, yDomain: name === 'accuracy' ? [0, 1] : undefined, yZero: true })
        : el('p', 'chart-empty', t('train.curves.empty')),
      noteText: name === 'accuracy' ? t('train.curves.accuracy.note') : '',
      table: !series.length ? null : () => tableOf(name),
    });
  }

  // The charts whose points changed since they were drawn, the longest waiting first.
  const stale = new Set();
  let pending = false;
  let readyAt = 0; // performance.now() before which no chart is drawn
  function drawSoon() {
    if (pending || !stale.size) return;
    pending = true;
    setTimeout(() => requestAnimationFrame(() => {
      pending = false;
      const [name] = stale;
      if (!name) return;
      stale.delete(name);
      const start = performance.now();
      drawOne(name);
      const end = performance.now();
      readyAt = end + PACE * (end - start);
      drawSoon();
    }), Math.max(0, readyAt - performance.now()));
  }

  const relabel = () => {
    title.textContent = t('train.curves.title');
    stale.clear();
    charts.forEach(drawOne);
  };
  relabel();
  return {
    element,
    relabel,
    width: () => figures[charts[0]].width(),
    /** runs: [{id, method, points}] — drawn at most one chart a frame, paced as PACE says. */
    draw(next) {
      runs = next;
      charts.forEach((name) => stale.add(name));
      drawSoon();
    },
  };
}
