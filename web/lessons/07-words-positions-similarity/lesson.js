// Lesson 07 — words, positions and similarity (document 001). Trains a skip-gram in a Web Worker (through
// kernel.createTrainer), then asks the trained model for the three similarities, the 2-D projection and the
// neighbours. No maths here: the numbers come from the WebAssembly module inside the worker.
import './words.css';
import { language, onLanguageChange } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { createTrainer, describeError } from '../../src/kernel.js';
import { downloadText } from '../../src/remote-text.js';
import { showNotice } from '../../src/ui/notices.js';
import { perFrame } from '../../src/schedule.js';
import { params, trainingParams } from './params.js';
import { corpusView, trainingView, similarityView, projectionView, neighboursView } from './views.js';
import { pitfallView, oneRowMatrix } from './pitfall-view.js';
import labEn from './corpus.en.txt?raw';
import labEs from './corpus.es.txt?raw';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import { recent } from '../../src/lesson-view.js';

export { params };

/**
 * Document 001's corpus, from the address its notebook downloads it with (`!wget …/text.txt`), at a commit
 * whose notebook reads it (a branch could change under the lab).
 */
export const DOCUMENT = {
  url: 'https://raw.githubusercontent.com/rahiakela/transformers-for-natural-language-processing/e00dbabac03e241e6b2a86e0f8c4604bb63a9772/1-model-architecture-of-the-transformer/text.txt',
  name: 'text.txt',
  // The file has 24,151 bytes: half or double that is still plausible, an error page or a 1 MB file is not.
  min: 12000,
  max: 48000,
};
// Like the document's text.txt (three sentences written again and again), the lab's short text is repeated,
// so that every sentence is seen many times.
const LAB_REPEATS = 20;
const SUGGESTED = { 'lab-en': ['black', 'brown'], 'lab-es': ['negra', 'marrón'], document: ['black', 'brown'] };
const PROJECTED_WORDS = 40;
const NEIGHBOURS = 8;

