// No positions at all: attention whose queries carry nothing (W_q = 0) spreads evenly over what it may see.
// With a causal mask token i sees i + 1 tokens, so the share of the first token, 1/(i + 1), is a position;
// without the mask every token sees all n and gets 1/n: nothing tells them apart. The kernel's selfAttention
// computes both.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { fieldMakers, fieldsUnder } from '../../src/ui/control-panel.js';
import { el } from '../../src/ui/dom.js';
import { params } from './params.js';

export function noPositionsView({ onValue }) {
  const element = el('section', 'panel controls chart-beside-box biases-nopos');
  const make = fieldMakers({ params, prefix: 'biases.fields', onValue, optionKey: () => '' });
  const fields = { tokens: make.slider('tokens') };
  const figure = chartFigure('chart-beside nopos-share');
  // The number of tokens changes only this chart: its slider sits beside the drawing (under it on a narrow screen).
  fieldsUnder(figure, fields);
  element.append(figure.element);

  /** causal, bidirectional: the first column of each output (the first token's share at every position). */
  function draw({ causal, bidirectional }, width) {
    const n = causal.length;
    const positions = Array.from({ length: n }, (_, i) => i);
    const names = { causal: t('biases.modes.causal'), bidirectional: t('biases.modes.bidirectional') };
    const labels = { x: t('biases.nopos.x'), y: t('biases.nopos.y'), aria: t('biases.nopos.aria', { n }), description: t('biases.nopos.description') };
    const title = t('biases.nopos.title', { n });
    figure.update({
      title,
      drawing: seriesChart({ series: [{ name: names.causal, x: positions, y: [...causal] }, { name: names.bidirectional, x: positions, y: [...bidirectional] }], width, labels, yDomain: [0, 1] }),
      noteText: t('biases.nopos.note'),
      table: () => scrollBox(dataTable({
        caption: title,
        corner: t('biases.nopos.x'),
        columns: [names.causal, names.bidirectional],
        rows: positions.map((i) => ({ header: String(i), cells: [causal[i].toFixed(4), bidirectional[i].toFixed(4)] })),
      }), title),
      fileKey: `tokens${n}`,
    });
  }
  const relabel = () => fields.tokens.relabel();
  return { element, fields, draw, width: figure.width, relabel };
}
