// Lesson 13 — RoPE. Arrows of one rotated pair, the query·key score grids of RoPE and of the additive
// encoding, and a self-check quiz. Every number comes from the kernel (ropePairPath, ropeScoreGrid,
// additiveScoreGrid, diagonalSpread); this file arranges inputs and outputs only.
import { lessonView, recent } from '../../src/lesson-view.js';
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params, presets } from './params.js';
import { arrowsView } from './arrows-view.js';
import { scoresView } from './scores-view.js';
import { query, key } from './data.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import './rope.css';

export { params };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const { propose, apply } = lesson;
  const { slider, text } = fieldMakers({ params, prefix: 'rope.fields', onValue: propose, optionKey: () => '' });
  const controls = controlPanel({
    id: 'rope',
    keys: 'rope',
    presets,
    onPreset: (preset) => apply(preset.values),
    summary: (v) => t('rope.presets.summary', { dim: v.dim, base: formatCount(Number(v.base), language()) }),
    fields: { dim: slider('dim'), pair: slider('pair'), steps: slider('steps'), base: text('base', { width: 9 }), grid: slider('grid') },
  });

  const arrows = arrowsView();
  const scores = scoresView();
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  // The arrows and the score grids, each remembered by its own parameters: moving the pair or the steps
  // costs no grid, and the grid's size no arrows.
  const arrowsOf = recent(4, (dim, pair, steps, base) => ({ pair, dim, base, points: kernel.ropePairPath({ dim, pair, steps, base }) }));
  const scoresOf = recent(4, (dim, base, grid) => {
    const q = Float32Array.from(query.slice(0, dim));
    const k = Float32Array.from(key.slice(0, dim));
    const grids = { rope: kernel.ropeScoreGrid(q, k, grid, base), additive: kernel.additiveScoreGrid(q, k, grid) };
    return { grids, spreads: { rope: kernel.diagonalSpread(grids.rope), additive: kernel.diagonalSpread(grids.additive) }, dim, base };
  });

  const compute = ({ dim, pair, steps, base, grid }) => ({ arrows: arrowsOf(dim, pair, steps, base), scores: scoresOf(dim, base, grid) });

  const blame = lesson.namedOrTouched(Object.keys(params), { dim: 'dim', base: 'base', pair: 'pair' });

  return lesson.mount({
    panels: [controls],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    // A view is redrawn only when what it shows changed: its parameters, the language or its width; while a
    // slider moves, only when it is on the screen (the score grids sit a screen below the arrows).
    draw: (result, { dim, pair, steps, base, grid }) => {
      const widths = { arrows: arrows.width(), scores: scores.width() };
      if (lesson.changed('arrows', `${dim},${pair},${steps},${base}|${widths.arrows}`, arrows.element)) arrows.draw(result.arrows, widths.arrows);
      if (lesson.changed('scores', `${dim},${base},${grid}|${widths.scores}`, scores.element)) scores.draw(result.scores, widths.scores);
    },
    observe: scores.element,
    // Every field stays in view over the two figures (lesson-view.js): the width and the base change both, and
    // a figure as tall as the arrows' leaves no room under it for fields of its own on a projector.
    drives: { controls: ['arrows', 'scores'] },
    widgets: { controls: controls.element, arrows: arrows.element, scores: scores.element, quiz: check.element },
  });
}
