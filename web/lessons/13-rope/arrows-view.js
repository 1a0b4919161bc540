// E002-8: one pair of dimensions (2i, 2i+1) of a vector, rotated by RoPE at positions 0, 1, 2, …: arrows
// turning on the unit circle, fast for the first pairs and slowly for the last ones.
import { t, language } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { arrowChart } from '../../src/charts/arrows.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue, formatCount } from '../../src/format.js';

export function arrowsView() {
  const element = document.createElement('section');
  element.className = 'panel controls rope-arrows';
  const figure = chartFigure('rope-turning');
  element.append(figure.element);

  /** points: [[x, y]] of the pair at positions 0 … steps − 1 (from kernel.rope). */
  function draw({ pair, dim, base, points }, width) {
    const vars = { pair, a: 2 * pair, b: 2 * pair + 1, dim, base: formatCount(base, language()), count: points.length, last: points.length - 1 };
    const name = t('rope.arrows.name', vars);
    figure.update({
      title: t('rope.arrows.title', vars),
      noteText: t('rope.arrows.note', vars),
      drawing: arrowChart({
        arrows: points.map(([x, y], p) => ({ x1: 0, y1: 0, x2: x, y2: y, name, text: String(p) })),
        width,
        extent: 1.3,
        circle: true,
        reuse: figure.host.firstElementChild,
        labels: { x: t('rope.arrows.x', vars), y: t('rope.arrows.y', vars), aria: t('rope.arrows.aria', vars), description: t('rope.arrows.description') },
      }),
      table: () => {
        const caption = t('rope.arrows.title', vars);
        return scrollBox(
          dataTable({
            caption,
            corner: t('rope.arrows.position'),
            columns: [t('rope.arrows.x', vars), t('rope.arrows.y', vars)],
            rows: points.map(([x, y], p) => ({ header: String(p), cells: [formatValue(x), formatValue(y)] })),
          }),
          caption,
        );
      },
      fileKey: `pair${pair}-dim${dim}`,
    });
  }
  return { element, draw, width: figure.width };
}
