// Document 000 says the absolute scale of the matrices does not affect attention. The sentence of the step tables
// through one attention head (W_q = W_k = W_v = I), without and with the √d_model scaling: the scores q·k/√d and
// the softmax weights side by side, and a sentence with the largest score and position 0's own weight of each.
import { t, language } from '../../src/i18n.js';
import { formatValueInText } from '../../src/format.js';
import { matrixTable } from '../../src/charts/matrix-table.js';
import { el } from '../../src/ui/dom.js';

const SIDES = ['off', 'on'];

export function attentionView() {
  const element = el('section', 'panel scale-attention');
  const grid = el('div', 'attention-grid');
  const summary = el('p', 'scale-attention-summary');
  summary.setAttribute('aria-live', 'polite');
  element.append(grid, summary);

  /**
   * sides: {off, on}, each {scores, weights, largest, selfWeight}: the scores and weights ({rows, cols, data}) of
   * x + PE and of x·√d + PE, the largest score ({value}) and position 0's weight on itself; view: the lesson's values.
   */
  function draw(sides, view) {
    const rowHeader = (i) => t('embeddingToPosition.steps.row', { pos: i, id: view.ids[i] });
    const table = (side, name) => {
      const figure = el('div', `attention-${name}-${side}`);
      const caption = t(`embeddingToPosition.attention.${name}`, { xs: side === 'on' ? 'x·√d + PE' : 'x + PE' });
      figure.append(matrixTable({ matrix: sides[side][name], caption, corner: t('embeddingToPosition.attention.corner'), rowHeader, printed: true }).element);
      return figure;
    };
    // Scores next to scores, weights next to weights: each pair differs only by the scaling.
    grid.replaceChildren(...['scores', 'weights'].flatMap((name) => SIDES.map((side) => table(side, name))));
    summary.textContent = t('embeddingToPosition.attention.summary', {
      maxOff: formatValueInText(sides.off.largest.value, language()),
      maxOn: formatValueInText(sides.on.largest.value, language()),
      selfOff: formatValueInText(sides.off.selfWeight, language()),
      selfOn: formatValueInText(sides.on.selfWeight, language()),
    });
  }
  return { element, draw, relabel() {} };
}
