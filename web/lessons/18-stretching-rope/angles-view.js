// One pair followed position by position: the angle pos·θ'_i each method gives it at positions 0 … ⌊s(L−1)⌋,
// with the end of training (dashed) and the largest angle the pair reached in training (dotted). Every number
// comes from the kernel (ropeAngles, angleCoverage, yarnParameters, ntkAwareBase, dynamicNtkBase).
import { t, language } from '../../src/i18n.js';
import { formatCount, formatNumber, formatPercent } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { fieldMakers, fieldsUnder } from '../../src/ui/control-panel.js';
import { el } from '../../src/ui/dom.js';
import { params, METHODS } from './params.js';

/** An angle in a sentence, to six significant digits without trailing zeros: 4094, 0,471239 (0.471239 in English). */
const angle = (v, lang) => formatNumber(Number(v.toPrecision(6)), lang);
/** A base, a wavelength: grouped whole numbers from 100 on, else three decimals. */
const amount = (v, lang) => (v >= 100 ? formatCount(Math.round(v), lang) : formatNumber(Number(v.toFixed(3)), lang));

export function anglesView({ onValue }) {
  const element = el('section', 'panel controls chart-beside-box stretch-angles-panel');
  const make = fieldMakers({ params, prefix: 'stretch.fields', onValue, optionKey: () => '' });
  const fields = { pair: make.slider('pair') };
  const figure = chartFigure('chart-beside stretch-positions');
  // The pair changes only this chart: its slider sits beside the drawing (under it on a narrow screen), in view
  // with what it moves.
  fieldsUnder(figure, fields);
  element.append(figure.element);

  /**
   * positions: the positions sampled; angles: {method: Float64Array(positions.length)}; pair; original: L;
   * last: ⌊s(L−1)⌋; trainedMax: (L−1)·θ_i; fullTurn; wavelength (trained); yarnWeight; ntkBase; dynamicBase;
   * currentLength (dynamic NTK's text).
   */
  function draw(r, width) {
    const lang = language();
    const names = METHODS.map((m) => t(`stretch.methods.${m}`));
    // A method whose angles are another's (YaRN on a pair it interpolates fully is linear interpolation) is
    // drawn dashed over it, so neither line hides the other.
    const same = (a, b) => a.every((v, k) => Math.abs(v - b[k]) <= 1e-9 * Math.max(1, Math.abs(v)));
    const series = METHODS.map((m, k) => ({
      name: names[k], x: r.positions, y: [...r.angles[m]], dashed: METHODS.slice(0, k).some((earlier) => same(r.angles[m], r.angles[earlier])),
    }));
    const vars = {
      pair: r.pair,
      last: formatCount(r.last, lang),
      trainedEnd: formatCount(r.original - 1, lang),
      original: formatCount(r.original, lang),
      trainedMax: angle(r.trainedMax, lang),
      wavelength: amount(r.wavelength, lang),
      ntkBase: amount(r.ntkBase, lang),
      dynamicBase: amount(r.dynamicBase, lang),
      tokens: formatCount(r.currentLength, lang),
      // YaRN's weight w mixes θ_i and θ_i / s, so the pair keeps w + (1 − w)/s of its speed (not w of it): the
      // share its line climbs at, read from the kernel's angles at the last position.
      weight: formatNumber(r.yarnWeight, lang, { decimals: 2 }),
      kept: formatPercent(String(Math.round((100 * r.angles.yarn.at(-1)) / r.angles.extrapolation.at(-1))), lang),
    };
    const title = t('stretch.positions.title', vars);
    const labels = { x: t('stretch.positions.x'), y: t('stretch.positions.y'), aria: t('stretch.positions.aria', vars), description: t('stretch.positions.description') };
    const rules = [{ x: r.original - 1, dash: '4 3' }];
    if (!r.fullTurn) rules.push({ y: r.trainedMax, dash: '1 3', width: 1.5 });
    const yarnKey = r.yarnWeight >= 1 ? 'yarnKeeps' : r.yarnWeight <= 0 ? 'yarnInterpolates' : 'yarnMixes';
    const note = [
      t(r.fullTurn ? 'stretch.positions.turned' : 'stretch.positions.unturned', vars),
      t(`stretch.positions.${yarnKey}`, vars),
      t('stretch.positions.bases', vars),
    ].join(' ');
    figure.update({
      title,
      drawing: seriesChart({ series, width, labels, yZero: true, yInclude: r.fullTurn ? [] : [r.trainedMax], rules }),
      noteText: note,
      table: () => dataTable({
        caption: title,
        corner: t('stretch.positions.x'),
        columns: names,
        rows: r.positions.map((p, k) => ({
          header: String(p),
          className: p === r.original - 1 ? 'same' : '',
          cells: METHODS.map((m) => String(Number(r.angles[m][k].toPrecision(6)))),
        })),
      }),
      fileKey: `pair${r.pair}-to${r.last}`,
    });
  }
  return { element, fields, draw, width: figure.width, relabel: () => fields.pair.relabel() };
}
