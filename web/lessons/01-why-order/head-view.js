// The head the seed drew, readable: W_q, W_k and W_v as tables, folded away under the panel's title, above the
// fields (which stay in view over the figures below them). Their values are two-decimal numbers by
// construction, so they are printed with two decimals, as drawn.
import { t } from '../../src/i18n.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';

export function headView() {
  const element = document.createElement('details');
  element.className = 'why-head';
  const summary = document.createElement('summary');
  const host = document.createElement('div');
  element.append(summary, host);

  /** head: {seed, wq, wk, wv} with {rows, cols, data} matrices. */
  function draw(head) {
    summary.textContent = t('whyOrder.head.summary', { seed: head.seed });
    const dims = Array.from({ length: head.wq.cols }, (_, j) => String(j));
    host.replaceChildren(
      ...['wq', 'wk', 'wv'].map((name) => {
        const m = head[name];
        const caption = t(`whyOrder.head.${name}`, { seed: head.seed });
        const rows = Array.from({ length: m.rows }, (_, i) => ({ header: String(i), cells: dims.map((_, j) => m.data[i * m.cols + j].toFixed(2)) }));
        const box = scrollBox(dataTable({ caption, corner: t('whyOrder.head.corner'), columns: dims, rows }), caption);
        box.dataset.matrix = name;
        return box;
      }),
    );
  }
  return { element, draw };
}
