// Lesson 18 — stretching RoPE past its training length: wavelengths against L, the pairs that meet unseen
// angles under each method, one pair's angle position by position, YaRN's ramp and RoFormer's decay bound.
// Every number comes from the kernel (angleCoverage, extendedLastPosition, ropeAngles, yarnParameters,
// ropeInvFreq, ropeDecayBound…), those the text quotes too (story-view.js); this file arranges them.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { lessonView, recent } from '../../src/lesson-view.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { el } from '../../src/ui/dom.js';
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
  /**
   * Two things read together, side by side on a wide screen: each pair's wavelength and how far past training it
   * turns; the paragraph written from the kernel's counts and the table it reads.
   */
  const pairOf = (...panels) => {
    const pair = el('div', 'figure-pair');
    pair.append(...panels);
    return pair;
  };

  /** The kernel's options for a head, a training length and a factor. */
  function optionsOf({ dim, base, original, factor }) {
    // Dynamic NTK uses its base for a text of s·L tokens (rounded up when s·L is not whole).
    const currentLength = Math.ceil(original * Number(factor));
    return { dim, base, originalLength: original, factor: Number(factor), currentLength };
  }

  // What only one figure far down the page shows costs the most: the decay bounds (dim/2 terms at each of up to
  // 4096 distances, twice) and one pair's angles (a kernel call per method and position). They are computed
  // when their figure is drawn, which while a slider moves is only once the reader pauses (lesson-view.js), and
  // a few recent ones are kept, so a method or a pair moved back and forth costs no kernel call. compute()
  // makes the calls that check every value first, so these never meet a value the kernel rejects.
  const anglesOf = recent(4, (dim, base, original, factor, pair) => {
    const options = optionsOf({ dim, base, original, factor });
    const last = kernel.extendedLastPosition(original, options.factor);
    // One pair's angle at positions 0 … last in ANGLE_STEPS steps, and at L − 1, where training ended.
    const positions = [...new Set([...Array.from({ length: ANGLE_STEPS + 1 }, (_, k) => Math.round((k * last) / ANGLE_STEPS)), original - 1])].sort((a, b) => a - b);
    return { positions, angles: Object.fromEntries(METHODS.map((m) => [m, Float64Array.from(positions, (p) => kernel.ropeAngles(options, m, p)[pair])])) };
  });
  const decayOf = recent(4, (dim, base, original, factor, method) => {
    const options = optionsOf({ dim, base, original, factor });
    const reach = Math.min(DECAY_REACH, kernel.extendedLastPosition(original, options.factor));
    return {
      decayPlain: kernel.ropeDecayBound(dim, base, reach),
      decayStretched: kernel.ropeDecayBoundOf(kernel.ropeInvFreq(options, method), reach),
      reach,
    };
  });

  /** What every figure needs, and the checks of every value; the angle and decay figures add theirs in draw. */
  function compute(next) {
    const options = optionsOf(next);
    // Up to ⌊s·(L − 1)⌋, the last position linear interpolation maps inside the trained range (s·L − 1 itself
    // would put it half a step past L − 1).
    const last = kernel.extendedLastPosition(next.original, options.factor);
    const all = Object.fromEntries(METHODS.map((m) => [m, kernel.angleCoverage(options, m, last)]));
    const yarn = kernel.yarnParameters(options);
    if (next.pair >= next.dim / 2) throw noSuchPair(next.pair, next.dim);
    return {
      pairs: next.dim / 2,
      original: next.original,
      coverage: all,
      last,
      method: next.method,
      yarn,
      angles: {
        pair: next.pair,
        original: next.original,
        last,
        trainedMax: all.extrapolation.trainedMaxAngle[next.pair],
        fullTurn: all.extrapolation.fullTurnInTraining[next.pair] === 1,
        wavelength: all.extrapolation.wavelengthTrained[next.pair],
        yarnWeight: yarn.extrapolationWeight[next.pair],
        ntkBase: kernel.ntkAwareBase(next.dim, next.base, options.factor),
        dynamicBase: kernel.dynamicNtkBase(options),
        currentLength: options.currentLength,
      },
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
    // A figure is redrawn only when what it shows changed (a new pair redraws only its chart), and while a
    // slider moves only the figures on the screen (lesson-view.js).
    draw: (r, view) => {
      // Widths are read before anything is redrawn: reading one after a redraw would force a layout.
      const widths = { wavelengths: wavelengths.width(), coverage: coverage.width(), angles: angles.width(), yarn: yarn.width() };
      const head = [view.dim, view.base, view.original, view.factor];
      const of = (name, ...more) => `${[...head, ...more]}|${widths[name]}`;
      if (lesson.changed('wavelengths', of('wavelengths'), wavelengths.element)) wavelengths.draw(r, widths.wavelengths);
      if (lesson.changed('coverage', of('coverage', view.method), coverage.element)) coverage.draw(r, widths.coverage);
      if (lesson.changed('angles', of('angles', view.pair), angles.element)) angles.draw({ ...r.angles, ...anglesOf(...head, view.pair) }, widths.angles);
      if (lesson.changed('yarn', of('yarn', view.method), yarn.element)) yarn.draw({ ...r, ...decayOf(...head, view.method) }, widths.yarn);
    },
    observe: wavelengths.element,
    // The head's fields stay in view over every figure they change (lesson-view.js); the pair's slider changes
    // only the angle chart, under which it sits.
    drives: { controls: ['wavelengths', 'coverage', 'angles', 'yarn'], angles: ['angles'] },
    widgets: {
      controls: controls.element, wavelengths: pairOf(wavelengths.element, coverage.element), coverage: pairOf(story.coverage, coverage.table),
      pairStory: story.pair, angles: angles.element, yarn: yarn.element, quiz: check.element,
    },
  });
}
