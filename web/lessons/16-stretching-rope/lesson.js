// Lesson 15 — stretching RoPE past its training length: wavelengths against L, the pairs that meet unseen
// angles under each method, one pair's angle position by position, YaRN's ramp and RoFormer's decay bound.
// Every number comes from the kernel (angleCoverage, extendedLastPosition, ropeAngles, yarnParameters,
// ropeInvFreq, ropeDecayBound…), those the text quotes too (story-view.js); this file arranges them.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { lessonView } from '../../src/lesson-view.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params, presets, METHODS } from './params.js';
import { wavelengthsView } from './wavelengths-view.js';
import { coverageView } from './coverage-view.js';
import { anglesView } from './angles-view.js';
import { yarnView } from './yarn-view.js';
import { storyView } from './story-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import './stretch.css';

export { params };

/** Distances the decay chart covers at most (the bound costs dim/2 terms per distance). */
const DECAY_REACH = 4096;
/** Steps between the positions at which one pair's angles are asked for (plus L − 1, the end of training). */
const ANGLE_STEPS = 32;

/** The pair asked for does not exist in a head of this width: an error shaped like the kernel's. */
function noSuchPair(pair, dim) {
  return Object.assign(new Error(`pair: out_of_range (${pair} not in [0, ${dim / 2 - 1}])`), { code: 'out_of_range', argument: 'pair', value: pair, min: 0, max: dim / 2 - 1 });
}

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const { apply, propose } = lesson;
  const optionKey = (name, option) => `stretch.methods.${option}`;
  const { slider, text, select } = fieldMakers({ params, prefix: 'stretch.fields', onValue: propose, optionKey });
  const controls = controlPanel({
    id: 'stretch',
    keys: 'stretch',
    presets,
    onPreset: (preset) => apply(preset.values),
    summary: (v) => t('stretch.presets.summary', { dim: v.dim, base: formatCount(v.base, language()), original: formatCount(v.original, language()), factor: v.factor, longer: formatCount(v.original * Number(v.factor), language()) }),
    fields: { dim: slider('dim'), base: text('base', { width: 9 }), original: text('original', { width: 7 }), factor: slider('factor'), method: select('method') },
  });
  // Factors such as 2.5 are typed with a point: a phone shows the keypad that has one, and the box fits 12.75.
  controls.fields.factor.input.inputMode = 'decimal';
  controls.fields.factor.input.style.setProperty('--chars', '6');
  const wavelengths = wavelengthsView();
  const coverage = coverageView();
  const angles = anglesView({ onValue: propose });
  const yarn = yarnView();
  const story = storyView();
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  function compute(next) {
    const factor = Number(next.factor);
    // Dynamic NTK uses its base for a text of s·L tokens (rounded up when s·L is not whole).
    const currentLength = Math.ceil(next.original * factor);
    const options = { dim: next.dim, base: next.base, originalLength: next.original, factor, currentLength };
    // Up to ⌊s·(L − 1)⌋, the last position linear interpolation maps inside the trained range (s·L − 1 itself
    // would put it half a step past L − 1).
    const last = kernel.extendedLastPosition(next.original, factor);
    const all = Object.fromEntries(METHODS.map((m) => [m, kernel.angleCoverage(options, m, last)]));
    const reach = Math.min(DECAY_REACH, last);
    const yarn = kernel.yarnParameters(options);
    if (next.pair >= next.dim / 2) throw noSuchPair(next.pair, next.dim);
    // One pair's angle at positions 0 … last in ANGLE_STEPS steps, and at L − 1, where training ended.
    const positions = [...new Set([...Array.from({ length: ANGLE_STEPS + 1 }, (_, k) => Math.round((k * last) / ANGLE_STEPS)), next.original - 1])].sort((a, b) => a - b);
    const pairAngles = Object.fromEntries(METHODS.map((m) => [m, Float64Array.from(positions, (p) => kernel.ropeAngles(options, m, p)[next.pair])]));
    return {
      pairs: next.dim / 2,
      original: next.original,
      coverage: all,
      last,
      method: next.method,
      yarn,
      angles: {
        positions,
        angles: pairAngles,
        pair: next.pair,
        original: next.original,
        last,
        trainedMax: all.extrapolation.trainedMaxAngle[next.pair],
        fullTurn: all.extrapolation.fullTurnInTraining[next.pair] === 1,
        wavelength: all.extrapolation.wavelengthTrained[next.pair],
        yarnWeight: yarn.extrapolationWeight[next.pair],
        ntkBase: kernel.ntkAwareBase(next.dim, next.base, factor),
        dynamicBase: kernel.dynamicNtkBase(options),
        currentLength,
      },
      decayPlain: kernel.ropeDecayBound(next.dim, next.base, reach),
      decayStretched: kernel.ropeDecayBoundOf(kernel.ropeInvFreq(options, next.method), reach),
      reach,
    };
  }

  const fieldFor = { dim: 'dim', base: 'base', original_length: 'original', factor: 'factor', method: 'method', pair: 'pair' };
  const blame = (err, next) => {
    // A pair the head no longer has (a narrower head): the pair moves to the last one, and its field says why.
    if (err.argument === 'pair' && next.pair === lesson.view.pair) return { name: 'pair', from: { pair: next.dim / 2 - 1 } };
    const named = fieldFor[err.argument];
    return (named && next[named] !== lesson.view[named] ? named : null) || [...lesson.touched].find((k) => next[k] !== lesson.view[k]) || null;
  };

  // The text's numbers are the defaults' results, computed once: the prose speaks of the defaults whatever the
  // reader has set since.
  const defaults = Object.fromEntries(Object.entries(params).map(([name, decl]) => [name, decl.default]));
  story.draw({ ...compute(defaults), longer: defaults.original * Number(defaults.factor) });

  return lesson.mount({
    panels: [controls, angles],
    relabel: () => {
      check.relabel();
      story.relabel();
    },
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    draw: (r) => {
      wavelengths.draw(r, wavelengths.width());
      coverage.draw(r, coverage.width());
      angles.draw(r.angles, angles.width());
      yarn.draw(r, yarn.width());
    },
    observe: wavelengths.element,
    // The head's fields stay in view over every figure they change (lesson-view.js); the pair's slider changes
    // only the angle chart, under which it sits.
    drives: { controls: ['wavelengths', 'coverage', 'angles', 'yarn'], angles: ['angles'] },
    widgets: {
      controls: controls.element, wavelengths: wavelengths.element, unseenStory: story.coverage, coverage: coverage.element, pairStory: story.pair,
      angles: angles.element, yarn: yarn.element, quiz: check.element,
    },
  });
}
