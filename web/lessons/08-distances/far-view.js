// The blog post's "loss of precision on very long sequences", measured. At a position the student picks
// (up to 2^31), a few pairs of columns: the angle the post's float32 code gives sin and cos, the exact angle,
// the error in radians and in steps between neighbouring positions, and the sines; a chart of that error in
// steps over positions 10 … 10^9; and how many values two neighbouring rows still tell apart.
import { language, t } from '../../src/i18n.js';
import { textField, sliderField } from '../../src/ui/fields.js';
import { chartFigure } from '../../src/charts/figure.js';
import { disclosure, setText } from '../../src/ui/dom.js';
import { fieldsUnder } from '../../src/ui/control-panel.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount, formatValue, formatValueInText } from '../../src/format.js';
import { float32Repr } from '../../src/format-torch.js';
import { params } from './params.js';
import { driftPosition, EXACT_POSITIONS } from './half-step.js';

// Exact angles with four decimals at any size, float32 ones with the digits that name the float32 value:
// 9642579.8765 against 9642580 is the whole story.
const angle = (x) => x.toFixed(4);
const angleF32 = (x) => float32Repr(x).replace(/\.$/, '');

/** The pairs shown: the first three, a quarter and half way, the last, and any `extra` (in order of pair). */
export function shownPairs(pairs, extra = []) {
  return [...new Set([0, 1, 2, Math.floor(pairs / 4), Math.floor(pairs / 2), pairs - 1, ...extra].filter((i) => i < pairs))].sort((a, b) => a - b);
}

/**
 * Which pair reaches half a step first, said from the race computed on the divisors (half-step.js): the least
 * precise divisor and how soon its drift alone makes half a step, the last pair's for comparison, and the first
 * position where any pair's angle really is half a step off (the product's rounding included).
 */
function raceText(race, d, lang) {
  const { errors, leastPrecise: worst, first } = race;
  const last = errors.length - 1;
  const count = (n) => formatCount(n, lang);
  const limit = count(EXACT_POSITIONS);
  if (errors[worst] === 0) return t('distances.far.race.exact', { limit });
  const vars = {
    d,
    worst,
    worstError: formatValueInText(errors[worst], lang),
    worstDrift: count(driftPosition(errors[worst])),
    lastError: formatValueInText(errors[last], lang),
    lastDrift: count(driftPosition(errors[last])),
    limit,
  };
  const parts = [t('distances.far.race.leastPrecise', vars)];
  if (worst !== last) parts.push(t('distances.far.race.last', vars));
  if (!first) parts.push(t('distances.far.race.none', vars));
  else if (first.pair === worst) parts.push(t('distances.far.race.firstSame', { ...vars, first: count(first.position) }));
  else parts.push(t('distances.far.race.firstOther', { ...vars, pair: first.pair, pairError: formatValueInText(errors[first.pair], lang), first: count(first.position) }));
  return parts.join(' ');
}

/** Positions of the chart: 1, 2 and 5 per decade, 10 … 10^9. */
export const SWEEP = Array.from({ length: 8 }, (_, e) => [1, 2, 5].map((m) => m * 10 ** (e + 1))).flat().concat([1e9]);

