// The lesson's panels: corpus, training, the three similarities, the 2-D projection, the neighbours.
// Each builds its DOM once and exposes {element, fields?, relabel(), …draw/update}. No maths here.
import { t, language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { sliderField, selectField, textField } from '../../src/ui/fields.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { scatterChart } from '../../src/charts/scatter.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount, formatNumber, formatPercent, formatValue } from '../../src/format.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { fileButton } from '../../src/ui/file-button.js';
import { params } from './params.js';

const key = (name) => `w2v.fields.${name}`;
const percent = (n) => formatPercent(n, language());
const panel = (id) => titledPanel('w2v-panel', `w2v-${id}-title`);

function button(name, onClick) {
  const b = el('button');
  b.type = 'button';
  b.dataset.action = name;
  b.addEventListener('click', onClick);
  return b;
}

const slider = (name, onValue) =>
  sliderField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v) });
const text = (name, onValue, options = {}) =>
  textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: options.hint ? `${key(name)}.hint` : undefined, onValue: (v) => onValue(name, v), ...options });

/** Where the text comes from: the lab's own, the document's (downloaded), or the student's (pasted/uploaded). */
export function corpusView({ onValue, onDownload, onOwnText }) {
  const { element, title } = panel('corpus');
  const fields = {
    corpus: selectField({
      name: 'corpus', decl: params.corpus, labelKey: `${key('corpus')}.label`, hintKey: `${key('corpus')}.hint`,
      optionKey: (option) => `w2v.corpora.${option}`, onValue: (v) => onValue('corpus', v),
    }),
  };
  const documentBox = el('div', 'w2v-document');
  const download = button('download', onDownload);
  const documentStatus = el('p', 'w2v-status');
  documentStatus.setAttribute('aria-live', 'polite');
  documentBox.append(download, documentStatus);

  const ownBox = el('div', 'w2v-own field');
  const areaLabel = el('label');
  const area = el('textarea');
  area.id = 'w2v-own-text';
  area.rows = 6;
  areaLabel.htmlFor = area.id;
  area.addEventListener('input', () => onOwnText(area.value));
  const file = fileButton({
    accept: '.txt,text/plain',
    id: 'w2v-own-file',
    onFile: async (chosen) => {
      area.value = await chosen.text();
      onOwnText(area.value);
    },
  });
  ownBox.append(areaLabel, area, file.element);

  const summary = el('p', 'w2v-summary');
  const sentence = el('div', 'w2v-sentence');
  element.append(fields.corpus.element, documentBox, ownBox, summary, sentence);

  let documentState = { state: 'idle' };
  let lastSummary = null;
  const relabel = () => {
    title.textContent = t('w2v.corpus.title');
    download.textContent = t('w2v.corpus.download');
    areaLabel.textContent = t('w2v.corpus.paste');
    file.label(t('w2v.corpus.upload'));
    fields.corpus.relabel();
    documentStatus.textContent = documentState.state === 'idle' ? t('w2v.corpus.documentIdle')
      : documentState.state === 'error' ? t('w2v.corpus.documentError', { reason: t(documentState.reason.key, documentState.reason.values) })
        : documentState.state === 'loading' ? t('w2v.corpus.documentLoading')
          : t('w2v.corpus.documentReady', { chars: documentState.chars });
    showSummary(lastSummary);
  };
  function showSummary(s) {
    lastSummary = s;
    const n = (x) => formatCount(Number(x), language());
    summary.textContent = s ? t('w2v.corpus.summary', { sentences: n(s.info.sentences), words: n(s.info.corpusWords), vocabulary: n(s.info.vocabularySize) }) : '';
    sentence.replaceChildren();
    if (s && s.firstSentence) {
      const caption = t('w2v.corpus.firstSentence');
      const table = dataTable({
        caption,
        corner: t('w2v.corpus.position'),
        columns: s.firstSentence.map((_, i) => String(i + 1)),
        rows: [{ header: t('w2v.corpus.word'), cells: s.firstSentence }],
      });
      sentence.append(scrollBox(table, caption));
    }
  }
  relabel();
  return {
    element,
    fields,
    relabel,
    showSummary,
    setCorpus(corpus) {
      documentBox.hidden = corpus !== 'document';
      ownBox.hidden = corpus !== 'own';
    },
    setDocument(state) {
      documentState = state;
      relabel();
    },
  };
}

