// No positions: what a causal mask alone tells a model with no positional code. The kernel's selfAttention
// computes every share; this file only arranges inputs and outputs.
import { lessonView, recent } from '../../src/lesson-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params } from './params.js';
import { noPositionsView } from './nopos-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const nopos = noPositionsView({ onValue: lesson.propose });
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
  const noposOf = recent(4, (tokens) => ({ causal: firstTokenShare(tokens, true), bidirectional: firstTokenShare(tokens, false) }));

  return lesson.mount({
    panels: [nopos],
    relabel: () => check.relabel(),
    compute: (next, failed) => lesson.attempt((v) => noposOf(v.tokens), next, failed, lesson.namedOrTouched(['tokens'], { seq_len: 'tokens' })),
    draw: (result, v) => {
      const width = nopos.width();
      if (lesson.changed('nopos', `${v.tokens}|${width}`, nopos.element)) nopos.draw(result, width);
    },
    observe: nopos.element,
    drives: { nopos: ['nopos'] },
    widgets: { nopos: nopos.element, quiz: check.element },
  });
}