export function farView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel far';
  const fields = {
    farPos: textField({ name: 'farPos', decl: params.farPos, labelKey: 'distances.fields.farPos.label', hintKey: 'distances.fields.farPos.hint', inputMode: 'numeric', width: 12, onValue: (v) => onValue('farPos', v) }),
    farD: sliderField({ name: 'farD', decl: params.farD, labelKey: 'distances.fields.farD.label', hintKey: 'distances.fields.farD.hint', onValue: (v) => onValue('farD', v) }),
  };
  const summary = document.createElement('p');
  summary.className = 'far-summary';
  summary.setAttribute('aria-live', 'polite');
  const race = document.createElement('p');
  race.className = 'far-race';
  // The angles' digits are behind "show the numbers": the sentences above say what they show.
  const numbers = disclosure('chart-table far-numbers');
  const chart = chartFigure('far-chart');
  fieldsUnder(chart, fields);
  element.append(chart.element, summary, race, numbers.element);

  /** at: farPositions at [p]; sweep: farPositions at SWEEP; p, d; halfStep: halfStepRace on this d's divisors. */
  function draw({ at, sweep, p, d, halfStep }, width) {
    const pairs = d / 2;
    // The pairs the race names are in the table, so every number of its sentence can be read there too.
    const named = [halfStep.leastPrecise, ...(halfStep.first ? [halfStep.first.pair] : [])];
    const shown = shownPairs(pairs, named);
    const cell = (m, i) => m.data[i];
    // Positions are read, not typed: grouped for the reader (10 000 000; 10,000,000).
    const lang = language();
    const count = (n) => formatCount(n, lang);
    const vars = {
      pos: count(p),
      posF32: count(at.positionsF32[0]),
      next: count(p + 1),
      d,
      same: at.sameAsNext[0],
      error1: formatValueInText(Math.abs(cell(at.angleError, Math.min(1, pairs - 1))), lang),
      steps1: formatValueInText(cell(at.errorInSteps, Math.min(1, pairs - 1)), lang),
      errorLast: formatValueInText(Math.abs(cell(at.angleError, pairs - 1)), lang),
      stepsLast: formatValueInText(cell(at.errorInSteps, pairs - 1), lang),
    };
    const parts = [t(at.positionsF32[0] === p ? 'distances.far.exactPosition' : 'distances.far.roundedPosition', vars)];
    parts.push(t('distances.far.pairs', vars));
    parts.push(t(vars.same === d ? 'distances.far.sameRow' : 'distances.far.neighbours', vars));
    summary.textContent = parts.join(' ');
    summary.dataset.same = String(vars.same);
    race.textContent = raceText(halfStep, d, language());

    const caption = t('distances.far.caption', vars);
    setText(numbers.summary, t('distances.far.showNumbers'));
    numbers.build(() => scrollBox(dataTable({
      caption,
      corner: t('distances.far.pair'),
      columns: ['divTerm', 'divError', 'exact', 'f32', 'error', 'steps', 'sinExact', 'sinF32'].map((c) => t(`distances.far.columns.${c}`)),
      rows: shown.map((i) => ({
        header: t('distances.far.pairName', { i, a: 2 * i, b: 2 * i + 1 }),
        cells: [
          formatValue(at.divTermF32[i]), formatValue(halfStep.errors[i]), angle(cell(at.angleExact, i)), angleF32(cell(at.angleF32, i)), formatValue(cell(at.angleError, i)),
          formatValue(cell(at.errorInSteps, i)), formatValue(at.peExact.data[2 * i]), formatValue(at.peF32.data[2 * i]),
        ],
      })),
    }), caption));

    // The chart: error in steps for a few pairs and the least precise one (pair 0's angle is exact up to 2^24:
    // nothing to draw on a log axis).
    const chartPairs = [...new Set([...shownPairs(pairs).filter((i) => i > 0).slice(0, 4), halfStep.leastPrecise])].filter((i) => i > 0);
    const series = chartPairs.map((i) => ({
      name: t('distances.far.series', { i }),
      x: SWEEP.filter((_, k) => sweep.errorInSteps.data[k * pairs + i] > 0),
      y: SWEEP.map((_, k) => sweep.errorInSteps.data[k * pairs + i]).filter((v) => v > 0),
    }));
    const chartVars = { d };
    chart.update({
      title: t('distances.far.chartTitle', chartVars),
      drawing: seriesChart({
        series,
        width,
        logX: true,
        logY: true,
        labels: { x: t('distances.far.x'), y: t('distances.far.y'), aria: t('distances.far.aria', chartVars), description: t('distances.far.description') },
        yInclude: [0.5],
        rules: [{ y: 0.5, dash: '4,3' }],
      }),
      noteText: t('distances.far.note'),
      table: () => {
        const title = t('distances.far.chartTitle', chartVars);
        return scrollBox(dataTable({
          caption: title,
          corner: t('distances.far.x'),
          columns: chartPairs.map((i) => t('distances.far.series', { i })),
          rows: SWEEP.map((pos, k) => ({ header: String(pos), cells: chartPairs.map((i) => formatValue(sweep.errorInSteps.data[k * pairs + i])) })),
        }), title);
      },
      fileKey: `d${d}`,
    });
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, width: chart.width, relabel };
}