export function mount({ kernel, initial, save }) {
  const view = { ...initial };
  const trainer = createTrainer();
  let documentText = null;
  let ownText = '';
  let trained = null; // {corpusKey, vectorSize, vocabulary, info, firstSentence}
  let projection = null;
  let trainToken = 0;
  let comparedPair = null; // the two words the similarities were last asked for

  const corpus = corpusView({ onValue: propose, onDownload: download, onOwnText: (text) => { ownText = text; markStale(); } });
  const training = trainingView({ onValue: propose, onTrain: train, onCancel: () => trainer.cancel() });
  const similarity = similarityView({ onValue: propose });
  const projectionPanel = projectionView();
  const neighbours = neighboursView();
  const pitfall = pitfallView();
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  /**
   * E001-3 with the lesson's two positions and formula: as document 001's code runs it (one shared matrix,
   * row 0 overwritten by the second call) and with two separate matrices. Needs no training.
   */
  /**
   * cosine_similarity(A, B) as sklearn lays it out (every row of A against every row of B; a zero row gives 0),
   * each value in double through cosineRowsExact, so [0, 0] shows the same 0.8600013 as the panel above.
   */
  function allPairs(a, b) {
    const n = a.rows;
    const left = { rows: n * n, cols: a.cols, data: new Float32Array(n * n * a.cols) };
    const right = { rows: n * n, cols: a.cols, data: new Float32Array(n * n * a.cols) };
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        left.data.set(a.data.subarray(i * a.cols, (i + 1) * a.cols), (i * n + j) * a.cols);
        right.data.set(b.data.subarray(j * b.cols, (j + 1) * b.cols), (i * n + j) * b.cols);
      }
    }
    return { rows: n, cols: n, data: kernel.cosineRowsExact(left, right) };
  }

  // The two matrices for the last positions and formula: a redraw for other reasons (a word typed) reuses them.
  const pitfallMatrices = recent(1, (pos1, pos2, variant) => {
    const pe = kernel.positionalEncoding({ maxLen: Math.max(pos1, pos2) + 1, dModel: 512, variant });
    const row = (p) => pe.data.subarray(p * 512, (p + 1) * 512);
    const shared = oneRowMatrix(row(pos2)); // positional_encoding(pos2, pe) ran last
    return { pos1, pos2, shared: allPairs(shared, shared), separate: allPairs(oneRowMatrix(row(pos1)), shared) };
  });

  function drawPitfall() {
    try {
      pitfall.draw(pitfallMatrices(view.pos1, view.pos2, view.variant));
    } catch (err) {
      pitfall.showError(err);
    }
  }
  const fields = { ...corpus.fields, ...training.fields, ...similarity.fields };

  function currentCorpus() {
    if (view.corpus === 'lab') {
      const lang = language();
      return { key: `lab-${lang}`, text: Array(LAB_REPEATS).fill(lang === 'es' ? labEs : labEn).join('\n') };
    }
    if (view.corpus === 'document') return documentText === null ? null : { key: 'document', text: documentText };
    return { key: 'own', text: ownText };
  }

  async function download() {
    corpus.setDocument({ state: 'loading' });
    try {
      documentText = await downloadText(DOCUMENT);
      corpus.setDocument({ state: 'ready', chars: formatCount(documentText.length, language()) });
      markStale();
      return true;
    } catch (err) {
      if (err.code === 'download_failed') {
        // The browser's own words ("Failed to fetch") would sit in English inside a Spanish sentence.
        console.warn('poslab: the text did not download', err);
        const reason = err.status ? { key: 'w2v.corpus.documentHttp', values: { status: err.status } } : { key: 'w2v.corpus.documentOffline', values: {} };
        corpus.setDocument({ state: 'error', reason });
      } else {
        // Something arrived, but not the document's text: the panel says so where the reader pressed, the
        // notice says what was wrong; the lesson keeps the text it had.
        corpus.setDocument({ state: 'error', reason: { key: 'remote.notTheFile', values: {} } });
        showNotice(() => describeError(err), { kind: 'error' });
      }
      return false;
    }
  }

  function markStale() {
    training.setStale(trained !== null);
  }

  async function train() {
    const token = ++trainToken;
    if (view.corpus === 'document' && documentText === null && !(await download())) return;
    const source = currentCorpus();
    const options = {
      vectorSize: view.vectorSize, window: view.window, negative: view.negative, epochs: view.epochs,
      minCount: view.minCount, seed: view.seed,
    };
    training.start(view.epochs);
    const redrawLoss = perFrame(() => training.drawLoss());
    try {
      const result = await trainer.train(source.text, options, (p) => {
        if (token !== trainToken) return;
        training.progress(p);
        redrawLoss();
      });
      if (token !== trainToken) return;
      if (result.cancelled) {
        trained = null;
        training.cancelled();
        showResults();
        return;
      }
      trained = { corpusKey: source.key, vectorSize: options.vectorSize, vocabulary: result.vocabulary, info: result.info, firstSentence: result.firstSentence };
      projection = null;
      training.finish(result.progress);
      corpus.showSummary(trained);
      await showResults();
    } catch (err) {
      if (token !== trainToken) return;
      trained = null;
      training.fail(err);
      showResults();
    }
  }

  /**
   * The corpus's suggested pair when some of it is not in the trained vocabulary (min_count dropped it), and
   * the student has not typed words of their own: the page says which pair it compares instead.
   */
  function replacedPair() {
    const suggestion = SUGGESTED[trained.corpusKey];
    const missing = suggestion && !(view.word1 && view.word2) ? suggestion.filter((w) => !trained.vocabulary.includes(w)) : [];
    return missing.length ? { suggested: suggestion, missing } : null;
  }

  /**
   * The two words: the student's; else the corpus's suggested pair or, for the reader's own text, the pair
   * compared before or document 001's black/brown, whichever is wholly in the new vocabulary (uploading the
   * document's text.txt keeps black/brown); else the text's two most frequent words (replacedPair says so).
   */
  function chosenWords() {
    const vocabulary = trained.vocabulary;
    const own = SUGGESTED[trained.corpusKey];
    const candidates = own ? [own] : [comparedPair, SUGGESTED.document];
    let suggestion = candidates.find((pair) => pair && pair.every((w) => vocabulary.includes(w)));
    if (!suggestion) {
      const lettered = vocabulary.filter((w) => /\p{L}/u.test(w));
      suggestion = [lettered[0] || vocabulary[0], lettered[1] || vocabulary[1] || vocabulary[0]];
    }
    similarity.fields.word1.input.placeholder = suggestion[0];
    similarity.fields.word2.input.placeholder = suggestion[1];
    comparedPair = [view.word1 || suggestion[0], view.word2 || suggestion[1]];
    return comparedPair;
  }

  let asking = 0;
  async function showResults() {
    const ticket = ++asking;
    if (!trained) {
      similarity.draw(null);
      projectionPanel.draw(null);
      neighbours.draw(null);
      return;
    }
    const words = chosenWords();
    const asked = { ...view };
    try {
      const query = { word1: words[0], pos1: asked.pos1, word2: words[1], pos2: asked.pos2 };
      const sims = await trainer.ask('similarities', { ...query, variant: asked.variant });
      const other = await trainer.ask('similarities', { ...query, variant: asked.variant === 'literal' ? 'paper' : 'literal' });
      const encoded = await trainer.ask('encoded', { word: words[0], pos: asked.pos1, variant: asked.variant });
      const near = await trainer.ask('neighbours', { word: words[0], k: Math.max(1, Math.min(NEIGHBOURS, trained.vocabulary.length - 1)) });
      projection ??= await trainer.ask('projection', { top: Math.min(PROJECTED_WORDS, trained.vocabulary.length) });
      if (ticket !== asking) return;
      for (const name of ['word1', 'word2', 'pos1', 'pos2']) fields[name].showError(null);
      // Where the two words stand in the first sentence, counted from 1 (the table the corpus panel shows).
      const sentence = trained.firstSentence || [];
      const places = words.map((w) => sentence.flatMap((x, i) => (x === w ? [i + 1] : [])));
      similarity.draw({ words, view: asked, sims, other, d: trained.vectorSize, encoded, places, replaced: replacedPair() });
      neighbours.draw({ word: words[0], neighbours: near });
      projectionPanel.draw({ projection, highlight: words });
    } catch (err) {
      if (ticket !== asking) return;
      // An unknown word or a position out of range is shown on its own field.
      const field = err.code === 'unknown_word' ? (err.word === words[0] ? 'word1' : 'word2')
        : err.argument === 'pos_a' ? 'pos1' : err.argument === 'pos_b' ? 'pos2'
          : err.argument === 'd_model' ? 'vectorSize' : 'word1';
      fields[field].showError(err);
      similarity.draw(null);
      neighbours.draw(null);
    }
  }
  const scheduleResults = perFrame(() => {
    drawPitfall();
    showResults();
  });

  function propose(name, value) {
    view[name] = value;
    save({ ...view });
    if (name === 'corpus') corpus.setCorpus(value);
    if (trainingParams.includes(name)) markStale();
    else scheduleResults();
  }

  function apply(values) {
    const retrain = trainingParams.some((name) => values[name] !== view[name]);
    Object.assign(view, values);
    for (const [name, field] of Object.entries(fields)) field.set(view[name]);
    corpus.setCorpus(view.corpus);
    if (retrain) markStale();
    scheduleResults();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  corpus.setCorpus(view.corpus);

  const panels = [corpus, training, similarity, projectionPanel, neighbours, pitfall, selfCheck];
  const offLanguage = onLanguageChange(() => {
    for (const p of panels) p.relabel();
    // The lab's own text follows the page's language: a new language means a new (short) training.
    if (view.corpus === 'lab' && trained && trained.corpusKey !== `lab-${language()}`) train();
  });
  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = projectionPanel.width();
    if (width === lastWidth) return;
    lastWidth = width;
    projectionPanel.relabel();
    training.drawLoss();
  });

  return {
    widgets: {
      corpus: corpus.element,
      training: training.element,
      similarity: similarity.element,
      projection: projectionPanel.element,
      neighbours: neighbours.element,
      pitfall: pitfall.element,
      quiz: selfCheck.element,
    },
    start() {
      resize.observe(projectionPanel.element);
      drawPitfall();
      // The lab's text is short: train at once, so the three numbers are there when the student arrives.
      if (view.corpus === 'lab') train();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
      trainer.terminate();
    },
  };
}