/** Training: the sizes, Train / Cancel, the progress bar, speed, loss and its curve. */
export function trainingView({ onValue, onTrain, onCancel }) {
  const { element, title } = panel('training');
  const fields = {
    vectorSize: slider('vectorSize', onValue),
    window: slider('window', onValue),
    negative: slider('negative', onValue),
    epochs: slider('epochs', onValue),
    minCount: slider('minCount', onValue),
    seed: text('seed', onValue, { hint: true }),
  };
  const grid = el('div', 'field-grid');
  grid.append(...Object.values(fields).map((f) => f.element));
  const actions = el('div', 'w2v-actions');
  const train = button('train', onTrain);
  train.className = 'w2v-primary';
  const cancel = button('cancel', onCancel);
  cancel.disabled = true;
  actions.append(train, cancel);

  const bar = el('progress', 'w2v-progress');
  bar.max = 1;
  bar.value = 0;
  bar.id = 'w2v-progress';
  const barLabel = el('label');
  barLabel.htmlFor = bar.id;
  const status = el('p', 'w2v-status w2v-train-status');
  status.setAttribute('role', 'status');
  const error = el('p', 'field-error w2v-error');
  error.setAttribute('role', 'alert');
  const stale = el('p', 'w2v-stale');
  const figure = chartFigure('w2v-loss');
  element.append(title, grid, actions, barLabel, bar, status, error, stale, figure.element);

  let state = { kind: 'idle' };
  let err = null;
  let points = [];
  let isStale = false;

  // Below two milliseconds the browser's clock cannot time the training (its resolution is coarse in a
  // worker), and a rate of "0 words/s" would be false: the status says it was too quick to measure instead.
  const speed = (p) => (p.elapsed >= 0.002 && p.wordsPerSecond > 0 ? formatCount(p.wordsPerSecond, language()) : null);
  const describe = () => {
    const p = state.progress;
    const fixed = (x, decimals) => formatNumber(x, language(), { decimals });
    switch (state.kind) {
      case 'running':
        return t(speed(p) ? 'w2v.training.running' : 'w2v.training.runningStart', {
          percent: percent(Math.round(p.progress * 100)), epoch: p.epoch + 1, epochs: state.epochs,
          speed: speed(p), loss: fixed(p.loss, 3), alpha: fixed(p.alpha, 5),
        });
      case 'done':
        return t(speed(p) ? 'w2v.training.done' : 'w2v.training.doneFast', {
          seconds: fixed(p.elapsed, 2), speed: speed(p),
          words: formatCount(p.wordsDone, language()), effective: formatCount(p.effectiveWords, language()), loss: fixed(p.loss, 3),
        });
      case 'cancelled':
        return t('w2v.training.cancelled');
      default:
        return t('w2v.training.idle');
    }
  };
  const relabel = () => {
    title.textContent = t('w2v.training.title');
    train.textContent = t('w2v.training.train');
    cancel.textContent = t('w2v.training.cancel');
    barLabel.textContent = t('w2v.training.progress');
    status.textContent = describe();
    error.textContent = err ? describeError(err) : '';
    stale.textContent = isStale ? t('w2v.training.stale') : '';
    for (const f of Object.values(fields)) f.relabel();
  };
  relabel();

  function drawLoss() {
    const labels = { x: t('w2v.loss.x'), y: t('w2v.loss.y'), aria: t('w2v.loss.aria'), description: t('w2v.loss.description') };
    const shown = points.slice();
    figure.update({
      title: t('w2v.loss.title'),
      drawing: shown.length ? seriesChart({ series: [{ name: labels.y, x: shown.map((p) => p.x), y: shown.map((p) => p.y) }], width: figure.width(), labels, xDomain: [0, 100], yZero: true }) : el('p', 'chart-empty', t('w2v.loss.empty')),
      noteText: t('w2v.loss.note'),
      table: () => dataTable({
        caption: t('w2v.loss.title'),
        corner: t('w2v.loss.x'),
        columns: [t('w2v.loss.y')],
        rows: shown.map((p) => ({ header: percent(Math.round(p.x)), cells: [p.y.toFixed(4)] })),
      }),
    });
  }
  drawLoss();

  return {
    element,
    fields,
    relabel: () => {
      relabel();
      drawLoss();
    },
    width: () => figure.width(),
    start(epochs) {
      state = { kind: 'running', epochs, progress: { progress: 0, epoch: 0, wordsPerSecond: 0, loss: 0, alpha: 0 } };
      err = null;
      isStale = false;
      points = [];
      bar.value = 0;
      train.disabled = false;
      cancel.disabled = false;
      element.dataset.state = 'running';
      relabel();
      drawLoss();
    },
    progress(p) {
      state = { ...state, kind: 'running', progress: p };
      bar.value = p.progress;
      if (p.wordsDone > 0 && p.loss > 0) points.push({ x: p.progress * 100, y: p.loss });
      relabel();
    },
    drawLoss,
    finish(p) {
      state = { ...state, kind: 'done', progress: p };
      bar.value = 1;
      cancel.disabled = true;
      element.dataset.state = 'done';
      relabel();
      drawLoss();
    },
    cancelled() {
      state = { ...state, kind: 'cancelled' };
      cancel.disabled = true;
      element.dataset.state = 'cancelled';
      relabel();
    },
    fail(e) {
      err = e;
      state = { kind: 'idle' };
      cancel.disabled = true;
      element.dataset.state = 'error';
      relabel();
    },
    setStale(value) {
      isStale = value;
      relabel();
    },
  };
}

