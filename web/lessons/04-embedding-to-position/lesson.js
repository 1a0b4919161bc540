// Lesson "From embedding to position" (E000-2, E000-4). Wires the fields to the kernel and the kernel's
// matrices to the views. No maths here: the table, the lookup, x·√d, PE, the sums and the differences all
// come from kernel.torchEmbedding and kernel.embeddingSteps.
//
// As in lesson 03: `draft` holds what the fields propose, `view` the last set the kernel accepted (what the
// page shows and the link stores). A value the kernel rejects goes back to its last good value, and its
// field says why.
import { onLanguageChange } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { tableView } from './table-view.js';
import { stepsView } from './steps-view.js';
import { journeyView } from './journey-view.js';
import './lesson.css';

export { params };

const defaults = Object.fromEntries(Object.entries(params).map(([name, decl]) => [name, decl.default]));

export function mount({ kernel, initial, save }) {
  let view = { ...initial };
  const draft = { ...initial };
  const touched = new Set();

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const tablePanel = tableView();
  const steps = stepsView({ onValue: propose });
  const journey = journeyView({ onValue: propose });
  const panels = [controls, tablePanel, steps, journey];
  const fields = { ...controls.fields, ...steps.fields, ...journey.fields };

  // The last few tables, so moving the sentence or the token costs no new table.
  const cache = new Map();
  function table(vocabSize, dModel, seed) {
    const key = `${vocabSize}|${dModel}|${seed}`;
    if (!cache.has(key)) {
      cache.set(key, kernel.torchEmbedding({ vocabSize, dim: dModel, seed }));
      if (cache.size > 4) cache.delete(cache.keys().next().value);
    }
    return cache.get(key);
  }

  /**
   * Runs `compute(next)`; when the kernel rejects a value, the field it names (or, when that value did not
   * change, the field the student just touched) shows the error and goes back to its last good value.
   */
  function attempt(compute, fieldFor, next, failed) {
    for (;;) {
      try {
        return compute(next);
      } catch (err) {
        let name = fieldFor[err.argument];
        let fallback = view;
        if (name && next[name] === view[name]) {
          // Not the student's latest change: blame the field just touched (a smaller vocabulary makes an id
          // invalid) or, on a fresh link that does not hold together, put the named value back to its default.
          const other = [...touched].find((k) => next[k] !== view[k]);
          if (other) name = other;
          else {
            fallback = defaults;
            const changed = (k) => String(next[k]) !== String(defaults[k]);
            name = [name, ...Object.values(fieldFor)].find(changed) || null;
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

  const tableFields = { vocab_size: 'vocabSize', dim: 'dModel', seed: 'seed' };
  const stepFields = { ...tableFields, ids: 'ids', d_model: 'dModel', max_len: 'ids', variant: 'variant' };
  const journeyFields = { ...tableFields, ids: 'token', d_model: 'dModel', variant: 'variant' };

  function render() {
    const next = { ...view, ...draft };
    const failed = new Set();
    let weights, result, visits;
    try {
      const options = (v) => ({ variant: v.variant, scale: v.scale === 'on' });
      result = attempt((v) => {
        weights = table(v.vocabSize, v.dModel, v.seed);
        return kernel.embeddingSteps(weights, v.ids, options(v));
      }, stepFields, next, failed);
      // E000-4: the token at position p of the sentence, for every p (five sentences in the document).
      visits = attempt((v) => {
        const w = table(v.vocabSize, v.dModel, v.seed);
        return v.ids.map((_, p) => {
          const sentence = v.ids.map((id, q) => (q === p ? v.token : id));
          const s = kernel.embeddingSteps(w, sentence, options(v));
          const row = (m) => m.data.subarray(p * m.cols, (p + 1) * m.cols);
          return { sentence, embedded: row(s.embedded), scaled: row(s.scaled), encoded: row(s.encoded) };
        });
      }, journeyFields, next, failed);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
      return;
    }
    for (const name of touched) if (!failed.has(name)) fields[name].showError(null);
    touched.clear();
    view = next;
    save(view);

    const width = journey.width();
    tablePanel.draw(weights, view);
    steps.draw(result, view);
    journey.draw(visits, view, width);
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
    widgets: {
      controls: controls.element,
      table: tablePanel.element,
      steps: steps.element,
      journey: journey.element,
    },
    start() {
      resize.observe(journey.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
