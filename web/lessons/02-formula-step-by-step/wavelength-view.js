// E002-3: low dimensions turn fast, high ones slowly. The wavelength of each pair, 2π/div_term, in positions,
// under step 2 (the divisor it comes from), with the paragraph that explains it.
import { t, language } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';
import { endsTable } from './ends.js';
import { el } from '../../src/ui/dom.js';

export function wavelengthView() {
  const figure = chartFigure('wavelengths');
  const intro = el('p', 'wavelength-intro');
  const element = el('div');
  element.append(intro, figure.element);
  function draw({ dModel, wavelengths, maxLen }, width) {
    const vars = { dModel, maxLen };
    intro.textContent = t('formulaSteps.wavelength.intro');
    const x = Array.from(wavelengths, (_, i) => 2 * i);
    figure.update({
      title: t('formulaSteps.wavelength.title', vars),
      drawing: seriesChart({
        series: [{ name: 'wavelength', x, y: Array.from(wavelengths) }],
        width,
        logY: true,
        labels: { x: t('formulaSteps.wavelength.x'), y: t('formulaSteps.wavelength.y'), aria: t('formulaSteps.wavelength.aria', vars), description: t('formulaSteps.wavelength.description') },
      }),
      noteText: t('formulaSteps.wavelength.note', { first: formatNumber(wavelengths[0], language(), { decimals: 2 }), last: formatCount(wavelengths[wavelengths.length - 1], language()), ...vars }),
      table: () =>
        endsTable({ caption: t('formulaSteps.wavelength.title', vars), corner: t('formulaSteps.table.pair'), n: wavelengths.length, rows: [{ header: t('formulaSteps.wavelength.y'), at: (i) => wavelengths[i] }] }),
      // The table shows the ends, as PyTorch prints a long tensor; the CSV has every pair, one per line.
      csv: () => dataTable({
        caption: t('formulaSteps.wavelength.title', vars),
        corner: t('formulaSteps.table.pair'),
        columns: [t('formulaSteps.wavelength.y')],
        rows: Array.from(wavelengths, (w, i) => ({ header: String(i), cells: [formatValue(w)] })),
      }),
      fileKey: `d${dModel}`,
    });
  }
  return { element, width: figure.width, draw };
}
