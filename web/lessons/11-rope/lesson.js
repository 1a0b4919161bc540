// Lesson 11 — RoPE. Arrows of one rotated pair, the query·key score grids of RoPE and of the additive
// encoding, and a self-check quiz. Every number comes from the kernel (rope, ropeScoreGrid,
// additiveScoreGrid, diagonalSpread); this file arranges inputs and outputs only.
import { lessonView } from '../../src/lesson-view.js';
import { quiz } from '../../src/ui/quiz.js';
import { params } from './params.js';
import { arrowsView } from './arrows-view.js';
import { scoresView } from './scores-view.js';
import { query, key } from './data.js';
import './rope.css';

export { params };

// The checklist of document 002, one question per line; `correct` marks the right option.
const QUESTIONS = [
  { id: 'why', options: [{ id: 'shuffled', correct: true }, { id: 'crash', correct: false }, { id: 'same', correct: false }] },
  { id: 'sinusoidal', options: [{ id: 'first', correct: true }, { id: 'last', correct: false }, { id: 'equal', correct: false }] },
  { id: 'implement', options: [{ id: 'pairs', correct: true }, { id: 'full', correct: false }, { id: 'vector', correct: false }] },
  { id: 'alternatives', options: [{ id: 'rotate', correct: true }, { id: 'learned', correct: false }, { id: 'multiply', correct: false }] },
];

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const { propose } = lesson;

  const arrows = arrowsView({ onValue: propose });
  const scores = scoresView({ onValue: propose });
  const check = quiz({ prefix: 'rope.quiz', questions: QUESTIONS });
  const quizPanel = document.createElement('section');
  quizPanel.className = 'panel rope-quiz';
  quizPanel.append(check.element);

  function compute({ dim, pair, steps, base, grid }) {
    // The pair's unit vector (1 in column 2·pair) at positions 0 … steps − 1; RoPE turns row r as position r.
    if (pair >= dim / 2) {
      throw Object.assign(new Error('pair out of range'), { code: 'out_of_range', argument: 'pair', value: pair, min: 0, max: dim / 2 - 1 });
    }
    const x = { rows: steps, cols: dim, data: new Float32Array(steps * dim) };
    for (let r = 0; r < steps; r++) x.data[r * dim + 2 * pair] = 1;
    const turned = kernel.rope(x, base);
    const points = Array.from({ length: steps }, (_, r) => [turned.data[r * dim + 2 * pair], turned.data[r * dim + 2 * pair + 1]]);
    const q = Float32Array.from(query.slice(0, dim));
    const k = Float32Array.from(key.slice(0, dim));
    const grids = { rope: kernel.ropeScoreGrid(q, k, grid, base), additive: kernel.additiveScoreGrid(q, k, grid) };
    return {
      arrows: { pair, dim, base, points },
      scores: { grids, spreads: { rope: kernel.diagonalSpread(grids.rope), additive: kernel.diagonalSpread(grids.additive) }, dim, base },
    };
  }

  const blame = lesson.namedOrTouched(Object.keys(params), { dim: 'dim', base: 'base', pair: 'pair' });

  return lesson.mount({
    panels: [arrows, scores],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    draw: (result) => {
      arrows.draw(result.arrows, arrows.width());
      scores.draw(result.scores, scores.width());
    },
    observe: scores.element,
    widgets: { arrows: arrows.element, scores: scores.element, quiz: quizPanel },
  });
}
