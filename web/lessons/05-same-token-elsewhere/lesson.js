// Lesson "The same token elsewhere" (E000-5, E000-3). Wires the fields to the kernel and its numbers to the
// views. No maths here: the table (kernel.torchEmbedding), x·√d + PE (kernel.embeddingSteps) and the cosine
// similarities (kernel.cosineMatrix) are all computed by the C++ core; the comparison of two PE matrices is
// lesson 03's own panel, reused.
import { onLanguageChange } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { compareView } from '../03-pe-matrix/compare-view.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { similarityView } from './similarity-view.js';
import './lesson.css';

export { params };

const defaults = Object.fromEntries(Object.entries(params).map(([name, decl]) => [name, decl.default]));

export function mount({ kernel, initial, save }) {
  let view = { ...initial };
  const draft = { ...initial };
  const touched = new Set();

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const similarity = similarityView();
  const compare = compareView({ onValue: propose, onPair: apply });
  const panels = [controls, similarity, compare];
  const fields = { ...controls.fields, ...compare.fields };

  const cache = new Map();
  function table(vocabSize, dModel, seed) {
    const key = `${vocabSize}|${dModel}|${seed}`;
    if (!cache.has(key)) {
      cache.set(key, kernel.torchEmbedding({ vocabSize, dim: dModel, seed }));
      if (cache.size > 6) cache.delete(cache.keys().next().value);
    }
    return cache.get(key);
  }

  /** As in lesson 04: a rejected value goes back (to its last good value, or on a fresh link to its default). */
  function attempt(compute, fieldFor, next, failed) {
    for (;;) {
      try {
        return compute(next);
      } catch (err) {
        let name = fieldFor[err.argument];
        let fallback = view;
        if (name && next[name] === view[name]) {
          const other = [...touched].find((k) => next[k] !== view[k]);
          if (other) name = other;
          else {
            fallback = defaults;
            name = [name, ...Object.values(fieldFor)].find((k) => String(next[k]) !== String(defaults[k])) || null;
          }
        }
        if (!name) throw err;
        fields[name].showError(err);
        failed.add(name);
        next[name] = fallback[name];
        if (fallback === defaults) fields[name].set(next[name]);
      }
    }
  }

  const similarityFields = { vocab_size: 'vocabSize', dim: 'dModel', seed: 'seed', ids: 'token', d_model: 'dModel', max_len: 'count', variant: 'variant' };
  const peFields = (side) => ({ max_len: `cmpLen${side}`, d_model: `cmpD${side}`, variant: 'variant' });

  function render() {
    const next = { ...view, ...draft };
    const failed = new Set();
    let similarities, a, b;
    try {
      similarities = attempt((v) => {
        const weights = table(v.vocabSize, v.dModel, v.seed);
        const sentence = new Array(v.count).fill(v.token);
        const scale = v.scale === 'on';
        const { embedded, encoded } = kernel.embeddingSteps(weights, sentence, { variant: v.variant, scale });
        // The idea the document rejects, for comparison: the raw index added instead of PE.
        const indexed = kernel.addPositionIndex(embedded, { scale });
        const againstFirst = (m) => kernel.cosineMatrix({ rows: 1, cols: m.cols, data: m.data.subarray(0, m.cols) }, m).data;
        return { pe: againstFirst(encoded), index: againstFirst(indexed) };
      }, similarityFields, next, failed);
      a = attempt((v) => kernel.positionalEncoding({ maxLen: v.cmpLenA, dModel: v.cmpDA, variant: v.variant }), peFields('A'), next, failed);
      b = attempt((v) => kernel.positionalEncoding({ maxLen: v.cmpLenB, dModel: v.cmpDB, variant: v.variant }), peFields('B'), next, failed);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
      return;
    }
    for (const name of touched) if (!failed.has(name)) fields[name].showError(null);
    touched.clear();
    view = next;
    save(view);
    similarity.draw(similarities, view, similarity.width());
    compare.draw(a, b, view);
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
    scheduleRender();
  });
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: { controls: controls.element, similarity: similarity.element, compare: compare.element },
    start() {
      resize.observe(similarity.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
