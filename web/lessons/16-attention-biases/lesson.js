// Lesson 16 — positions as attention biases: ALiBi and T5. The kernel computes every
// number (alibiSlopes, alibiBias, t5RelativeBucket, t5BucketGrid, torchEmbedding, t5Bias); this
// file only arranges inputs and outputs.
import { lessonView, recent } from '../../src/lesson-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params } from './params.js';
import { alibiView } from './alibi-view.js';
import { t5View } from './t5-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import './biases.css';

export { params };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const { propose, apply } = lesson;
  const onPreset = (preset) => apply(preset.values);
  const alibi = alibiView({ onValue: propose, onPreset });
  const t5 = t5View({ onValue: propose, onPreset });
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  // Each method's numbers, remembered by its own parameters: moving ALiBi's heads costs no T5 call, and the
  // other way round.
  const alibiOf = recent(4, (heads, length, alibiMode) => {
    const causal = alibiMode === 'causal';
    return { slopes: kernel.alibiSlopes(heads), biases: kernel.alibiBias({ heads, length, causal }), length, causal };
  });
  const t5Of = recent(4, (buckets, maxDistance, t5Mode, t5Heads, seed, t5Length) => {
    const bidirectional = t5Mode === 'bidirectional';
    const t5Args = { bidirectional, buckets, maxDistance };
    // Offsets drawn: both sides when bidirectional (the future gets its own buckets), out past max_distance.
    const reach = Math.round(maxDistance * 1.5);
    const step = Math.max(1, Math.round(reach / 150));
    const offsets = [];
    for (let o = -reach; o <= reach; o += step) offsets.push(o);
    // Distances with a bucket of their own: T5 keeps half of its (per-direction) buckets exact.
    const perDirection = bidirectional ? buckets / 2 : buckets;
    // The table T5's model starts from: torch.manual_seed(seed); nn.Embedding(num_buckets, heads). Untrained.
    const table = kernel.torchEmbedding({ vocabSize: buckets, dim: t5Heads, seed });
    return {
      offsets,
      buckets: offsets.map((offset) => kernel.t5RelativeBucket({ offset, ...t5Args })),
      exact: perDirection / 2,
      last: kernel.t5RelativeBucket({ offset: -maxDistance * 4, ...t5Args }),
      maxDistance, bidirectional, bucketCount: buckets,
      grid: kernel.t5BucketGrid({ length: t5Length, ...t5Args }),
      table,
      bias: kernel.t5Bias({ table: table.data, heads: t5Heads, length: t5Length, ...t5Args }),
      seed,
    };
  });

  const compute = (next) => ({
    alibi: { ...alibiOf(next.heads, next.length, next.alibiMode), reach: next.reach },
    t5: t5Of(next.buckets, next.maxDistance, next.t5Mode, next.t5Heads, next.seed, next.t5Length),
  });

  const fieldFor = { heads: 'heads', length: 'length', num_buckets: 'buckets', max_distance: 'maxDistance', seed: 'seed' };
  const blame = (err, next) => {
    const named = fieldFor[err.argument];
    return (named && next[named] !== lesson.view[named] ? named : null) || [...lesson.touched].find((k) => next[k] !== lesson.view[k]) || null;
  };

  return lesson.mount({
    panels: [alibi, t5],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    // A view is redrawn only when its own parameters, the language or its width changed, and while a slider
    // moves only when it is on the screen (lesson-view.js): ALiBi's slopes, lines and maps each, since on a phone
    // the maps are a screen below the slopes.
    draw: (result, v) => {
      // Widths are read before anything is redrawn: reading one after a redraw would force a layout.
      const widths = { alibi: alibi.width(), t5: t5.width() };
      const of = (name, ...values) => `${values}|${widths[name]}`;
      // The slopes depend on the heads alone, the maps also on the length and the mask, the lines on the reach.
      alibi.draw(result.alibi, widths.alibi, lesson.parts('alibi', {
        slopes: `${v.heads}`,
        maps: of('alibi', v.heads, v.length, v.alibiMode),
        lines: of('alibi', v.heads, v.length, v.reach),
      }));
      if (lesson.changed('t5', of('t5', v.buckets, v.maxDistance, v.t5Mode, v.t5Heads, v.seed, v.t5Length), t5.element)) t5.draw(result.t5, widths.t5);
    },
    observe: alibi.element,
    // Each method's panel stays in view over its figures (lesson-view.js).
    drives: { alibi: ['alibiFigures'], t5: ['t5Figures'] },
    widgets: {
      alibi: alibi.controls.element, alibiFigures: alibi.element, t5: t5.controls.element, t5Figures: t5.element, quiz: check.element,
    },
  });
}
