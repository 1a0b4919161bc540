// Each pair's wavelength (positions per full turn) before and after stretching, against the training length L:
// pairs whose wavelength is longer than L never completed a turn in training. From kernel.angleCoverage.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { METHODS } from './params.js';

const short = (v) => (v >= 1e5 ? v.toExponential(2) : v.toFixed(v < 10 ? 2 : 0));

export function wavelengthsView() {
  const element = el('section', 'panel stretch-wavelengths');
  const figure = chartFigure('stretch-wavelength');
  element.append(figure.element);

  /** coverage: {method: columns}; original: L. */
  function draw({ coverage, original, pairs }, width) {
    const trainedLength = formatCount(original, language());
    const turned = [...coverage.extrapolation.fullTurnInTraining].filter(Boolean).length;
    const x = Array.from({ length: pairs }, (_, i) => i);
    const series = [
      { name: t('stretch.wavelength.trained'), x, y: [...coverage.extrapolation.wavelengthTrained] },
      ...METHODS.filter((m) => m !== 'extrapolation').map((m) => ({ name: t(`stretch.methods.${m}`), x, y: [...coverage[m].wavelength] })),
    ];
    const title = t('stretch.wavelength.title', { original: trainedLength });
    const labels = { x: t('stretch.wavelength.x'), y: t('stretch.wavelength.y'), aria: t('stretch.wavelength.aria', { original: trainedLength }), description: t('stretch.wavelength.description') };
    figure.update({
      title,
      drawing: seriesChart({ series, width, labels, logY: true, yDecades: true, yInclude: [original], rules: [{ y: original, dash: '4 3' }] }),
      noteText: t(turned === pairs ? 'stretch.wavelength.noteAll' : 'stretch.wavelength.note', { original: trainedLength, turned, pairs, count: turned }),
      table: () => dataTable({
        caption: title,
        corner: t('stretch.wavelength.x'),
        columns: series.map((s) => s.name),
        rows: x.map((i) => ({ header: String(i), cells: series.map((s) => short(s.y[i])) })),
      }),
      fileKey: `l${original}`,
    });
  }
  return { element, draw, width: figure.width, relabel: () => {} };
}
