// YaRN's ramp: per pair, the share of the original frequency it keeps (1: extrapolate, 0: interpolate), with
// the correction range [low, high] and the attention factor; and RoFormer's decay bound, plain and stretched.
import { t, language } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';

/**
 * A bound that ripples from one distance to the next, as the chart draws it: distances 0 … band − 1 as they are
 * (the steep start), then the mean over each band of `band` distances at the band's middle. Two rippling lines
 * drawn point by point tangle into one; their band means show which decays faster.
 */
function bandMeans(values, band) {
  const x = [];
  const y = [];
  for (let n = 0; n < Math.min(band, values.length); n++) {
    x.push(n);
    y.push(values[n]);
  }
  for (let start = band; start < values.length; start += band) {
    const part = values.slice(start, start + band);
    x.push(start + (part.length - 1) / 2);
    y.push(part.reduce((sum, v) => sum + v, 0) / part.length);
  }
  return { x, y };
}

export function yarnView() {
  const element = el('section', 'panel stretch-yarn');
  const ramp = chartFigure('stretch-ramp');
  const decay = chartFigure('stretch-decay');
  // The ramp and the decay it reshapes are read together: side by side on a wide screen.
  const pair = el('div', 'figure-pair');
  pair.append(ramp.element, decay.element);
  element.append(pair);

  function draw({ yarn, decayPlain, decayStretched, method, reach }, width) {
    const x = Array.from({ length: yarn.extrapolationWeight.length }, (_, i) => i);
    const vars = { low: yarn.low, high: yarn.high, factor: formatNumber(yarn.attentionFactor, language(), { decimals: 4 }) };
    const rampTitle = t('stretch.yarn.title', vars);
    ramp.update({
      title: rampTitle,
      drawing: seriesChart({ series: [{ name: t('stretch.yarn.y'), x, y: [...yarn.extrapolationWeight] }], width, labels: { x: t('stretch.wavelength.x'), y: t('stretch.yarn.y'), aria: t('stretch.yarn.aria', vars), description: t('stretch.yarn.description') }, yDomain: [0, 1] }),
      noteText: t('stretch.yarn.note', vars),
      table: () => dataTable({
        caption: rampTitle,
        corner: t('stretch.wavelength.x'),
        columns: [t('stretch.yarn.y')],
        rows: x.map((i) => ({ header: String(i), cells: [yarn.extrapolationWeight[i].toFixed(4)] })),
      }),
    });
    const d = Array.from({ length: decayPlain.length }, (_, n) => n);
    const band = Math.max(1, Math.round(reach / 64));
    const names = [t('stretch.decay.plain'), t(`stretch.methods.${method}`)];
    const reachText = formatCount(reach, language());
    const decayTitle = t('stretch.decay.title', { reach: reachText });
    /** The bound at every `step`-th distance, as a table. */
    const decayTable = (step) => dataTable({
      caption: decayTitle,
      corner: t('stretch.decay.x'),
      columns: names,
      rows: d.filter((n) => n % step === 0).map((n) => ({ header: String(n), cells: [decayPlain[n].toFixed(4), decayStretched[n].toFixed(4)] })),
    });
    decay.update({
      title: decayTitle,
      drawing: seriesChart({ series: [{ name: names[0], ...bandMeans(decayPlain, band) }, { name: names[1], ...bandMeans(decayStretched, band) }], width, labels: { x: t('stretch.decay.x'), y: t('stretch.decay.y'), aria: t('stretch.decay.aria', { reach: reachText }), description: t('stretch.decay.description') }, yZero: true }),
      noteText: t('stretch.decay.note', { band: formatCount(band, language()) }),
      table: () => decayTable(band),
      csv: () => decayTable(1),
      fileKey: `${method}-to${reach}`,
    });
  }
  return { element, draw, width: ramp.width, relabel: () => {} };
}
