// Lesson 06 — distances and relative positions. Every number comes from the kernel (encodings, distances,
// cosines, the cosine matrix, the closest pair, the rotation check); this file wires and compares only. The
// draft / view skeleton is web/src/lesson-view.js.
import { lessonView, recent } from '../../src/lesson-view.js';
import { language } from '../../src/i18n.js';
import { params } from './params.js';
import { pairsView } from './pairs-view.js';
import { similarityView } from './similarity-view.js';
import { requirementsView } from './requirements-view.js';
import { farView, SWEEP } from './far-view.js';
import './distances.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

const sameBits = (a, b, count) => {
  for (let i = 0; i < count; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose } = lesson;

  const pairs = pairsView({ onValue: propose });
  const similarity = similarityView({ onValue: propose });
  const requirements = requirementsView({ onValue: propose });
  const far = farView({ onValue: propose });

  const row = (pe, p) => pe.data.subarray(p * pe.cols, (p + 1) * pe.cols);

  function compute(v) {
    const { dModel, a1, a2, b1, b2, maxLen } = v;
    const pe = kernel.positionalEncoding({ maxLen: Math.max(a1, a2, b1, b2) + 1, dModel, variant: 'paper' });
    const pair = (p, q) => ({ p, q, distance: kernel.euclideanDistance(row(pe, p), row(pe, q)), cosine: kernel.cosineSimilarity(row(pe, p), row(pe, q)) });
    const table = kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' });
    const again = kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' });
    const longer = kernel.positionalEncoding({ maxLen: 2 * maxLen, dModel, variant: 'paper' });
    return {
      pairs: { dModel, pairs: [pair(a1, a2), pair(b1, b2)] },
      similarity: { matrix: kernel.cosineMatrix(table, table), dModel, a1 },
      live: {
        dModel,
        maxLen,
        closest: kernel.closestPositions(maxLen, dModel),
        identical: sameBits(table.data, again.data, table.data.length),
        prefix: sameBits(table.data, longer.data, table.data.length),
        rotation: { pos: a1, k: a2 - a1, error: kernel.rotationCheck(a1, a2 - a1, dModel).maxError },
        rope: ropeChecks(maxLen, dModel),
        learned: learnedChecks(maxLen, dModel, v.seed),
      },
    };
  }

  /**
   * Document 003's float32 encoding far out (E003-6): at the chosen position, and over 10 … 10^9 for the chart;
   * kept for the last position and width, so the other sliders of the lesson cost it nothing.
   */
  const farChecks = recent(1, (p, d) => ({ p, d, at: kernel.farPositions([p], d), sweep: kernel.farPositions(SWEEP, d) }));

  /** RoPE measured the same way: one vector (all ones) rotated at every position. */
  function ropeChecks(maxLen, dModel) {
    const ones = (rows) => ({ rows, cols: dModel, data: new Float32Array(rows * dModel).fill(1) });
    const turned = kernel.rope(ones(maxLen));
    const again = kernel.rope(ones(maxLen));
    const longer = kernel.rope(ones(2 * maxLen));
    const n = Math.min(maxLen, 64);
    const q = new Float32Array(dModel).fill(1);
    return {
      closest: kernel.closestRows(turned),
      identical: sameBits(turned.data, again.data, turned.data.length),
      prefix: sameBits(turned.data, longer.data, turned.data.length),
      grid: n,
      spread: kernel.diagonalSpread(kernel.ropeScoreGrid(q, q, n, 10000)),
    };
  }

  /**
   * A learned table measured the same way: nn.Embedding(maxLen, dModel) as torch initialises it from the seed
   * (untrained), its rows the positions 0 … maxLen − 1.
   */
  function learnedChecks(maxLen, dModel, seed) {
    const draw = (s) => kernel.torchEmbedding({ vocabSize: maxLen, dim: dModel, seed: s });
    const table = draw(seed);
    const again = draw(seed);
    // the next seed (wrapping at 2^64, as torch.manual_seed would take it)
    const otherSeed = ((BigInt(seed) + 1n) % 18446744073709551616n).toString();
    const other = draw(otherSeed);
    // position maxLen has no row: the lookup itself says so
    let missing = null;
    try {
      kernel.embeddingLookup(table, [maxLen]);
    } catch (err) {
      missing = err;
    }
    const n = Math.min(maxLen, 64);
    const first = { rows: n, cols: dModel, data: table.data.subarray(0, n * dModel) };
    return {
      seed,
      otherSeed,
      closest: kernel.closestRows(table),
      identical: sameBits(table.data, again.data, table.data.length),
      redraw: kernel.euclideanDistance(row(table, 0), row(other, 0)),
      missing,
      grid: n,
      spread: kernel.diagonalSpread(kernel.cosineMatrix(first, first)),
    };
  }

  const fieldFor = { d_model: 'dModel', max_len: 'maxLen', vocab_size: 'maxLen', dim: 'dModel', seed: 'seed' };
  // The field named for the kernel's argument, else a touched one whose value changed; never an unchanged one.
  const blame = (err, next) => {
    const name = fieldFor[err.argument] || [...lesson.touched].find((k) => next[k] !== lesson.view[k]);
    return !name || next[name] === lesson.view[name] ? null : name;
  };

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [pairs, similarity, requirements, far],
    compute: (next, failed) => ({
      ...lesson.attempt(compute, next, failed, blame),
      far: lesson.attempt((v) => farChecks(v.farPos, v.farD), next, failed, lesson.namedOrTouched(['farPos', 'farD'], { positions: 'farPos', d_model: 'farD' })),
    }),
    draw(result) {
      pairs.draw(result.pairs);
      similarity.draw(result.similarity, similarity.width());
      requirements.draw(result.live);
      const width = far.width();
      if (lesson.changed('far', `${result.far.p}|${result.far.d}|${language()}|${width}`)) far.draw(result.far, width);
    },
    widgets: { pairs: pairs.element, similarity: similarity.element, requirements: requirements.element, far: far.element, quiz: selfCheck.element },
    observe: similarity.element,
  });
}
