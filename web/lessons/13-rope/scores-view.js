// E002-8: the score of a query at position m with a key at position n. With RoPE, every diagonal
// (m − n fixed) holds one value; with the additive encoding, it does not. The kernel measures the spread.
import { t, language } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatNumber, formatValue } from '../../src/format.js';

export function scoresView() {
  const element = document.createElement('section');
  element.className = 'panel rope-scores';
  const figures = { rope: chartFigure('scores-rope'), additive: chartFigure('scores-additive') };
  const verdicts = document.createElement('div');
  verdicts.className = 'rope-verdicts';
  verdicts.setAttribute('aria-live', 'polite');
  const pair = document.createElement('div');
  pair.className = 'scores-pair';
  pair.append(figures.rope.element, figures.additive.element);
  element.append(pair, verdicts);

  /** grids: {rope, additive} as {rows, cols, data}; spreads: {rope, additive} from the kernel. */
  function draw({ grids, spreads, dim, base }, width) {
    const n = grids.rope.rows;
    const positions = Array.from({ length: n }, (_, i) => String(i));
    for (const kind of ['rope', 'additive']) {
      const vars = { n, last: n - 1, dim, base };
      const title = t(`rope.scores.${kind}.title`, vars);
      figures[kind].update({
        title,
        drawing: labelledHeatmap({
          matrix: grids[kind],
          rowLabels: positions,
          colLabels: positions,
          width,
          digits: 1,
          labels: { x: t('rope.scores.x'), y: t('rope.scores.y'), legend: t('rope.scores.legend'), aria: t(`rope.scores.${kind}.aria`, vars), description: t('rope.scores.description') },
        }),
        table: () =>
          scrollBox(
            dataTable({
              caption: title,
              corner: t('rope.scores.corner'),
              columns: positions,
              rows: positions.map((p, m) => ({ header: p, cells: positions.map((_, j) => formatValue(grids[kind].data[m * n + j])) })),
            }),
            title,
          ),
        fileKey: `${n}x${n}-dim${dim}`,
      });
    }
    const line = (kind, ok) => {
      const p = document.createElement('p');
      p.className = `rope-verdict rope-verdict-${kind}`;
      p.dataset.constant = String(ok);
      p.textContent = t(`rope.scores.${kind}.${ok ? 'constant' : 'varies'}`, { spread: formatNumber(spreads[kind], language(), { significant: 5 }) });
      return p;
    };
    // Constant along the diagonals = the spread is float rounding only (about 1e-6 of the scores' size).
    verdicts.replaceChildren(line('rope', spreads.rope < 1e-4), line('additive', spreads.additive < 1e-4));
  }
  return { element, draw, width: () => figures.rope.width() };
}
