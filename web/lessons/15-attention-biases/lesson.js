// Lesson 14 — positions as attention biases (ALiBi, T5) and no positions at all. The kernel computes every
// number (alibiSlopes, alibiBias, t5RelativeBucket, t5BucketGrid, torchEmbedding, t5Bias, selfAttention); this
// file only arranges inputs and outputs.
import { lessonView } from '../../src/lesson-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params } from './params.js';
import { alibiView } from './alibi-view.js';
import { t5View } from './t5-view.js';
import { noPositionsView } from './nopos-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import './biases.css';

export { params };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const { propose, apply } = lesson;
  const onPreset = (preset) => apply(preset.values);
  const alibi = alibiView({ onValue: propose, onPreset });
  const t5 = t5View({ onValue: propose, onPreset });
  const nopos = noPositionsView({ onValue: propose });
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  /** The first token's share of attention at every position, when every score is equal (W_q = 0). */
  function firstTokenShare(n, causal) {
    const x = { rows: n, cols: 2, data: new Float32Array(2 * n) };
    x.data[0] = 1; // the first token is [1, 0], every other [0, 1]
    for (let i = 1; i < n; i++) x.data[2 * i + 1] = 1;
    const identity = Float32Array.from([1, 0, 0, 1]);
    const { output } = kernel.selfAttention(x, { wq: new Float32Array(4), wk: identity, wv: identity, causal });
    return Float64Array.from({ length: n }, (_, i) => output.data[i * output.cols]);
  }

  function compute(next) {
    const causal = next.alibiMode === 'causal';
    const slopes = kernel.alibiSlopes(next.heads);
    const biases = kernel.alibiBias({ heads: next.heads, length: next.length, causal });
    const bidirectional = next.t5Mode === 'bidirectional';
    const t5Args = { bidirectional, buckets: next.buckets, maxDistance: next.maxDistance };
    // Offsets drawn: both sides when bidirectional (the future gets its own buckets), out past max_distance.
    const reach = Math.round(next.maxDistance * 1.5);
    const step = Math.max(1, Math.round(reach / 150));
    const offsets = [];
    for (let o = -reach; o <= reach; o += step) offsets.push(o);
    const buckets = offsets.map((offset) => kernel.t5RelativeBucket({ offset, ...t5Args }));
    // Distances with a bucket of their own: T5 keeps half of its (per-direction) buckets exact.
    const perDirection = bidirectional ? next.buckets / 2 : next.buckets;
    const exact = perDirection / 2;
    const last = kernel.t5RelativeBucket({ offset: -next.maxDistance * 4, ...t5Args });
    // The table T5's model starts from: torch.manual_seed(seed); nn.Embedding(num_buckets, heads). Untrained.
    const table = kernel.torchEmbedding({ vocabSize: next.buckets, dim: next.t5Heads, seed: next.seed });
    const bias = kernel.t5Bias({ table: table.data, heads: next.t5Heads, length: next.t5Length, ...t5Args });
    return {
      alibi: { slopes, biases, length: next.length, causal, reach: next.reach },
      t5: {
        offsets, buckets, exact, last, maxDistance: next.maxDistance, bidirectional, bucketCount: next.buckets,
        grid: kernel.t5BucketGrid({ length: next.t5Length, ...t5Args }), table, bias, seed: next.seed,
      },
      nopos: { causal: firstTokenShare(next.tokens, true), bidirectional: firstTokenShare(next.tokens, false) },
    };
  }

  const fieldFor = { heads: 'heads', length: 'length', num_buckets: 'buckets', max_distance: 'maxDistance', seq_len: 'tokens', seed: 'seed' };
  const blame = (err, next) => {
    const named = fieldFor[err.argument];
    return (named && next[named] !== lesson.view[named] ? named : null) || [...lesson.touched].find((k) => next[k] !== lesson.view[k]) || null;
  };

  return lesson.mount({
    panels: [alibi, t5, nopos],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    draw: (result) => {
      alibi.draw(result.alibi, alibi.width());
      t5.draw(result.t5, t5.width());
      nopos.draw(result.nopos, nopos.width());
    },
    observe: alibi.element,
    // Each method's panel stays in view over its figures (lesson-view.js); the number of tokens changes only
    // the last chart, under which it sits.
    drives: { alibi: ['alibiFigures'], t5: ['t5Figures'], nopos: ['nopos'] },
    widgets: {
      alibi: alibi.controls.element, alibiFigures: alibi.element, t5: t5.controls.element, t5Figures: t5.element, nopos: nopos.element, quiz: check.element,
    },
  });
}
