// Document 000 says the absolute scale of the matrices does not affect attention. The sentence of the step tables
// through one attention head (W_q = W_k = W_v = I), without and with the √d_model scaling: the scores q·k/√d and
// the softmax weights, in two steps (ui/stepper.js: the scores, then the weights, each without and with the scaling;
// the step shown is the lesson's `attentionStep` parameter), and a sentence under both with the largest score and
// position 0's own weight of each.
import { t, language } from '../../src/i18n.js';
import { formatValueInText } from '../../src/format.js';
import { matrixTable } from '../../src/charts/matrix-table.js';
import { showTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { stepper } from '../../src/ui/stepper.js';

const SIDES = ['off', 'on'];
const STEPS = ['scores', 'weights'];

export function attentionView({ onValue }) {
  const element = el('section', 'panel scale-attention');
  // One host per table, kept: a move makes each table into its new shape in place (showTable).
  const hosts = STEPS.map((name) => Object.fromEntries(SIDES.map((side) => [side, el('div', `attention-${name}-${side}`)])));
  const grids = hosts.map((tables) => {
    const grid = el('div', 'attention-grid');
    grid.append(...Object.values(tables));
    return grid;
  });
  const tabs = stepper({
    panels: grids,
    tabKey: (i) => `embeddingToPosition.attention.tabs.${STEPS[i]}`,
    onSelect: (i) => onValue('attentionStep', i + 1),
  });
  const fields = { attentionStep: tabs.field };
  const summary = el('p', 'scale-attention-summary');
  summary.setAttribute('aria-live', 'polite');
  element.append(tabs.element, summary);

  /**
   * sides: {off, on}, each {scores, weights, largest, selfWeight}: the scores and weights ({rows, cols, data}) of
   * x + PE and of x·√d + PE, the largest score ({value}) and position 0's weight on itself; view: the lesson's values.
   */
  function draw(sides, view) {
    // The position alone names a row (the step tables above give its token id): scores side by side fit a desktop column.
    const rowHeader = (i) => String(i);
    // Scores with scores, weights with weights: each pair differs only by the scaling.
    STEPS.forEach((name, k) => SIDES.forEach((side) => {
      const caption = t(`embeddingToPosition.attention.${name}`, { xs: side === 'on' ? 'x·√d + PE' : 'x + PE' });
      showTable(hosts[k][side], matrixTable({ matrix: sides[side][name], caption, corner: t('embeddingToPosition.attention.corner'), rowHeader, printed: true }).table, caption);
    }));
    summary.textContent = t('embeddingToPosition.attention.summary', {
      maxOff: formatValueInText(sides.off.largest.value, language()),
      maxOn: formatValueInText(sides.on.largest.value, language()),
      selfOff: formatValueInText(sides.off.selfWeight, language()),
      selfOn: formatValueInText(sides.on.selfWeight, language()),
    });
  }
  return { element, fields, draw, relabel: tabs.relabel };
}
