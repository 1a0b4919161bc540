// Lesson 01 — why order matters. The student reorders a sentence; the kernel runs one attention head on
// the words in both orders (with or without positional encoding, with or without a causal mask) and says,
// word by word, how far apart its two outputs are. No maths here: every number comes from the kernel.
import { onLanguageChange, language, t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { resultsView } from './results-view.js';
import { checkView, gapIsSmall } from './check-view.js';
import { headView } from './head-view.js';
import { DIM, WORDS, sentences } from './toy-model.js';
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
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  let view = { ...initial };

  const controls = controlsView({
    onValue: (name, value) => {
      if (name === 'sentence') apply({ sentence: value, order: sentences[value].reorder[language()] });
      else apply({ [name]: value });
    },
    onOrder: (ids) => apply({ order: ids }),
    onReset: () => apply({ order: sentences[view.sentence].words[language()].map((_, i) => i) }),
  });
  const results = resultsView();
  const headTables = headView();
  controls.element.append(headTables.element);
  // The seeded head (word vectors and W_q, W_k, W_v), drawn by the kernel once per seed.
  let head = null;
  const example = (seed) => {
    if (head?.seed !== seed) head = { seed, ...kernel.attentionExample({ seed, words: WORDS.length, dim: DIM }) };
    return head;
  };
  const check = checkView();

  /** One attention run over a list of words, as the toggles say. */
  function run(words) {
    const { table, wq, wk, wv } = example(view.seed);
    let input = wordMatrix(table, words);
    if (view.pe === 'on') input = kernel.addPositionalEncoding(input, 'paper', false);
    const { weights, output } = kernel.selfAttention(input, { wq: wq.data, wk: wk.data, wv: wv.data, causal: view.mask === 'on' });
    return { words, input, weights, output };
  }

  function render() {
    const words = sentences[view.sentence].words[language()];
    try {
      kernel.validatePermutation(view.order, words.length);
    } catch (err) {
      // A link with an impossible order (0,0,1): say why, and show the sentence's own reordering instead.
      controls.showOrderError(() => describeError(err));
      view.order = sentences[view.sentence].reorder[language()];
    }
    try {
      example(view.seed);
      controls.fields.seed.showError(null);
    } catch (err) {
      // The field parses seeds itself, so this is a link's seed the kernel refuses: say so, use the notebook's.
      controls.fields.seed.showError(err);
      view.seed = params.seed.default;
    }
    let original, reordered, gaps;
    try {
      original = run(words);
      reordered = run(view.order.map((i) => words[i]));
      gaps = kernel.permutationRowGaps(original.output, reordered.output, view.order);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
      return;
    }
    save(view);
    controls.words.set(view.order.map((i) => ({ id: i, text: words[i] })));
    for (const [name, field] of Object.entries(controls.fields)) field.set(view[name]);
    headTables.draw(example(view.seed));
    results.draw(original, reordered, view, results.width());
    check.draw({ words, order: view.order, gaps: [...gaps], same: [...gaps].every(gapIsSmall), view });
  }
  const scheduleRender = perFrame(render);

  function apply(values) {
    // A new order from the student or a new sentence replaces the explanation of a bad order from the link.
    if ('order' in values || 'sentence' in values) controls.showOrderError(null);
    view = { ...view, ...values };
    scheduleRender();
  }

  const offLanguage = onLanguageChange(() => {
    // The sentence has other words (maybe another count) in the other language: start from its reordering.
    if (view.order.length !== sentences[view.sentence].words[language()].length) view.order = sentences[view.sentence].reorder[language()];
    controls.relabel();
    selfCheck.relabel();
    scheduleRender();
  });
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: { controls: controls.element, results: results.element, check: check.element, quiz: selfCheck.element },
    start() {
      resize.observe(results.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
