// Lesson 10 — RoPE. Arrows of one rotated pair, the query·key score grids of RoPE and of the additive
// encoding, and a self-check quiz. Every number comes from the kernel (rope, ropeScoreGrid,
// additiveScoreGrid, diagonalSpread); this file arranges inputs and outputs only.
import { onLanguageChange } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
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
  let view = { ...initial };
  const draft = { ...initial };
  const touched = new Set();

  const arrows = arrowsView({ onValue: propose });
  const scores = scoresView({ onValue: propose });
  const check = quiz({ prefix: 'rope.quiz', questions: QUESTIONS });
  const panels = [arrows, scores];
  const fields = Object.assign({}, ...panels.map((p) => p.fields));
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

  const fieldFor = { dim: 'dim', base: 'base', pair: 'pair' };
  function render() {
    const next = { ...view, ...draft };
    const failed = new Set();
    let result;
    for (;;) {
      try {
        result = compute(next);
        break;
      } catch (err) {
        const name = (fieldFor[err.argument] && next[fieldFor[err.argument]] !== view[fieldFor[err.argument]] ? fieldFor[err.argument] : null) || [...touched].find((k) => next[k] !== view[k]);
        if (!name) {
          showNotice(() => describeError(err), { kind: 'error' });
          return;
        }
        fields[name].showError(err);
        failed.add(name);
        next[name] = view[name];
      }
    }
    for (const name of touched) if (!failed.has(name)) fields[name].showError(null);
    touched.clear();
    view = next;
    Object.assign(draft, view);
    save(view);
    arrows.draw(result.arrows, arrows.width());
    scores.draw(result.scores, scores.width());
  }
  const scheduleRender = perFrame(render);

  function propose(name, value) {
    draft[name] = value;
    touched.add(name);
    scheduleRender();
  }

  function apply(values) {
    for (const [name, value] of Object.entries(values)) {
      draft[name] = value;
      view[name] = value;
      fields[name].set(value);
      fields[name].showError(null);
    }
    scheduleRender();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  const offLanguage = onLanguageChange(() => {
    for (const panel of panels) panel.relabel();
    check.relabel();
    scheduleRender();
  });
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: { arrows: arrows.element, scores: scores.element, quiz: quizPanel },
    start() {
      resize.observe(scores.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
