// Lesson 01 — why order matters. The student reorders a sentence; the kernel runs one attention head on
// the words in both orders (with or without positional encoding, with or without a causal mask) and says,
// word by word, how far apart its two outputs are. No maths here: every number comes from the kernel. The
// draft / view skeleton is web/src/lesson-view.js; the new order is one of its fields (the reorder list).
import { language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { lessonView, defaultsOf } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { resultsView } from './results-view.js';
import { checkView, gapIsSmall } from './check-view.js';
import { headView } from './head-view.js';
import { DIM, WORDS, sentences } from '../../src/toy-attention-model.js';
import './why-order.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

/** The word vectors of a sentence, rows of the seeded table: {rows, cols, data}. */
function wordMatrix(table, words) {
  const data = new Float32Array(words.length * table.cols);
  words.forEach((w, i) => data.set(table.data.subarray(WORDS.indexOf(w) * table.cols, (WORDS.indexOf(w) + 1) * table.cols), i * table.cols));
  return { rows: words.length, cols: table.cols, data };
}

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const defaults = defaultsOf(params);
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const wordsOf = (sentence) => sentences[sentence].words[language()];
  const reorderOf = (sentence) => sentences[sentence].reorder[language()];

  const controls = controlsView({
    // A new sentence comes with its own reordering (the old order may not even fit its length).
    onValue: (name, value) => (name === 'sentence' ? lesson.apply({ sentence: value, order: reorderOf(value) }) : lesson.propose(name, value)),
    onOrder: (ids) => lesson.apply({ order: ids }),
    onReset: () => lesson.apply({ order: wordsOf(lesson.view.sentence).map((_, i) => i) }),
  });
  // The reorder list as a field: the page sets it when it draws; its error is the order's explanation.
  const orderField = {
    set() {},
    showError: (err) => controls.showOrderError(err ? () => describeError(err) : null),
  };
  const results = resultsView();
  const headTables = headView();
  controls.addAbove(headTables.element);
  // The seeded head (word vectors and W_q, W_k, W_v), drawn by the kernel once per seed.
  let head = null;
  const example = (seed) => {
    if (head?.seed !== seed) head = { seed, ...kernel.attentionExample({ seed, words: WORDS.length, dim: DIM }) };
    return head;
  };
  const check = checkView();

  /** One attention run over a list of words, as the toggles say. */
  function run({ table, wq, wk, wv }, v, words) {
    let input = wordMatrix(table, words);
    if (v.pe === 'on') input = kernel.addPositionalEncoding(input, 'paper', false);
    const { weights, output } = kernel.selfAttention(input, { wq: wq.data, wk: wk.data, wv: wv.data, causal: v.mask === 'on' });
    return { words, input, weights, output };
  }

  function compute(v) {
    const words = wordsOf(v.sentence);
    kernel.validatePermutation(v.order, words.length);
    const seeded = example(v.seed);
    const original = run(seeded, v, words);
    const reordered = run(seeded, v, v.order.map((i) => words[i]));
    return { words, head: seeded, original, reordered, gaps: [...kernel.permutationRowGaps(original.output, reordered.output, v.order)] };
  }

  // Only a link can hold an impossible order (0,0,1) or a seed the kernel refuses (the field parses what is
  // typed): say why, and use the sentence's own reordering or the notebook's seed instead.
  const blame = (err, next) => {
    const fallback = { order: reorderOf(next.sentence), seed: defaults.seed }[err.argument];
    if (fallback === undefined || String(next[err.argument]) === String(fallback)) return null;
    return { name: err.argument, from: { [err.argument]: fallback } };
  };

  function draw(r, view) {
    // The width first: read after the words and the head's tables changed the page, it would force a layout.
    const width = results.width();
    controls.words.set(view.order.map((i) => ({ id: i, text: r.words[i] })));
    if (lesson.changed('head', `${view.seed}`)) headTables.draw(r.head);
    results.draw(r.original, r.reordered, view, width);
    check.draw({ words: r.words, order: view.order, gaps: r.gaps, same: r.gaps.every(gapIsSmall), view });
  }

  return lesson.mount({
    panels: [controls],
    fields: { ...controls.fields, order: orderField },
    compute: (next, failed) => lesson.attempt(compute, next, failed, blame),
    draw,
    relabel() {
      selfCheck.relabel();
      // The sentence has other words (maybe another count) in the other language: start from its reordering.
      const { sentence, order } = lesson.view;
      if (order.length !== wordsOf(sentence).length) lesson.apply({ order: reorderOf(sentence) });
    },
    observe: results.element,
    // The panel stays in view over the two runs and the check (lesson-view.js).
    drives: { controls: ['results', 'check'] },
    widgets: { controls: controls.element, results: results.element, check: check.element, quiz: selfCheck.element },
  });
}