const number7 = (x) => x.toPrecision(7);

/** Two words at two positions, the formula, and the three similarities of document 001. */
export function similarityView({ onValue }) {
  const { element, title } = panel('similarity');
  const fields = {
    word1: text('word1', onValue, { inputMode: 'text', width: 12 }),
    pos1: text('pos1', onValue, { hint: true }),
    word2: text('word2', onValue, { inputMode: 'text', width: 12 }),
    pos2: text('pos2', onValue, { hint: true }),
    variant: selectField({
      name: 'variant', decl: params.variant, labelKey: `${key('variant')}.label`, hintKey: `${key('variant')}.hint`,
      optionKey: (option) => `w2v.variants.${option}`, onValue: (v) => onValue('variant', v),
    }),
  };
  const grid = el('div', 'field-grid');
  grid.append(...Object.values(fields).map((f) => f.element));
  // When the chosen positions are not where the two words stand in the text's first sentence (the Spanish
  // story's «negra» is at 3, not at black's 2): say so, and offer the sentence's own positions in one click.
  const places = el('div', 'w2v-places');
  const placesText = el('p');
  const usePlaces = button('use-places', () => {
    const target = usePlaces.target;
    if (!target) return;
    fields.pos1.set(target.pos1);
    fields.pos2.set(target.pos2);
    onValue('pos1', target.pos1);
    onValue('pos2', target.pos2);
  });
  places.append(placesText, usePlaces);
  places.hidden = true;
  const results = el('div', 'w2v-results');
  results.setAttribute('aria-live', 'polite');
  const note = el('p', 'w2v-note');
  element.append(title, grid, places, results, note);

  let last = null;
  const relabel = () => {
    title.textContent = t('w2v.similarity.title');
    for (const f of Object.values(fields)) f.relabel();
    draw(last);
  };
  function draw(data) {
    last = data;
    if (!data) {
      results.replaceChildren(el('p', 'chart-empty', t('w2v.similarity.empty')));
      note.textContent = '';
      places.hidden = true;
      return;
    }
    const { words, view, sims, other, d } = data;
    // Where each word stands in the first sentence (counted from 1), when it is there and the chosen position
    // is none of its places: the captions then say both countings.
    const at = (data.places || [[], []]).map((list) => list[0] ?? null);
    const elsewhere = (k, pos) => at[k] !== null && !data.places[k].includes(pos);
    const mismatch = at[0] !== null && at[1] !== null && (elsewhere(0, view.pos1) || elsewhere(1, view.pos2));
    const documentPositions = view.pos1 === 2 && view.pos2 === 10;
    const placeVars = { word1: words[0], pos1: view.pos1, word2: words[1], pos2: view.pos2, at1: at[0], at2: at[1] };
    places.hidden = !mismatch;
    places.dataset.mismatch = mismatch ? 'true' : 'false';
    usePlaces.target = mismatch ? { pos1: at[0], pos2: at[1] } : null;
    if (mismatch) {
      placesText.textContent = t(documentPositions ? 'w2v.similarity.placesDocument' : 'w2v.similarity.placesChosen', placeVars);
      usePlaces.textContent = t('w2v.similarity.usePlaces', placeVars);
    }
    const row = (name, value, what) => ({ header: t(`w2v.similarity.${name}`), cells: [el('output', `w2v-number w2v-${name}`, number7(value)), what] });
    const table = dataTable({
      caption: t(mismatch ? (documentPositions ? 'w2v.similarity.captionDocument' : 'w2v.similarity.captionChosen') : 'w2v.similarity.caption', placeVars),
      corner: t('w2v.similarity.kind'),
      columns: [t('w2v.similarity.value'), t('w2v.similarity.compared')],
      rows: [
        row('word', sims.word, `cos(${words[0]}, ${words[1]})`),
        row('position', sims.position, `cos(PE(${view.pos1}), PE(${view.pos2}))`),
        row('combined', sims.combined, `cos(${words[0]}·√${d} + PE(${view.pos1}), ${words[1]}·√${d} + PE(${view.pos2}))`),
      ],
    });
    table.classList.add('w2v-similarities');
    results.replaceChildren(scrollBox(table, table.caption.textContent));
    // E001-4: pc(word1) itself, its first and last values, next to the word vector and PE.
    const { encoded } = data;
    if (encoded) {
      const ends = (v) => [...Array.from(v.slice(0, 4), formatValue), '…', ...Array.from(v.slice(-4), formatValue)];
      const caption = elsewhere(0, view.pos1)
        ? t(documentPositions ? 'w2v.similarity.vectorCaptionDocument' : 'w2v.similarity.vectorCaptionElsewhere', { word: words[0], pos: view.pos1, d, at: at[0] })
        : t('w2v.similarity.vectorCaption', { word: words[0], pos: view.pos1, d });
      const vectors = dataTable({
        caption,
        corner: '',
        columns: ['0', '1', '2', '3', '…', String(d - 4), String(d - 3), String(d - 2), String(d - 1)],
        rows: [
          { header: `y = ${words[0]}`, cells: ends(encoded.y) },
          { header: `PE(${view.pos1})`, cells: ends(encoded.pe) },
          { header: `pc(${words[0]}) = y·√${d} + PE(${view.pos1})`, cells: ends(encoded.pc) },
        ],
      });
      vectors.classList.add('w2v-vector');
      results.append(scrollBox(vectors, caption));
    }
    const variants = { [view.variant]: sims.position, [view.variant === 'literal' ? 'paper' : 'literal']: other.position };
    const replaced = data.replaced
      ? `${t('w2v.similarity.replaced', { suggested: data.replaced.suggested.join(', '), missing: data.replaced.missing.join(', '), minCount: view.minCount, word1: words[0], word2: words[1] })} `
      : '';
    note.textContent = replaced + t('w2v.similarity.note', {
      d, pos1: view.pos1, pos2: view.pos2,
      literal: formatNumber(variants.literal, language(), { significant: 7 }), paper: formatNumber(variants.paper, language(), { significant: 7 }),
    }) + (d === 512 && view.pos1 === 2 && view.pos2 === 10 ? ` ${t('w2v.similarity.documentNote')}` : '');
    note.dataset.replaced = data.replaced ? 'true' : 'false';
  }
  relabel();
  return { element, fields, relabel, draw };
}

