// Side by side: the sentence in its original order and in the student's order. For each, the vectors that
// go into attention (word vectors, plus PE when it is on), the attention weights and the outputs.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { matrixTable } from '../../src/charts/matrix-table.js';

function side(kind) {
  const element = document.createElement('section');
  element.className = `order-side order-${kind}`;
  const heading = document.createElement('h3');
  heading.className = 'panel-subtitle';
  const figures = { input: chartFigure('why-input'), weights: chartFigure('why-weights'), output: chartFigure('why-output') };
  element.append(heading, figures.input.element, figures.weights.element, figures.output.element);

  function draw({ words, input, weights, output, view }, width, bound) {
    const rowLabels = words.map((w, i) => `${i} · ${w}`);
    const dims = Array.from({ length: input.cols }, (_, j) => String(j));
    heading.textContent = t(`whyOrder.results.${kind}`, { sentence: words.join(' ') });
    const put = (name, matrix, cols, scale, vars, domain) => {
      const labels = {
        x: t(`whyOrder.results.${name}.x`),
        y: t(`whyOrder.results.${name}.y`),
        legend: t(`whyOrder.results.${name}.legend`),
        aria: t(`whyOrder.results.${name}.aria`, vars),
        description: t(`whyOrder.results.${name}.description`),
      };
      const title = t(`whyOrder.results.${name}.title${name === 'input' && view.pe === 'on' ? 'Pe' : ''}`, vars);
      figures[name].update({
        title,
        drawing: labelledHeatmap({ matrix, rowLabels, colLabels: cols, width, labels, scale, domain }),
        table: () => matrixTable({ matrix, caption: title, corner: t(`whyOrder.results.${name}.corner`), rowHeader: (i) => rowLabels[i], columns: cols }).element,
        fileKey: `${kind}${view.pe === 'on' ? '-pe' : ''}`,
      });
    };
    const vars = { sentence: words.join(' ') };
    put('input', input, dims, 'diverging', vars, [-bound.input, bound.input]);
    put('weights', weights, words, 'weights', vars, [0, 1]);
    put('output', output, dims, 'diverging', vars, [-bound.output, bound.output]);
  }
  return { element, draw, width: () => figures.output.width() };
}

export function resultsView() {
  const element = document.createElement('section');
  element.className = 'panel why-results';
  const sides = { original: side('original'), reordered: side('reordered') };
  element.append(sides.original.element, sides.reordered.element);
  return {
    element,
    width: () => sides.original.width(),
    draw(original, reordered, view, width) {
      // One colour scale for both orders, so equal numbers look equal side by side.
      const largest = (name) => Math.max(1, ...[original, reordered].flatMap((r) => Array.from(r[name].data, Math.abs)));
      const bound = { input: largest('input'), output: largest('output') };
      sides.original.draw({ ...original, view }, width, bound);
      sides.reordered.draw({ ...reordered, view }, width, bound);
    },
  };
}
