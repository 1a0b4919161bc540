// Lesson 09 — words, positions and similarity. Trains a skip-gram in a Web Worker (through
// kernel.createTrainer), then asks the trained model for the three similarities, the 2-D projection and the
// neighbours. No maths here: the numbers come from the WebAssembly module inside the worker.
//
// The parameters, the redraws and the control strip are web/src/lesson-view.js's. The worker's numbers arrive
// later than the frame that wants them: the model and the answers asked of it are two of lesson-view's
// sources (source()), each asked for by a key, so a frame draws what has arrived and an answer arriving late
// for settings no longer shown is dropped.
import './words.css';
import { language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { createTrainer, describeError } from '../../src/kernel.js';
import { downloadText } from '../../src/remote-text.js';
import { showNotice } from '../../src/ui/notices.js';
import { perFrame } from '../../src/schedule.js';
import { lessonView, recent } from '../../src/lesson-view.js';
import { params, trainingParams } from './params.js';
import { corpusView } from './corpus-view.js';
import { trainingView } from './training-view.js';
import { similarityView } from './similarity-view.js';
import { projectionView } from './projection-view.js';
import { neighboursView } from './neighbours-view.js';
import { pitfallView, oneRowMatrix } from './pitfall-view.js';
import labEn from './corpus.en.txt?raw';
import labEs from './corpus.es.txt?raw';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

/**
 * The textbook's corpus, from the address its notebook downloads it with (`!wget …/text.txt`), at a commit
 * whose notebook reads it (a branch could change under the lab).
 */
export const DOCUMENT = {
  url: 'https://raw.githubusercontent.com/rahiakela/transformers-for-natural-language-processing/e00dbabac03e241e6b2a86e0f8c4604bb63a9772/1-model-architecture-of-the-transformer/text.txt',
  name: 'text.txt',
  // The file has 24,151 bytes: half or double that is still plausible, an error page or a 1 MB file is not.
  min: 12000,
  max: 48000,
};
// Like the textbook's text.txt (three sentences written again and again), the lab's short text is repeated,
// so that every sentence is seen many times.
const LAB_REPEATS = 20;
const SUGGESTED = { 'lab-en': ['black', 'brown'], 'lab-es': ['negra', 'marrón'], document: ['black', 'brown'] };
const PROJECTED_WORDS = 40;
const NEIGHBOURS = 8;

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, params });
  const { propose, changed } = lesson;
  const trainer = createTrainer();
  let documentText = null;
  let ownText = '';
  let textVersion = 0; // a new text pasted or downloaded: the model no longer matches the settings
  let trainings = 0; // trainings asked for (the Train button, the lab's text on arrival or in a new language)
  let trained = null; // the last model trained: {key, corpusKey, settings, vectorSize, vocabulary, info, firstSentence}
  let comparedPair = null; // the two words the similarities were last asked for

  const newText = () => {
    textVersion++;
    lesson.redraw();
  };
  const train = () => {
    trainings++;
    lesson.redraw();
  };
  const corpus = corpusView({ onValue: propose, onDownload: download, onOwnText: (text) => { ownText = text; newText(); } });
  const training = trainingView({ onValue: propose, onTrain: train, onCancel: () => trainer.cancel() });
  const similarity = similarityView({ onValue: propose });
  const projectionPanel = projectionView();
  const neighbours = neighboursView();
  const pitfall = pitfallView();
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const fields = { ...corpus.fields, ...training.fields, ...similarity.fields };

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

  /**
   * The textbook's pitfall with the lesson's two positions and formula: as its code runs it (one shared matrix,
   * row 0 overwritten by the second call) and with two separate matrices. Needs no training.
   */
  const pitfallMatrices = recent(1, (pos1, pos2, variant) => {
    const pe = kernel.positionalEncoding({ maxLen: Math.max(pos1, pos2) + 1, dModel: 512, variant });
    const row = (p) => pe.data.subarray(p * 512, (p + 1) * 512);
    const shared = oneRowMatrix(row(pos2)); // positional_encoding(pos2, pe) ran last
    return { pos1, pos2, shared: allPairs(shared, shared), separate: allPairs(oneRowMatrix(row(pos1)), shared) };
  });

  /** The text the settings name, or null while the textbook's has not been downloaded. */
  function corpusOf(name) {
    if (name === 'lab') {
      const lang = language();
      return { key: `lab-${lang}`, text: Array(LAB_REPEATS).fill(lang === 'es' ? labEs : labEn).join('\n') };
    }
    if (name === 'document') return documentText === null ? null : { key: 'document', text: documentText };
    return { key: 'own', text: ownText };
  }
  /** What a model is trained from: the text (and its version) and the training parameters. */
  const settingsOf = (v) => JSON.stringify([v.corpus === 'lab' ? `lab-${language()}` : v.corpus, textVersion, ...trainingParams.map((name) => v[name])]);

  async function download() {
    corpus.setDocument({ state: 'loading' });
    try {
      documentText = await downloadText(DOCUMENT);
      corpus.setDocument({ state: 'ready', chars: formatCount(documentText.length, language()) });
      newText();
      return true;
    } catch (err) {
      if (err.code === 'download_failed') {
        // The browser's own words ("Failed to fetch") would sit in English inside a Spanish sentence.
        console.warn('poslab: the text did not download', err);
        const reason = err.status ? { key: 'w2v.corpus.documentHttp', values: { status: err.status } } : { key: 'w2v.corpus.documentOffline', values: {} };
        corpus.setDocument({ state: 'error', reason });
      } else {
        // Something arrived, but not the textbook's text: the panel says so where the reader pressed, the
        // notice says what was wrong; the lesson keeps the text it had.
        corpus.setDocument({ state: 'error', reason: { key: 'remote.notTheFile', values: {} } });
        showNotice(() => describeError(err), { kind: 'error' });
      }
      return false;
    }
  }

  // The model: one training per press of Train. {kept: true} when the textbook's text could not be downloaded
  // (the last model stays), {cancelled: true} when cancelled or replaced by a newer training.
  const model = lesson.source(async ({ key, v }) => {
    if (v.corpus === 'document' && documentText === null && !(await download())) return { kept: true };
    const source = corpusOf(v.corpus);
    const settings = {
      vectorSize: v.vectorSize, window: v.window, negative: v.negative, epochs: v.epochs, minCount: v.minCount, seed: v.seed,
    };
    const settingsKey = settingsOf(v);
    training.start(v.epochs);
    const redrawLoss = perFrame(() => training.drawLoss());
    const result = await trainer.train(source.text, settings, (p) => {
      training.progress(p);
      redrawLoss();
    });
    if (result.cancelled) return { cancelled: true };
    return { key, corpusKey: source.key, settings: settingsKey, vectorSize: settings.vectorSize, vocabulary: result.vocabulary, info: result.info, firstSentence: result.firstSentence, progress: result.progress };
  });

  /**
   * The corpus's suggested pair when some of it is not in the trained vocabulary (min_count dropped it), and
   * the student has not typed words of their own: the page says which pair it compares instead.
   */
  function replacedPair(m, v) {
    const suggestion = SUGGESTED[m.corpusKey];
    const missing = suggestion && !(v.word1 && v.word2) ? suggestion.filter((w) => !m.vocabulary.includes(w)) : [];
    return missing.length ? { suggested: suggestion, missing } : null;
  }

  /**
   * The two words: the student's; else the corpus's suggested pair or, for the reader's own text, the pair
   * compared before or the textbook's black/brown, whichever is wholly in the new vocabulary (uploading the
   * textbook's text.txt keeps black/brown); else the text's two most frequent words (replacedPair says so).
   */
  function chosenWords(m, v) {
    const vocabulary = m.vocabulary;
    const own = SUGGESTED[m.corpusKey];
    const candidates = own ? [own] : [comparedPair, SUGGESTED.document];
    let suggestion = candidates.find((pair) => pair && pair.every((w) => vocabulary.includes(w)));
    if (!suggestion) {
      const lettered = vocabulary.filter((w) => /\p{L}/u.test(w));
      suggestion = [lettered[0] || vocabulary[0], lettered[1] || vocabulary[1] || vocabulary[0]];
    }
    similarity.fields.word1.input.placeholder = suggestion[0];
    similarity.fields.word2.input.placeholder = suggestion[1];
    comparedPair = [v.word1 || suggestion[0], v.word2 || suggestion[1]];
    return comparedPair;
  }

  // What the similarity, neighbours and projection panels show: asked of the last model, for the two words and
  // positions. A word not in the vocabulary comes back as the worker's error.
  const answers = lesson.source(async ({ m, v }) => {
    const words = chosenWords(m, v);
    const ask = (method, args) => trainer.ask(method, args).catch((err) => Promise.reject(Object.assign(err, { words })));
    const query = { word1: words[0], pos1: v.pos1, word2: words[1], pos2: v.pos2 };
    const sims = await ask('similarities', { ...query, variant: v.variant });
    const other = await ask('similarities', { ...query, variant: v.variant === 'literal' ? 'paper' : 'literal' });
    const encoded = await ask('encoded', { word: words[0], pos: v.pos1, variant: v.variant });
    const near = await ask('neighbours', { word: words[0], k: Math.max(1, Math.min(NEIGHBOURS, m.vocabulary.length - 1)) });
    m.projection ??= await ask('projection', { top: Math.min(PROJECTED_WORDS, m.vocabulary.length) });
    // Where the two words stand in the first sentence, counted from 1 (the table the corpus panel shows).
    const sentence = m.firstSentence || [];
    const places = words.map((w) => sentence.flatMap((x, i) => (x === w ? [i + 1] : [])));
    return {
      similarity: { words, view: v, sims, other, d: m.vectorSize, encoded, places, replaced: replacedPair(m, v) },
      neighbours: { word: words[0], neighbours: near },
      projection: { projection: m.projection, highlight: words },
      words,
    };
  });

  function compute(next) {
    const asked = trainings ? model.latest(trainings, { key: trainings, v: { ...next } }) : null;
    // The last model stays through a failed download; a cancelled or failed training leaves none.
    if (asked && changed('model', asked.key)) trained = asked.value?.kept ? trained : asked.value?.cancelled || asked.error ? null : asked.value;
    const query = ['word1', 'pos1', 'word2', 'pos2', 'variant'].map((name) => next[name]);
    const results = trained ? answers.latest(`${trained.key}|${query.join('|')}`, { m: trained, v: { ...next } }) : null;
    // Until the new model's first answers arrive, the last ones are another model's: nothing to show yet.
    const current = results?.key.startsWith(`${trained?.key}|`) ? results : null;
    let pitfallResult;
    try {
      pitfallResult = { matrices: pitfallMatrices(next.pos1, next.pos2, next.variant) };
    } catch (err) {
      pitfallResult = { error: err };
    }
    return { asked, results: current, pitfall: pitfallResult };
  }

  // Every view is drawn as soon as what it shows changed (no view waits for the reader to pause, as in the
  // slider lessons): the worker's answers arrive after the fields moved anyway, and the link is written at once.
  function draw({ asked, results, pitfall: pitfallResult }, view) {
    // Until the model and the answers asked of it have arrived, the three numbers and the figures under them
    // are still to come (the page grows when they do): "running", as the training panel says while it trains.
    similarity.numbers.dataset.state = model.loading || answers.loading ? 'running' : 'done';
    if (changed('corpusChoice', view.corpus)) corpus.setCorpus(view.corpus);
    // The training panel says how the last training ended, once per training.
    if (asked && !model.loading && changed('trainingEnd', asked.key)) {
      if (asked.error) training.fail(asked.error);
      else if (asked.value.cancelled) training.cancelled();
      else if (!asked.value.kept) {
        training.finish(asked.value.progress);
        corpus.showSummary(trained);
      }
    }
    const stale = trained !== null && settingsOf(view) !== trained.settings;
    if (changed('stale', stale)) training.setStale(stale);
    if (changed('loss', training.width())) training.drawLoss();
    if (changed('pitfall', pitfallResult.error ? `error|${pitfallResult.error.message}` : `${view.pos1},${view.pos2},${view.variant}`)) {
      if (pitfallResult.error) pitfall.showError(pitfallResult.error);
      else pitfall.draw(pitfallResult.matrices);
    }
    const width = projectionPanel.width();
    if (!results || results.error) {
      if (changed('answers', results ? `error|${results.key}` : 'none')) {
        if (results) showWordError(results.error);
        similarity.draw(null);
        neighbours.draw(null);
        if (!trained) projectionPanel.draw(null);
      }
      return;
    }
    const shown = results.value;
    if (changed('answers', results.key)) {
      for (const name of ['word1', 'word2', 'pos1', 'pos2']) fields[name].showError(null);
      similarity.draw(shown.similarity);
      neighbours.draw(shown.neighbours);
    }
    if (changed('projection', `${trained.key}|${shown.words}|${width}`)) projectionPanel.draw(shown.projection);
  }

  /** An unknown word or a position out of range is shown on its own field (err.words: the two words asked about). */
  function showWordError(err) {
    const field = err.code === 'unknown_word' ? (err.word === err.words?.[0] ? 'word1' : 'word2')
      : err.argument === 'pos_a' ? 'pos1' : err.argument === 'pos_b' ? 'pos2'
        : err.argument === 'd_model' ? 'vectorSize' : 'word1';
    fields[field].showError(err);
  }

  // The lab's text is short: train at once, so the three numbers are there when the student arrives.
  if (initial.corpus === 'lab') trainings = 1;

  const handle = lesson.mount({
    panels: [corpus, training, similarity],
    compute,
    draw,
    relabel: () => {
      for (const p of [projectionPanel, neighbours, pitfall, selfCheck]) p.relabel();
      // The lab's own text follows the page's language: a new language means a new (short) training.
      if (lesson.view.corpus === 'lab' && trained && trained.corpusKey !== `lab-${language()}`) trainings++;
    },
    widgets: {
      corpus: corpus.element,
      training: training.element,
      loss: training.lossPanel,
      similarity: similarity.element,
      similarities: similarity.numbers,
      projection: projectionPanel.element,
      neighbours: neighbours.element,
      pitfall: pitfall.element,
      quiz: selfCheck.element,
    },
    observe: projectionPanel.element,
    // The corpus's choice changes its own panel; the sizes, the training's progress and loss curve (Train); the
    // two words and positions, the similarities and every figure after them down to the neighbours.
    drives: { corpus: ['corpus'], training: ['loss'], similarity: ['similarities', 'pitfall', 'projection', 'neighbours'] },
  });
  return {
    ...handle,
    destroy() {
      handle.destroy();
      trainer.terminate();
    },
  };
}