/** The most frequent words on the plane of their first two principal components. */
export function projectionView() {
  const figure = chartFigure('w2v-projection');
  let last = null;
  function draw(data) {
    last = data;
    const labels = { x: t('w2v.projection.x'), y: t('w2v.projection.y'), aria: t('w2v.projection.aria'), description: t('w2v.projection.description') };
    if (!data) {
      figure.update({ title: t('w2v.projection.title', { count: 0 }), drawing: el('p', 'chart-empty', t('w2v.similarity.empty')), table: null });
      return;
    }
    const points = data.projection.words.map((w, i) => ({
      x: data.projection.points[2 * i], y: data.projection.points[2 * i + 1], label: w, highlight: data.highlight.includes(w),
    }));
    figure.update({
      title: t('w2v.projection.title', { count: points.length }),
      drawing: scatterChart({ points, width: figure.width(), labels }),
      noteText: t('w2v.projection.note'),
      table: () => dataTable({
        caption: t('w2v.projection.title', { count: points.length }),
        corner: t('w2v.corpus.word'),
        columns: [t('w2v.projection.x'), t('w2v.projection.y')],
        rows: points.map((p) => ({ header: p.label, cells: [formatValue(p.x), formatValue(p.y)] })),
      }),
    });
  }
  draw(null);
  return { element: figure.element, draw, relabel: () => draw(last), width: () => figure.width() };
}

/** The nearest words to the first word, by cosine. */
export function neighboursView() {
  const { element, title } = panel('neighbours');
  const body = el('div');
  element.append(body);
  let last = null;
  function draw(data) {
    last = data;
    title.textContent = t('w2v.neighbours.title');
    if (!data) {
      body.replaceChildren(el('p', 'chart-empty', t('w2v.similarity.empty')));
      return;
    }
    const table = dataTable({
      caption: t('w2v.neighbours.caption', { word: data.word }),
      corner: '#',
      columns: [t('w2v.corpus.word'), t('w2v.neighbours.similarity')],
      rows: data.neighbours.map((n, i) => ({ header: String(i + 1), cells: [n.word, number7(n.similarity)] })),
    });
    table.classList.add('w2v-neighbours');
    body.replaceChildren(table);
  }
  draw(null);
  return { element, draw, relabel: () => draw(last) };
}
