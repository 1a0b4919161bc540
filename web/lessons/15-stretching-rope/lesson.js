// Lesson 15 — stretching RoPE past its training length: wavelengths against L, the pairs that meet unseen
// angles under each method, YaRN's ramp and RoFormer's decay bound. Every number comes from the kernel
// (angleCoverage, extendedLastPosition, yarnParameters, ropeInvFreq, ropeDecayBound…); this file arranges them.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { lessonView } from '../../src/lesson-view.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { quiz } from '../../src/ui/quiz.js';
import { el } from '../../src/ui/dom.js';
import { params, presets, METHODS } from './params.js';
import { wavelengthsView } from './wavelengths-view.js';
import { coverageView } from './coverage-view.js';
import { yarnView } from './yarn-view.js';
import './stretch.css';

export { params };

const QUESTIONS = [
  { id: 'unseen', options: [{ id: 'slow', correct: true }, { id: 'fast', correct: false }, { id: 'all', correct: false }] },
  { id: 'linear', options: [{ id: 'squeeze', correct: true }, { id: 'new', correct: false }, { id: 'free', correct: false }] },
  { id: 'yarn', options: [{ id: 'mix', correct: true }, { id: 'base', correct: false }, { id: 'train', correct: false }] },
];
/** Distances the decay chart covers at most (the bound costs dim/2 terms per distance). */
const DECAY_REACH = 4096;

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const { propose, apply } = lesson;
  const optionKey = (name, option) => `stretch.methods.${option}`;
  const { slider, text, select } = fieldMakers({ params, prefix: 'stretch.fields', onValue: propose, optionKey });
  const controls = controlPanel({
    id: 'stretch',
    keys: 'stretch',
    presets,
    onPreset: (preset) => apply(preset.values),
    summary: (v) => t('stretch.presets.summary', { dim: v.dim, base: formatCount(v.base, language()), original: formatCount(v.original, language()), factor: v.factor, longer: formatCount(v.original * v.factor, language()) }),
    fields: { dim: slider('dim'), base: text('base', { width: 9 }), original: text('original', { width: 7 }), factor: slider('factor'), method: select('method') },
  });
  const wavelengths = wavelengthsView();
  const coverage = coverageView();
  const yarn = yarnView();
  const check = quiz({ prefix: 'stretch.quiz', questions: QUESTIONS });
  const quizPanel = el('section', 'panel stretch-quiz');
  quizPanel.append(check.element);

  function compute(next) {
    const options = { dim: next.dim, base: next.base, originalLength: next.original, factor: next.factor, currentLength: next.original * next.factor };
    // Up to ⌊s·(L − 1)⌋, the last position linear interpolation maps inside the trained range (s·L − 1 itself
    // would put it half a step past L − 1); dynamic NTK uses its base for a sequence of s·L tokens.
    const last = kernel.extendedLastPosition(next.original, next.factor);
    const all = Object.fromEntries(METHODS.map((m) => [m, kernel.angleCoverage(options, m, last)]));
    const reach = Math.min(DECAY_REACH, last);
    return {
      pairs: next.dim / 2,
      original: next.original,
      coverage: all,
      last,
      method: next.method,
      yarn: kernel.yarnParameters(options),
      decayPlain: kernel.ropeDecayBound(next.dim, next.base, reach),
      decayStretched: kernel.ropeDecayBoundOf(kernel.ropeInvFreq(options, next.method), reach),
      reach,
    };
  }

  const fieldFor = { dim: 'dim', base: 'base', original_length: 'original', factor: 'factor', method: 'method' };
  const blame = (err, next) => {
    const named = fieldFor[err.argument];
    return (named && next[named] !== lesson.view[named] ? named : null) || [...lesson.touched].find((k) => next[k] !== lesson.view[k]) || null;
  };

  return lesson.mount({
    panels: [controls],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    draw: (r) => {
      wavelengths.draw(r, wavelengths.width());
      coverage.draw(r, coverage.width());
      yarn.draw(r, yarn.width());
    },
    observe: wavelengths.element,
    widgets: { controls: controls.element, wavelengths: wavelengths.element, coverage: coverage.element, yarn: yarn.element, quiz: quizPanel },
  });
}
